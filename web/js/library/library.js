// The library view: a card per puzzle of every genre (each genre's built-in puzzles, and
// puzzles the player opened from files or links that have a saved game) with a thumbnail
// of the progress, size, genre, difficulty and status; sort and filter; a "Continue" card
// for the last puzzle played. The cards as data: items.js. Untrusted text only goes into textContent.
import { loadGame, savedGames, lastKey } from "../shell/storage.js";
import { formatTime } from "../play/clock.js";
import { el } from "../shell/dom.js";
import { collectItems, continueItem, filterItems, metaText, nextItem, sortItems, starsText, statusText } from "./items.js";

let described = 0; // ids of the cards' words (their buttons' descriptions)

/** The difficulty in stars, the same for every genre (pysolver/stars.py). */
function stars(it) {
  const p = el("p", { className: "lib-stars", textContent: starsText(it.stars) });
  p.setAttribute("aria-label", Number.isInteger(it.stars) ? `Difficulty: ${it.stars} of 5 stars` : "Difficulty not rated");
  p.title = p.getAttribute("aria-label");
  return p;
}

/** `box` holds `nodes`, in order (moved only when they are not: a move lays the page out again). */
function same(box, nodes) {
  const now = box.children;
  if (now.length !== nodes.length || nodes.some((n, i) => now[i] !== n)) box.replaceChildren(...nodes);
}

export class Library {
  /** controls: {sort, status, colour, size, genre, stars} selects. */
  constructor({ list, continueBox, count, error, controls }) {
    Object.assign(this, { list, continueBox, count, error, controls });
    this.sources = [];
    this.listeners = []; // called after each render (a plug-in's own cards: the daily puzzle)
    // a card is built (and its thumbnail painted) again only when what it shows changed: the
    // library renders on every visit, and 92 cards drawn anew cost about 0.2 s of a phone's CPU
    this.cards = new Map(); // lead + key -> {sig, li}
    // filters that leave no card say so where the cards would be (a count of 0 alone read as a blank page)
    this.empty = el("p", { id: "library-empty", className: "meta", hidden: true,
      textContent: "No puzzle matches these filters: set one of them back to All or Any." });
    list.after(this.empty);
    for (const c of Object.values(controls)) c.addEventListener("change", () => this.render());
  }

  /** A genre's cards (items.js says what a source gives); its genres join the Genre filter. */
  addSource(source) {
    this.sources.push(source);
    const select = this.controls.genre;
    for (const g of source.genres) select.append(el("option", { value: g.id, textContent: g.name }));
    this.render();
  }

  /** fn() after every render. */
  onRender(fn) { this.listeners.push(fn); fn(); }

  /** A source that could not be read says so above the cards (the others still show). */
  sayError(text) { this.error.textContent = text; }

  items() { return collectItems(this.sources, savedGames(), loadGame); }

  /** The card of the puzzle to play after the one saved under `key` (items.js nextItem), or null. */
  next(key) { return nextItem(this.items(), key); }

  render() {
    const all = this.items();
    const c = this.controls;
    const shown = sortItems(filterItems(all, { status: c.status.value, colour: c.colour.value, size: c.size.value, genre: c.genre.value, stars: c.stars ? c.stars.value : "all" }), c.sort.value);
    same(this.list, shown.map((it) => this.card(it)));
    this.empty.hidden = shown.length > 0 || !all.length;
    this.count.textContent = shown.length === all.length ? `${all.length} puzzles` : `${shown.length} of ${all.length} puzzles`;
    const it = continueItem(all, lastKey());
    this.continueBox.hidden = !it;
    same(this.continueBox, it ? [this.card(it, "Continue")] : []);
    if (it) this.continueBox.firstChild.classList.add("lib-continue");
    for (const fn of this.listeners) fn();
  }

  card(it, lead = "") {
    const id = `${lead}\n${it.key}`, rec = it.rec || {};
    const sig = [it.title, metaText(it), it.stars, it.author, it.note, statusText(it, formatTime), rec.saved, rec.cells,
      typeof window !== "undefined" ? window.devicePixelRatio : 1].join("\n");
    const had = this.cards.get(id);
    if (had && had.sig === sig) return had.li;
    const li = this.build(it, lead);
    this.cards.set(id, { sig, li });
    return li;
  }

  build(it, lead) {
    const thumb = el("canvas", { className: "lib-thumb" });
    thumb.setAttribute("aria-hidden", "true");
    it.draw(thumb);
    const b = el("button", { type: "button", className: it.builtinId ? "open-builtin" : "open-saved",
      textContent: lead ? `${lead}: ${it.title}` : it.title });
    if (it.builtinId) b.dataset.id = it.builtinId;
    b.addEventListener("click", () => it.open());
    const meta = el("p", { className: "lib-meta", textContent: metaText(it) }), rated = stars(it);
    const status = el("span", { className: "lib-status", textContent: statusText(it, formatTime) });
    // the button's description: what the card shows beside its title (size, stars, progress),
    // so a screen reader going from card to card hears more than titles
    b.setAttribute("aria-describedby", [meta, rated, status].map((w) => (w.id = `lib-words-${++described}`)).join(" "));
    const li = el("li", { className: "lib-card" }, el("div", { className: "lib-frame" }, thumb),
      el("div", { className: "lib-info" }, b, meta, rated,
        el("p", { className: "lib-author", textContent: it.author }), status));
    Object.assign(li.dataset, { status: it.status, key: it.key, genre: it.genre });
    if (it.note) li.title = it.note;
    return li;
  }
}
