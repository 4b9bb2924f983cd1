// Share links: the puzzle (pysolver JSON) deflated and base64url-encoded in the
// URL fragment, "#p=<data>". Nothing goes to a server.
// The JSON may carry "givens": [{row, column, value}] (1-based; value a state
// character: "." empty, "#" or a colour's char filled), the cells the editor's Fix
// panel shows at the start. Links without it (all older ones) open as before, and
// the engine's parser ignores the extra key, so older pages open new links too
// (without the givens); app.js reads it from the decoded text.

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

export async function encodeShare(puzzleDict) {
  const bytes = new TextEncoder().encode(JSON.stringify(puzzleDict));
  return "p=" + toBase64Url(await pipe(bytes, new CompressionStream("deflate-raw")));
}

/** The puzzle text carried by a "#p=..." fragment; throws a readable Error when damaged. */
export async function decodeShare(fragment) {
  const data = fragment.replace(/^#?p=/, "");
  try {
    const bytes = await pipe(fromBase64Url(data), new DecompressionStream("deflate-raw"));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error("this share link is damaged (its puzzle data cannot be decoded)");
  }
}

/** The well-formed "givens" of a pysolver JSON text (a share link's, or a file downloaded from Play),
 * as [{row, column, value?}]; [] when there are none. The engine's parse leaves the key out. */
export function readGivens(text) {
  let d;
  try { d = JSON.parse(text); } catch { return []; }
  if (!d || Array.isArray(d) || !Array.isArray(d.givens)) return [];
  return d.givens.filter((g) => g && Number.isInteger(g.row) && Number.isInteger(g.column))
    .map((g) => (typeof g.value === "string" && g.value.length === 1
      ? { row: g.row, column: g.column, value: g.value } : { row: g.row, column: g.column }));
}

export function shareUrl(fragment) {
  const u = new URL(location.href);
  u.hash = fragment;
  return u.href;
}
