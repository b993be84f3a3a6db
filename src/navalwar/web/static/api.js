// HTTP helpers, the busy flag and the per-tab store of seat tokens (sessionStorage only).

let pending = 0;

function showBusy() {
  document.body.dataset.busy = pending > 0 ? "true" : "false";
}

/** Run an async task with body[data-busy="true"] until it (and every task begun with it) ends. */
export async function busy(task) {
  pending += 1;
  showBusy();
  try {
    return await task();
  } finally {
    pending -= 1;
    showBusy();
  }
}

export class ApiError extends Error {
  constructor(status, type, message) {
    super(message);
    this.status = status;
    this.type = type;
  }
}

/** One JSON request; `token` goes in the Authorization header. Returns the parsed body. */
export async function api(method, path, { token, body, text = false } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (err) {
    throw new ApiError(0, "NetworkError", `the server cannot be reached (${err.message})`);
  }
  if (response.status === 204) return null;
  const raw = await response.text();
  if (!response.ok) {
    let type = response.statusText || "Error";
    let message = raw.slice(0, 300);
    try {
      const parsed = JSON.parse(raw);
      if (parsed && parsed.error) {
        type = parsed.error.type || type;
        message = parsed.error.message || message;
      }
    } catch {
      /* not JSON: keep the text */
    }
    throw new ApiError(response.status, type, message);
  }
  if (text) return raw;
  return raw ? JSON.parse(raw) : null;
}

/** The URL path of one seat's endpoint. */
export function seatPath(match, side, rest) {
  return `/api/matches/${encodeURIComponent(match)}/seats/${encodeURIComponent(side)}/${rest}`;
}

const STORE = "navalwar.match.";

/** What this tab knows of a match: {seats: {side: token}, links, hot_seat, ...}. */
export function remembered(match) {
  try {
    return JSON.parse(sessionStorage.getItem(STORE + match) || "null") || { seats: {} };
  } catch {
    return { seats: {} };
  }
}

export function remember(match, facts) {
  const old = remembered(match);
  const merged = { ...old, ...facts, seats: { ...(old.seats || {}), ...(facts.seats || {}) } };
  sessionStorage.setItem(STORE + match, JSON.stringify(merged));
  return merged;
}

export function forget(match) {
  sessionStorage.removeItem(STORE + match);
}

/** The game list, fetched once per page. */
let gamesPromise = null;
export function games() {
  if (!gamesPromise) {
    gamesPromise = api("GET", "/api/games").then((r) => r.games);
    gamesPromise.catch(() => {
      gamesPromise = null;
    });
  }
  return gamesPromise;
}

/** Show an error message in the banner (null hides it). */
export function showError(err) {
  const box = document.getElementById("error");
  if (!box) return;
  if (!err) {
    box.hidden = true;
    box.textContent = "";
    return;
  }
  const what = err instanceof ApiError ? `${err.type}: ${err.message}` : String(err.message || err);
  box.textContent = what;
  box.hidden = false;
}

/** Offer `data` as a download named `name`. */
export function download(name, data) {
  const blob = new Blob([JSON.stringify(data, null, 1) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Read a chosen file as JSON. */
export async function readJsonFile(file) {
  const text = await file.text();
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${file.name} is not JSON: ${err.message}`);
  }
}

/** A new element: el("div", {class: "x", text: "y"}, ...children). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
