// A file of several puzzles (a TAAI contest file holds a thousand, a .non bundle or an XML
// puzzle set a few): its first puzzle opens, and this notice above the board opens any other
// of the file's, or the next one, for as long as one of them is in play.
import { el } from "../../shell/dom.js";
import { puzzleKey } from "./game.js";

const optionText = (d, k) => `${d.title || `Puzzle ${k + 1}`} (${d.width}×${d.height})`;

export class FileChoice {
  /** open(dict): play one of the file's puzzles (as any puzzle opened from a file). */
  constructor(open) {
    this.open = open;
    this.file = null; // {puzzles, keys}
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

  /** The puzzles read from one file (more than one): the first opens. */
  show(filename, puzzles) {
    this.file = { puzzles, keys: puzzles.map(puzzleKey) };
    this.words.textContent = `${filename} holds ${puzzles.length} puzzles:`;
    this.pick.replaceChildren(...puzzles.map((d, k) => el("option", { value: String(k), textContent: optionText(d, k) })));
    this.choose(0);
  }

  choose(k) {
    if (this.file && k >= 0 && k < this.file.puzzles.length) this.open(this.file.puzzles[k]);
  }

  /** After every open: shown while the game in play is one of the file's, its place chosen. */
  opened(game) {
    const k = this.file ? this.file.keys.indexOf(game.key) : -1;
    this.element.hidden = k < 0;
    if (k < 0) return;
    this.pick.value = String(k);
    this.next.disabled = k + 1 >= this.file.puzzles.length;
  }
}
