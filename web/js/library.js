// The library view: built-in puzzles (catalogue.json), open a file by picker or
// drag-and-drop, paste text. Untrusted text only ever goes into textContent.

const MAX_FILE = 5 * 1024 * 1024;

export async function loadCatalogue() {
  const r = await fetch("puzzles/catalogue.json");
  if (!r.ok) throw new Error(`puzzles/catalogue.json: HTTP ${r.status}`);
  return (await r.json()).puzzles;
}

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

/** progressOf(entry) -> "solved" | "in progress" | "" (from the autosave). */
export function renderLibrary(tbody, entries, onOpen, progressOf = () => "") {
  tbody.replaceChildren();
  for (const e of entries) {
    const tr = document.createElement("tr");
    const first = document.createElement("td");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "open-builtin";
    b.dataset.id = e.id;
    b.textContent = e.title;
    b.addEventListener("click", () => onOpen(e));
    first.append(b);
    const progress = progressOf(e);
    if (progress) {
      const note = document.createElement("span");
      note.className = "progress-note";
      note.textContent = progress;
      first.append(note);
    }
    const notes = [...(e.tags || [])];
    if (e.colors > 1) notes.includes("multicolour") || notes.push(`${e.colors} colours`);
    tr.append(first, cell(`${e.width}×${e.height}`), cell(e.author), cell(e.license), cell(notes.join(", ")));
    tr.title = e.copyright || "";
    tbody.append(tr);
  }
}

/** Bytes to text: UTF-16 when a byte-order mark says so, UTF-8 when the bytes are valid UTF-8,
 * else windows-1252 (older .non files are Latin-1: "Café", not "Caf\ufffd"). */
export function decodeText(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try { return new TextDecoder("utf-8", { fatal: true }).decode(bytes); }
  catch { return new TextDecoder("windows-1252").decode(bytes); }
}

export async function readFile(file) {
  if (file.size > MAX_FILE) throw new Error(`${file.name}: the file is larger than 5 MB`);
  return decodeText(new Uint8Array(await file.arrayBuffer()));
}

/** Wire the picker, the paste box and page-wide drag-and-drop to onText(text, filename).
 * dropTarget(), when given, may return another {onText, onError} for a drop (the current view's). */
export function bindOpeners({ input, pasteText, pasteButton, dropZone, onText, onError, dropTarget = () => null }) {
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
    try { await target.onText(await readFile(file), file.name); } catch (err) { target.onError(err); }
  });
}
