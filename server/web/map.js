// The map view: the (b, c) plane of the positions {A, b, c}, the losing
// ones marked, coloured by Grundy value or remoteness on request, with zoom,
// pan, a readout of the position under the pointer or the keyboard cursor,
// and a click (or Enter) to play from a position.

import * as api from "./api.js";

export class MapView {
  // The map the page opens with.
  static DEFAULT = { a: 0, limit: 60 };

  constructor({ onPick, onChange, showMessage }) {
    this.onPick = onPick;
    this.onChange = onChange;
    this.showMessage = showMessage;
    this.canvas = document.getElementById("map-canvas");
    this.readout = document.getElementById("map-readout");
    this.list = document.getElementById("map-list");
    this.listed = ""; // the view the list was made for
    this.ctx = this.canvas.getContext("2d");
    Object.assign(this, MapView.DEFAULT, { colour: "losing", misere: false });
    this.data = null; // {losing: Set of "b,c", grundy, remoteness}
    this.scale = 10; // pixels per cell
    this.origin = { x: 0, y: 0 }; // the cell at the top left, fractional
    this.cursor = { b: 0, c: 0 };
    this.hover = null;
    this.drag = null;
    this.bind();
  }

  bind() {
    const c = this.canvas;
    c.addEventListener("mousemove", (e) => this.mouseMove(e));
    c.addEventListener("mouseleave", () => { this.hover = null; this.drag = null; this.draw(); });
    c.addEventListener("mousedown", (e) => {
      this.drag = { x: e.offsetX, y: e.offsetY, origin: { ...this.origin }, moved: false };
    });
    c.addEventListener("mouseup", (e) => {
      const drag = this.drag;
      this.drag = null;
      const cell = this.cellAt(e.offsetX, e.offsetY);
      if (drag && !drag.moved) {
        if (cell) this.onPick([this.a, cell.b, cell.c]);
      } else if (drag) {
        // After a drag, the position now under the pointer, not the
        // keyboard's cursor that the click's focus showed.
        this.hover = cell;
        if (cell) this.showCell(cell);
        this.draw();
      }
    });
    c.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.zoom(e.deltaY < 0 ? 1.25 : 0.8, e.offsetX, e.offsetY);
    }, { passive: false });
    c.addEventListener("keydown", (e) => this.key(e));
    c.addEventListener("focus", () => this.showCell(this.cursor));
    document.getElementById("zoom-in").addEventListener("click", () => this.zoom(1.25));
    document.getElementById("zoom-out").addEventListener("click", () => this.zoom(0.8));
    document.getElementById("zoom-reset").addEventListener("click", () => this.fit());
  }

  size() { return this.canvas.width / this.ratio(); }

  ratio() { return this.canvas.width / this.canvas.clientWidth || 1; }

  // Loads the map for A, the limit, the colouring and the rules; false
  // (with the server's message shown) when the server refuses.
  async load({ a, limit, colour, misere }) {
    this.readout.textContent = "Loading…";
    const calls = [api.slice(a, limit, misere)];
    if (colour === "grundy") calls.push(api.grundy(a, limit, misere));
    if (colour === "remoteness") calls.push(api.remoteness(a, limit, misere));
    const answers = await Promise.all(calls);
    const failed = answers.find((x) => !x.ok);
    if (failed && colour === "grundy" && misere && answers[0].ok) {
      // Grundy values are normal play's alone: rather than normal play's
      // values under misère rules, the server's refusal, and the misère
      // map coloured by remoteness.
      this.showMessage(`No Grundy colouring under misère play: ${failed.error}. Coloured by remoteness instead.`);
      return this.load({ a, limit, colour: "remoteness", misere });
    }
    if (failed) {
      // The map before, if any, stays: its A, limit, colouring and rules.
      this.showMessage(`Cannot draw the map: ${failed.error}`);
      this.readout.textContent = this.data ? "The map drawn before is kept." : "";
      this.draw();
      return false;
    }
    Object.assign(this, { a, limit, colour, misere });
    this.data = {
      losing: new Set(answers[0].data.losing.map(([b, c]) => `${b},${c}`)),
      grundy: colour === "grundy" ? answers[1].data.values : null,
      remoteness: colour === "remoteness" ? answers[1].data.remoteness : null,
    };
    if (colour === "grundy") {
      this.data.most = Math.max(1, ...this.data.grundy.map((row) => Math.max(...row)));
    }
    if (colour === "remoteness") {
      this.data.most = Math.max(1, ...this.data.remoteness.map((row) => Math.max(...row)));
    }
    this.cursor = { b: Math.min(this.cursor.b, limit), c: Math.min(this.cursor.c, limit) };
    document.getElementById("map-legend").textContent = {
      losing: `b across, c down, from 0 to ${limit}; the losing positions {${a}, b, c} are marked.`,
      grundy: `b across, c down, from 0 to ${limit}; each position's Grundy value as a hue, 0 (losing) marked as the losing positions.`,
      remoteness: `b across, c down, from 0 to ${limit}; green wins and red loses, the darker the longer the game lasts.`,
    }[colour];
    this.fit();
    this.readout.textContent = `Losing positions marked: ${this.data.losing.size}. Point at a position to see its value.`;
    return true;
  }

  fit() {
    const side = this.canvas.clientWidth || 640;
    this.scale = side / (this.limit + 1);
    this.origin = { x: 0, y: 0 };
    this.draw();
  }

  zoom(factor, px, py) {
    const side = this.canvas.clientWidth || 640;
    const x = px ?? side / 2;
    const y = py ?? side / 2;
    const min = side / (this.limit + 1) / 2;
    const next = Math.min(80, Math.max(min, this.scale * factor));
    // Keep the cell under (x, y) in place.
    this.origin.x += x / this.scale - x / next;
    this.origin.y += y / this.scale - y / next;
    this.scale = next;
    this.draw();
  }

  pan(dx, dy) {
    this.origin.x += dx;
    this.origin.y += dy;
    this.draw();
  }

  cellAt(px, py) {
    const b = Math.floor(this.origin.x + px / this.scale);
    const c = Math.floor(this.origin.y + py / this.scale);
    if (b < 0 || c < 0 || b > this.limit || c > this.limit) return null;
    return { b, c };
  }

  mouseMove(e) {
    if (this.drag) {
      const dx = e.offsetX - this.drag.x;
      const dy = e.offsetY - this.drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) this.drag.moved = true;
      if (this.drag.moved) {
        this.origin.x = this.drag.origin.x - dx / this.scale;
        this.origin.y = this.drag.origin.y - dy / this.scale;
        this.draw();
        return;
      }
    }
    const cell = this.cellAt(e.offsetX, e.offsetY);
    this.hover = cell;
    if (cell) this.showCell(cell);
    this.draw();
  }

  key(e) {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (step && e.shiftKey) {
      this.pan(step[0] * 5, step[1] * 5);
    } else if (step) {
      this.cursor = {
        b: Math.min(this.limit, Math.max(0, this.cursor.b + step[0])),
        c: Math.min(this.limit, Math.max(0, this.cursor.c + step[1])),
      };
      this.keepInView(this.cursor);
      this.showCell(this.cursor);
      this.draw();
    } else if (e.key === "Enter" || e.key === " ") {
      this.onPick([this.a, this.cursor.b, this.cursor.c]);
    } else if (e.key === "+" || e.key === "=") {
      this.zoom(1.25);
    } else if (e.key === "-") {
      this.zoom(0.8);
    } else if (e.key === "0") {
      this.fit();
    } else {
      return;
    }
    e.preventDefault();
  }

  keepInView({ b, c }) {
    const cells = (this.canvas.clientWidth || 640) / this.scale;
    if (b < this.origin.x) this.origin.x = b;
    if (c < this.origin.y) this.origin.y = c;
    if (b + 1 > this.origin.x + cells) this.origin.x = b + 1 - cells;
    if (c + 1 > this.origin.y + cells) this.origin.y = c + 1 - cells;
  }

  // The readout of one position.
  describe({ b, c }) {
    if (!this.data) return "";
    const losing = this.data.losing.has(`${b},${c}`);
    const parts = [`{${this.a}, ${b}, ${c}}: ${losing ? "losing" : "winning"} for the player to move`];
    if (this.data.grundy) parts.push(`Grundy value ${this.data.grundy[b][c]}`);
    if (this.data.remoteness) parts.push(`remoteness ${this.data.remoteness[b][c]}`);
    return `${parts.join("; ")}. Click or press Enter to play from it.`;
  }

  showCell(cell) {
    this.readout.textContent = this.describe(cell);
  }

  // The text alternative: the losing positions in view, remade only when
  // the view or the map changes.
  listLosing(b0, b1, c0, c1) {
    const view = `${this.a},${this.limit},${this.misere},${b0},${b1},${c0},${c1},${this.data.losing.size}`;
    if (view === this.listed) return;
    this.listed = view;
    const items = [];
    for (let b = b0; b <= b1; b += 1) {
      for (let c = c0; c <= c1; c += 1) {
        if (this.data.losing.has(`${b},${c}`)) {
          const li = document.createElement("li");
          li.textContent = `{${this.a}, ${b}, ${c}}`;
          items.push(li);
        }
      }
    }
    this.list.replaceChildren(...items);
  }

  colours() {
    const style = getComputedStyle(document.documentElement);
    const v = (name) => style.getPropertyValue(name).trim();
    return {
      back: v("--map-back"), grid: v("--map-grid"), losing: v("--map-losing"),
      win: v("--win"), lose: v("--lose"), cursor: v("--accent"), text: v("--fg"),
    };
  }

  draw() {
    const ctx = this.ctx;
    const dpr = window.devicePixelRatio || 1;
    const side = this.canvas.clientWidth || 640;
    if (this.canvas.width !== Math.round(side * dpr)) {
      this.canvas.width = Math.round(side * dpr);
      this.canvas.height = Math.round(side * dpr);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const col = this.colours();
    ctx.fillStyle = col.back;
    ctx.fillRect(0, 0, side, side);
    if (!this.data) return;
    const s = this.scale;
    const b0 = Math.max(0, Math.floor(this.origin.x));
    const c0 = Math.max(0, Math.floor(this.origin.y));
    const b1 = Math.min(this.limit, Math.ceil(this.origin.x + side / s));
    const c1 = Math.min(this.limit, Math.ceil(this.origin.y + side / s));
    this.listLosing(b0, b1, c0, c1);
    const px = (b) => (b - this.origin.x) * s;
    const py = (c) => (c - this.origin.y) * s;
    const gap = s > 6 ? 1 : 0;
    for (let b = b0; b <= b1; b += 1) {
      for (let c = c0; c <= c1; c += 1) {
        const losing = this.data.losing.has(`${b},${c}`);
        let fill = null;
        if (this.data.grundy) {
          const g = this.data.grundy[b][c];
          fill = g === 0 ? col.losing : `hsl(${(g * 360) / (this.data.most + 1)}, 65%, 55%)`;
        } else if (this.data.remoteness) {
          const r = this.data.remoteness[b][c];
          const t = 1 - r / (this.data.most + 1);
          fill = losing ? `hsl(0, 70%, ${30 + 35 * t}%)` : `hsl(130, 55%, ${30 + 35 * t}%)`;
        } else if (losing) {
          fill = col.losing;
        }
        if (fill) {
          ctx.fillStyle = fill;
          ctx.fillRect(px(b), py(c), s - gap, s - gap);
        }
      }
    }
    if (s >= 14) {
      ctx.strokeStyle = col.grid;
      ctx.lineWidth = 1;
      for (let b = b0; b <= b1 + 1; b += 1) {
        ctx.beginPath(); ctx.moveTo(px(b) - 0.5, py(c0)); ctx.lineTo(px(b) - 0.5, py(c1 + 1)); ctx.stroke();
      }
      for (let c = c0; c <= c1 + 1; c += 1) {
        ctx.beginPath(); ctx.moveTo(px(b0), py(c) - 0.5); ctx.lineTo(px(b1 + 1), py(c) - 0.5); ctx.stroke();
      }
    }
    for (const [cell, width] of [[this.hover, 2], [document.activeElement === this.canvas ? this.cursor : null, 3]]) {
      if (!cell) continue;
      ctx.strokeStyle = col.cursor;
      ctx.lineWidth = width;
      ctx.strokeRect(px(cell.b) - 1, py(cell.c) - 1, s + 1, s + 1);
    }
  }
}
