// The play view: the piles as stones, every move as a button coloured by
// what it leads to, the engine's replies, undo and redo, and the chart of
// the game's history.

import * as api from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
// The most stones a pile draws; a larger pile is drawn cut short, with its count.
const STONES_DRAWN = 30;
const PILE_SETS = [[0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]];
// Past this many moves, the move list is grouped (renderMoves).
const GROUPED_PAST = 300;

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

export class Play {
  constructor({ onChange, showMessage }) {
    this.onChange = onChange;
    this.showMessage = showMessage;
    this.entries = []; // {piles, info, by: "start" | "you" | "engine"}
    this.index = -1;
    this.misere = false;
    this.showValues = false;
    this.engine = true;
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
    this.movesBox.addEventListener("keydown", (e) => this.moveKeys(e));
  }

  get current() { return this.entries[this.index]; }

  // Starts a game from `piles`; false (with the server's message shown)
  // when it cannot.
  // A new generation: the requests of the one before are aborted.
  newGeneration() {
    this.requests.abort();
    this.requests = new AbortController();
    this.generation += 1;
    return this.generation;
  }

  // Whether `generation` is still the game's.
  isLive(generation) {
    return generation === this.generation;
  }

  async start(piles) {
    const generation = this.newGeneration();
    this.busy = true;
    this.setStatus("loading", "Loading…");
    const answer = await api.position(piles, this.misere, this.requests.signal);
    if (!this.isLive(generation)) return false;
    if (!answer.ok) return this.refused(`Cannot start from ${pilesText(piles)}: ${answer.error}`);
    this.busy = false;
    this.entries = [{ piles, info: answer.data, by: "start" }];
    this.index = 0;
    await this.loadGames();
    if (!this.isLive(generation)) return false;
    this.render();
    this.onChange();
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
    return this.engine && this.entries[i].by === "you";
  }

  async play(to) {
    if (this.busy || this.over()) return;
    // A move played from the move buttons keeps the focus among them.
    this.keepFocus = this.movesBox.contains(document.activeElement);
    this.busy = true;
    this.setStatus("thinking", "…");
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
    this.entries.push({ piles: to, info: answer.data, by: "you" });
    this.index += 1;
    this.updateGames(to);
    this.busy = false;
    if (this.enginesTurn(this.index) && !this.over()) {
      await this.reply();
      return;
    }
    this.render();
    this.onChange();
  }

  // The engine's move from the position shown, when the engine is to move:
  // after a move of yours, or when its replies are turned on after one.
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
    this.entries.push({ piles: to, info: next.data, by: "engine" });
    this.index += 1;
    this.updateGames(to);
    this.busy = false;
    this.render();
    this.onChange();
  }

  // A new game refused with `why`: the game before, if any, goes on.
  refused(why) {
    this.busy = false;
    this.showMessage(why);
    if (this.current) this.render();
    else this.setStatus("error", "No game.");
    return false;
  }

  // The game from its start to the position shown, as one line of text.
  gameText() {
    return this.entries.slice(0, this.index + 1).map((e) => pilesText(e.piles)).join(" > ");
  }

  // Plays `positions` (each a list of piles) as a game from the first,
  // when each follows from the one before by a move, as the server's
  // answer for it says; else says which does not, and the game before goes
  // on.
  async importGame(positions) {
    const generation = this.newGeneration();
    this.busy = true;
    this.setStatus("loading", "Loading…");
    const entries = [];
    for (const [i, piles] of positions.entries()) {
      const answer = await api.position(piles, this.misere, this.requests.signal);
      if (!this.isLive(generation)) return false;
      const where = `position ${i + 1}, ${pilesText(piles)}`;
      if (!answer.ok) return this.refused(`Cannot import ${where}: ${answer.error}`);
      const before = entries[i - 1];
      if (before && !before.info.moves.some((m) => m.to.join(",") === piles.join(","))) {
        return this.refused(`Cannot import ${where}: no move leads there from ${pilesText(before.piles)}.`);
      }
      entries.push({ piles, info: answer.data, by: i === 0 ? "start" : "you" });
    }
    this.busy = false;
    this.entries = entries;
    this.index = entries.length - 1;
    await this.loadGames();
    if (!this.isLive(generation)) return false;
    this.render();
    this.onChange();
    return true;
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

  undo() {
    if (this.busy || this.index <= 0) return;
    let j = this.index - 1;
    while (j > 0 && this.enginesTurn(j)) j -= 1;
    this.goTo(j);
  }

  redo() {
    if (this.busy || this.index >= this.entries.length - 1) return;
    let j = this.index + 1;
    while (j < this.entries.length - 1 && this.enginesTurn(j)) j += 1;
    this.goTo(j);
  }

  canUndo() { return !this.busy && this.index > 0; }
  canRedo() { return !this.busy && this.index < this.entries.length - 1; }

  goTo(j) {
    this.index = j;
    this.loadGames().then(() => this.renderValue());
    this.render();
    this.onChange();
  }

  // Goes to the entry at `piles`, if the game has one; false if not.
  seek(piles) {
    const key = piles.join(",");
    const j = this.entries.findIndex((e) => e.piles.join(",") === key);
    if (j < 0) return false;
    if (j !== this.index) this.goTo(j);
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
    this.undoButton.disabled = !this.canUndo();
    this.redoButton.disabled = !this.canRedo();
    if (this.keepFocus && !this.busy) this.refocus();
  }

  // After a move from the keyboard, the focus goes to the first move of
  // the new position, or to Undo when no move is left, never to the page.
  refocus() {
    this.keepFocus = false;
    const first = this.movesBox.querySelector("button.move[tabindex='0']:not(:disabled), summary");
    (first ?? this.undoButton).focus();
  }

  renderStatus() {
    const info = this.current.info;
    const enginesTurn = this.enginesTurn(this.index);
    if (this.over()) {
      // The player to move at the end has the position's outcome.
      const moverWins = info.outcome === "win";
      const youMove = !enginesTurn;
      let text;
      if (!this.engine) text = moverWins ? "Game over: the player to move wins." : "Game over: the player who moved last wins.";
      else text = moverWins === youMove ? "You win!" : "The engine wins.";
      this.setStatus("over", text);
    } else if (this.busy) {
      this.setStatus("engine", "The engine is thinking…");
    } else {
      this.setStatus("player", this.engine ? "Your move." : "Your move (you play both sides).");
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
    const clickable = !this.over() && !this.enginesTurn(this.index);
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

  // The moves of the position, a row for each set of piles of each game.
  // Past GROUPED_PAST moves the rows are groups, collapsed, whose buttons
  // are made when a group is opened: a position with piles of 1000 has
  // 7000 moves, a sum of 8 such games 28,000.
  renderMoves() {
    const piles = this.current.piles;
    const info = this.current.info;
    const byTarget = new Map(info.moves.map((m) => [m.to.join(","), m]));
    const active = !this.over() && !this.enginesTurn(this.index) && !this.busy;
    const grouped = info.moves.length > GROUPED_PAST;
    this.movesBox.replaceChildren();
    let first = true;
    chunks(piles).forEach((game, g) => {
      for (const set of PILE_SETS) {
        const most = Math.min(...set.map((k) => game[k]));
        if (most === 0) continue;
        const names = set.map((k) => pileName(3 * g + k)).join("+");
        const label = el("span", { class: "move-label", text: `${names}` });
        const chips = el("span", { class: "chips" });
        const fill = () => {
          for (let n = 1; n <= most; n += 1) {
            const to = piles.slice();
            for (const k of set) to[3 * g + k] -= n;
            const chip = this.moveButton(n, names, to, byTarget.get(to.join(",")), active);
            // One Tab stop for all the buttons, or, grouped, one a group.
            chip.tabIndex = first || (grouped && n === 1) ? 0 : -1;
            first = false;
            chips.append(chip);
          }
        };
        if (!grouped) {
          fill();
          this.movesBox.append(el("div", { class: "move-row" }, label, chips));
          continue;
        }
        const wins = [];
        for (let n = 1; n <= most; n += 1) {
          const to = piles.slice();
          for (const k of set) to[3 * g + k] -= n;
          if (byTarget.get(to.join(","))?.outcome === "lose") wins.push(n);
        }
        const told = this.showValues
          ? `, ${wins.length ? `winning: take ${wins.join(", ")}` : "none winning"}`
          : "";
        const summary = el("summary", { text: `${most} move${most === 1 ? "" : "s"}${told}` });
        summary.prepend(label, " ");
        const group = el("details", { class: "move-row move-group" }, summary, chips);
        group.addEventListener("toggle", () => {
          if (group.open && !chips.childElementCount) fill();
        }, { once: false });
        this.movesBox.append(group);
      }
    });
    if (!this.movesBox.childElementCount) {
      this.movesBox.append(el("p", { class: "help", text: "No move is left." }));
    }
  }

  // The button of the move that takes `n` from `names`, leaving `to`.
  moveButton(n, names, to, move, active) {
    const chip = el("button", { type: "button", class: "move", "data-to": to.join(","), text: String(n) });
    chip.dataset.take = String(n);
    let label = `Take ${n} from ${names}, leaving ${pilesText(to)}`;
    if (this.showValues && move) {
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
        label = `${n}, ${move.remoteness} moves left after it: ${label}`;
      }
    }
    chip.setAttribute("aria-label", label);
    chip.title = label;
    chip.disabled = !active;
    chip.addEventListener("click", () => this.play(to));
    return chip;
  }

  // The moves played, in words, each a button back to the position it
  // left; the start first.
  renderPlayed() {
    const who = (by) => ({ you: this.engine ? "You" : "The player", engine: "The engine" }[by] ?? "");
    this.playedList.replaceChildren(...this.entries.map((e, i) => {
      const text = i === 0
        ? `Start: ${pilesText(e.piles)}`
        : `${who(e.by)} ${moveWords(this.entries[i - 1], e.piles)}`;
      const button = el("button", { type: "button", text: `${text}${i > this.index ? " (undone)" : ""}` });
      button.setAttribute("aria-current", i === this.index ? "step" : "false");
      button.dataset.index = String(i);
      button.addEventListener("click", () => {
        if (this.busy || i === this.index) return;
        // A position where the engine is to reply shows its reply, or the
        // position before the move when it has none yet.
        let j = i;
        if (this.enginesTurn(j)) j = j + 1 < this.entries.length ? j + 1 : j - 1;
        this.goTo(j);
      });
      return el("li", {}, button);
    }));
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

  renderHistory() {
    const width = 640;
    const height = 180;
    const mid = height / 2;
    // Above the axis when the player to move wins, below when they lose.
    // A position with no move left keeps its side, half a step off the
    // axis: under misère play the end is a win for the player to move.
    const outcomes = this.entries.map((e) => e.info.outcome);
    const values = this.entries.map((e) => {
      const r = e.info.remoteness;
      const size = r === null ? 1 : Math.max(r, 0.5);
      return e.info.outcome === "win" ? size : -size;
    });
    const most = Math.max(1, ...values.map(Math.abs));
    const step = Math.min(40, (width - 40) / Math.max(1, this.entries.length - 1));
    const x = (i) => 30 + i * step;
    const y = (v) => mid - (v / most) * (mid - 16);
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("class", "chart");
    const add = (tag, attrs, text) => {
      const node = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      if (text !== undefined) node.textContent = text;
      svg.append(node);
      return node;
    };
    add("line", { x1: 24, x2: width - 4, y1: mid, y2: mid, class: "axis" });
    add("text", { x: 2, y: 14, class: "axis-label" }, "win");
    add("text", { x: 2, y: height - 4, class: "axis-label" }, "lose");
    add("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "trace" });
    values.forEach((v, i) => {
      const dot = add("circle", {
        cx: x(i), cy: y(v), r: i === this.index ? 6 : 4,
        class: `${outcomes[i]}${i === this.index ? " now" : ""}${i > this.index ? " future" : ""}`,
      });
      const r = this.entries[i].info.remoteness;
      const title = document.createElementNS(SVG, "title");
      title.textContent = `${pilesText(this.entries[i].piles)}: ${describe(outcomes[i], r)}`;
      dot.append(title);
    });
    this.historyBox.replaceChildren(svg);
    this.renderPlayed();
    // The chart as text: each position, in order, the current one marked.
    this.historyList.replaceChildren(...this.entries.map((e, i) => el("li", {
      "aria-current": i === this.index ? "step" : "false",
      text: `${pilesText(e.piles)}: the player to move ${describe(e.info.outcome, e.info.remoteness)}${i === this.index ? " (now)" : ""}${i > this.index ? " (undone)" : ""}`,
    })));
    this.historyBox.setAttribute(
      "aria-label",
      `History: ${this.entries.map((e) => `${pilesText(e.piles)} ${e.info.outcome}${e.info.remoteness === null ? "" : ` ${e.info.remoteness}`}`).join("; ")}`,
    );
  }
}

// The move from `from` (its answer) to `to`, in words: "takes 8 from B
// and C, leaving 3 1 3", as the command line's `play` tells it.
export function moveWords(from, to) {
  const key = to.join(",");
  const move = from.info.moves.find((m) => m.to.join(",") === key);
  if (!move) return `to ${pilesText(to)}`;
  const names = move.piles.map(pileName);
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `takes ${move.stones} from ${listed}, leaving ${pilesText(to)}`;
}

function chunks(piles) {
  const out = [];
  for (let i = 0; i < piles.length; i += 3) out.push(piles.slice(i, i + 3));
  return out;
}
