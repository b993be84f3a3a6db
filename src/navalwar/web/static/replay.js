// The replay viewer: load a save, step through it as any side, the map redrawn at each point.

import { api, ApiError, busy, el, readJsonFile, showError } from "./api.js";
import { actionLabel, eventItem, positionText, unitNames } from "./labels.js";
import { MapView, showSelection } from "./map.js";
import { resultText } from "./game.js";
import { renderPanels } from "./panels.js";

const TURN_WORDS = ["turn", "impulse", "round"];

/** A step's turn: its position words that count turns (TE turn, GWaS impulse or round). */
function turnOf(position) {
  if (!position) return null;
  const parts = TURN_WORDS.filter((k) => k in position).map((k) => `${k}:${position[k]}`);
  if (position.phase !== undefined && !("turn" in position)) parts.unshift(`phase:${position.phase}`);
  return parts.length ? parts.join("/") : null;
}

export class ReplayScreen {
  constructor(root) {
    this.root = root;
    this.q = (sel) => root.querySelector(sel);
    this.replay = null;
    this.k = 0;
    this.shown = null;
    this.map = new MapView(this.q("#map"), (units) => this.selected(units));
    this.scrubTimer = null;
  }

  get n() {
    return this.replay ? this.replay.steps.length : 0;
  }

  start() {
    this.q("#replay-file").addEventListener("change", (e) => this.load(e.target.files[0]));
    this.q("#replay-side").addEventListener("change", () => this.go(this.k, true));
    this.q("#step-back").addEventListener("click", () => this.go(this.k - 1));
    this.q("#step-forward").addEventListener("click", () => this.go(this.k + 1));
    this.q("#prev-turn").addEventListener("click", () => this.go(this.prevTurn()));
    this.q("#next-turn").addEventListener("click", () => this.go(this.nextTurn()));
    const scrub = this.q("#scrub");
    scrub.addEventListener("input", () => {
      clearTimeout(this.scrubTimer);
      this.scrubTimer = setTimeout(() => this.go(Number(scrub.value)), 120);
    });
    scrub.addEventListener("change", () => {
      clearTimeout(this.scrubTimer);
      this.go(Number(scrub.value));
    });
    for (const b of this.root.querySelectorAll(".zoom")) {
      b.addEventListener("click", () => this.map.setZoom(Number(b.dataset.zoom)));
    }
    this.controls();
  }

  close() {
    clearTimeout(this.scrubTimer);
  }

  load(file) {
    if (!file) return;
    return busy(async () => {
      showError(null);
      try {
        const save = await readJsonFile(file);
        this.replay = await api("POST", "/api/replays", { body: { save } });
      } catch (err) {
        showError(err);
        return;
      } finally {
        this.q("#replay-file").value = "";
      }
      const sides = this.q("#replay-side");
      sides.replaceChildren(...this.replay.sides.map((s) => el("option", { value: s, text: s })));
      this.q("#replay-title").textContent =
        `${this.replay.game} · ${this.replay.scenario} · ${this.n} actions`;
      document.getElementById("where").textContent = `Replay: ${this.replay.game} · ${this.replay.scenario}`;
      this.shown = null;
      await this.show(0);
    });
  }

  turnAt(k) {
    return k < this.n ? turnOf(this.replay.steps[k].position) : `end`;
  }

  /** The first point of the next turn (or the end). */
  nextTurn() {
    const here = this.turnAt(this.k);
    for (let k = this.k + 1; k < this.n; k += 1) if (this.turnAt(k) !== here) return k;
    return this.n;
  }

  /** The first point of this turn, or of the previous one when already there. */
  prevTurn() {
    const startOf = (k) => {
      const t = this.turnAt(k);
      while (k > 0 && this.turnAt(k - 1) === t) k -= 1;
      return k;
    };
    const start = startOf(this.k);
    return start < this.k ? start : start > 0 ? startOf(start - 1) : 0;
  }

  go(k, force = false) {
    if (!this.replay) return;
    k = Math.max(0, Math.min(this.n, k));
    if (k === this.k && !force) return;
    return busy(() => this.show(k));
  }

  controls() {
    const scrub = this.q("#scrub");
    scrub.max = String(this.n);
    scrub.value = String(this.k);
    this.q("#replay-position").textContent = `${this.k} / ${this.n}`;
    const none = !this.replay;
    this.q("#step-back").disabled = none || this.k <= 0;
    this.q("#prev-turn").disabled = none || this.k <= 0;
    this.q("#step-forward").disabled = none || this.k >= this.n;
    this.q("#next-turn").disabled = none || this.k >= this.n;
    scrub.disabled = none;
  }

  async show(k) {
    this.k = k;
    this.controls();
    const side = this.q("#replay-side").value;
    const id = encodeURIComponent(this.replay.replay);
    const query = `?side=${encodeURIComponent(side)}`;
    try {
      const point = await api("GET", `/api/replays/${id}/${k}${query}`);
      if (this.k !== k) return; // moved on meanwhile
      let svg = null;
      try {
        svg = await api("GET", `/api/replays/${id}/${k}/map.svg${query}`, { text: true });
      } catch (err) {
        // 404: the game draws nothing; 400: nothing to draw now (GWaS Basic Combat)
        if (!(err instanceof ApiError && (err.status === 404 || err.status === 400))) throw err;
        svg = { none: err.message };
      }
      if (this.k !== k) return;
      this.render(point, svg);
    } catch (err) {
      showError(err);
    }
  }

  render(point, svg) {
    const obs = point.observation;
    this.obs = obs;
    this.map.show(svg, obs);
    this.q("#replay-at").textContent = positionText(obs);
    const step = this.replay.steps[this.k];
    this.q("#replay-next").textContent = step
      ? `Next: ${step.side} — ${actionLabel(step.action, unitNames(obs))}`
      : "The end of the save.";
    const log = this.q("#events");
    log.replaceChildren(...point.events.map(eventItem));
    log.scrollTop = log.scrollHeight;
    const out = this.q("#outcome");
    out.hidden = !point.over;
    if (point.over) {
      const o = point.outcome || {};
      resultText(this.q("#result"), o);
    }
    renderPanels(this.q("#panels"), obs, {
      selected: this.map.selected,
      select: (ids) => this.selectIds(ids),
    });
    if (this.map.selected.size) this.selectIds([...this.map.selected]);
  }

  selected(units) {
    this.selectIds(units.map((u) => u.id));
  }

  selectIds(ids) {
    this.map.select(ids);
    showSelection(
      this.q("#selection"),
      this.map.units.filter((u) => ids.includes(u.id)),
    );
    for (const tr of this.root.querySelectorAll("#panels tr[data-unit]")) {
      tr.classList.toggle("selected", ids.includes(tr.dataset.unit));
    }
  }
}
