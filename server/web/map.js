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

// The ticks' numbers, drawn in the margins round the plot.
const TICK_FONT = "11px system-ui, sans-serif";

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
    // The zoom, as the cells across the plot, so that a map keeps what it
    // shows whatever width it is drawn at: hidden, resized or turned.
    this.cells = MapView.DEFAULT.limit + 1;
    this.origin = { x: 0, y: 0 }; // the cell at the bottom left, fractional
    this.cursor = { b: 0, c: 0 };
    this.hover = null;
    // The position a finger last tapped: a finger has no hover, so its
    // first tap shows a position's value and a second one plays from it.
    this.tapped = null;
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
        this.pinch = { distance: this.spread(), cells: this.cells };
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
        if (!cell) return;
        const again = this.tapped && this.tapped.b === cell.b && this.tapped.c === cell.c;
        if (e.pointerType === "touch" && !again) {
          this.tapped = cell;
          this.hover = cell;
          this.showCell(cell, "Tap it again to play from it.");
          this.draw();
          return;
        }
        this.tapped = null;
        this.onPick([this.a, cell.b, cell.c]);
      } else if (drag) {
        // After a drag, the position now under the pointer, not the
        // keyboard's cursor that the click's focus showed; a tap after it
        // starts again from showing a value.
        this.tapped = null;
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
    // The keyboard's cell is drawn while the map has the keyboard's focus
    // (not a click's or a tap's, which point at a cell of their own).
    c.addEventListener("focus", () => {
      if (!this.keyboardFocus()) return;
      this.showCell(this.cursor);
      this.draw();
    });
    c.addEventListener("blur", () => this.draw());
    document.getElementById("zoom-in").addEventListener("click", () => this.zoom(1.25));
    document.getElementById("zoom-out").addEventListener("click", () => this.zoom(0.8));
    document.getElementById("zoom-reset").addEventListener("click", () => this.fit());
  }

  // Whether the map has the focus from the keyboard, which shows its cell.
  keyboardFocus() {
    return document.activeElement === this.canvas && this.canvas.matches(":focus-visible");
  }

  // The distance between the two pointers down.
  spread() {
    const [p, q] = [...this.pointers.values()];
    return Math.hypot(p.x - q.x, p.y - q.y) || 1;
  }

  // The canvas at its displayed width, in CSS pixels: the square plot
  // (`side`, 0 while the map is hidden) and the margins round it that hold
  // the ticks and their numbers, so that no number hides a cell and none
  // is cut at the canvas's edge. A number is at most the limit's width:
  // the left margin holds it beside a tick, the right and the top half of
  // one centred on the last cell.
  layout() {
    this.ctx.font = TICK_FONT;
    const widest = Math.ceil(this.ctx.measureText(String(this.limit)).width);
    const [left, right, top, bottom] = [widest + 10, Math.ceil(widest / 2) + 2, 8, 22];
    const width = this.canvas.clientWidth;
    const side = Math.max(0, width - left - right);
    return { left, top, side, width, height: top + side + bottom };
  }

  // Pixels per cell.
  get scale() { return this.layout().side / this.cells; }

  // Loads the map for A, the limit, the colouring and the rules; false
  // (with the server's message shown) when the server refuses.
  async load({ a, limit, colour, misere }) {
    // Grundy values are normal play's alone: under misère the form offers
    // none, and a link that asks for them gets the map by remoteness,
    // without a request the server would refuse.
    if (colour === "grundy" && misere) colour = "remoteness";
    this.readout.textContent = "Loading…";
    this.tapped = null;
    const calls = [api.slice(a, limit, misere)];
    if (colour === "grundy") calls.push(api.grundy(a, limit, misere));
    if (colour === "remoteness") calls.push(api.remoteness(a, limit, misere));
    const answers = await Promise.all(calls);
    const failed = answers.find((x) => !x.ok);
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
      // The shortest and the longest game of each outcome, [shortest,
      // longest], or null for an outcome the map has none of: each scale
      // runs to its own longest and is labelled from its shortest, which
      // the rules decide (under misère {0, 0, 0} is a win in 0 moves).
      const range = { win: null, lose: null };
      this.data.remoteness.forEach((row, b) => row.forEach((r, c) => {
        const side = this.data.losing.has(`${b},${c}`) ? "lose" : "win";
        const [low, high] = range[side] ?? [r, r];
        range[side] = [Math.min(low, r), Math.max(high, r)];
      }));
      this.data.range = range;
    }
    this.cursor = { b: Math.min(this.cursor.b, limit), c: Math.min(this.cursor.c, limit) };
    document.getElementById("map-legend").textContent = {
      losing: `b across, c up, from 0 to ${limit}, as the command line's pictures; the losing positions {${a}, b, c} are marked in dark blue.`,
      grundy: `b across, c up, from 0 to ${limit}; each position's Grundy value on the orange scale below, 0 (losing) in dark blue.`,
      remoteness: `b across, c up, from 0 to ${limit}; wins orange and losses blue, the darker the longer the game lasts (the scale below).`,
    }[colour];
    this.scaleDrawn = null;
    this.fit();
    this.readout.textContent = `Losing positions marked: ${this.data.losing.size}. Point at a position to see its value.`;
    return true;
  }

  // The whole plane in view, at whatever width the map is shown.
  fit() {
    this.cells = this.limit + 1;
    this.origin = { x: 0, y: 0 };
    this.draw();
  }

  // Zooms by `factor` about the point (px, py) of the canvas, the plot's
  // centre by default: from twice the plane across to 80 pixels a cell.
  zoom(factor, px, py) {
    const { left, top, side } = this.layout();
    if (!side) return;
    const x = (px ?? left + side / 2) - left;
    const y = (py ?? top + side / 2) - top;
    const cells = Math.max(side / 80, Math.min(2 * (this.limit + 1), this.cells / factor));
    const [s, next] = [side / this.cells, side / cells];
    // Keep the cell under (x, y) in place; c counts up from the bottom.
    this.origin.x += x / s - x / next;
    this.origin.y += (side - y) / s - (side - y) / next;
    this.cells = cells;
    this.draw();
  }

  pan(dx, dy) {
    this.origin.x += dx;
    this.origin.y += dy;
    this.draw();
  }

  // The cell at the point (px, py) of the canvas; null in the margins or
  // off the plane.
  cellAt(px, py) {
    const { left, top, side } = this.layout();
    const [x, y] = [px - left, py - top];
    if (x < 0 || y < 0 || x >= side || y >= side) return null;
    const s = side / this.cells;
    const b = Math.floor(this.origin.x + x / s);
    const c = Math.floor(this.origin.y + (side - y) / s);
    if (b < 0 || c < 0 || b > this.limit || c > this.limit) return null;
    return { b, c };
  }

  pointerMove(e) {
    if (this.pointers.has(e.pointerId)) this.pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
    if (this.pinch && this.pointers.size === 2) {
      // Zoom about the pinch's middle by the change of its spread.
      const [p, q] = [...this.pointers.values()];
      const factor = (this.spread() / this.pinch.distance) * (this.cells / this.pinch.cells);
      this.zoom(factor, (p.x + q.x) / 2, (p.y + q.y) / 2);
      return;
    }
    if (this.drag) {
      const dx = e.offsetX - this.drag.x;
      const dy = e.offsetY - this.drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) this.drag.moved = true;
      const s = this.scale;
      if (this.drag.moved && s > 0) {
        this.origin.x = this.drag.origin.x - dx / s;
        this.origin.y = this.drag.origin.y + dy / s;
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
      this.cursorIntoView();
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
      this.cursorIntoView();
    } else if (e.key === "-") {
      this.zoom(0.8);
      this.cursorIntoView();
    } else if (e.key === "0") {
      this.fit();
    } else {
      return;
    }
    e.preventDefault();
  }

  // After the keyboard moved the view, the keyboard's cell moves into it
  // (to the nearest cell wholly in view), so that Enter never plays a
  // position out of sight.
  // When no whole cell of the plane is in view (panned past its edge),
  // the cell stays where it is: it is always a position of the plane.
  cursorIntoView() {
    const into = (v, origin) => {
      const [low, high] = [Math.max(0, Math.ceil(origin)), Math.min(this.limit, Math.floor(origin + this.cells) - 1)];
      return low > high ? v : Math.min(Math.max(v, low), high);
    };
    const cursor = { b: into(this.cursor.b, this.origin.x), c: into(this.cursor.c, this.origin.y) };
    if (cursor.b === this.cursor.b && cursor.c === this.cursor.c) return;
    this.cursor = cursor;
    this.showCell(cursor);
    this.draw();
  }

  keepInView({ b, c }) {
    const cells = this.cells;
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
    return `${parts.join("; ")}.`;
  }

  // The readout of `cell`, ending with how to play from it.
  showCell(cell, how = "Click or press Enter to play from it.") {
    this.readout.textContent = `${this.describe(cell)} ${how}`;
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
      cursor: v("--map-cursor"), text: v("--fg"),
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
      const [, longest] = this.data.range[losing ? "lose" : "win"];
      return along(losing ? LOSE_SCALE : WIN_SCALE, share(r, longest));
    }
    return losing ? LOSING : null;
  }

  // Draws the map at the canvas's displayed width and the device's pixel
  // ratio, and the colour scale with it when its width, the ratio, the
  // scheme or the map changed. Hidden, the map has no width: showing it
  // draws it.
  draw() {
    const { left, top, side, width, height } = this.layout();
    if (!side) return;
    const ctx = this.ctx;
    const dpr = window.devicePixelRatio || 1;
    // The border is in the element's height (box-sizing: border-box): the
    // content, which shows the bitmap, is the height drawn, unscaled.
    this.canvas.style.height = `${height + this.canvas.offsetHeight - this.canvas.clientHeight}px`;
    if (this.canvas.width !== Math.round(width * dpr) || this.canvas.height !== Math.round(height * dpr)) {
      this.canvas.width = Math.round(width * dpr);
      this.canvas.height = Math.round(height * dpr);
    }
    // Where the plot is, for the tests that point at its cells.
    this.canvas.dataset.plot = `${left},${top},${side}`;
    // In device pixels, so that every cell covers at least one whole pixel:
    // a losing position stays visible at every limit.
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const col = this.colours();
    ctx.fillStyle = col.back;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    if (!this.data) return;
    const scaleKey = `${this.scaleCanvas.clientWidth},${dpr},${col.text}`;
    if (this.scaleDrawn !== scaleKey) {
      this.scaleDrawn = scaleKey;
      this.drawScale(col);
    }
    const s = side / this.cells;
    const b0 = Math.max(0, Math.floor(this.origin.x));
    const c0 = Math.max(0, Math.floor(this.origin.y));
    const b1 = Math.min(this.limit, Math.ceil(this.origin.x + this.cells));
    const c1 = Math.min(this.limit, Math.ceil(this.origin.y + this.cells));
    this.listLosing(b0, b1, c0, c1);
    // Cell edges in CSS pixels: b from the plot's left, c up from its bottom.
    const px = (b) => left + (b - this.origin.x) * s;
    const py = (c) => top + side - (c + 1 - this.origin.y) * s;
    const gap = s > 6 ? 1 : 0;
    const device = (x) => Math.floor(x * dpr);
    // Cells, grid and cursor stay inside the plot, off the margins.
    ctx.save();
    ctx.beginPath();
    ctx.rect(device(left), device(top), device(left + side) - device(left), device(top + side) - device(top));
    ctx.clip();
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
      const low = py(c1);
      const high = py(c0) + s;
      for (let b = b0; b <= b1 + 1; b += 1) {
        ctx.beginPath(); ctx.moveTo(px(b) - 0.5, low); ctx.lineTo(px(b) - 0.5, high); ctx.stroke();
      }
      for (let c = c0; c <= c1 + 1; c += 1) {
        const y = py(c) + s;
        ctx.beginPath(); ctx.moveTo(px(b0), y - 0.5); ctx.lineTo(px(b1 + 1), y - 0.5); ctx.stroke();
      }
    }
    for (const [cell, lineWidth] of [[this.hover, 2], [this.keyboardFocus() ? this.cursor : null, 3]]) {
      if (!cell) continue;
      ctx.strokeStyle = col.cursor;
      ctx.lineWidth = lineWidth;
      ctx.strokeRect(px(cell.b) - 1, py(cell.c) - 1, s + 1, s + 1);
    }
    ctx.restore();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.drawTicks({ left, top, side }, px, py, col.ink);
  }

  // The axes along the plot's bottom (b) and left (c), with ticks and
  // their numbers outside it, at least 48 pixels apart, each under or
  // beside a cell in view (the legend names the axes); the values drawn
  // are kept in the canvas's data-ticks-b and data-ticks-c; `ink` is the
  // colour the draw read for them.
  drawTicks({ left, top, side }, px, py, ink) {
    const ctx = this.ctx;
    const s = side / this.cells;
    const step = tickStep(48 / s);
    // The cells whose middles are in view.
    const first = (o) => Math.max(0, Math.ceil((o - 0.5) / step) * step);
    const ticks = (o) => {
      const out = [];
      for (let v = first(o); v <= this.limit && v + 0.5 <= o + this.cells; v += step) out.push(v);
      return out;
    };
    const bs = ticks(this.origin.x);
    const cs = ticks(this.origin.y);
    this.canvas.dataset.ticksB = bs.join(",");
    this.canvas.dataset.ticksC = cs.join(",");
    ctx.strokeStyle = ink;
    ctx.fillStyle = ink;
    ctx.lineWidth = 1;
    ctx.font = TICK_FONT;
    const bottom = top + side;
    ctx.beginPath();
    ctx.moveTo(left - 0.5, top); ctx.lineTo(left - 0.5, bottom + 0.5); ctx.lineTo(left + side, bottom + 0.5);
    ctx.stroke();
    ctx.textAlign = "center";
    ctx.textBaseline = "top";
    for (const b of bs) {
      const x = px(b) + s / 2;
      ctx.beginPath(); ctx.moveTo(x, bottom); ctx.lineTo(x, bottom + 5); ctx.stroke();
      ctx.fillText(String(b), x, bottom + 7);
    }
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    for (const c of cs) {
      const y = py(c) + s / 2;
      ctx.beginPath(); ctx.moveTo(left, y); ctx.lineTo(left - 5, y); ctx.stroke();
      ctx.fillText(String(c), left - 7, y);
    }
  }

  // The colour scale under the map, at its displayed width and the
  // device's pixel ratio: the marks of the plain map, the Grundy values'
  // scale, or both outcomes' scales of remoteness, each bar from its
  // least value to its largest, labelled with them, in the colours `col`
  // the map's draw read.
  drawScale(col) {
    const canvas = this.scaleCanvas;
    const dpr = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = 40;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    const ctx = canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.font = "12px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    // An edge in the text's colour round a bar or a swatch `w` wide at
    // `x`: the page's background is not the map's, and the scales' light
    // ends in the light scheme, the losing blue in the dark one, would
    // hardly stand out from it.
    const edge = (x, w) => {
      ctx.strokeStyle = col.text;
      ctx.lineWidth = 1;
      ctx.strokeRect(x + 0.5, 4.5, w - 1, 15);
    };
    // A bar of the colours of the values `from` to `to`, as the map
    // colours them: `to` is the scale's dark end.
    const bar = (x, w, scale, [from, to], name) => {
      for (let i = 0; i < w; i += 1) {
        const value = from + (to - from) * (w === 1 ? 0 : i / (w - 1));
        ctx.fillStyle = css(along(scale, share(value, to)));
        ctx.fillRect(x + i, 4, 1, 16);
      }
      edge(x, w);
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
      edge(x, 16);
      ctx.fillStyle = col.text;
      ctx.textAlign = "left";
      ctx.fillText(name, x + 22, 12);
    };
    const moves = (n) => `${n} move${n === 1 ? "" : "s"}`;
    let label;
    if (this.colour === "grundy") {
      swatch(0, LOSING, "0: losing");
      bar(120, Math.min(300, width - 130), WIN_SCALE, [1, this.data.most], "Grundy value");
      label = `Colour scale: Grundy value 0 (losing) dark blue; 1 to ${this.data.most} from light to dark orange.`;
    } else if (this.colour === "remoteness") {
      const w = Math.min(220, (width - 20) / 2);
      const { win, lose } = this.data.range;
      const told = [];
      if (win) {
        bar(0, w, WIN_SCALE, win, "wins: moves left");
        told.push(`wins from light orange (${moves(win[0])}) to dark orange (${moves(win[1])})`);
      }
      if (lose) {
        bar(w + 20, w, LOSE_SCALE, lose, "losses: moves left");
        told.push(`losses from light blue (${moves(lose[0])}) to dark blue (${moves(lose[1])})`);
      }
      label = `Colour scale: ${told.join("; ")}.`;
    } else {
      swatch(0, LOSING, "losing position");
      label = "Colour scale: losing positions dark blue, winning ones left blank.";
    }
    canvas.setAttribute("aria-label", label);
  }
}
