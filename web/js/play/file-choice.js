// A file of several puzzles (a TAAI contest file holds a thousand nonograms, a .non bundle or
// an XML set a few, a Nikoli file one puzz.link URL a line): its first puzzle opens, and this
// notice above the board opens any other of the file's, or the next, for as long as one of
// them is in play. One for every genre: the frame (play/view.js) shows it.
import { el } from "../shell/dom.js";

/** A puzzle's line in the list: its title (its place when it has none), with its size
 * unless the title says it. */
function optionText(d, k) {
  const title = d.title || `Puzzle ${k + 1}`, size = `${d.width}×${d.height}`;
  return title.includes(size) ? title : `${title} (${size})`;
}

export class FileChoice {
  constructor() {
    this.file = null; // {puzzles, keys, open}
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

  /** The puzzles read from one file (more than one): the first opens. open(dict) plays one,
   * keyOf(dict) is the key its game gets (the genre's). */
  show(filename, puzzles, { open, keyOf }) {
    this.file = { puzzles, keys: puzzles.map(keyOf), open };
    this.words.textContent = `${filename} holds ${puzzles.length} puzzles:`;
    this.pick.replaceChildren(...puzzles.map((d, k) => el("option", { value: String(k), textContent: optionText(d, k) })));
    this.choose(0);
  }

  choose(k) {
    if (!this.file || k < 0 || k >= this.file.puzzles.length) return;
    this.chosen = k; // a file may hold the same puzzle twice: its place is the one chosen
    this.file.open(this.file.puzzles[k]);
  }

  /** After every open: shown while the game in play is one of the file's, its place chosen. */
  opened(game) {
    const keys = this.file ? this.file.keys : [];
    const k = keys[this.chosen] === game.key ? this.chosen : keys.indexOf(game.key);
    this.element.hidden = k < 0;
    if (k < 0) return;
    this.pick.value = String(k);
    this.next.disabled = k + 1 >= this.file.puzzles.length;
  }
}
