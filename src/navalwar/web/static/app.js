// The reference client: hash routes #/ (lobby), #/play/<match>/<side>/<token>, #/replay.

import { busy, showError } from "./api.js";
import { GameScreen } from "./game.js";
import { showLobby } from "./lobby.js";
import { ReplayScreen } from "./replay.js";

let current = null;

function mount(name) {
  const main = document.getElementById("screen");
  const tpl = document.getElementById(`tpl-${name}`);
  main.replaceChildren(tpl.content.cloneNode(true));
  document.body.dataset.screen = name;
  return main;
}

function parse(hash) {
  const parts = hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  return parts[0] === "" ? [] : parts;
}

async function route() {
  if (current && current.close) current.close();
  current = null;
  showError(null);
  document.getElementById("where").textContent = "";
  const [what, ...rest] = parse(location.hash);
  await busy(async () => {
    if (what === "play" && rest.length === 3) {
      const root = mount("game");
      current = new GameScreen(root, rest[0], rest[1], rest[2]);
      try {
        await current.start();
      } catch (err) {
        showError(err);
      }
    } else if (what === "replay") {
      const root = mount("replay");
      current = new ReplayScreen(root);
      current.start();
    } else {
      const root = mount("lobby");
      try {
        await showLobby(root);
      } catch (err) {
        showError(err);
      }
    }
  });
}

window.addEventListener("hashchange", route);
route();
