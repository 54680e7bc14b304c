// The play view: the piles as stones, every move as a button coloured by
// what it leads to, the two players (each human or the engine), undo and
// redo, and the chart of the game's history.

import * as api from "./api.js";
import { historyChart } from "./chart.js";

// The most stones a pile draws; a larger pile is drawn cut short, with its count.
const STONES_DRAWN = 30;
// Past this many moves, the move list is grouped (renderMoves).
const GROUPED_PAST = 300;
// In a grouped list, a row of at most this many moves stays a row: a small
// game of a large sum is played without opening a group.
const ROW_UP_TO = 20;

export const pileName = (i) => {
  let name = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
};

const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
};

// How a position's value reads for the player to move.
export function describe(outcome, remoteness) {
  const verb = outcome === "win" ? "wins" : "loses";
  if (remoteness === null || remoteness === undefined) return verb;
  if (remoteness === 0) return outcome === "win" ? "has won" : "has lost";
  return `${verb} in ${remoteness} move${remoteness === 1 ? "" : "s"}`;
}

// Piles as they are typed: "3 5 7", or "3 5 7 + 2 4 6" for a sum.
export function pilesText(piles) {
  return chunks(piles).map((game) => game.join(" ")).join(" + ");
}

// The same, as nodes for a line that may wrap: each game's piles kept on
// one line, so that a position never reads as "leaving 19 20" and "20".
function pilesNodes(piles) {
  return chunks(piles).flatMap((game, g) => [
    ...(g > 0 ? [" + "] : []),
    el("span", { class: "piles", text: game.join(" ") }),
  ]);
}

// Who plays each side, as the link says it: `engine=second` and so on.
export const SIDES = {
  none: ["human", "human"],
  first: ["engine", "human"],
  second: ["human", "engine"],
  both: ["engine", "engine"],
};

// The link's word for `sides`.
export const sidesWord = (sides) =>
  Object.keys(SIDES).find((word) => SIDES[word].join() === sides.join());

// "You win", "The engine wins": the verb agrees with the name.
const agree = (name, verb) => `${name} ${name === "You" ? verb : `${verb}s`}`;

// A side's name inside a sentence: "the engine" and "you" in lower case,
// "Player 1" as it is.
const inSentence = (name) => ({ "The engine": "the engine", You: "you" })[name] ?? name;

// The engine's delay between its moves when it plays both sides, in ms,
// until someone changes it (the link leaves it out at this value).
export const DEFAULT_DELAY = 1000;

export class Play {
  constructor({ onChange, showMessage, clearMessage }) {
    this.onChange = onChange;
    this.showMessage = showMessage;
    this.clearMessage = clearMessage;
    // Each position, with its answer and the name of who moved to it
    // ("start" for the first): entry i has the first player to move when
    // i is even, the second when it is odd.
    this.entries = [];
    this.index = -1;
    this.misere = false;
    this.showValues = false;
    // Who plays the first and the second side: "human" or "engine".
    this.sides = SIDES.second;
    // Between the moves of an engine that plays both sides, in ms.
    this.delay = DEFAULT_DELAY;
    this.paused = false;
    // The engine's next move, waiting for its delay.
    this.timer = null;
    this.busy = false;
    // Each game is a generation of its own, with its requests: a new game
    // (or new rules) aborts the requests of the one before, and an answer
    // that still comes back for it is dropped.
    this.generation = 0;
    this.requests = new AbortController();
    this.games = []; // the Grundy value of each game of a sum
    this.status = document.getElementById("status");
    this.value = document.getElementById("value");
    this.board = document.getElementById("board");
    this.movesBox = document.getElementById("moves");
    this.historyBox = document.getElementById("history");
    this.historyList = document.getElementById("history-list");
    this.playedList = document.getElementById("played");
    this.undoButton = document.getElementById("undo");
    this.redoButton = document.getElementById("redo");
    this.undoButton.addEventListener("click", () => this.undo());
    this.redoButton.addEventListener("click", () => this.redo());
    this.pauseButton = document.getElementById("pause");
    this.pauseButton.addEventListener("click", () => this.setPaused(!this.paused));
    this.movesBox.addEventListener("keydown", (e) => this.moveKeys(e));
  }

  get current() { return this.entries[this.index]; }

  // Starts a game from `piles`; false (with the server's message shown)
  // when it cannot.
  // A new generation: the requests of the one before are aborted.
  newGeneration() {
    clearTimeout(this.timer);
    this.timer = null;
    // A new game plays, whatever the one before was doing; the one before
    // keeps its pause if the new one is refused.
    this.pausedBefore = this.paused;
    this.paused = false;
    this.requests.abort();
    this.requests = new AbortController();
    this.generation += 1;
    return this.generation;
  }

  // Whether `generation` is still the game's.
  isLive(generation) {
    return generation === this.generation;
  }

  // A new game from `piles`; `known` is the server's answer for them when
  // the caller has it already (a random start, which asked for it to find
  // a win), so that it is not asked for twice.
  async start(piles, known = null) {
    const generation = this.newGeneration();
    this.busy = true;
    this.setStatus("loading", "Loading…");
    this.freeze();
    const answer = known ?? await api.position(piles, this.misere, this.requests.signal);
    if (!this.isLive(generation)) return false;
    if (!answer.ok) return this.refused(`Cannot start from ${pilesText(piles)}: ${answer.error}`);
    this.busy = false;
    this.entries = [{ piles, info: answer.data, by: "start" }];
    this.index = 0;
    return this.settle(generation);
  }

  // The same game valued again after the rules were toggled (Misère
  // ticked or cleared): its positions, who made each move, the position
  // shown and the pause stay, so that the side to move keeps the move;
  // only the values change. False (with the server's message shown) when
  // the server refuses, and the game is left as it was, under its rules
  // before; null when a newer action took the game over meanwhile.
  async revalue() {
    const generation = this.newGeneration();
    this.busy = true;
    this.setStatus("loading", "Loading…");
    this.freeze();
    const answers = await Promise.all(
      this.entries.map((e) => api.position(e.piles, this.misere, this.requests.signal)),
    );
    if (!this.isLive(generation)) return null;
    const refused = answers.find((answer) => !answer.ok);
    if (refused) {
      // Back to the rules the game's values are of before `refused` lets
      // the engine move: a reply asked under the others would not fit.
      this.misere = !this.misere;
      return this.refused(`Cannot value the game again: ${refused.error}`);
    }
    this.busy = false;
    this.paused = this.pausedBefore;
    this.entries = this.entries.map((e, i) => ({ ...e, info: answers[i].data }));
    return (await this.settle(generation)) || null;
  }

  // Shows the game whose answers are in: with a sum's games' Grundy values
  // first, then the engine moves if it is its turn. False when a newer
  // action took the game over meanwhile.
  async settle(generation) {
    await this.loadGames();
    if (!this.isLive(generation)) return false;
    this.render();
    this.onChange();
    this.advance();
    return true;
  }

  // The Grundy value of each game of a sum, for the XOR shown.
  async loadGames() {
    const piles = this.current.piles;
    const generation = this.generation;
    this.games = [];
    if (piles.length <= 3 || this.misere) return;
    const answers = await Promise.all(
      chunks(piles).map((g) => api.position(g, false, this.requests.signal)),
    );
    // Only for the position still shown.
    if (this.isLive(generation) && this.current && this.current.piles === piles) {
      this.games = answers.map((a) => (a.ok ? a.data.grundy : null));
    }
  }

  // Whether the player to move at entry `i` is the engine.
  enginesTurn(i) {
    return this.sides[i % 2] === "engine";
  }

  // Whether a human plays either side.
  get humanPlays() {
    return this.sides.includes("human");
  }

  // The name of who plays `side` (0 moves first): "You" against the engine,
  // "Player 1" against another human, "Engine 1" against itself.
  sideName(side) {
    const kind = this.sides[side];
    if (kind === this.sides[1 - side]) return `${kind === "engine" ? "Engine" : "Player"} ${side + 1}`;
    return kind === "engine" ? "The engine" : "You";
  }

  // Who plays which side; the engine moves if it is now its turn.
  setSides(sides) {
    this.sides = sides;
    if (!sides.includes("engine")) this.paused = false;
    this.render();
    this.onChange();
    this.advance();
  }

  setPaused(paused) {
    this.paused = paused;
    this.render();
    this.advance();
  }

  // Has the engine move when it is its turn: at once against a human, after
  // the delay when it plays both sides, so that people can follow.
  advance() {
    clearTimeout(this.timer);
    this.timer = null;
    if (!this.current || this.busy || this.paused || this.over() || !this.enginesTurn(this.index)) return;
    if (this.humanPlays || this.delay <= 0) {
      this.reply();
      return;
    }
    const [generation, index] = [this.generation, this.index];
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.isLive(generation) && this.index === index) this.reply();
    }, this.delay);
  }

  async play(to) {
    if (this.busy || this.over()) return;
    // A move played is the person's next step: what was said before it
    // (a bad link, a refused import) no longer stands beside the game.
    this.clearMessage();
    // A move played from the move buttons keeps the focus among them.
    this.keepFocus = this.movesBox.contains(document.activeElement);
    this.busy = true;
    this.setStatus("thinking", "…");
    this.freeze();
    const generation = this.generation;
    const answer = await api.position(to, this.misere, this.requests.signal);
    if (!this.isLive(generation)) return;
    if (!answer.ok) {
      this.busy = false;
      this.showMessage(answer.error);
      this.render();
      return;
    }
    this.entries.splice(this.index + 1);
    this.entries.push({ piles: to, info: answer.data, by: this.sideName(this.index % 2) });
    this.index += 1;
    this.updateGames(to);
    this.busy = false;
    if (this.enginesTurn(this.index) && !this.over() && !this.paused) {
      // The engine's reply comes with the move, as one step of history.
      await this.reply();
      return;
    }
    this.render();
    this.onChange();
  }

  // While an answer is on its way, the position shown can be neither
  // played from nor left: its moves, stones, moves played and Undo and
  // Redo are disabled, as they would not act (busy).
  freeze() {
    for (const button of this.movesBox.querySelectorAll("button.move")) button.disabled = true;
    for (const button of this.playedList.querySelectorAll("button")) button.disabled = true;
    this.board.classList.remove("clickable");
    this.renderControls();
  }

  // The engine's move from the position shown, when the engine is to move.
  async reply() {
    if (this.busy || this.over() || !this.enginesTurn(this.index)) return;
    const generation = this.generation;
    this.busy = true;
    this.render();
    // The server names the library's engine move, `stone-game play`'s:
    // the whole position it leaves is its `to`.
    const to = this.current.info.engine.to;
    const next = await api.position(to, this.misere, this.requests.signal);
    if (!this.isLive(generation)) return;
    if (!next.ok) {
      this.busy = false;
      this.showMessage(next.error);
      this.render();
      return;
    }
    this.entries.splice(this.index + 1);
    this.entries.push({ piles: to, info: next.data, by: this.sideName(this.index % 2) });
    this.index += 1;
    this.updateGames(to);
    this.busy = false;
    this.render();
    this.onChange();
    // The engine against itself plays on.
    this.advance();
  }

  // A new game refused with `why`: the game before, if any, goes on as it
  // was, paused or not, and the engine moves if it is to (the new game's
  // requests took its reply, and its timer, with them).
  refused(why) {
    this.busy = false;
    this.showMessage(why);
    if (this.current) {
      this.paused = this.pausedBefore;
      this.render();
      this.advance();
    } else {
      this.setStatus("error", "No game.");
    }
    return false;
  }

  // The game from its start to the position shown, as one line of text.
  gameText() {
    return this.entries.slice(0, this.index + 1).map((e) => pilesText(e.piles)).join(" > ");
  }

  // Plays `positions` (each a list of piles) as a game from the first,
  // by `sides`, when each follows from the one before by a move, as the
  // server's answer for it says; else says which does not, and the game
  // before goes on, with its players.
  async importGame(positions, sides = this.sides) {
    const generation = this.newGeneration();
    this.busy = true;
    this.setStatus("loading", "Loading…");
    this.freeze();
    const answers = await Promise.all(
      positions.map((piles) => api.position(piles, this.misere, this.requests.signal)),
    );
    if (!this.isLive(generation)) return false;
    for (const [i, piles] of positions.entries()) {
      const answer = answers[i];
      const where = `position ${i + 1}, ${pilesText(piles)}`;
      if (!answer.ok) return this.refused(`Cannot import ${where}: ${answer.error}`);
      const before = answers[i - 1]?.data;
      if (before && !moveTo(before, piles)) {
        return this.refused(`Cannot import ${where}: no move leads there from ${pilesText(positions[i - 1])}.`);
      }
    }
    // The game is sound: its players, then who made each move.
    this.busy = false;
    this.sides = sides;
    const entries = positions.map((piles, i) => ({
      piles, info: answers[i].data, by: i === 0 ? "start" : this.sideName((i - 1) % 2),
    }));
    this.entries = entries;
    this.index = entries.length - 1;
    return this.settle(generation);
  }

  // After a move changes one game of a sum, that game's value.
  async updateGames(piles) {
    if (piles.length <= 3 || this.misere) return;
    await this.loadGames();
    this.renderValue();
  }

  over() {
    return this.current && this.current.piles.every((p) => p === 0);
  }

  // Where Undo goes: back to the last position a human was to move at, so
  // that the engine's reply goes with the move it answered; one position
  // back when the engine plays both sides. Null when there is none.
  undoTarget() {
    if (this.busy) return null;
    for (let j = this.index - 1; j >= 0; j -= 1) {
      if (!this.humanPlays || !this.enginesTurn(j)) return j;
    }
    return null;
  }

  // Where Redo goes: forward to the next position a human is to move at,
  // or to the last one.
  redoTarget() {
    if (this.busy || this.index >= this.entries.length - 1) return null;
    let j = this.index + 1;
    while (this.humanPlays && j < this.entries.length - 1 && this.enginesTurn(j)) j += 1;
    return j;
  }

  undo() {
    const j = this.undoTarget();
    if (j !== null) this.stepTo(j);
  }

  redo() {
    const j = this.redoTarget();
    if (j !== null) this.stepTo(j);
  }

  // A step a person takes through the game (Undo, Redo, a move played or a
  // point of the chart chosen): as a move played does, it leaves behind
  // what was said before it.
  stepTo(j) {
    this.clearMessage();
    this.goTo(j);
  }

  canUndo() { return this.undoTarget() !== null; }
  canRedo() { return this.redoTarget() !== null; }

  goTo(j) {
    // The engine against itself would play on from where a person went:
    // it waits instead, until Resume.
    if (!this.humanPlays) this.paused = true;
    this.index = j;
    this.loadGames().then(() => this.renderValue());
    this.render();
    this.onChange();
    this.advance();
  }

  // Goes back to entry `i`, chosen in the history: a position where the
  // engine is to answer a human shows the engine's answer, or the human's
  // position before it when it has none yet.
  jumpTo(i) {
    if (this.busy || i === this.index) return;
    let j = i;
    if (this.humanPlays && this.enginesTurn(j)) j = j + 1 < this.entries.length ? j + 1 : j - 1;
    if (j >= 0) this.stepTo(j);
  }

  // Goes to the entry at `piles`, if the game has one; false if not.
  seek(piles) {
    const key = piles.join(",");
    const j = this.entries.findIndex((e) => e.piles.join(",") === key);
    if (j < 0) return false;
    if (j !== this.index) this.goTo(j);
    return true;
  }

  // Goes to the last of `positions` when the game goes through them all
  // from its start; false if it does not.
  seekGame(positions) {
    if (positions.length > this.entries.length) return false;
    const same = positions.every((p, k) => p.join(",") === this.entries[k].piles.join(","));
    if (!same) return false;
    if (positions.length - 1 !== this.index) this.goTo(positions.length - 1);
    return true;
  }

  setStatus(state, text) {
    this.status.dataset.state = state;
    this.status.textContent = text;
  }

  render() {
    if (!this.current) return;
    this.renderStatus();
    this.renderValue();
    this.renderBoard();
    this.renderMoves();
    this.renderHistory();
    this.renderControls();
    if (this.keepFocus && !this.busy) this.refocus();
  }

  // Undo, Redo and Pause, enabled when they would act.
  renderControls() {
    this.undoButton.disabled = !this.canUndo();
    this.redoButton.disabled = !this.canRedo();
    // Pause acts only while the engine has moves to make.
    this.pauseButton.disabled = !this.sides.includes("engine") || this.over();
    this.pauseButton.textContent = this.paused ? "Resume" : "Pause";
    this.pauseButton.setAttribute("aria-pressed", String(this.paused));
  }

  // After a move from the keyboard, or a game started from the map, the
  // focus goes to the first move of the new position; while the engine is
  // to move it waits for its move; with no move left, it goes to Undo (or
  // New game when there is nothing to undo), never to the page.
  refocus() {
    const first = this.movesBox.querySelector("button.move[tabindex='0']:not(:disabled), summary");
    if (!first && this.enginesTurn(this.index) && !this.over() && !this.paused) return;
    this.keepFocus = false;
    const fallback = this.undoButton.disabled ? document.querySelector("#new-game button[type=submit]") : this.undoButton;
    (first ?? fallback).focus();
  }

  // The focus goes to the moves once the next position is shown.
  focusMovesNext() {
    this.keepFocus = true;
  }

  // The side that wins entry `i`: the player to move there has its outcome.
  winnerAt(i) {
    const mover = i % 2;
    return this.entries[i].info.outcome === "win" ? mover : 1 - mover;
  }

  renderStatus() {
    const mover = this.index % 2;
    const name = this.sideName(mover);
    if (this.over()) {
      const winner = this.sideName(this.winnerAt(this.index));
      const text = { You: "You win!", "The engine": "The engine wins." }[winner] ?? `Game over: ${winner} wins.`;
      this.setStatus("over", text);
    } else if (!this.enginesTurn(this.index)) {
      this.setStatus("player", name === "You" ? "Your move." : `${name} to move.`);
    } else if (this.paused) {
      this.setStatus("paused", `Paused: ${inSentence(name)} to move. Resume to go on.`);
    } else {
      this.setStatus("engine", `${name} is thinking…`);
    }
  }

  renderValue() {
    if (!this.current) return;
    const info = this.current.info;
    const parts = [`${pilesText(this.current.piles)}: the player to move ${describe(info.outcome, info.remoteness)}`];
    if (this.current.piles.length > 3 && info.grundy !== null) {
      const values = this.games.length ? this.games.map((g) => (g === null ? "?" : g)).join(" ⊕ ") + " = " : "";
      parts.push(`Grundy values ${values}${info.grundy}`);
    } else if (info.grundy !== null) {
      parts.push(`Grundy value ${info.grundy}`);
    }
    this.value.textContent = parts.join(" · ");
  }

  renderBoard() {
    const piles = this.current.piles;
    const clickable = !this.over() && !this.enginesTurn(this.index) && !this.busy;
    this.board.replaceChildren();
    chunks(piles).forEach((game, g) => {
      const box = el("div", { class: "game" });
      if (piles.length > 3) box.append(el("div", { class: "game-title", text: `Game ${g + 1}` }));
      game.forEach((size, k) => {
        const i = 3 * g + k;
        const row = el("div", { class: "pile", "data-pile": String(i) });
        row.append(el("span", { class: "pile-name", text: pileName(i) }));
        const stones = el("span", { class: "stones" });
        const drawn = Math.min(size, STONES_DRAWN);
        if (size > drawn) stones.append(el("span", { class: "more", text: "…", title: `${size - drawn} more` }));
        for (let s = 0; s < drawn; s += 1) {
          const take = drawn - s; // this stone and every one to its right
          const stone = el("span", { class: "stone", "data-take": String(take) });
          if (clickable) {
            stone.title = `Take ${take} from ${pileName(i)}`;
            stone.addEventListener("click", () => {
              const to = piles.slice();
              to[i] -= take;
              this.play(to);
            });
          }
          stones.append(stone);
        }
        row.append(stones, el("span", { class: "count", text: String(size) }));
        box.append(row);
      });
      this.board.append(box);
    });
    this.board.classList.toggle("clickable", clickable);
  }

  // The moves of the position, as the library lists them, a row for each
  // set of piles of each game. Past GROUPED_PAST moves the rows of more
  // than ROW_UP_TO moves are groups, collapsed, whose buttons are made when
  // a group is opened: a position with piles of 1000 has 7000 moves, a sum
  // of 8 such games 28,000.
  renderMoves() {
    const info = this.current.info;
    const active = !this.over() && !this.enginesTurn(this.index) && !this.busy;
    const grouped = info.moves.length > GROUPED_PAST;
    this.movesBox.replaceChildren();
    let first = true;
    for (const row of moveRows(info.moves)) {
      const names = row.piles.map(pileName).join("+");
      const label = el("span", { class: "move-label", text: names });
      const chips = el("span", { class: "chips" });
      const fill = () => {
        for (const [i, move] of row.moves.entries()) {
          const chip = this.moveButton(names, move, active);
          // One Tab stop for all the buttons, or, grouped, one a group.
          chip.tabIndex = first || (grouped && i === 0) ? 0 : -1;
          first = false;
          chips.append(chip);
        }
      };
      if (!grouped || row.moves.length <= ROW_UP_TO) {
        fill();
        this.movesBox.append(el("div", { class: "move-row" }, label, chips));
        continue;
      }
      // A move wins when it leaves a lost position.
      const wins = row.moves.filter((move) => move.outcome === "lose").map((move) => move.stones);
      const told = this.showValues
        ? `, ${wins.length ? `winning: take ${wins.join(", ")}` : "none winning"}`
        : "";
      const count = row.moves.length;
      const summary = el("summary", { text: `${count} move${count === 1 ? "" : "s"}${told}` });
      summary.prepend(label, " ");
      const group = el("details", { class: "move-row move-group" }, summary, chips);
      group.addEventListener("toggle", () => {
        if (group.open && !chips.childElementCount) fill();
      }, { once: false });
      this.movesBox.append(group);
    }
    if (!this.movesBox.childElementCount) {
      this.movesBox.append(el("p", { class: "help", text: "No move is left." }));
    }
  }

  // The button of the library's `move`, which takes from the piles `names`.
  moveButton(names, move, active) {
    const n = move.stones;
    const chip = el("button", { type: "button", class: "move", "data-to": move.to.join(","), text: String(n) });
    chip.dataset.take = String(n);
    let label = `Take ${n} from ${names}, leaving ${pilesText(move.to)}`;
    if (this.showValues) {
      // The mover's view: the move wins when it leaves a lost position.
      const wins = move.outcome === "lose";
      chip.classList.add(wins ? "win-move" : "lose-move");
      chip.dataset.leadsTo = move.outcome;
      // Told by a mark as well as by colour; the label says it in words.
      chip.prepend(el("span", { class: "mark", "aria-hidden": "true", text: wins ? "✓" : "✗" }));
      label += `: ${wins ? "a winning move" : "a losing move"}`;
      if (move.remoteness !== null) {
        chip.dataset.remoteness = String(move.remoteness);
        chip.append(" ", el("sub", { "aria-hidden": "true", text: String(move.remoteness) }));
        // The name starts with what the button shows, as it reads.
        label = `${n}, ${move.remoteness} move${move.remoteness === 1 ? "" : "s"} left after it: ${label}`;
      }
    }
    chip.setAttribute("aria-label", label);
    chip.title = label;
    chip.disabled = !active;
    chip.addEventListener("click", () => this.play(move.to));
    return chip;
  }

  // The moves played, in words, each a button back to the position it
  // left; the start first. The list scrolls to the position shown, and a
  // focus inside it, which the buttons rebuilt would drop, goes to that
  // position's button.
  renderPlayed() {
    const list = this.playedList;
    const focused = list.contains(document.activeElement);
    list.replaceChildren(...this.entries.map((e, i) => {
      const words = i === 0 ? "Start: " : `${moveWords(e.by, moveTo(this.entries[i - 1].info, e.piles))}, leaving `;
      const button = el(
        "button",
        { type: "button" },
        words,
        ...pilesNodes(e.piles),
        i > this.index ? " (undone)" : "",
      );
      button.setAttribute("aria-current", i === this.index ? "step" : "false");
      button.dataset.index = String(i);
      button.addEventListener("click", () => this.jumpTo(i));
      return el("li", {}, button);
    }));
    const shown = list.querySelector("button[aria-current=step]");
    if (!shown) return;
    const [box, at] = [list.getBoundingClientRect(), shown.parentElement.getBoundingClientRect()];
    if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
    else if (at.top < box.top) list.scrollTop -= box.top - at.top;
    if (focused) shown.focus({ preventScroll: true });
  }

  // Arrow keys move among the move buttons: one Tab stop for them all.
  moveKeys(e) {
    const chip = e.target.closest("button.move");
    if (!chip) return;
    const rows = [...this.movesBox.querySelectorAll(".chips")];
    const r = rows.indexOf(chip.parentElement);
    const c = [...chip.parentElement.children].indexOf(chip);
    let target = null;
    const at = (row, col) => {
      const chipsOf = rows[row].children;
      return chipsOf[Math.min(col, chipsOf.length - 1)];
    };
    switch (e.key) {
      case "ArrowRight": target = chip.nextElementSibling; break;
      case "ArrowLeft": target = chip.previousElementSibling; break;
      case "ArrowDown": if (r + 1 < rows.length) target = at(r + 1, c); break;
      case "ArrowUp": if (r > 0) target = at(r - 1, c); break;
      case "Home": target = chip.parentElement.firstElementChild; break;
      case "End": target = chip.parentElement.lastElementChild; break;
      default: return;
    }
    e.preventDefault();
    if (target) {
      chip.tabIndex = -1;
      target.tabIndex = 0;
      target.focus();
    }
  }

  // The value history: the chart (chart.js), the moves played, and the
  // chart as text for those who cannot see it.
  renderHistory() {
    const remoteness = this.entries.map((e) => e.info.remoteness);
    this.renderChart();
    this.renderPlayed();
    // The chart as text: each position, in order, the current one marked.
    this.historyList.replaceChildren(...this.entries.map((e, i) => el("li", {
      "aria-current": i === this.index ? "step" : "false",
      text: `${this.historyText(i)}${i === this.index ? " (now)" : ""}${i > this.index ? " (undone)" : ""}`,
    })));
    this.historyBox.setAttribute(
      "aria-label",
      `History: ${this.entries.map((e, i) => `${pilesText(e.piles)}, ${agree(this.sideName(this.winnerAt(i)), "win")}${remoteness[i] === null ? "" : ` in ${remoteness[i]}`}`).join("; ")}`,
    );
  }

  // The chart of the history, drawn at its box's width, so that its text
  // keeps its size at any width: again when the page is resized or the
  // play view shown, since hidden the box has no width.
  renderChart() {
    const width = this.historyBox.clientWidth;
    if (!this.current || !width) return;
    const svg = historyChart({
      width,
      points: this.entries.map((e, i) => ({
        winner: this.winnerAt(i),
        remoteness: e.info.remoteness,
        outcome: e.info.outcome,
        title: this.historyText(i),
      })),
      index: this.index,
      sides: [
        `${agree(this.sideName(0), "win")} (first to move)`,
        `${agree(this.sideName(1), "win")} (second)`,
      ],
      onPick: (i) => this.jumpTo(i),
    });
    this.historyBox.replaceChildren(svg);
  }

  // Entry `i` in words: "6 9 11: the player to move (You) wins in 5 moves".
  historyText(i) {
    const e = this.entries[i];
    return `${pilesText(e.piles)}: the player to move (${inSentence(this.sideName(i % 2))}) ${describe(e.info.outcome, e.info.remoteness)}`;
  }
}

// The library's `move`, made by `who`, in words: "The engine takes 8
// from B and C", which the list of moves played follows with "leaving
// 3 1 3", as the command line's `play` tells it.
function moveWords(who, move) {
  const names = move.piles.map(pileName);
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `${agree(who, "take")} ${move.stones} from ${listed}`;
}

// The library's move from the position `info` answers that leaves `piles`,
// or undefined when none does.
function moveTo(info, piles) {
  const key = piles.join(",");
  return info.moves.find((m) => m.to.join(",") === key);
}

// The library's moves in rows, a row for each set of piles of each game:
// it lists them game by game, each set of piles in turn, the stones rising.
function moveRows(moves) {
  const rows = [];
  for (const move of moves) {
    const last = rows[rows.length - 1];
    const same = last && last.piles.length === move.piles.length
      && last.piles.every((pile, i) => pile === move.piles[i]);
    if (same) last.moves.push(move);
    else rows.push({ piles: move.piles, moves: [move] });
  }
  return rows;
}

function chunks(piles) {
  const out = [];
  for (let i = 0; i < piles.length; i += 3) out.push(piles.slice(i, i + 3));
  return out;
}
