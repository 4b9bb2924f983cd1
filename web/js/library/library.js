// The library view: a card per puzzle (the built-in ones from catalogue.json, and
// puzzles the player opened from files or links that have a saved game) with a
// thumbnail of the progress, size, difficulty, colour and status; sort and filter;
// a "Continue" card for the last puzzle played. Untrusted text only goes into textContent.
import { loadGame, savedGames, lastKey } from "../shell/storage.js";
import { drawThumb } from "./thumb.js";
import { formatTime } from "../play/clock.js";

export async function loadCatalogue() {
  const r = await fetch("puzzles/catalogue.json");
  if (!r.ok) throw new Error(`puzzles/catalogue.json: HTTP ${r.status}`);
  return (await r.json()).puzzles;
}

const CLASS_WORDS = { line: "line logic", probe: "needs what-ifs", search: "needs search", multiple: "several solutions" };
const CLASS_ORDER = { line: 1, probe: 2, search: 3, multiple: 4 };
const SIZES = { small: [0, 10], medium: [11, 20], large: [21, 30], huge: [31, Infinity] };

function status(rec) { return !rec ? "new" : rec.solved ? "solved" : rec.played ? "progress" : "new"; }

function statusText(item) {
  if (item.status === "solved") return `Solved in ${formatTime(item.rec.elapsed || 0)}`;
  if (item.status === "progress") {
    const known = [...item.rec.cells].filter((c) => c !== "0").length;
    return `In progress · ${Math.round((100 * known) / item.rec.cells.length)}% marked`;
  }
  return "New";
}

/** A catalogue entry as a card's item. */
function builtinItem(e) {
  const key = `builtin:${e.id}`;
  const rec = loadGame(key);
  return { key, entry: e, rec, status: status(rec), title: e.title, width: e.width, height: e.height,
    colors: e.colors || 1, difficulty: typeof e.difficulty === "number" ? e.difficulty : null, cls: e.class || null,
    author: e.author || "", note: e.copyright || "" };
}

/** A saved game of a puzzle that is not built in (opened from a file, a paste or a link). */
function savedItem(key) {
  const rec = loadGame(key);
  const p = rec && rec.puzzle;
  if (!p || !Array.isArray(p.rows) || !Array.isArray(p.columns) || !Array.isArray(p.colors)) return null;
  return { key, entry: null, rec, status: status(rec), title: rec.title || "Untitled puzzle", width: p.columns.length,
    height: p.rows.length, colors: Math.max(1, p.colors.length - 1), difficulty: null, cls: null,
    author: typeof p.author === "string" ? p.author : "", note: "opened from a file or link" };
}

const SORTS = {
  title: (a, b) => a.title.localeCompare(b.title),
  size: (a, b) => a.width * a.height - b.width * b.height || a.title.localeCompare(b.title),
  difficulty: (a, b) => (a.difficulty ?? Infinity) - (b.difficulty ?? Infinity) ||
    (CLASS_ORDER[a.cls] || 9) - (CLASS_ORDER[b.cls] || 9) || a.width * a.height - b.width * b.height,
  recent: (a, b) => ((b.rec && b.rec.saved) || 0) - ((a.rec && a.rec.saved) || 0) || a.title.localeCompare(b.title),
};

export class Library {
  /** controls: {sort, status, colour, size} selects; onOpen(item) opens a card's puzzle. */
  constructor({ list, continueBox, count, controls, onOpen }) {
    Object.assign(this, { list, continueBox, count, controls, onOpen });
    this.catalogue = [];
    for (const c of Object.values(controls)) c.addEventListener("change", () => this.render());
  }

  setCatalogue(entries) { this.catalogue = entries; this.render(); }

  items() {
    const out = this.catalogue.map(builtinItem);
    for (const { key } of savedGames()) if (!key.startsWith("builtin:")) { const it = savedItem(key); if (it) out.push(it); }
    return out;
  }

  render() {
    const all = this.items();
    const { sort, status: st, colour, size } = this.controls;
    const [lo, hi] = SIZES[size.value] || [0, Infinity];
    const shown = all.filter((it) => (st.value === "all" || it.status === st.value) &&
      (colour.value === "all" || (colour.value === "colour") === it.colors > 1) &&
      Math.max(it.width, it.height) >= lo && Math.max(it.width, it.height) <= hi).sort(SORTS[sort.value] || SORTS.title);
    this.list.replaceChildren(...shown.map((it) => this.card(it)));
    this.count.textContent = shown.length === all.length ? `${all.length} puzzles` : `${shown.length} of ${all.length} puzzles`;
    this.renderContinue(all);
  }

  renderContinue(all) {
    const key = lastKey();
    const it = all.find((x) => x.key === key);
    this.continueBox.replaceChildren();
    this.continueBox.hidden = !it || it.status !== "progress";
    if (this.continueBox.hidden) return;
    const card = this.card(it, "Continue");
    card.classList.add("lib-continue");
    this.continueBox.append(card);
  }

  card(it, lead = "") {
    const li = document.createElement("li");
    li.className = "lib-card";
    li.dataset.status = it.status;
    li.dataset.key = it.key;
    if (it.note) li.title = it.note;
    const thumb = document.createElement("canvas");
    thumb.className = "lib-thumb";
    thumb.setAttribute("aria-hidden", "true");
    drawThumb(thumb, it.width, it.height, it.status === "new" ? null : it.rec);
    const frame = document.createElement("div");
    frame.className = "lib-frame";
    frame.append(thumb);
    const info = document.createElement("div");
    info.className = "lib-info";
    const b = document.createElement("button");
    b.type = "button";
    b.className = it.entry ? "open-builtin" : "open-saved";
    if (it.entry) b.dataset.id = it.entry.id;
    b.textContent = lead ? `${lead}: ${it.title}` : it.title;
    b.addEventListener("click", () => this.onOpen(it));
    const meta = [`${it.width}×${it.height}`, it.colors > 1 ? `${it.colors} colours` : "black and white"];
    if (it.difficulty !== null) meta.push(`difficulty ${it.difficulty.toFixed(1)}`);
    if (it.cls) meta.push(CLASS_WORDS[it.cls] || it.cls);
    const badge = document.createElement("span");
    badge.className = "lib-status";
    badge.textContent = statusText(it);
    info.append(b, text("lib-meta", meta.join(" · ")), text("lib-author", it.author), badge);
    li.append(frame, info);
    return li;
  }
}

function text(className, s) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = s;
  return p;
}
