// The explorer: the two views, the rules, and the state kept in the URL so
// that a link opens the same position and back and forward work.

import * as api from "./api.js";
import { DEFAULT_DELAY, Play, SIDES, pilesText, sidesWord } from "./play.js";
import { MapView } from "./map.js";

const $ = (id) => document.getElementById(id);
const message = $("message");

// Every problem since the last clear, one line each: a link may have
// several, and the last must not hide the first. A line of one view's
// (`view`, "map") is shown in that view only; the rest in both.
function showMessage(text, view) {
  const lines = [...message.children].map((line) => line.textContent);
  if (lines.includes(text)) return;
  const line = document.createElement("p");
  line.textContent = text;
  if (view) line.dataset.view = view;
  message.append(line);
  showMessageLines();
}

// The message's lines for the view shown; none, no message.
function showMessageLines() {
  let shown = false;
  for (const line of message.children) {
    line.hidden = line.dataset.view !== undefined && line.dataset.view !== state.view;
    shown ||= !line.hidden;
  }
  message.hidden = !shown;
}

function clearMessage() {
  message.hidden = true;
  message.replaceChildren();
}

const state = {
  view: "play",
  misere: false,
};

const play = new Play({ onChange: () => pushUrl(), showMessage, clearMessage });
const map = new MapView({
  onPick: (piles) => pickFromMap(piles),
  onChange: () => pushUrl(),
  showMessage: (text) => showMessage(text, "map"),
});

// The URL of the state now.
function currentUrl() {
  const q = new URLSearchParams();
  q.set("view", state.view);
  if (play.current) q.set("piles", play.current.piles.join(","));
  // The game that led here, when there is more than its start, and when
  // it fits the longest link the server answers (MAX_PAGE_URI): past it,
  // the link keeps the position alone.
  if (play.index > 0) {
    const game = play.gameText();
    const encoded = new URLSearchParams({ game }).toString();
    if (encoded.length < LONGEST_GAME) q.set("game", game);
  }
  q.set("misere", state.misere ? "1" : "0");
  if (play.showValues) q.set("values", "1");
  const engine = sidesWord(play.sides);
  if (engine !== "second") q.set("engine", engine);
  if (play.delay !== DEFAULT_DELAY) q.set("delay", String(play.delay / 1000));
  q.set("a", String(map.a));
  q.set("limit", String(map.limit));
  q.set("colour", map.colour);
  return `?${q.toString()}`;
}

let restoring = false;

// The longest game a link carries, encoded: the server answers links up to
// 32 KiB (MAX_PAGE_URI), and the rest of the link takes under 200 bytes.
const LONGEST_GAME = 30 * 1024;

// The longest delay between the engine's moves against itself, in ms.
const MOST_DELAY = 10000;

function pushUrl() {
  if (restoring) return;
  const url = currentUrl();
  if (url !== window.location.search) history.pushState(null, "", url);
}

function showView(view) {
  state.view = view;
  $("play").hidden = view !== "play";
  $("map").hidden = view !== "map";
  $("tab-play").setAttribute("aria-pressed", String(view === "play"));
  $("tab-map").setAttribute("aria-pressed", String(view === "map"));
  showMessageLines();
  // Each view is drawn at its width, which it has only when shown.
  if (view === "map") map.draw();
  else play.renderChart();
}

function setMisere(misere) {
  state.misere = misere;
  $("misere").checked = misere;
  play.misere = misere;
  $("rule-text").textContent = misere ? "Whoever takes the last stone loses (misère)." : "Whoever takes the last stone wins.";
  // Grundy values are normal play's alone: not offered under misère.
  $("map-colour").querySelector("option[value='grundy']").disabled = misere;
  $("grundy-note").hidden = !misere;
}

// The words of typed piles: runs between white space, commas and `+`, and
// each comma and `+`. White space is Rust's (`char::is_whitespace`, which
// the library splits on): JavaScript's `\s` also takes U+FEFF, and misses
// U+0085.
const WORDS = /[,+]|[^\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000,+]+/g;

// The largest pile the library reads: u64's largest.
const U64_MAX = 18446744073709551615n;

// Reads piles as the library's `Position` reads them ("3 5 7 + 2 4 6",
// "3,5,7"): whole numbers separated by spaces, a comma or both; a comma
// only between two piles and a `+` only between games of three, so that a
// slip ("1,,2,3") is refused rather than read as another position.
// `{ piles }`, or `{ error }` in the library's words.
function readPiles(text) {
  const piles = [];
  const count = (n) => `${n} pile${n === 1 ? "" : "s"}`;
  const comma = (n) => ({ error: `a ',' after ${count(n)}: a comma goes between two piles` });
  const plus = (n) => ({ error: `a '+' after ${count(n)}: a '+' goes between games, each of three piles` });
  let last = "";
  for (const word of text.match(WORDS) ?? []) {
    const n = piles.length;
    if (word === ",") {
      if (n === 0 || last === "," || last === "+") return comma(n);
    } else if (word === "+") {
      if (last === ",") return comma(n);
      if (n === 0 || n % 3 !== 0 || last === "+") return plus(n);
    } else if (/^\d+$/.test(word)) {
      // Past 2^53 a number would be rounded, and another pile played than
      // the one typed; every such pile is past any the server answers, and
      // past u64 the library's too.
      if (!Number.isSafeInteger(Number(word))) {
        const tail = BigInt(word) > U64_MAX ? `; the largest pile is ${U64_MAX}` : "";
        return { error: `'${quoted(word)}' is not a pile: it is too large${tail}` };
      }
      piles.push(Number(word));
    } else if (/^-\d+$/.test(word)) {
      return { error: `'${quoted(word)}' is not a pile: it is negative; expected a whole number from 0` };
    } else {
      return { error: `'${quoted(word)}' is not a pile: expected a whole number (decimal digits only)` };
    }
    last = word;
  }
  if (last === "+") return plus(piles.length);
  if (last === ",") return comma(piles.length);
  if (piles.length === 0 || piles.length % 3 !== 0) {
    return { error: `${count(piles.length)}: a position is three piles, or three for each game of a sum` };
  }
  return { piles };
}

// A word as the library's errors quote it: its first 20 characters, and
// "..." when there are more.
function quoted(word) {
  const chars = [...word];
  return chars.length > 20 ? `${chars.slice(0, 20).join("")}...` : word;
}

// Reads a game typed or exported as text, "6 9 11 > 6 1 3": its positions,
// or null.
function parseGame(text) {
  const positions = text.split(">").map(readPiles);
  return positions.some((p) => p.error) ? null : positions.map((p) => p.piles);
}

// The delay typed, in seconds, as ms; null unless it is from 0 to 10 s.
function parseDelay(text) {
  const seconds = Number(text);
  if (text.trim() === "" || !Number.isFinite(seconds) || seconds < 0 || seconds * 1000 > MOST_DELAY) return null;
  return Math.round(seconds * 1000);
}

// Shows who plays each side, and the delay, in the form.
function showPlayers() {
  $("first-player").value = play.sides[0];
  $("second-player").value = play.sides[1];
  $("engine-delay").value = String(play.delay / 1000);
  showPlayersInALine();
}

// Who plays, in the players' box's line, which is all a phone shows of
// the box until it is opened: "Players: Human first, Engine second".
function showPlayersInALine() {
  const name = (kind) => (kind === "engine" ? "Engine" : "Human");
  let text = `: ${name(play.sides[0])} first, ${name(play.sides[1])} second`;
  if (play.sides.every((kind) => kind === "engine")) text += `, ${play.delay / 1000} s a move`;
  $("players-now").textContent = text;
}

// A whole number URL parameter, or null with a message.
function urlNumber(q, name, fallback, min) {
  const text = q.get(name);
  if (text === null) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min) {
    showMessage(`The link's parameter '${name}' is '${text}': expected a whole number from ${min}.`);
    return fallback;
  }
  return Number(text);
}

// Brings the page to the state of the URL.
async function restore() {
  restoring = true;
  clearMessage();
  const q = new URLSearchParams(window.location.search);
  const known = new Set(["view", "piles", "game", "misere", "values", "engine", "delay", "a", "limit", "colour"]);
  for (const name of q.keys()) {
    if (!known.has(name)) showMessage(`The link has an unknown parameter '${name}'.`);
  }
  let view = q.get("view") ?? "play";
  if (view !== "play" && view !== "map") {
    showMessage(`The link's view '${view}' is not one of the views: play, map.`);
    view = "play";
  }
  const misereText = q.get("misere") ?? "0";
  if (misereText !== "0" && misereText !== "1") {
    showMessage(`The link's parameter 'misere' is '${misereText}': expected 0 or 1.`);
  }
  const misere = misereText === "1";
  const rulesChanged = misere !== state.misere;
  setMisere(misere);
  play.showValues = q.get("values") === "1";
  $("show-values").checked = play.showValues;
  const engine = q.get("engine") ?? "second";
  if (!(engine in SIDES)) {
    showMessage(`The link's parameter 'engine' is '${engine}': expected one of ${Object.keys(SIDES).join(", ")}.`);
  }
  play.sides = SIDES[engine] ?? SIDES.second;
  const delayText = q.get("delay");
  const delay = delayText === null ? DEFAULT_DELAY : parseDelay(delayText);
  if (delay === null) {
    showMessage(`The link's parameter 'delay' is '${delayText}': expected seconds from 0 to ${MOST_DELAY / 1000}.`);
  }
  play.delay = delay ?? DEFAULT_DELAY;
  showPlayers();

  const a = urlNumber(q, "a", map.a, 0);
  const limit = urlNumber(q, "limit", map.limit, 1);
  let colour = q.get("colour") ?? map.colour;
  if (!["losing", "grundy", "remoteness"].includes(colour)) {
    showMessage(`The link's colouring '${colour}' is not one of: losing, grundy, remoteness.`);
    colour = "losing";
  }
  showView(view);

  const pilesParam = q.get("piles");
  const gameParam = q.get("game");
  const game = gameParam === null ? null : parseGame(gameParam);
  if (gameParam !== null && game === null) {
    showMessage(`The link's game '${gameParam}' is not positions separated by >, as 6 9 11 > 6 1 3.`);
  }
  if (game !== null) {
    const last = game[game.length - 1];
    if (pilesParam !== null && pilesParam !== last.join(",")) {
      showMessage(`The link's piles '${pilesParam}' are not the last position of its game, ${pilesText(last)}: the game is shown.`);
    }
    if (rulesChanged || !play.seekGame(game)) {
      $("start-piles").value = pilesText(game[0]);
      if (!(await play.importGame(game)) && !play.current) await randomStart();
    }
  } else if (pilesParam !== null) {
    const { piles, error } = readPiles(pilesParam);
    if (error) {
      showMessage(`The link's piles '${pilesParam}' are not a position: ${error}.`);
      // Beside the message, a game to play rather than a page left loading.
      if (!play.current) await randomStart();
    } else if (rulesChanged || !play.seek(piles)) {
      $("start-piles").value = pilesText(piles);
      // Piles the server refuses are a bad link as well: their message,
      // and a game to play beside it, as for piles that are not numbers.
      if (!(await play.start(piles)) && !play.current) await randomStart();
    }
  } else if (!play.current) {
    await randomStart();
  }
  play.render();
  if (view === "map" || map.data === null || map.a !== a || map.limit !== limit || map.colour !== colour || map.misere !== misere) {
    // A map the server refuses leaves the one before; with none before,
    // the page's own, so that the view is never left empty.
    if (!(await map.load({ a, limit, colour, misere })) && map.data === null) {
      await map.load({ ...MapView.DEFAULT, colour, misere });
    }
  }
  showMapForm();
  restoring = false;
  history.replaceState(null, "", currentUrl());
  // Players restored from the link may put the engine to move.
  play.advance();
  // The page has settled: tests and people may act.
  document.body.dataset.ready = "1";
}

// The map form shows the map drawn.
function showMapForm() {
  $("map-a").value = map.a;
  $("map-limit").value = map.limit;
  $("map-colour").value = map.colour;
}

async function randomStart() {
  for (let i = 0; i < 40; i += 1) {
    const piles = [0, 0, 0].map(() => 1 + Math.floor(Math.random() * 20));
    const answer = await api.position(piles, state.misere);
    if (!answer.ok) {
      showMessage(answer.error);
      return;
    }
    if (answer.data.outcome === "win") {
      $("start-piles").value = pilesText(piles);
      await play.start(piles, answer);
      return;
    }
  }
}

async function pickFromMap(piles) {
  clearMessage();
  $("start-piles").value = pilesText(piles);
  showView("play");
  // The map, focused for the click or Enter, is hidden now.
  play.focusMovesNext();
  if (await play.start(piles)) pushUrl();
}

$("tab-play").addEventListener("click", () => { showView("play"); pushUrl(); });
$("tab-map").addEventListener("click", async () => {
  showView("map");
  pushUrl();
  if (!map.data) await map.load({ a: map.a, limit: map.limit, colour: map.colour, misere: state.misere });
});

$("misere").addEventListener("change", async (e) => {
  clearMessage();
  if (e.target.checked && play.current && play.current.piles.length > 3) {
    // Refused before anything is asked, and the sum goes on in normal play.
    e.target.checked = false;
    showMessage("Misère play has no sums of games: a misère sum is not decided by the XOR of its games' Grundy values. Start a single game (three piles) to play misère.");
    return;
  }
  const misere = e.target.checked;
  setMisere(misere);
  // The game goes on under the other rules, each of its positions valued
  // again: the same side keeps the move. Refused, it stays under its own.
  if (play.current && (await play.revalue()) === false) setMisere(!misere);
  await map.load({ a: map.a, limit: map.limit, colour: map.colour, misere: state.misere });
  // The map may be coloured otherwise than asked: no Grundy values under misère.
  showMapForm();
  pushUrl();
});

$("show-values").addEventListener("change", (e) => {
  play.showValues = e.target.checked;
  play.render();
  pushUrl();
});

for (const id of ["first-player", "second-player"]) {
  // The engine takes a side at once: it moves if it is its turn.
  $(id).addEventListener("change", () => {
    play.setSides([$("first-player").value, $("second-player").value]);
    showPlayersInALine();
  });
}

$("engine-delay").addEventListener("change", (e) => {
  // Emptied, the field is being typed in: the delay stays until a number comes.
  if (e.target.value.trim() === "") return;
  const delay = parseDelay(e.target.value);
  if (delay === null) {
    showMessage(`The delay '${e.target.value}' is not seconds from 0 to ${MOST_DELAY / 1000}.`);
    e.target.value = String(play.delay / 1000);
    return;
  }
  clearMessage();
  play.delay = delay;
  showPlayersInALine();
  pushUrl();
});

$("new-game").addEventListener("submit", async (e) => {
  e.preventDefault();
  clearMessage();
  const text = $("start-piles").value;
  const { piles, error } = readPiles(text);
  if (error) {
    showMessage(`'${quoted(text)}' is not a position: ${error}.`);
    return;
  }
  await play.start(piles);
});

$("export-game").addEventListener("click", () => {
  $("game-text").value = play.gameText();
  $("game-text").select();
});

$("game-io").addEventListener("submit", async (e) => {
  e.preventDefault();
  clearMessage();
  const text = $("game-text").value;
  const positions = parseGame(text);
  if (positions === null) {
    showMessage(`'${text}' is not a game: type its positions separated by >, as 6 9 11 > 6 1 3.`);
    return;
  }
  // An imported game is played by humans on both sides, from where it
  // stopped; a game refused leaves the players as they were.
  if (await play.importGame(positions, SIDES.none)) showPlayers();
});

$("random-start").addEventListener("click", async () => {
  clearMessage();
  await randomStart();
});

$("map-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  clearMessage();
  const a = Number($("map-a").value);
  const limit = Number($("map-limit").value);
  if (await map.load({ a, limit, colour: $("map-colour").value, misere: state.misere })) {
    showMapForm();
    pushUrl();
  }
});
$("map-colour").addEventListener("change", () => $("map-form").requestSubmit());

document.addEventListener("keydown", (e) => {
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName) || e.target === map.canvas;
  if (typing || e.ctrlKey || e.metaKey || e.altKey || state.view !== "play") return;
  if (e.key === "u") play.undo();
  else if (e.key === "r") play.redo();
});

window.addEventListener("popstate", () => restore());
window.addEventListener("resize", () => {
  if (state.view === "map") map.draw();
  else play.renderChart();
});
window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => map.draw());

// At a phone's width the players' box starts closed, its line saying who
// plays, so that the board starts in the first screen.
$("players").open = !window.matchMedia("(max-width: 40rem)").matches;
restore();
