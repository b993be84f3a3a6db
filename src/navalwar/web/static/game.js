// The game screen of one seat: map, pending decision, odds, log, undo/save, seats, outcome.

import {
  api,
  ApiError,
  busy,
  download,
  el,
  games,
  remember,
  remembered,
  seatPath,
  showError,
} from "./api.js";
import { actionLabel, eventItem, positionText, unitNames } from "./labels.js";
import { MapView, showSelection } from "./map.js";
import { renderPanels } from "./panels.js";

const POLL_MS = 2000;
const RECONNECT_MS = 5000;

function decisionKey(deciding, decision) {
  return JSON.stringify([deciding, decision]);
}

function playRoute(match, side, token) {
  return `#/play/${encodeURIComponent(match)}/${encodeURIComponent(side)}/${encodeURIComponent(token)}`;
}

export class GameScreen {
  constructor(root, match, side, token) {
    this.root = root;
    this.match = match;
    this.side = side;
    this.token = token;
    this.cursor = 0;
    this.deciding = null;
    this.decision = null;
    this.shownDecision = null;
    this.over = false;
    this.obs = null;
    this.outcomeShown = false;
    this.oddsMode = false;
    this.chain = Promise.resolve();
    this.closed = false;
    this.ws = null;
    this.pollTimer = null;
    this.q = (sel) => root.querySelector(sel);
    this.map = new MapView(this.q("#map"), (units) => this.selected(units));
  }

  path(rest) {
    return seatPath(this.match, this.side, rest);
  }

  call(method, rest, body) {
    return api(method, this.path(rest), { token: this.token, body });
  }

  /** Run refreshes one after another (a socket update may arrive during an action's). */
  enqueue(task) {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => {});
    return run;
  }

  async start() {
    const gameEl = this.q("#game");
    gameEl.dataset.side = this.side;
    gameEl.dataset.deciding = "other";
    await busy(async () => {
      remember(this.match, { seats: { [this.side]: this.token } });
      try {
        this.info = await api("GET", `/api/matches/${encodeURIComponent(this.match)}`, {
          token: this.token,
        });
      } catch (err) {
        showError(err);
        this.q("#prompt").textContent =
          err instanceof ApiError && err.status === 404
            ? "This match is over or no longer on the server."
            : "This seat cannot be opened.";
        gameEl.dataset.deciding = "over";
        return;
      }
      const list = await games();
      this.meta = list.find((g) => g.id === this.info.game) || { id: this.info.game, odds: false };
      document.getElementById("where").textContent =
        `${this.meta.title || this.info.game} · ${this.info.scenario} · seed ${this.info.seed} · ${this.side}`;
      this.wire();
      this.seatControls();
      await this.enqueue(() => this.refresh({ force: true }));
      this.connect();
    });
  }

  wire() {
    this.q("#undo").addEventListener("click", () => this.undo());
    this.q("#save").addEventListener("click", () => this.save());
    for (const b of this.root.querySelectorAll(".zoom")) {
      b.addEventListener("click", () => this.map.setZoom(Number(b.dataset.zoom)));
    }
    this.q("#odds-box").hidden = !this.meta.odds;
    this.q("#odds").addEventListener("click", () => this.toggleOdds());
  }

  humans() {
    return Object.entries(this.info.sides)
      .filter(([, who]) => who === "human")
      .map(([side]) => side);
  }

  /** #seat-links (two-player: the other human seats' links, when this tab made the match)
   * and #seat-switch (hot seat: one button per human seat). */
  seatControls() {
    const known = remembered(this.match);
    const links = this.q("#seat-links");
    const switcher = this.q("#seat-switch");
    links.replaceChildren();
    switcher.replaceChildren();
    const others = this.humans().filter((s) => s !== this.side);
    if (this.info.hot_seat) {
      for (const side of this.humans()) {
        const token = known.seats[side];
        const b = el("button", {
          type: "button",
          class: side === this.side ? "seat current" : "seat",
          "data-side": side,
          "aria-pressed": side === this.side ? "true" : "false",
          disabled: !token || undefined,
          text: side,
        });
        b.addEventListener("click", () => {
          if (side !== this.side && token) location.hash = playRoute(this.match, side, token);
        });
        switcher.append(b);
      }
      return;
    }
    const shown = others.filter((s) => known.seats[s]);
    if (!shown.length) return;
    links.append(el("h3", { text: "Seats for the other players" }));
    for (const side of shown) {
      const rel = (known.links && known.links[side]) || `/${playRoute(this.match, side, known.seats[side])}`;
      const url = new URL(rel, location.origin).href;
      links.append(
        el(
          "p",
          {},
          `${side}: `,
          el("a", { class: "seat-link", "data-side": side, href: url, target: "_blank", rel: "noopener", text: url }),
        ),
      );
    }
    links.append(el("p", { class: "hint", text: "Open a link in another browser to play that side." }));
  }

  // -- live updates -------------------------------------------------------------------

  connect() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const url = `${proto}://${location.host}${this.path("ws")}?token=${encodeURIComponent(this.token)}`;
    let ws;
    try {
      ws = new WebSocket(url);
    } catch {
      this.poll();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.stopPolling();
      this.q("#live").textContent = "● live";
      this.q("#live").dataset.mode = "socket";
    });
    ws.addEventListener("message", (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === "update") busy(() => this.enqueue(() => this.refresh({ update: msg })));
      else if (msg.type === "error") showError(new ApiError(msg.status, msg.error?.type, msg.error?.message));
    });
    ws.addEventListener("close", () => {
      if (this.ws !== ws || this.closed) return;
      this.ws = null;
      this.poll();
      setTimeout(() => this.connect(), RECONNECT_MS);
    });
  }

  poll() {
    if (this.pollTimer || this.closed) return;
    this.q("#live").textContent = "○ polling";
    this.q("#live").dataset.mode = "polling";
    this.pollTimer = setInterval(() => this.check(), POLL_MS);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  /** A quiet look for changes (no busy flag unless something changed). */
  async check() {
    if (this.checking) return;
    this.checking = true;
    try {
      const r = await this.call("GET", `events?since=${this.cursor}`);
      const d = await this.call("GET", "decision");
      if (r.next !== this.cursor || decisionKey(d.deciding, d.decision) !== decisionKey(this.deciding, this.decision)) {
        await busy(() => this.enqueue(() => this.refresh({ force: true, reset: r.next < this.cursor })));
      }
    } catch {
      /* the next poll tries again */
    } finally {
      this.checking = false;
    }
  }

  close() {
    this.closed = true;
    this.stopPolling();
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.close();
    }
  }

  // -- state --------------------------------------------------------------------------

  resetEvents() {
    this.cursor = 0;
    this.q("#events").replaceChildren();
  }

  appendEvents(events) {
    const log = this.q("#events");
    const box = log;
    const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    const frag = document.createDocumentFragment();
    for (const e of events) frag.append(eventItem(e));
    log.append(frag);
    if (atEnd || events.length > 20) box.scrollTop = box.scrollHeight;
  }

  async fetchEvents() {
    let r = await this.call("GET", `events?since=${this.cursor}`);
    if (r.next < this.cursor) {
      this.resetEvents();
      r = await this.call("GET", "events?since=0");
    }
    this.appendEvents(r.events);
    this.cursor = r.next;
  }

  applyUpdate(u) {
    const events = u.events || [];
    if (u.reset) {
      const log = this.q("#events");
      if (u.next === this.cursor && log.childElementCount === events.length) return true; // as shown
      this.resetEvents();
      this.appendEvents(events);
      this.cursor = u.next;
      return true;
    }
    const start = u.next - events.length;
    if (start > this.cursor) return false; // a gap: fetch
    this.appendEvents(events.slice(this.cursor - start));
    this.cursor = Math.max(this.cursor, u.next);
    return true;
  }

  /** Bring the screen up to date (from a socket update, or by asking the server). */
  async refresh({ update = null, force = false, reset = false } = {}) {
    if (this.closed) return;
    const before = [this.cursor, decisionKey(this.deciding, this.decision)];
    try {
      if (reset) this.resetEvents();
      if (update && this.applyUpdate(update)) {
        this.deciding = update.deciding;
        this.decision = update.decision ?? null;
        this.over = Boolean(update.over);
        if (update.reset && this.obs) force = force || before[0] !== this.cursor;
      } else {
        await this.fetchEvents();
        const d = await this.call("GET", "decision");
        this.deciding = d.deciding;
        this.decision = d.decision;
      }
      const changed =
        force || before[0] !== this.cursor || before[1] !== decisionKey(this.deciding, this.decision);
      if (!changed) return;
      this.obs = await this.call("GET", "observation");
      this.over = Boolean(this.obs.over);
      let svg = null;
      try {
        svg = await api("GET", this.path("map.svg"), { token: this.token, text: true });
      } catch (err) {
        // 404: the game draws nothing; 400: nothing to draw now (GWaS Basic Combat)
        if (!(err instanceof ApiError && (err.status === 404 || err.status === 400))) throw err;
        svg = { none: err.message };
      }
      this.map.show(svg, this.obs);
      this.renderObservation();
      await this.renderDecision();
      if (this.over) await this.showOutcome();
      if (this.info.hot_seat) await this.markSeats();
    } catch (err) {
      showError(err);
    }
  }

  renderObservation() {
    this.q("#position").textContent = positionText(this.obs);
    const ctx = {
      selected: this.map.selected,
      select: (ids) => this.selectIds(ids, true),
    };
    renderPanels(this.q("#panels"), this.obs, ctx);
    if (this.map.selected.size) {
      showSelection(
        this.q("#selection"),
        this.map.units.filter((u) => this.map.selected.has(u.id)),
      );
    }
  }

  selected(units) {
    this.selectIds(units.map((u) => u.id), false);
  }

  selectIds(ids, scroll) {
    this.map.select(ids);
    const units = this.map.units.filter((u) => ids.includes(u.id));
    showSelection(this.q("#selection"), units);
    for (const tr of this.root.querySelectorAll("#panels tr[data-unit]")) {
      tr.classList.toggle("selected", ids.includes(tr.dataset.unit));
    }
    if (scroll) {
      const node = this.q("#map .selected");
      if (node) node.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "smooth" });
    }
  }

  // -- the decision -------------------------------------------------------------------

  async renderDecision() {
    const state = this.over ? "over" : this.deciding === "you" ? "you" : "other";
    this.q("#game").dataset.deciding = state;
    const key = decisionKey(state, this.decision);
    if (key === this.shownDecision) return;
    this.shownDecision = key;
    const prompt = this.q("#prompt");
    const rule = this.q("#rule");
    const kind = this.q("#kind");
    const choices = this.q("#choices");
    choices.replaceChildren();
    this.q("#odds-panel").replaceChildren();
    this.q("#undo").disabled = false;
    rule.textContent = "";
    kind.textContent = "";
    this.map.focus(null);
    if (state === "over") {
      prompt.textContent = "The game is over.";
      this.q("#odds-box").hidden = true;
      return;
    }
    if (state === "other") {
      prompt.textContent = "The other side is deciding…";
      this.q("#odds-box").hidden = true;
      return;
    }
    const d = this.decision;
    this.map.focus(d.context);
    this.q("#odds-box").hidden = !this.meta.odds;
    prompt.textContent = d.prompt;
    rule.textContent = d.rule || "";
    kind.textContent = d.kind ? `(${d.kind.replace(/_/g, " ")})` : "";
    if (d.enumerated && Array.isArray(d.choices)) {
      const names = unitNames(this.obs);
      const list = el("div", { class: "choice-list" });
      d.choices.forEach((action, i) => {
        const b = el("button", {
          type: "button",
          class: "choice",
          "data-index": String(i),
          "data-tag": action.tag,
          text: actionLabel(action, names),
        });
        b.addEventListener("click", () => this.choose(action, b));
        const named = Object.values(action).filter((v) => typeof v !== "number"); // not speeds
        b.addEventListener("mouseenter", () => this.map.focus([d.context, named]));
        b.addEventListener("mouseleave", () => this.map.focus(d.context));
        list.append(b);
      });
      choices.append(list);
      this.setOddsMode(this.oddsMode);
    } else {
      await this.renderForm(choices, d);
    }
  }

  async renderForm(box, d) {
    const area = el("textarea", { id: "action-json", rows: "8", spellcheck: "false" });
    const form = el(
      "form",
      { id: "action-form" },
      el("label", { for: "action-json", text: `Your action (JSON, tags: ${(d.tags || []).join(", ")})` }),
      area,
      el(
        "div",
        { class: "row" },
        el("button", { id: "sample", type: "button", text: "Sample a legal action" }),
        el("button", { id: "submit", type: "submit", class: "primary", text: "Submit" }),
      ),
      el(
        "details",
        { class: "schema" },
        el("summary", { text: "The decision's JSON schema" }),
        el("pre", { id: "schema", text: JSON.stringify(d.schema, null, 1) }),
      ),
    );
    if (d.context && Object.keys(d.context).length) {
      form.append(
        el(
          "details",
          { class: "schema" },
          el("summary", { text: "Context" }),
          el("pre", { id: "context", text: JSON.stringify(d.context, null, 1) }),
        ),
      );
    }
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const action = readAction(area);
      if (action === undefined) return;
      this.apply(action);
    });
    form.querySelector("#sample").addEventListener("click", () => busy(() => this.sample(area)));
    box.append(form);
    await this.sample(area);
  }

  async sample(area) {
    try {
      const r = await this.call("POST", "sample");
      area.value = JSON.stringify(r.action, null, 1);
    } catch (err) {
      showError(err);
    }
  }

  choose(action, button) {
    if (this.oddsMode) {
      if (button.classList.contains("selected")) this.apply(action);
      else this.odds(action, button);
    } else this.apply(action);
  }

  apply(action) {
    return busy(async () => {
      showError(null);
      try {
        await this.call("POST", "actions", action);
      } catch (err) {
        showError(err);
      }
      await this.enqueue(() => this.refresh({ force: true }));
    });
  }

  undo() {
    return busy(async () => {
      showError(null);
      try {
        await this.call("POST", "undo");
        this.outcomeShown = false;
        this.q("#outcome").hidden = true;
        await this.enqueue(() => this.refresh({ force: true, reset: true }));
      } catch (err) {
        showError(err);
      }
    });
  }

  save() {
    return busy(async () => {
      showError(null);
      try {
        const doc = await this.call("GET", "save");
        const name = `${this.info.game}-${this.info.scenario}-seed${this.info.seed}-${(doc.actions || []).length}.json`;
        download(name, doc);
      } catch (err) {
        showError(err);
      }
    });
  }

  // -- odds ---------------------------------------------------------------------------

  toggleOdds() {
    if (this.decision && !this.decision.enumerated) {
      const action = readAction(this.q("#action-json"));
      if (action === undefined) return;
      this.odds(action, null);
      return;
    }
    this.setOddsMode(!this.oddsMode);
  }

  setOddsMode(on) {
    this.oddsMode = on;
    const b = this.q("#odds");
    b.setAttribute("aria-pressed", on ? "true" : "false");
    b.textContent = on ? "Odds: on" : "Odds…";
    this.q("#decision").dataset.odds = on ? "on" : "off";
    const panel = this.q("#odds-panel");
    if (on && !panel.querySelector(".odds-attack, .odds-none, .odds-error")) {
      panel.replaceChildren(
        el("p", { class: "hint", text: "Click a choice to see its exact odds; click it again to play it." }),
      );
    }
    if (!on) {
      panel.replaceChildren();
      for (const c of this.root.querySelectorAll("button.choice.selected")) c.classList.remove("selected");
    }
  }

  odds(action, button) {
    return busy(async () => {
      showError(null);
      for (const c of this.root.querySelectorAll("button.choice.selected")) c.classList.remove("selected");
      if (button) button.classList.add("selected");
      const panel = this.q("#odds-panel");
      const label = actionLabel(action, unitNames(this.obs));
      panel.replaceChildren(el("p", { class: "hint", text: `Odds of: ${label}` }));
      try {
        const r = await this.call("POST", "odds", action);
        renderOdds(panel, r.attacks);
        const commit = el("button", { id: "commit", type: "button", class: "primary", text: `Commit: ${label}` });
        commit.addEventListener("click", () => this.apply(action));
        panel.append(commit);
      } catch (err) {
        panel.append(el("p", { class: "odds-error", text: err.message }));
      }
    });
  }

  // -- the end ------------------------------------------------------------------------

  async showOutcome() {
    if (this.outcomeShown) return;
    const r = await this.call("GET", "outcome");
    if (!r.over) return;
    this.outcomeShown = true;
    const o = r.outcome || {};
    resultText(this.q("#result"), o);
    this.q("#result").dataset.winner = o.winner ?? "";
    this.q("#report").textContent = r.report || "";
    this.q("#outcome").hidden = false;
  }

  /** Hot seat: mark the human seat whose decision is pending. */
  async markSeats() {
    const known = remembered(this.match);
    let waiting = null;
    for (const b of this.root.querySelectorAll("#seat-switch button.seat")) {
      const side = b.dataset.side;
      let mine = side === this.side ? this.deciding === "you" : false;
      if (side !== this.side && known.seats[side]) {
        try {
          const d = await api("GET", seatPath(this.match, side, "decision"), { token: known.seats[side] });
          mine = d.deciding === "you";
        } catch {
          mine = false;
        }
      }
      b.classList.toggle("to-move", mine);
      b.dataset.toMove = mine ? "true" : "false";
      if (mine && side !== this.side) waiting = side;
    }
    if (waiting && this.deciding !== "you" && !this.over) {
      this.q("#prompt").textContent = `${waiting} to decide: switch seats to play on.`;
    }
  }
}

/** #result: the level of victory, and the summary under it. */
export function resultText(box, o) {
  box.replaceChildren(o.level || "The game is over.");
  if (o.summary && o.summary !== o.level) box.append(el("span", { class: "summary", text: o.summary }));
}

/** The odds of each attack a choice makes: describe, the hit distribution as bars. */
export function renderOdds(panel, attacks) {
  if (!attacks || !attacks.length) {
    panel.append(el("p", { class: "odds-none", text: "This choice makes no attack." }));
    return;
  }
  for (const a of attacks) {
    const hits = Object.entries(a.hits || {})
      .map(([n, p]) => [Number(n), p])
      .sort((x, y) => x[0] - y[0]);
    const unit = a.unit || "hit";
    const rows = hits.map(([n, p]) =>
      el(
        "tr",
        {},
        el("th", { text: `${n} ${n === 1 ? unit : `${unit}s`}` }),
        el("td", { class: "bar" }, el("span", { style: `width:${Math.max(0.5, p * 100).toFixed(1)}%` })),
        el("td", { class: "pct", text: `${(p * 100).toFixed(1)}%` }),
      ),
    );
    panel.append(
      el(
        "div",
        { class: "odds-attack" },
        el("h4", { text: `${a.attacker} → ${a.target}${a.kind ? ` (${a.kind})` : ""}` }),
        el("p", { class: "describe", text: a.describe || "" }),
        el(
          "p",
          { class: "meta" },
          `expected ${Number(a.expected_hits || 0).toFixed(2)} ${unit}s · `,
          a.rule ? el("span", { class: "rule", text: a.rule }) : null,
        ),
        el("table", { class: "hits" }, rows),
        a.readings && a.readings.length
          ? el("ul", { class: "readings" }, a.readings.map((r) => el("li", { text: r })))
          : null,
      ),
    );
  }
}

/** The action typed in a form's textarea, or undefined (the error shown) if it is not JSON. */
function readAction(area) {
  try {
    return JSON.parse(area.value);
  } catch (err) {
    showError(new Error(`the action is not JSON: ${err.message}`));
    return undefined;
  }
}
