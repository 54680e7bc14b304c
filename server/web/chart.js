// The value history of a game, drawn as an SVG chart: each position in
// turn across; up and down, which player wins it and in how many moves,
// the first player's wins in the upper half and the second's in the lower,
// remoteness 0 at the edge and the longest at the middle, as GamesmanUni's
// value history has it. It draws what it is given and knows no rules.

const SVG = "http://www.w3.org/2000/svg";

// The chart of `points`, each `{ winner, remoteness, outcome, title }`
// (`winner` 0 for the first player, 1 for the second; `remoteness` null
// for a sum of games, whose points sit half way; `outcome` the point's
// class, "win" or "lose"; `title` its words). The point at `index` is the
// position shown: ringed, and marked by a line. `sides` are the labels of
// the upper and the lower half; a click on a point calls `onPick(i)`. It is
// drawn `width` pixels wide, the width it is shown at, so that its text
// keeps its size.
export function historyChart({ width, points, index, sides, onPick }) {
  // The lower half's label has a line of its own under the move numbers,
  // which run across the whole width on a phone.
  // The upper half's label stands above the top edge, clear of a ringed
  // point at remoteness 0 under it.
  const height = 260;
  const [left, right, top, bottom] = [52, 12, 30, 46];
  // The first point, ringed (radius 7 and its stroke), stays clear of the
  // remoteness numbers, which end 8 pixels left of the axis.
  const inset = 10;
  const base = height - bottom;
  const half = (base - top) / 2;
  const remoteness = points.map((p) => p.remoteness);
  const most = Math.max(1, ...remoteness.filter((r) => r !== null));
  const depth = (r) => ((r === null ? (most + 1) / 2 : r) / (most + 1)) * half;
  const y = (winner, r) => (winner === 0 ? top + depth(r) : base - depth(r));
  const step = Math.min(40, (width - left - inset - right) / Math.max(1, points.length - 1));
  const x = (i) => left + inset + i * step;
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
  // The remoteness axis, in both halves.
  if (remoteness.some((r) => r !== null)) {
    const tick = niceStep(most, 4);
    for (let r = 0; r <= most; r += tick) {
      for (const winner of [0, 1]) {
        const at = y(winner, r);
        add("line", { x1: left - 4, x2: width - right, y1: at, y2: at, class: "grid" });
        add("text", { x: left - 8, y: at + 4, class: "axis-label tick", "text-anchor": "end" }, String(r));
      }
    }
    add("text", { x: 12, y: top + half, class: "axis-label", transform: `rotate(-90 12 ${top + half})`, "text-anchor": "middle" }, "remoteness");
  }
  add("line", { x1: left - 4, x2: width - right, y1: top + half, y2: top + half, class: "axis" });
  add("text", { x: width - right, y: top - 12, class: "axis-label side", "text-anchor": "end" }, sides[0]);
  add("text", { x: width - right, y: height - 4, class: "axis-label side", "text-anchor": "end" }, sides[1]);
  // The moves, numbered along the bottom.
  const numbers = base + 26;
  add("text", { x: left - 8, y: numbers, class: "axis-label", "text-anchor": "end" }, "move");
  const every = niceStep(points.length - 1, 8);
  for (let i = 0; i < points.length; i += every) {
    add("text", { x: x(i), y: numbers, class: "axis-label tick", "text-anchor": "middle" }, String(i));
  }
  add("line", { x1: x(index), x2: x(index), y1: top, y2: base, class: "now-line" });
  const at = (i) => [x(i), y(points[i].winner, remoteness[i])];
  add("polyline", { points: points.map((_, i) => at(i).join(",")).join(" "), class: "trace" });
  // Points closer than their size are drawn smaller, so that a long
  // game's points stay apart (down to 1.5 pixels: the trace between them
  // still shows who wins).
  const radius = Math.max(1.5, Math.min(5, (step - 1) / 2));
  points.forEach((p, i) => {
    const [cx, cy] = at(i);
    const dot = add("circle", {
      cx, cy, r: i === index ? 7 : radius,
      class: `${p.outcome}${i === index ? " now" : ""}${i > index ? " future" : ""}`,
      "data-index": String(i),
    });
    const title = document.createElementNS(SVG, "title");
    title.textContent = p.title;
    dot.append(title);
    dot.addEventListener("click", () => onPick(i));
  });
  return svg;
}

// A step of 1, 2 or 5 times a power of ten that cuts `most` into at most
// `parts` parts.
function niceStep(most, parts) {
  for (let power = 1; ; power *= 10) {
    for (const m of [1, 2, 5]) {
      if (m * power * parts >= most) return m * power;
    }
  }
}
