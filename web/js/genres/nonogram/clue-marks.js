// The clue numbers the board crosses out, worked out on the page as the player plays, so
// they are crossed out before the engine is ready and at once after every move: a block is
// done when line logic pins it (its leftmost and rightmost places in the line, given the
// marks, are the same) and the player filled that place. The engine's `check` answers the
// same (pysolver.nonogram.player.marks.clue_marks), a cheap test per line.

/** {rows: [[bool per block]], columns: [...]} for a normalized puzzle (game.js) and the
 * game's cells (0 unknown, 1 crossed, 1 + c colour c). */
export function clueMarks(p, cells) {
  const w = p.width, h = p.height;
  const row = (y) => Array.from({ length: w }, (_, x) => cells[y * w + x]);
  const col = (x) => Array.from({ length: h }, (_, y) => cells[y * w + x]);
  return {
    rows: p.rows.map((clue, y) => lineMarks(clue, row(y))),
    columns: p.cols.map((clue, x) => lineMarks(clue, col(x))),
  };
}

/** Per block of `clue` ([{n, c}]): whether it is done in the line's values. */
export function lineMarks(clue, line) {
  const done = clue.map(() => false);
  const left = leftmost(clue, line);
  if (!left) return done; // the marks contradict the clue: nothing is pinned
  const n = line.length;
  const rev = leftmost([...clue].reverse(), [...line].reverse());
  clue.forEach((b, j) => {
    const right = n - (rev[clue.length - 1 - j] + b.n);
    if (left[j] !== right) return;
    let all = true;
    for (let k = left[j]; k < left[j] + b.n; k++) if (line[k] !== b.c + 1) { all = false; break; }
    done[j] = all;
  });
  return done;
}

/** The leftmost start of every block that fits the marks, or null when none does. */
export function leftmost(clue, line) {
  const n = line.length, m = clue.length;
  const canEmpty = (k) => line[k] === 0 || line[k] === 1;
  const canPaint = (k, c) => line[k] === 0 || line[k] === c + 1;
  // fit[j][k]: blocks j.. fit in cells k..n-1 (fit[j][n + 1] guards the gap after the last cell)
  const fit = Array.from({ length: m + 1 }, () => new Uint8Array(n + 2));
  fit[m][n] = 1;
  for (let k = n - 1; k >= 0; k--) fit[m][k] = canEmpty(k) && fit[m][k + 1] ? 1 : 0;
  const placeAt = (j, k) => { // block j starting at k, and the rest after it
    const { n: len, c } = clue[j];
    if (k + len > n) return false;
    for (let t = k; t < k + len; t++) if (!canPaint(t, c)) return false;
    const gap = j + 1 < m && clue[j + 1].c === c; // blocks of one colour need an empty cell between
    if (!gap) return !!fit[j + 1][k + len];
    return k + len < n && canEmpty(k + len) && !!fit[j + 1][k + len + 1];
  };
  for (let j = m - 1; j >= 0; j--) {
    for (let k = n - 1; k >= 0; k--) fit[j][k] = (canEmpty(k) && fit[j][k + 1]) || placeAt(j, k) ? 1 : 0;
  }
  if (!fit[0][0]) return null;
  const starts = [];
  let pos = 0;
  for (let j = 0; j < m; j++) {
    let k = pos;
    while (!placeAt(j, k)) k++; // fit[j][pos] holds, so a start is found before a filled cell is skipped
    starts.push(k);
    pos = k + clue[j].n + (j + 1 < m && clue[j + 1].c === clue[j].c ? 1 : 0);
  }
  return starts;
}
