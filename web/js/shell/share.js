// Share links: the puzzle (pysolver JSON) deflated and base64url-encoded in the
// URL fragment, "#p=<data>". Nothing goes to a server.
// The JSON may carry "givens": [{row, column, value}] (1-based; value a state
// character: "." empty, "#" or a colour's char filled), the cells the editor's Fix
// panel shows at the start. Links without it (all older ones) open as before, and
// the engine's parser ignores the extra key, so older pages open new links too
// (without the givens); app/app.js reads it from the decoded text.
// A link is checked against the size policy (site/limits.json, which build.py writes
// from pysolver.limits) before anything is allocated for its puzzle: the link's
// length, its size as it is unpacked (counted piece by piece, stopped at the cap),
// then the puzzle's width, height and cells.
import { hash } from "./hash.js";
import { sizeLimits } from "./limits.js";

/** What a player is told of a share link (#p=, #n=, #g=) that was cut or mangled, and why. */
export const damagedLinkWords = (why) => `this share link is damaged (${why}); ask for it again`;

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}


/** deflate-raw bytes unpacked, refused past `cap` bytes: the input goes in 1 KB pieces, so no
 * more than about 1 MB (deflate's best ratio is about 1000:1) is ever unpacked past the cap. */
async function inflateCapped(bytes, cap) {
  let at = 0;
  const input = new ReadableStream({
    pull(c) {
      if (at >= bytes.length) c.close();
      else { c.enqueue(bytes.subarray(at, at + 1024)); at += 1024; }
    },
  });
  const reader = input.pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const parts = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > cap) {
      reader.cancel().catch(() => {});
      throw new Error(`this share link's puzzle is larger than the limit of ${cap / 1048576} MB once unpacked`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let k = 0;
  for (const p of parts) { out.set(p, k); k += p.length; }
  return out;
}

/** The width and height a puzzle dict declares (clue lists, goal rows, width/height keys). */
function shapeOf(d) {
  const len = (a) => (Array.isArray(a) ? a.length : 0);
  const goal = Array.isArray(d.goal) ? d.goal : [];
  const goalWidth = goal.reduce((m, r) => Math.max(m, typeof r === "string" ? r.length : 0), 0);
  const num = (v) => (Number.isFinite(v) ? v : 0);
  return [Math.max(len(d.columns), goalWidth, num(d.width)), Math.max(len(d.rows), goal.length, num(d.height))];
}

function checkShape(text, lim) {
  let data;
  try { data = JSON.parse(text); } catch { return; } // not JSON: the engine's parse says what is wrong
  for (const d of Array.isArray(data) ? data : [data]) {
    if (!d || typeof d !== "object") continue;
    const [w, h] = shapeOf(d);
    if (w > lim.max_side || h > lim.max_side) {
      throw new Error(`this share link's puzzle is ${w}×${h}: the limit is ${lim.max_side} cells a side`);
    }
    if (w * h > lim.max_cells) {
      throw new Error(`this share link's puzzle has ${w * h} cells: the limit is ${lim.max_cells}`);
    }
  }
}

export async function encodeShare(puzzleDict) {
  const bytes = new TextEncoder().encode(JSON.stringify(puzzleDict));
  return "p=" + toBase64Url(await pipe(bytes, new CompressionStream("deflate-raw")));
}

/** The puzzle text carried by a "#p=..." fragment; throws a readable Error when it is damaged
 * or its puzzle is over the size limits (`lim`: pysolver.limits.as_dict(), by default the site's). */
export async function decodeShare(fragment, lim = null) {
  lim ??= (await sizeLimits()) ?? { max_file_bytes: Infinity, max_side: Infinity, max_cells: Infinity };
  const data = fragment.replace(/^#?p=/, "");
  if (data.length > lim.max_file_bytes) {
    throw new Error(`this share link is too long (${data.length} characters; the limit is ${lim.max_file_bytes})`);
  }
  let text;
  try {
    const bytes = await inflateCapped(fromBase64Url(data), lim.max_file_bytes);
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (err) {
    if (err.message.startsWith("this share link")) throw err;
    throw new Error(damagedLinkWords("its puzzle data cannot be decoded"));
  }
  checkShape(text, lim);
  return text;
}

/** The puzzle file text of `format` ("json", "non" or "xml", as the engine's convert wrote it) with
 * the given cells added (the engine's read gives them back as its puzzle's "givens"): the same [{row, column, value}] JSON list everywhere, as the "givens" key of
 * a JSON file, a `givens <list>` line in .non (whose readers skip lines they do not know) and a
 * <givens> element in the <puzzle> of webpbn XML (an element its readers do not look for). */
export function writeGivens(text, format, givens) {
  if (!givens.length) return text;
  const list = JSON.stringify(givens);
  if (format === "json") {
    const end = text.lastIndexOf("}");
    return `${text.slice(0, end).trimEnd()},\n "givens": ${list}\n}\n`;
  }
  if (format === "non") return `${text.trimEnd()}\n\ngivens ${list}\n`;
  if (format === "xml") {
    const esc = list.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const end = text.indexOf("</puzzle>");
    return `${text.slice(0, end)}<givens>${esc}</givens>\n${text.slice(end)}`;
  }
  throw new Error(`given cells cannot be written to a ${format} file`);
}

/** A short mark of a puzzle's clues and colours (7 hex characters of its hash). A
 * generated puzzle's link carries it after its recipe ("#g=<recipe>~<mark>"), so the page can
 * tell when the recipe now makes another puzzle (the link came from an earlier generator). */
export function puzzleMark(dict) {
  const colours = Array.isArray(dict.colors) ? dict.colors.map((c) => [c && c.char, c && c.rgb]) : null;
  return hash(JSON.stringify([dict.rows, dict.columns, colours])).padStart(7, "0").slice(0, 7);
}

export function shareUrl(fragment) {
  const u = new URL(location.href);
  u.hash = fragment;
  return u.href;
}
