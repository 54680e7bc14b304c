// The map view: the (b, c) plane of the positions {A, b, c}, the losing
// ones marked, coloured by Grundy value or remoteness on request, with zoom,
// pan (mouse, touch and pinch), a readout of the position under the pointer
// or the keyboard cursor, and a click (or Enter) to play from a position.
//
// It is drawn as the command line's pictures are (crate stone-game-draw,
// palette.rs): b across, c upward from the bottom left, losses on a blue
// scale and wins on an orange one, each from light (the game ends soonest,
// the least value) to dark. The browser tests hold these numbers to the
// crate's.

import * as api from "./api.js";

export const LOSE_SCALE = [[33, 113, 181], [8, 48, 107]];
export const WIN_SCALE = [[254, 230, 206], [241, 105, 19]];
// The losing positions where no remoteness shades them: a Grundy value of
// 0 and the plain map's marks.
export const LOSING = LOSE_SCALE[1];

// The colour `t` of the way along `scale` (0 to 1, held to the ends).
export function along(scale, t) {
  const u = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  const [light, dark] = scale;
  return light.map((l, i) => Math.round(l + (dark[i] - l) * u));
}

const share = (n, most) => (most === 0 ? 0 : n / most);
const css = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;

// Tick steps: 1, 2, 5, 10, 20, 50... the first at least `cells` apart.
function tickStep(cells) {
  for (let step = 1; ; step *= 10) {
    for (const m of [1, 2, 5]) if (step * m >= cells) return step * m;
  }
}

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
    this.pointers = new Map(); // the pointers down: touches for a pinch
    this.scaleCanvas = document.getElementById("map-scale");
    this.bind();
  }

  bind() {
    const c = this.canvas;
    // Pointer events: a mouse, a pen or a finger drags alike; two fingers
    // pinch.
    c.addEventListener("pointermove", (e) => this.pointerMove(e));
    c.addEventListener("pointerleave", (e) => {
      if (e.pointerType !== "mouse") return;
      this.hover = null; this.drag = null; this.draw();
    });
    c.addEventListener("pointerdown", (e) => {
      c.setPointerCapture?.(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
      if (this.pointers.size === 2) {
        this.drag = null;
        this.pinch = { distance: this.spread(), scale: this.scale };
        return;
      }
      this.drag = { x: e.offsetX, y: e.offsetY, origin: { ...this.origin }, moved: false };
    });
    c.addEventListener("pointercancel", (e) => {
      this.pointers.delete(e.pointerId);
      this.drag = null;
      this.pinch = null;
    });
    c.addEventListener("pointerup", (e) => {
      this.pointers.delete(e.pointerId);
      if (this.pinch) {
        if (this.pointers.size < 2) this.pinch = null;
        return;
      }
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

  // The distance between the two pointers down.
  spread() {
    const [p, q] = [...this.pointers.values()];
    return Math.hypot(p.x - q.x, p.y - q.y) || 1;
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
      this.data.most = Math.max(0, ...this.data.grundy.map((row) => Math.max(...row)));
    }
    if (colour === "remoteness") {
      // The longest game of each outcome: each scale runs to its own.
      const longest = { win: 0, lose: 0 };
      this.data.remoteness.forEach((row, b) => row.forEach((r, c) => {
        const side = this.data.losing.has(`${b},${c}`) ? "lose" : "win";
        longest[side] = Math.max(longest[side], r);
      }));
      this.data.longest = longest;
    }
    this.cursor = { b: Math.min(this.cursor.b, limit), c: Math.min(this.cursor.c, limit) };
    document.getElementById("map-legend").textContent = {
      losing: `b across, c up, from 0 to ${limit}, as the command line's pictures; the losing positions {${a}, b, c} are marked in dark blue.`,
      grundy: `b across, c up, from 0 to ${limit}; each position's Grundy value on the orange scale below, 0 (losing) in dark blue.`,
      remoteness: `b across, c up, from 0 to ${limit}; wins orange and losses blue, the darker the longer the game lasts (the scale below).`,
    }[colour];
    this.drawScale();
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
    // Keep the cell under (x, y) in place; c counts up from the bottom.
    this.origin.x += x / this.scale - x / next;
    this.origin.y += (side - y) / this.scale - (side - y) / next;
    this.scale = next;
    this.draw();
  }

  pan(dx, dy) {
    this.origin.x += dx;
    this.origin.y += dy;
    this.draw();
  }

  cellAt(px, py) {
    const side = this.canvas.clientWidth || 640;
    const b = Math.floor(this.origin.x + px / this.scale);
    const c = Math.floor(this.origin.y + (side - py) / this.scale);
    if (b < 0 || c < 0 || b > this.limit || c > this.limit) return null;
    return { b, c };
  }

  pointerMove(e) {
    if (this.pointers.has(e.pointerId)) this.pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
    if (this.pinch && this.pointers.size === 2) {
      // Zoom about the pinch's middle by the change of its spread.
      const [p, q] = [...this.pointers.values()];
      const factor = (this.pinch.scale * this.spread() / this.pinch.distance) / this.scale;
      this.zoom(factor, (p.x + q.x) / 2, (p.y + q.y) / 2);
      return;
    }
    if (this.drag) {
      const dx = e.offsetX - this.drag.x;
      const dy = e.offsetY - this.drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) this.drag.moved = true;
      if (this.drag.moved) {
        this.origin.x = this.drag.origin.x - dx / this.scale;
        this.origin.y = this.drag.origin.y + dy / this.scale;
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
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
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
      back: v("--map-back"), grid: v("--map-grid"), ink: v("--map-ink"),
      cursor: v("--accent"), text: v("--fg"),
    };
  }

  // The colour of the cell (b, c), or null for none (a winning position
  // on the plain map).
  fill(b, c) {
    const losing = this.data.losing.has(`${b},${c}`);
    if (this.data.grundy) {
      const g = this.data.grundy[b][c];
      return g === 0 ? LOSING : along(WIN_SCALE, share(g, this.data.most));
    }
    if (this.data.remoteness) {
      const r = this.data.remoteness[b][c];
      return losing
        ? along(LOSE_SCALE, share(r, this.data.longest.lose))
        : along(WIN_SCALE, share(r, this.data.longest.win));
    }
    return losing ? LOSING : null;
  }

  draw() {
    const ctx = this.ctx;
    const dpr = window.devicePixelRatio || 1;
    const side = this.canvas.clientWidth || 640;
    if (this.canvas.width !== Math.round(side * dpr)) {
      this.canvas.width = Math.round(side * dpr);
      this.canvas.height = Math.round(side * dpr);
    }
    // In device pixels, so that every cell covers at least one whole pixel:
    // a losing position stays visible at every limit.
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const col = this.colours();
    ctx.fillStyle = col.back;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    if (!this.data) return;
    const s = this.scale;
    const b0 = Math.max(0, Math.floor(this.origin.x));
    const c0 = Math.max(0, Math.floor(this.origin.y));
    const b1 = Math.min(this.limit, Math.ceil(this.origin.x + side / s));
    const c1 = Math.min(this.limit, Math.ceil(this.origin.y + side / s));
    this.listLosing(b0, b1, c0, c1);
    // Cell edges in CSS pixels: b from the left, c up from the bottom.
    const px = (b) => (b - this.origin.x) * s;
    const py = (c) => side - (c + 1 - this.origin.y) * s;
    const gap = s > 6 ? 1 : 0;
    const device = (x) => Math.floor(x * dpr);
    for (let b = b0; b <= b1; b += 1) {
      const x0 = device(px(b));
      const x1 = Math.max(x0 + 1, device(px(b + 1) - gap));
      for (let c = c0; c <= c1; c += 1) {
        const fill = this.fill(b, c);
        if (!fill) continue;
        const y0 = device(py(c));
        const y1 = Math.max(y0 + 1, device(py(c) + s - gap));
        ctx.fillStyle = css(fill);
        ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
      }
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (s >= 14) {
      ctx.strokeStyle = col.grid;
      ctx.lineWidth = 1;
      const top = py(c1);
      const bottom = py(c0) + s;
      for (let b = b0; b <= b1 + 1; b += 1) {
        ctx.beginPath(); ctx.moveTo(px(b) - 0.5, top); ctx.lineTo(px(b) - 0.5, bottom); ctx.stroke();
      }
      for (let c = c0; c <= c1 + 1; c += 1) {
        const y = py(c) + s;
        ctx.beginPath(); ctx.moveTo(px(b0), y - 0.5); ctx.lineTo(px(b1 + 1), y - 0.5); ctx.stroke();
      }
    }
    for (const [cell, width] of [[this.hover, 2], [document.activeElement === this.canvas ? this.cursor : null, 3]]) {
      if (!cell) continue;
      ctx.strokeStyle = col.cursor;
      ctx.lineWidth = width;
      ctx.strokeRect(px(cell.b) - 1, py(cell.c) - 1, s + 1, s + 1);
    }
    this.drawTicks(side, px, py);
  }

  // Ticks and their numbers along the bottom (b) and the left (c), at
  // least 48 pixels apart (the legend names the axes); the values drawn
  // are kept in the canvas's data-ticks-b and data-ticks-c.
  drawTicks(side, px, py) {
    const ctx = this.ctx;
    const col = { ...this.colours(), text: this.colours().ink };
    const step = tickStep(48 / this.scale);
    const first = (o) => Math.max(0, Math.ceil(o / step) * step);
    const ticks = (o) => {
      const out = [];
      for (let v = first(o); v <= this.limit && v <= o + side / this.scale; v += step) out.push(v);
      return out;
    };
    const bs = ticks(this.origin.x);
    const cs = ticks(this.origin.y);
    this.canvas.dataset.ticksB = bs.join(",");
    this.canvas.dataset.ticksC = cs.join(",");
    ctx.font = "11px system-ui, sans-serif";
    ctx.lineWidth = 1;
    const label = (text, x, y, align) => {
      ctx.textAlign = align;
      ctx.textBaseline = "middle";
      const w = ctx.measureText(text).width + 6;
      ctx.fillStyle = col.back;
      ctx.globalAlpha = 0.8;
      const left = align === "left" ? x - 3 : x - w / 2;
      ctx.fillRect(left, y - 7, w, 14);
      ctx.globalAlpha = 1;
      ctx.fillStyle = col.text;
      ctx.fillText(text, align === "left" ? x : x, y);
    };
    ctx.strokeStyle = col.text;
    for (const b of bs) {
      const x = px(b) + this.scale / 2;
      ctx.beginPath(); ctx.moveTo(x, side); ctx.lineTo(x, side - 5); ctx.stroke();
      label(String(b), x, side - 13, "center");
    }
    for (const c of cs) {
      const y = py(c) + this.scale / 2;
      ctx.beginPath(); ctx.moveTo(0, y); ctx.lineTo(5, y); ctx.stroke();
      // Not over the numbers of b along the bottom.
      if (y < side - 24) label(String(c), 8, y, "left");
    }
  }

  // The colour scale under the map: the marks of the plain map, the Grundy
  // values' scale, or both outcomes' scales of remoteness, with their ends.
  drawScale() {
    const canvas = this.scaleCanvas;
    const dpr = window.devicePixelRatio || 1;
    const width = canvas.clientWidth || 640;
    const height = 40;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    const ctx = canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const col = this.colours();
    ctx.clearRect(0, 0, width, height);
    ctx.font = "12px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    const bar = (x, w, scale, from, to, name) => {
      for (let i = 0; i < w; i += 1) {
        ctx.fillStyle = css(along(scale, w === 1 ? 0 : i / (w - 1)));
        ctx.fillRect(x + i, 4, 1, 16);
      }
      ctx.fillStyle = col.text;
      ctx.textAlign = "left";
      ctx.fillText(String(from), x, 30);
      ctx.textAlign = "right";
      ctx.fillText(String(to), x + w, 30);
      ctx.textAlign = "center";
      ctx.fillText(name, x + w / 2, 30);
    };
    const swatch = (x, colour, name) => {
      ctx.fillStyle = css(colour);
      ctx.fillRect(x, 4, 16, 16);
      ctx.fillStyle = col.text;
      ctx.textAlign = "left";
      ctx.fillText(name, x + 22, 12);
    };
    let label;
    if (this.colour === "grundy") {
      swatch(0, LOSING, "0: losing");
      bar(120, Math.min(300, width - 130), WIN_SCALE, 1, this.data.most, "Grundy value");
      label = `Colour scale: Grundy value 0 (losing) dark blue; 1 to ${this.data.most} from light to dark orange.`;
    } else if (this.colour === "remoteness") {
      const w = Math.min(220, (width - 20) / 2);
      bar(0, w, WIN_SCALE, 1, this.data.longest.win, "wins: moves left");
      bar(w + 20, w, LOSE_SCALE, 0, this.data.longest.lose, "losses: moves left");
      label = `Colour scale: wins from light orange (1 move) to dark orange (${this.data.longest.win} moves); losses from light blue (0 moves) to dark blue (${this.data.longest.lose} moves).`;
    } else {
      swatch(0, LOSING, "losing position");
      label = "Colour scale: losing positions dark blue, winning ones left blank.";
    }
    canvas.setAttribute("aria-label", label);
  }
}
