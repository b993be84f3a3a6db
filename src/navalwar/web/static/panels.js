// Side panels under the map, by game id: a registry; the default is a status list of the
// observation's scalar keys and one unit table per list-valued key.

import { el } from "./api.js";
import { gameKeys, show } from "./labels.js";

const MAX_COLUMNS = 10;

function isTable(value) {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((v) => v && typeof v === "object" && !Array.isArray(v))
  );
}

function unitId(item) {
  const id = item.key ?? item.name ?? item.id ?? item.counter;
  return id === undefined || id === null ? null : String(id);
}

/** The observation's keys that are not tables, as a definition list. */
export function statusPanel({ keys = null, title = "Status" } = {}) {
  return (box, obs) => {
    const shown = (keys || gameKeys(obs)).filter((k) => k in obs && !isTable(obs[k]));
    if (!shown.length) return;
    const dl = el("dl", { class: "status" });
    for (const k of shown) dl.append(el("dt", { text: k.replace(/_/g, " ") }), el("dd", { text: show(obs[k]) }));
    box.append(el("div", { class: "panel status-panel" }, el("h3", { text: title }), dl));
  };
}

/** One table per list-valued key (its objects' keys as columns; rows select units). */
export function unitTables({ columns = {}, open = ["ships"] } = {}) {
  return (box, obs, ctx) => {
    for (const key of gameKeys(obs)) {
      const rows = obs[key];
      if (!isTable(rows)) continue;
      let cols = columns[key];
      if (!cols) {
        const seen = [];
        for (const row of rows) for (const c of Object.keys(row)) if (!seen.includes(c)) seen.push(c);
        cols = seen.slice(0, MAX_COLUMNS);
      }
      const table = el(
        "table",
        { class: "units", "data-list": key },
        el("thead", {}, el("tr", {}, cols.map((c) => el("th", { text: c.replace(/_/g, " ") })))),
      );
      const body = el("tbody");
      for (const row of rows) {
        const id = unitId(row);
        const tr = el("tr", { "data-unit": id ?? undefined });
        if (id !== null) {
          if (ctx.selected.has(id)) tr.classList.add("selected");
          tr.addEventListener("click", () => ctx.select([id]));
        }
        if (row.side && row.side !== obs.side) tr.classList.add("enemy");
        if (row.sunk || row.removed) tr.classList.add("gone");
        for (const c of cols) tr.append(el("td", { text: c in row ? show(row[c]) : "" }));
        body.append(tr);
      }
      table.append(body);
      const details = el(
        "details",
        { class: "panel table-panel", open: open.includes(key) || undefined },
        el("summary", { text: `${key.replace(/_/g, " ")} (${rows.length})` }),
        el("div", { class: "scroll" }, table),
      );
      box.append(details);
    }
  };
}

const REGISTRY = new Map();

/** Give a game its own panels (functions (box, observation, ctx) appending to box). */
export function registerPanels(gameId, panels) {
  REGISTRY.set(gameId, panels);
}

export function panelsFor(gameId) {
  return REGISTRY.get(gameId) || [statusPanel(), unitTables()];
}

/** Redraw every panel of the game into box. */
export function renderPanels(box, obs, ctx) {
  const open = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.key));
  const hadState = box.childElementCount > 0;
  box.replaceChildren();
  for (const panel of panelsFor(obs.game)) panel(box, obs, ctx);
  for (const d of box.querySelectorAll("details")) {
    d.dataset.key = d.querySelector("summary").textContent.replace(/ \(\d+\)$/, "");
    if (hadState) d.open = open.has(d.dataset.key);
  }
}

// The bundled games' choices of columns (everything else keeps the default).
registerPanels("tokyo_express", [
  statusPanel({ keys: ["victory_points", "flagship", "admiral_killed", "chits"] }),
  unitTables({
    columns: {
      ships: ["name", "side", "type", "hex", "heading", "max_speed", "hits", "boxes", "formation", "salvos"],
      formations: ["id", "side", "ships", "speed", "order"],
    },
    open: ["ships"],
  }),
]);

registerPanels("gwas_1904", [
  statusPanel(),
  unitTables({
    columns: { ships: ["key", "name", "side", "type", "hex", "speed", "lost", "sunk", "aground"] },
  }),
]);

registerPanels("coral_sea", [
  statusPanel({ keys: ["date", "time", "night", "initiative", "wind", "vp", "usaaf_out"] }),
  unitTables({ open: ["task_forces"] }),
]);
