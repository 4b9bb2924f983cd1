// Image import for the editor: decode a PNG/JPEG through canvas, average it
// down to the grid size (box filter, exact for pixel art whose blocks line up),
// then either threshold the luminance (black-and-white) or reduce to k colours
// (k-means). Only pixels are handled here; clues come from the engine.

const MAX_SOURCE = 1024; // larger images are first drawn down to this size

/** Decode a File/Blob into {width, height, data: Uint8ClampedArray RGBA}. */
export async function decodeImage(blob) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch (err) {
    throw new Error(`${blob.name || "the file"} is not an image this browser can read (PNG or JPEG)`);
  }
  const scale = Math.min(1, MAX_SOURCE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.imageSmoothingEnabled = scale < 1;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}

/** Area-average the source down (or up) to cols x rows: [{r,g,b,a}] row-major. */
export function resample(img, cols, rows) {
  const out = new Array(cols * rows);
  for (let y = 0; y < rows; y++) {
    const y0 = (y * img.height) / rows, y1 = ((y + 1) * img.height) / rows;
    for (let x = 0; x < cols; x++) {
      const x0 = (x * img.width) / cols, x1 = ((x + 1) * img.width) / cols;
      let r = 0, g = 0, b = 0, a = 0, wsum = 0;
      for (let sy = Math.floor(y0); sy < Math.ceil(y1); sy++) {
        const wy = Math.min(sy + 1, y1) - Math.max(sy, y0);
        for (let sx = Math.floor(x0); sx < Math.ceil(x1); sx++) {
          const w = wy * (Math.min(sx + 1, x1) - Math.max(sx, x0));
          if (w <= 0) continue;
          const i = (sy * img.width + sx) * 4;
          const alpha = img.data[i + 3] / 255;
          // premultiplied, so transparent pixels do not darken their neighbours
          r += w * alpha * img.data[i]; g += w * alpha * img.data[i + 1];
          b += w * alpha * img.data[i + 2]; a += w * alpha; wsum += w;
        }
      }
      out[y * cols + x] = a > 0
        ? { r: r / a, g: g / a, b: b / a, a: a / wsum }
        : { r: 255, g: 255, b: 255, a: 0 };
    }
  }
  return out;
}

const luminance = (p) => 0.2126 * p.r + 0.7152 * p.g + 0.0722 * p.b;

/** Black-and-white: a cell is filled when opaque and darker than the threshold. */
export function threshold(pixels, cols, rows, level = 128, invert = false) {
  const grid = [];
  for (let y = 0; y < rows; y++) {
    const row = [];
    for (let x = 0; x < cols; x++) {
      const p = pixels[y * cols + x];
      const dark = p.a >= 0.5 && luminance(p) < level;
      row.push(dark !== invert ? 1 : 0);
    }
    grid.push(row);
  }
  return grid;
}

const dist2 = (p, c) => (p.r - c.r) ** 2 + (p.g - c.g) ** 2 + (p.b - c.b) ** 2;

/**
 * Reduce to k colours plus background. Returns {grid, colors: [{r,g,b}]} where
 * colour 0 is the background: transparent cells, and the cluster that covers
 * most of the border. Deterministic (farthest-point seeding, fixed iterations).
 */
export function quantize(pixels, cols, rows, k) {
  const opaque = pixels.filter((p) => p.a >= 0.5);
  const centres = [];
  if (opaque.length) {
    // farthest-point seeding from the first opaque pixel: deterministic and spreads the colours
    centres.push({ ...opaque[0] });
    while (centres.length < k) {
      let best = null, bestD = -1;
      for (const p of opaque) {
        let d = Infinity;
        for (const c of centres) d = Math.min(d, dist2(p, c));
        if (d > bestD) { bestD = d; best = p; }
      }
      if (bestD <= 0) break; // fewer distinct colours than k
      centres.push({ r: best.r, g: best.g, b: best.b });
    }
    for (let it = 0; it < 12; it++) {
      const sums = centres.map(() => ({ r: 0, g: 0, b: 0, n: 0 }));
      for (const p of opaque) {
        const s = sums[nearest(p, centres)];
        s.r += p.r; s.g += p.g; s.b += p.b; s.n++;
      }
      sums.forEach((s, i) => { if (s.n) centres[i] = { r: s.r / s.n, g: s.g / s.n, b: s.b / s.n }; });
    }
  }
  const label = pixels.map((p) => (p.a >= 0.5 && centres.length ? nearest(p, centres) : -1));
  // background: transparent cells, else the cluster seen most on the border
  let bg = -1;
  if (!label.includes(-1) && centres.length) {
    const count = centres.map(() => 0);
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        if (y === 0 || x === 0 || y === rows - 1 || x === cols - 1) count[label[y * cols + x]]++;
      }
    }
    bg = count.indexOf(Math.max(...count));
  }
  const order = centres.map((_, i) => i).filter((i) => i !== bg);
  const index = new Map([[-1, 0], [bg, 0]]);
  order.forEach((c, i) => index.set(c, i + 1));
  const colors = [bg >= 0 ? centres[bg] : { r: 255, g: 255, b: 255 }, ...order.map((i) => centres[i])];
  const grid = [];
  for (let y = 0; y < rows; y++) {
    grid.push(Array.from({ length: cols }, (_, x) => index.get(label[y * cols + x])));
  }
  return { grid, colors: colors.map(({ r, g, b }) => ({ r: Math.round(r), g: Math.round(g), b: Math.round(b) })) };
}

function nearest(p, centres) {
  let best = 0, bestD = Infinity;
  centres.forEach((c, i) => {
    const d = dist2(p, c);
    if (d < bestD) { bestD = d; best = i; }
  });
  return best;
}

export const toHex = ({ r, g, b }) =>
  [r, g, b].map((v) => Math.max(0, Math.min(255, v)).toString(16).padStart(2, "0")).join("").toUpperCase();
