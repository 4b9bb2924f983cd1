// The everyday word for a colour (red, dark blue, ...), as the engine names a file's colours given
// only as RGB: the nearest in CIELAB of its table's typical shades. The table is the engine's
// (site/colour-words.json, which the build writes from pysolver's COLOUR_WORDS), never copied here.

let table = null;

/** The table {word: [six hex digits, ...]}, fetched once; null outside a page (Node's tests). */
export function colourWords() {
  if (typeof document === "undefined") return Promise.resolve(null);
  table ??= fetch("colour-words.json").then((r) => {
    if (!r.ok) throw new Error(`colour-words.json: HTTP ${r.status}`);
    return r.json();
  }).catch((err) => { table = null; throw err; });
  return table;
}

/** CIELAB (D65) of six hex digits, as the engine computes it: distances there follow how far
 * apart colours look. */
export function lab(rgb) {
  const linear = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const [r, g, b] = [0, 2, 4].map((k) => linear(parseInt(rgb.slice(k, k + 2), 16)));
  const xyz = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883];
  const [fx, fy, fz] = xyz.map((t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116));
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** The word of `words` (the table) nearest to `rgb` (six hex digits). */
export function colourWord(rgb, words) {
  const at = lab(rgb.toUpperCase());
  let best = null, least = Infinity;
  for (const [word, shades] of Object.entries(words)) {
    for (const shade of shades) {
      const d = lab(shade).reduce((sum, v, i) => sum + (v - at[i]) ** 2, 0);
      if (d < least) { least = d; best = word; }
    }
  }
  return best;
}
