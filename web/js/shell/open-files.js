// Opening puzzles from outside: the file picker, the paste box (both in the
// library's compact "Open a file or paste" panel) and page-wide drag-and-drop.
// A view may take dropped files while it shows (app.registerDropTarget).

import { sizeLimits } from "./limits.js";

/** Bytes to text: UTF-16 when a byte-order mark says so, UTF-8 when the bytes are valid UTF-8,
 * else windows-1252 (older .non files are Latin-1: "Café", not "Caf\ufffd"). The command line
 * decodes alike (pysolver/decode.py, which also refuses images and binary files in these words). */
export function decodeText(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try { return new TextDecoder("utf-8", { fatal: true }).decode(bytes); }
  catch { return new TextDecoder("windows-1252").decode(bytes); }
}

// The first bytes of the image files a player may take for "a picture" (the puzzle formats'
// pictures are text grids and PBM): PNG, JPEG, GIF, WebP (RIFF), BMP.
const IMAGES = [[0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38], [0x52, 0x49, 0x46, 0x46], [0x42, 0x4d]];

/** A file's text, refused before it is read when it is over the size policy's byte cap, and in
 * a player's words when it is no text at all (an image, any binary file). */
export async function readFile(file) {
  const lim = await sizeLimits().catch(() => null);
  if (lim && file.size > lim.max_file_bytes) {
    throw new Error(`${file.name}: the file has ${file.size.toLocaleString("en")} bytes, over the limit of `
      + `${lim.max_file_bytes.toLocaleString("en")} bytes`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = decodeText(bytes);
  const image = IMAGES.some((sig) => sig.every((b, i) => bytes[i] === b));
  // a PNG or JPEG cut short may hold no NUL, yet its first byte is never a text's
  if (!text.includes("\0") && !(image && bytes[0] >= 0x80)) return text;
  if (image) {
    throw new Error(`${file.name}: this is an image, not a puzzle file; to make a puzzle of a picture, `
      + "use Create, then Import an image");
  }
  throw new Error(`${file.name}: this is not a puzzle file (it holds binary data, not text)`);
}

/** The toggle button shows and hides the panel (Escape closes it, focus returns to the button). */
export function bindOpenPanel(toggle, panel, focusFirst) {
  const set = (open) => {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    if (open) focusFirst.focus();
  };
  toggle.addEventListener("click", () => set(panel.hidden));
  panel.addEventListener("keydown", (e) => { if (e.key === "Escape") { set(false); toggle.focus(); } });
  return { close: () => set(false) };
}

/** Wire the picker, the paste box and page-wide drag-and-drop to onText(text, filename).
 * dropTarget(), when given, may return another {onText, onError} for a drop (the current view's),
 * or {onFile(file)}: a view that reads the dropped file itself (Create: an image to import). */
export function bindOpeners({ input, fileButton, pasteText, pasteButton, dropZone, onText, onError, dropTarget = () => null }) {
  fileButton.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    try { await onText(await readFile(file), file.name); } catch (err) { onError(err); }
  });
  pasteButton.addEventListener("click", async () => {
    const text = pasteText.value;
    if (!text.trim()) { onError(new Error("the paste box is empty")); return; }
    try { await onText(text, "pasted text"); } catch (err) { onError(err); }
  });
  let depth = 0;
  const hasFiles = (e) => e.dataTransfer && [...e.dataTransfer.types].includes("Files");
  window.addEventListener("dragenter", (e) => { if (hasFiles(e)) { depth++; dropZone.hidden = false; } });
  window.addEventListener("dragleave", () => { if (--depth <= 0) { depth = 0; dropZone.hidden = true; } });
  window.addEventListener("dragover", (e) => { if (hasFiles(e)) e.preventDefault(); });
  window.addEventListener("drop", async (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth = 0;
    dropZone.hidden = true;
    const file = e.dataTransfer.files[0];
    if (!file) return;
    const target = dropTarget() || { onText, onError };
    if (target.onFile) { target.onFile(file); return; }
    try { await target.onText(await readFile(file), file.name); } catch (err) { target.onError(err); }
  });
}
