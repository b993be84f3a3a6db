// The inline map: the server's SVG put into #map, its ship elements made selectable.

import { el } from "./api.js";
import { show } from "./labels.js";

// Elements of a game's drawing that stand for units (see each game's render.py):
// Tokyo Express labels text.ship-name, GWaS g.counter (with a <title>), Coral Sea g.unit.
// [data-ship] (a unit's key) is used first if a renderer gives it.
const UNIT_ELEMENTS = "[data-ship], [data-unit], .ship-name, g.counter, g.unit, text.ship";

/** The units of an observation: the objects of its list-valued keys that have a name or key. */
export function unitsOf(obs) {
  const out = [];
  for (const [key, value] of Object.entries(obs || {})) {
    if (key === "decision" || !Array.isArray(value)) continue;
    for (const item of value) {
      if (item && typeof item === "object" && !Array.isArray(item)) {
        const id = item.key ?? item.name ?? item.id ?? item.counter;
        if (id !== undefined && id !== null) out.push({ list: key, id: String(id), item });
      }
    }
  }
  return out;
}

function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function names(unit) {
  const item = unit.item;
  const out = new Set();
  for (const k of ["key", "name", "counter", "id"]) {
    const v = item[k];
    if (typeof v === "string" || typeof v === "number") {
      const s = String(v);
      const tail = s.includes(":") ? s.slice(s.lastIndexOf(":") + 1) : "";
      for (const n of [s, tail]) if (n.length >= 2 && !/^\d+$/.test(n)) out.add(n);
    }
  }
  return [...out];
}

function elementText(node) {
  const title = node.querySelector ? node.querySelector(":scope > title") : null;
  return (title ? title.textContent : node.textContent || "").trim();
}

/** The units an SVG element shows, best match first (several for a squadron counter). */
function matchUnits(node, units, patterns) {
  const key = node.getAttribute("data-ship") || node.getAttribute("data-unit");
  if (key) return units.filter((u) => u.id === key || u.item.name === key);
  const text = elementText(node);
  if (!text) return [];
  const side = node.getAttribute("data-side");
  let best = 0;
  let found = [];
  for (const unit of units) {
    if (side && unit.item.side && unit.item.side !== side) continue;
    let score = 0;
    for (const [name, re] of patterns.get(unit)) if (re.test(text)) score += name.length;
    if (score > best) {
      best = score;
      found = [unit];
    } else if (score > 0 && score === best) found.push(unit);
  }
  return found;
}

/**
 * A map view over a container element: show(svgText, obs) redraws, select(ids) highlights.
 * onSelect(units) is called when the player clicks a unit on the map.
 */
export class MapView {
  constructor(container, onSelect) {
    this.box = container;
    this.onSelect = onSelect;
    this.zoom = 1;
    this.svgText = null;
    this.links = new Map(); // SVG element -> unit ids
    this.selected = new Set();
    container.addEventListener("click", (e) => this.clicked(e));
  }

  /** Replace the drawing (unless it is the same) and relink its unit elements. */
  show(svgText, obs) {
    let note = "This game draws no map.";
    if (svgText && typeof svgText === "object") {
      note = svgText.none ? `No map: ${svgText.none}` : note;
      svgText = null;
    }
    if (svgText !== this.svgText || !svgText) {
      this.svgText = svgText;
      this.box.replaceChildren();
      if (svgText) {
        const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
        const svg = doc.documentElement;
        if (svg && svg.nodeName === "svg") {
          for (const bad of svg.querySelectorAll("script, foreignObject")) bad.remove();
          for (const node of svg.querySelectorAll("*")) {
            for (const attr of [...node.attributes]) {
              if (attr.name.toLowerCase().startsWith("on")) node.removeAttribute(attr.name);
            }
          }
          const w = parseFloat(svg.getAttribute("width"));
          const h = parseFloat(svg.getAttribute("height"));
          if (!svg.getAttribute("viewBox") && w && h) svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
          svg.removeAttribute("height");
          this.box.append(document.importNode(svg, true));
          this.applyZoom();
        } else {
          this.box.append(el("p", { class: "hint", text: "The map could not be read." }));
        }
      } else {
        this.box.append(el("p", { class: "hint no-map", text: note }));
      }
    }
    this.link(obs);
  }

  link(obs) {
    this.units = unitsOf(obs);
    const patterns = new Map(
      this.units.map((u) => [
        u,
        names(u).map((n) => [n, new RegExp(`(^|[^\\w#?])${escapeRe(n)}(?![\\w#?])`)]),
      ]),
    );
    this.links = new Map();
    const svg = this.box.querySelector("svg");
    if (!svg) return;
    for (const node of svg.querySelectorAll(UNIT_ELEMENTS)) {
      if (this.links.has(node)) continue;
      const found = matchUnits(node, this.units, patterns);
      if (!found.length) continue;
      this.links.set(node, found.map((u) => u.id));
      node.classList.add("unit-link");
    }
    this.highlight();
  }

  clicked(event) {
    let node = event.target;
    while (node && node !== this.box && !this.links.has(node)) node = node.parentNode;
    if (!node || node === this.box) node = this.nearest(event.clientX, event.clientY);
    if (!node) return;
    const ids = this.links.get(node);
    this.select(ids);
    this.onSelect(this.units.filter((u) => ids.includes(u.id)));
  }

  /** The unit element nearest a click (a hull drawn apart from its label), within 30 px. */
  nearest(x, y) {
    let best = null;
    let dist = 30;
    for (const node of this.links.keys()) {
      const r = node.getBoundingClientRect();
      const d = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2));
      if (d < dist) {
        dist = d;
        best = node;
      }
    }
    return best;
  }

  select(ids) {
    this.selected = new Set(ids || []);
    this.highlight();
  }

  /** Mark the units a value names (a decision's context, a hovered choice): class "focus". */
  focus(value) {
    const named = new Set();
    const walk = (v) => {
      if (typeof v === "string" || typeof v === "number") named.add(String(v));
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    walk(value);
    for (const u of this.units || []) {
      // a formation or task force named: its ships too (a list's members by name)
      if (named.has(u.id) && Array.isArray(u.item.ships)) u.item.ships.forEach(walk);
    }
    this.focused = new Set(
      (this.units || [])
        .filter((u) => named.has(u.id) || (u.item.counter && named.has(String(u.item.counter))))
        .map((u) => u.id),
    );
    this.highlight();
  }

  highlight() {
    const focused = this.focused || new Set();
    for (const [node, ids] of this.links) {
      node.classList.toggle(
        "selected",
        ids.some((id) => this.selected.has(id)),
      );
      node.classList.toggle(
        "focus",
        ids.some((id) => focused.has(id)),
      );
    }
  }

  setZoom(step) {
    this.zoom = step === 0 ? 1 : Math.min(6, Math.max(0.5, this.zoom * (step > 0 ? 1.4 : 1 / 1.4)));
    this.applyZoom();
  }

  applyZoom() {
    const svg = this.box.querySelector("svg");
    if (!svg) return;
    svg.style.width = `${Math.round(this.zoom * 100)}%`;
    // a small drawing is not blown up past 1.6 times its size to fill the column
    const natural = parseFloat(svg.getAttribute("width")) || svg.viewBox.baseVal.width;
    svg.style.maxWidth = natural ? `${Math.round(natural * 1.6 * this.zoom)}px` : "";
  }
}

/** The #selection panel: the chosen units' ids, names and facts. */
export function showSelection(box, units) {
  box.replaceChildren();
  box.hidden = !units.length;
  for (const unit of units) {
    const item = unit.item;
    const title = item.name && item.name !== unit.id ? `${item.name} (${unit.id})` : unit.id;
    const facts = el("dl", { class: "facts" });
    const entries = Object.entries(item).filter(([k, v]) => k !== "name" && v !== null && v !== "");
    entries.sort(([, a], [, b]) => (typeof a === "object") - (typeof b === "object"));
    for (const [k, v] of entries) {
      facts.append(
        el("div", { class: typeof v === "object" ? "fact wide" : "fact" }, el("dt", { text: k.replace(/_/g, " ") }), el("dd", { text: show(v) })),
      );
    }
    box.append(
      el(
        "div",
        { class: "selected-unit", "data-unit": unit.id },
        el("h3", { class: "unit-name", text: title }),
        facts,
      ),
    );
  }
}
