// A file of several puzzles (a TAAI contest file holds a thousand nonograms, a .non bundle or
// an XML set a few, a Nikoli file one puzz.link URL a line): its first puzzle opens, and this
// notice above the board opens any other of the file's, or the next, for as long as one of
// them is in play. One for every genre: the frame (play/view.js) shows it. The last file is
// kept for the next visit (shell/kept.js): a player who comes back to one of its puzzles
// has the rest of the file at hand again, without finding the file anew.
import { el } from "../shell/dom.js";
import { keepValue, keptValue } from "../shell/kept.js";

const KEPT = "file-choice", KEPT_AT = "file-choice:at"; // {kind, filename, puzzles, keys}; the place chosen

/** A puzzle's line in the list: its title (its place when it has none, with its genre in a
 * file that mixes genres: "2. Masyu"), with its size unless the title says it. */
function optionText(d, k, genre) {
  const title = d.title || (genre ? `${k + 1}. ${genre}` : `Puzzle ${k + 1}`), size = `${d.width}×${d.height}`;
  return title.includes(size) ? title : `${title} (${size})`;
}

/** Whether a kept record has the shape show() gave it (storage outlives builds). */
const whole = (r) => !!r && typeof r.kind === "string" && typeof r.filename === "string" && Array.isArray(r.puzzles)
  && Array.isArray(r.keys) && r.puzzles.length === r.keys.length && r.puzzles.length > 1
  && (r.genres === undefined || (Array.isArray(r.genres) && r.genres.length === r.puzzles.length));

export class FileChoice {
  /** getGame(): the game in play. */
  constructor({ getGame }) {
    this.getGame = getGame;
    this.file = null; // {kind, filename, puzzles, keys}
    this.openers = new Map(); // kind -> open(dict): how a genre plays a puzzle of its files
    this.kept = null; // the last visit's file, read once (a promise)
    this.chosen = -1;
    this.words = el("span", { id: "file-choice-words" });
    this.pick = el("select", { id: "file-choice-pick" });
    this.pick.setAttribute("aria-label", "Which puzzle of the file");
    const go = el("button", { type: "button", id: "file-choice-open", textContent: "Open" });
    this.next = el("button", { type: "button", id: "file-choice-next", textContent: "Next ▶" });
    go.addEventListener("click", () => this.choose(Number(this.pick.value)));
    this.next.addEventListener("click", () => this.choose(Number(this.pick.value) + 1));
    this.element = el("div", { id: "file-choice", className: "panel notice file-choice", hidden: true },
      this.words, " ", this.pick, " ", go, " ", this.next);
    this.element.setAttribute("role", "group");
    this.element.setAttribute("aria-label", "Puzzles of the file");
  }

  /** How the files of `kind` (a genre's, or the Nikoli genres') play a puzzle: open(dict). */
  opener(kind, open) { this.openers.set(kind, open); }

  /** The puzzles read from one file (more than one) of `kind`: the first opens. keyOf(dict)
   * is the key its game gets (the genre's); genreOf(dict), when the file mixes genres, the
   * name of the genre of each (the list says it). */
  show(filename, puzzles, { kind, keyOf, genreOf = null }) {
    this.take({ kind, filename, puzzles, keys: puzzles.map(keyOf), ...(genreOf ? { genres: puzzles.map(genreOf) } : {}) });
    keepValue(KEPT, this.file);
    this.choose(0);
  }

  take(file) {
    this.file = file;
    this.words.textContent = `${file.filename} holds ${file.puzzles.length} puzzles:`;
    this.pick.replaceChildren(...file.puzzles.map((d, k) => el("option", { value: String(k),
      textContent: optionText(d, k, file.genres && String(file.genres[k])) })));
  }

  choose(k) {
    if (!this.file || k < 0 || k >= this.file.puzzles.length) return;
    this.chosen = k; // a file may hold the same puzzle twice: its place is the one chosen
    keepValue(KEPT_AT, k);
    this.openers.get(this.file.kind)(this.file.puzzles[k]);
  }

  /** After every open: shown while the game in play is one of the file's, its place chosen. */
  opened(game) {
    if (!this.file) this.fromLastVisit();
    const keys = this.file ? this.file.keys : [];
    const k = keys[this.chosen] === game.key ? this.chosen : keys.indexOf(game.key);
    this.element.hidden = k < 0;
    if (k < 0) return;
    this.pick.value = String(k);
    this.next.disabled = k + 1 >= this.file.puzzles.length;
  }

  /** The file of the last visit, when the game in play is one of its puzzles. */
  fromLastVisit() {
    this.kept = this.kept || Promise.all([keptValue(KEPT), keptValue(KEPT_AT)]);
    this.kept.then(([file, at]) => {
      const game = this.getGame();
      if (this.file || !game || !whole(file) || !this.openers.has(file.kind) || !file.keys.includes(game.key)) return;
      this.take(file);
      this.chosen = Number.isInteger(at) ? at : -1;
      this.opened(game);
    });
  }
}
