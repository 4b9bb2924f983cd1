// Edges between two neighbouring cells, the parts of a board the loop plug-in (loop.js)
// marks: a value per edge (0 unknown, 1 cross: no line, 2 line). Masyu's game keeps them.

export const LINE = 2;

/** Edge indices of Masyu: horizontal edges (x, y)-(x+1, y) first, then vertical ones (x, y)-(x, y+1). */
export function edgeIndex(p, x, y, dir) {
  const { width: w, height: h } = p;
  if (dir === "e") return x + 1 < w ? y * (w - 1) + x : -1;
  if (dir === "w") return x > 0 ? y * (w - 1) + x - 1 : -1;
  if (dir === "s") return y + 1 < h ? (w - 1) * h + y * w + x : -1;
  return y > 0 ? (w - 1) * h + (y - 1) * w + x : -1;
}

/** The two cells an edge joins: [x1, y1, x2, y2]. */
export function edgeCells(p, i) {
  const { width: w, height: h } = p;
  if (i < (w - 1) * h) { const y = Math.floor(i / (w - 1)), x = i % (w - 1); return [x, y, x + 1, y]; }
  const j = i - (w - 1) * h, y = Math.floor(j / w), x = j % w;
  return [x, y, x, y + 1];
}
