// The puzzle's Title and Author in the Create frame (create/editor.js): one pair of fields for
// every genre, written into the genre's document (its editor's `meta()`) as they are typed. Not
// moves: they are saved with the draft at each keystroke (a reload or a closed tab before the
// field is left keeps them); once a field is left the genre takes them in (`retitled()`).
import { el } from "../shell/dom.js";
import { TITLE_MAX, AUTHOR_MAX } from "./genre-editor.js";

export class TitleFields {
  /** tool(): the genre's editor shown (null while the first one loads); edited(): save the draft. */
  constructor(tool, edited) {
    this.title = el("input", { type: "text", id: "ed-title", maxLength: TITLE_MAX, placeholder: "Untitled" });
    this.author = el("input", { type: "text", id: "ed-author", maxLength: AUTHOR_MAX, placeholder: "you" });
    // the document's, and the whole states of it Undo and Redo bring back (history.js amendState)
    const set = (key, value) => {
      tool().meta()[key] = value;
      tool().history.amendState((state) => { if (state.meta) state.meta[key] = value; });
    };
    for (const [input, key] of [[this.title, "title"], [this.author, "author"]]) {
      input.addEventListener("input", () => { if (tool()) { set(key, input.value.trim()); edited(); } });
      input.addEventListener("change", () => {
        if (!tool()) return;
        set(key, input.value.trim());
        tool().retitled();
        edited();
        this.sync(tool());
      });
    }
  }

  /** The fields as `tool`'s document has them (another genre, a move: New, a file, Undo). */
  sync(tool) {
    const meta = tool.meta();
    this.title.value = meta.title || "";
    this.author.value = meta.author || "";
  }
}
