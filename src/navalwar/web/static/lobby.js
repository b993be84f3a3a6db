// The lobby: choose a game, scenario, seed, options and who plays each side; start or continue.

import { api, busy, el, games, readJsonFile, remember, showError } from "./api.js";

function playable(game) {
  return game.players && game.players.length ? game.players : game.sides;
}

function optionInput(opt) {
  const name = `option:${opt.name}`;
  const choices = Array.isArray(opt.choices) ? opt.choices : [];
  let input;
  if (choices.length) {
    input = el(
      "select",
      { name, "data-type": typeof opt.default },
      choices.map((c) => el("option", { value: String(c), text: String(c) })),
    );
    input.value = String(opt.default);
  } else if (typeof opt.default === "boolean") {
    input = el("input", { type: "checkbox", name, checked: opt.default, "data-type": "boolean" });
  } else if (typeof opt.default === "number") {
    input = el("input", {
      type: "number",
      name,
      value: String(opt.default),
      step: "1",
      min: opt.minimum ?? undefined,
      max: opt.maximum ?? undefined,
      "data-type": "number",
    });
  } else {
    input = el("input", { type: "text", name, value: String(opt.default ?? ""), "data-type": "string" });
  }
  input.id = `opt-${opt.name}`;
  input.dataset.default = JSON.stringify(opt.default);
  const allowed =
    opt.allowed && !choices.length && typeof opt.default !== "boolean" ? `Allowed: ${opt.allowed}.` : "";
  const help = [opt.help, opt.rule ? `(${opt.rule})` : "", allowed].filter(Boolean).join(" ");
  return [
    el("label", { for: input.id, title: help, text: opt.name.replace(/_/g, " ") }),
    el("div", { class: "opt" }, input, el("small", { class: "help", text: help })),
  ];
}

function readOption(input) {
  const type = input.dataset.type;
  if (type === "boolean") return input.checked;
  if (type === "number") return Number(input.value);
  return input.value;
}

/** Which sides the lobby gives to agents: {side: name}. */
function chosenAgents(root) {
  const agents = {};
  for (const select of root.querySelectorAll('select[name^="side:"]')) {
    if (select.value.startsWith("agent:")) agents[select.name.slice(5)] = select.value.slice(6);
  }
  return agents;
}

function defaultAgents(game) {
  const agents = {};
  playable(game)
    .slice(1)
    .forEach((side) => {
      agents[side] = game.default_agent;
    });
  return agents;
}

/** Go to the first human seat of a newly created match, remembering every seat's token. */
export function enterMatch(created) {
  remember(created.match, {
    game: created.game,
    scenario: created.scenario,
    seats: created.seats,
    links: created.links,
    hot_seat: created.hot_seat,
  });
  const sides = Object.keys(created.seats);
  if (!sides.length) throw new Error("the match has no human side");
  const side = sides[0];
  location.hash = `#/play/${encodeURIComponent(created.match)}/${encodeURIComponent(side)}/${encodeURIComponent(created.seats[side])}`;
}

export async function showLobby(root) {
  const list = await games();
  const gameSel = root.querySelector("#game");
  const scenSel = root.querySelector("#scenario");
  const showBox = root.querySelector("#scenario-show");
  const options = root.querySelector("#options");
  const sides = root.querySelector("#sides");
  const hotSeat = root.querySelector("#hot-seat");
  const last = JSON.parse(sessionStorage.getItem("navalwar.lobby") || "{}");

  for (const g of list) gameSel.append(el("option", { value: g.id, text: g.title || g.id }));
  if (last.game && list.some((g) => g.id === last.game)) gameSel.value = last.game;
  const current = () => list.find((g) => g.id === gameSel.value) || list[0];

  function fillScenario() {
    const game = current();
    const scen = game.scenarios.find((s) => s.id === scenSel.value);
    showBox.textContent = scen ? scen.show : "";
  }

  function fillGame() {
    const game = current();
    scenSel.replaceChildren(...game.scenarios.map((s) => el("option", { value: s.id, text: s.id })));
    if (last.game === game.id && game.scenarios.some((s) => s.id === last.scenario)) {
      scenSel.value = last.scenario;
    }
    fillScenario();
    options.replaceChildren(...game.options.flatMap(optionInput));
    root.querySelector("#options-box").hidden = !game.options.length;
    sides.replaceChildren();
    const agents = defaultAgents(game);
    for (const side of playable(game)) {
      const select = el(
        "select",
        { name: `side:${side}`, id: `side-${side}` },
        el("option", { value: "human", text: "Human" }),
        game.agents.map((a) =>
          el("option", { value: `agent:${a}`, text: `Agent: ${a}`, selected: agents[side] === a }),
        ),
      );
      sides.append(el("label", { for: select.id, text: side }), select);
    }
    const rules = game.players && game.players.length < game.sides.length;
    if (rules) {
      const others = game.sides.filter((s) => !game.players.includes(s));
      sides.append(el("p", { class: "hint wide", text: `${others.join(", ")}: played by the rules` }));
    }
  }

  gameSel.addEventListener("change", fillGame);
  scenSel.addEventListener("change", fillScenario);
  fillGame();

  root.querySelector("#start").addEventListener("click", () =>
    busy(async () => {
      showError(null);
      const game = current();
      const chosen = {};
      for (const input of options.querySelectorAll("[name^='option:']")) {
        const value = readOption(input);
        if (JSON.stringify(value) !== input.dataset.default) chosen[input.name.slice(7)] = value;
      }
      const seed = Number(root.querySelector("#seed").value || 0);
      const body = {
        game: game.id,
        scenario: scenSel.value,
        seed,
        options: chosen,
        agents: chosenAgents(root),
        hot_seat: hotSeat.checked,
      };
      sessionStorage.setItem("navalwar.lobby", JSON.stringify({ game: game.id, scenario: scenSel.value }));
      try {
        enterMatch(await api("POST", "/api/matches", { body }));
      } catch (err) {
        showError(err);
      }
    }),
  );

  root.querySelector("#load-save").addEventListener("change", (e) =>
    busy(async () => {
      showError(null);
      const file = e.target.files[0];
      if (!file) return;
      try {
        const save = await readJsonFile(file);
        const game = list.find((g) => g.id === save.game);
        const agents = game && game.id === gameSel.value ? chosenAgents(root) : game ? defaultAgents(game) : {};
        enterMatch(await api("POST", "/api/saves", { body: { save, agents, hot_seat: hotSeat.checked } }));
      } catch (err) {
        showError(err);
      } finally {
        e.target.value = "";
      }
    }),
  );
}
