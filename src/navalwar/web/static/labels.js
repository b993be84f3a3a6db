// Readable text for actions, values, positions and events (dice shown as faces).

import { el } from "./api.js";

/** A value as short text: arrays joined, empty strings as "none". */
export function show(value) {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      return value.map((v) => Object.values(v).map(show).join(" ")).join("; ");
    }
    const nested = value.some((v) => Array.isArray(v));
    return value.map(show).join(nested ? " | " : ", ");
  }
  if (typeof value === "object") {
    return Object.entries(value)
      .map(([k, v]) => `${k} ${show(v)}`)
      .join(", ");
  }
  return String(value);
}

function words(tag) {
  const text = String(tag).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function fields(action) {
  return Object.entries(action).filter(([k]) => k !== "tag");
}

const hexWord = (hex) => (hex === "auto" ? "anywhere (auto)" : `in ${hex}`);
const at = (target) => (target ? ` at ${target}` : "");

// Prettier labels for the common tags; anything else is "Tag — key: value, ...".
const PRETTY = {
  choose_flagship: (a) => `Flagship: ${a.ship}`,
  form_formations: (a) => `Formations: ${a.groups.map((g) => g.join(", ")).join(" | ")}`,
  set_speed: (a) => `Formation ${a.formation}: Speed ${a.speed}`,
  give_order: (a) => {
    const turn = /^\d+$/.test(String(a.maneuver)) ? `${a.maneuver}° turn` : words(a.maneuver);
    return `Formation ${a.formation}: ${turn}${a.direction ? ` ${a.direction}` : ""}`;
  },
  turn: (a) => `Formation ${a.formation}: ${a.when === "none" ? "no turn" : `turn ${a.when}`}`,
  torpedo_attack: (a) =>
    a.target
      ? `${a.ship}: torpedoes at ${a.target} (salvo ${show(a.salvos)})`
      : `${a.ship}: hold torpedoes`,
  gunnery_attack: (a) =>
    a.fire && a.fire.length
      ? `${a.ship}: ${a.fire.map(([mount, t]) => `${mount} at ${t}`).join("; ")}`
      : `${a.ship}: hold fire`,
  place: (a) => `Place ${a.counter} ${hexWord(a.hex)}`,
  move: (a) =>
    `${a.group}: ${a.to === "stay" ? "stay" : `move to ${a.to}`}` +
    (a.leave && a.leave.length ? ` (leave ${show(a.leave)})` : ""),
  fire: (a) => (a.target ? `${a.ship} fires${at(a.target)}` : `${a.ship} holds fire`),
  torpedo: (a) => (a.target ? `${a.ship} torpedoes${at(a.target)}` : `${a.ship}: no torpedoes`),
  basic_target: (a) => (a.target ? `${a.ship} fires${at(a.target)}` : `${a.ship} holds fire`),
  basic_torpedo: (a) =>
    a.target ? `${a.ship} torpedoes${at(a.target)}` : `${a.ship}: no torpedoes`,
  basic_range: (a) => (a.want === "disengage" ? "Disengage" : `Want ${a.want} range`),
  assign: (a) => `Assign to ${a.ship}`,
  choose_initiative: (a) => (a.accept ? "Accept the initiative" : "Decline the initiative"),
};

/** An action with its unit keys given as "Name (key)" where a name is known. */
function named(action, names) {
  if (!names || !names.size) return action;
  const swap = (v) =>
    typeof v === "string" && names.has(v) ? names.get(v) : Array.isArray(v) ? v.map(swap) : v;
  const out = {};
  for (const [k, v] of Object.entries(action)) out[k] = k === "tag" ? v : swap(v);
  return out;
}

/** Unit key -> "Name (key)" for the units of an observation whose name differs from the key. */
export function unitNames(obs) {
  const names = new Map();
  for (const [key, value] of Object.entries(obs || {})) {
    if (key === "decision" || !Array.isArray(value)) continue;
    for (const item of value) {
      if (!item || typeof item !== "object") continue;
      const id = item.key ?? item.counter;
      if (typeof id === "string" && item.name && item.name !== id && !names.has(id)) {
        names.set(id, `${item.name} (${id})`);
      }
    }
  }
  return names;
}

/** A readable one-line summary of an action's JSON (names: from unitNames). */
export function actionLabel(raw, names = null) {
  if (!raw || typeof raw !== "object") return show(raw);
  const action = named(raw, names);
  const pretty = PRETTY[action.tag];
  if (pretty) {
    try {
      const text = pretty(action);
      if (text && !text.includes("undefined")) return text;
    } catch {
      /* an unexpected shape: the generic label */
    }
  }
  const rest = fields(action).map(([k, v]) => `${k}: ${show(v)}`);
  return rest.length ? `${words(action.tag)} — ${rest.join(", ")}` : words(action.tag);
}

const ENVELOPE = new Set(["game", "side", "over", "deciding", "decision"]);
const POSITION = ["where", "phase", "turn", "last_turn", "impulse", "round", "step"];

/** The position words of an observation, as one line. */
export function positionText(obs) {
  if (!obs) return "";
  if (obs.where) return String(obs.where);
  const parts = [];
  if (obs.turn !== undefined) {
    parts.push(`Turn ${obs.turn}${obs.last_turn !== undefined ? ` of ${obs.last_turn}` : ""}`);
  }
  const phase = obs.phase;
  if (typeof phase === "string" && phase && !(phase in obs)) parts.push(words(phase));
  else if (typeof phase === "number" && !("turn" in obs)) parts.push(`phase ${phase}`);
  if (obs.impulse !== undefined) parts.push(`impulse ${obs.impulse}`);
  if (obs.round !== undefined) parts.push(`round ${obs.round}`);
  if (obs.step !== undefined) parts.push(`step ${show(obs.step)}`);
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The game's own keys of an observation (not the envelope, not the position words). */
export function gameKeys(obs) {
  return Object.keys(obs || {}).filter((k) => !ENVELOPE.has(k) && !POSITION.includes(k));
}

const D6 = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** A die face: span.dice (d6 as its pip glyph, any other die as a numbered tile). */
export function diceFace(die, value) {
  const name = String(die || "die");
  const face = name === "d6" && value >= 1 && value <= 6 ? D6[value - 1] : String(value);
  return el(
    "span",
    {
      class: `dice ${name === "d6" ? "d6" : "tile"}`,
      title: `${name}: ${value}`,
      "data-die": name,
      "data-value": String(value),
    },
    el("span", { class: "face", text: face }),
    name === "d6" ? null : el("span", { class: "die", text: name.replace(/^choice/, "1–") }),
  );
}

const HEADINGS = new Set(["turn_began", "phase_began", "basic_round", "combat_began"]);

/** One li.event: the text, the rule as a citation, dice faces for dice_rolled. */
export function eventItem(event) {
  const kind = String(event.kind || "event");
  const cls = ["event", `kind-${kind}`];
  if (HEADINGS.has(kind)) cls.push("heading");
  if (event.sides) cls.push("private");
  const li = el("li", { class: cls.join(" "), "data-kind": kind });
  const data = event.data || {};
  if (kind === "dice_rolled") li.append(diceFace(data.die, data.value), " ");
  li.append(el("span", { class: "text", text: event.text || words(kind) }));
  if (event.rule) li.append(" ", el("span", { class: "rule", text: event.rule }));
  if (event.sides) li.title = `seen only by ${event.sides.join(", ")}`;
  return li;
}
