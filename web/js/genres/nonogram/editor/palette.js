// The editor's palette: pick the paint colour, add, rename, recolour, remove; and the same
// choice as a strip of swatches under the board (`strip`: editor.css shows it on a narrow screen,
// where the Colours panel lies below the board, out of a thumb's reach while painting).
// Names are user text: shown through textContent and input values only. Each set of swatches is
// one Tab stop, its arrows choose (shell/arrows.js): a keyboard reaches the next control at once.
// A colour the editor names gets its everyday word (shell/colour-words.js, the engine's words),
// which follows its colour until the author types a name of their own.
import { radioKeys, rove } from "../../../shell/arrows.js";
import { colourWords, colourWord } from "../../../shell/colour-words.js";
import { sizeLimits } from "../../../shell/limits.js";

export class EditorPalette {
  /** say(text): the status line (what a removed colour's cells became). */
  constructor(container, grid, strip, say = () => {}) {
    this.say = say;
    this.box = container;
    this.strip = strip;
    this.grid = grid;
    this.doc = null;
    // a new colour marks the swatches again, never draws them anew: the focus stays on its swatch
    grid.addEventListener("color", () => this.mark());
    radioKeys(container, () => [...container.querySelectorAll(".ed-swatch")]);
    if (strip) radioKeys(strip, () => [...strip.children]);
    this.words = null; // the words' table, once fetched (until then, or offline before: "colour 2")
    this.ready = colourWords().then((w) => { this.words = w; }, () => {});
    // the engine's limit of colours besides the background (site/limits.json): Add colour stops there
    this.maxColours = Infinity;
    sizeLimits().then((l) => { if (l && l.max_colours) { this.maxColours = l.max_colours; this.markLimit(); } }, () => {});
  }

  /** The editor's name for colour `k` of `colors` (the document's) in colour `rgb`: its word,
   * "<word> 2" where another colour has it. */
  nameFor(rgb, k, colors = this.doc.colors) {
    const word = this.words ? colourWord(rgb, this.words) : `colour ${k}`;
    const taken = new Set(colors.filter((_, i) => i !== k).map((c) => c.name));
    let name = word;
    for (let n = 2; taken.has(name); n++) name = `${word} ${n}`;
    return name;
  }

  /** `colors` with the editor's names for those marked `auto` (an imported picture's). */
  named(colors) {
    const out = colors.map((c) => ({ ...c }));
    out.forEach((c, k) => { if (k && c.auto) c.name = this.nameFor(c.rgb, k, out); });
    return out;
  }

  /** `colors` of a file with the names that are their colour's word (the reader's, as a .non
   * file's are) marked `auto`: such a name follows its colour, as the editor's own do. */
  fileNamed(colors) {
    return colors.map((c, k) => ({ ...c, auto: k > 0 && !!this.words && c.name === colourWord(c.rgb, this.words) }));
  }

  /** The chosen colour's swatches checked, and the ones Tab reaches. */
  mark() {
    for (const box of [this.box, this.strip]) {
      if (!box) continue;
      const radios = [...box.querySelectorAll("[role=radio]")];
      for (const b of radios) b.setAttribute("aria-checked", String(Number(b.dataset.color) === this.grid.color));
      rove(radios);
    }
  }

  setDoc(doc) {
    this.doc = doc;
    if (this.grid.color >= doc.colors.length) this.grid.setColor(1);
    this.render();
  }

  render() {
    const d = this.doc;
    if (!d) return;
    if (this.grid.color >= d.colors.length) this.grid.color = 1;
    const list = document.createElement("div");
    list.className = "ed-palette";
    list.setAttribute("role", "radiogroup");
    list.setAttribute("aria-label", "Paint colour");
    d.colors.forEach((c, k) => {
      let after = null;
      const item = document.createElement("div");
      item.className = "ed-colour";
      const pick = document.createElement("button");
      pick.type = "button";
      pick.className = "ed-swatch";
      pick.style.background = `#${c.rgb}`;
      pick.setAttribute("role", "radio");
      pick.setAttribute("aria-label", k ? `paint with ${c.name}${k < 10 ? ` (key ${k})` : ""}` : "paint background (erase)");
      pick.title = pick.getAttribute("aria-label");
      pick.dataset.color = String(k);
      pick.addEventListener("click", () => this.grid.setColor(k));
      item.append(pick);
      if (k === 0) {
        const label = document.createElement("span");
        label.className = "meta";
        label.textContent = "background";
        item.append(label);
      } else {
        const name = document.createElement("input");
        name.type = "text";
        name.className = "ed-colour-name";
        name.value = c.name;
        name.maxLength = 40;
        name.setAttribute("aria-label", `name of colour ${k}`);
        // a name refused (empty, or another colour's) is said beside the field, the old one kept
        const note = document.createElement("p");
        note.className = "ed-colour-note error";
        note.id = `ed-colour-note-${k}`;
        note.hidden = true;
        name.setAttribute("aria-describedby", note.id);
        name.addEventListener("change", () => {
          const old = d.colors[k].name, typed = name.value.trim();
          if (d.editColor(k, { name: name.value })) return;
          const other = d.colors.findIndex((c, i) => i !== k && c.name === typed);
          note.textContent = !typed ? `A colour needs a name: it is still “${old}”.`
            : other === 0 ? `“${typed}” is taken: it names the background. This colour is still “${old}”.`
              : `Another colour is already called “${typed}”: this one is still “${old}”.`;
          note.hidden = false;
          name.value = old;
        });
        name.addEventListener("input", () => { note.hidden = true; note.textContent = ""; }); // no stale description
        after = note;
        const rgb = document.createElement("input");
        rgb.type = "color";
        rgb.value = `#${c.rgb.toLowerCase()}`;
        rgb.setAttribute("aria-label", `colour of ${c.name}`);
        rgb.addEventListener("change", () => {
          const hex = rgb.value.slice(1).toUpperCase();
          d.editColor(k, d.colors[k].auto ? { rgb: hex, name: this.nameFor(hex, k), auto: true } : { rgb: hex });
        });
        item.append(name, rgb);
        if (d.colors.length > 2) {
          const del = document.createElement("button");
          del.type = "button";
          del.className = "ed-remove";
          del.textContent = "✕";
          del.title = `remove ${c.name} (its cells become background)`;
          del.setAttribute("aria-label", del.title);
          del.addEventListener("click", () => {
            // its cells go with it: say how many, the board alone does not show a colour gone
            const n = d.cells.reduce((sum, v) => sum + (v === k ? 1 : 0), 0);
            if (d.removeColor(k) === null) return;
            this.say(n ? `Removed ${c.name}: its ${n === 1 ? "cell is" : `${n} cells are`} background now (Undo brings ${n === 1 ? "it" : "them"} back).`
              : `Removed ${c.name}.`);
          });
          item.append(del);
        }
      }
      list.append(item);
      if (after) list.append(after);
    });
    const add = document.createElement("button");
    add.type = "button";
    add.id = "ed-add-colour";
    add.textContent = "+ Add colour";
    const limit = document.createElement("p");
    limit.className = "ed-colour-note";
    limit.id = "ed-colour-limit";
    add.setAttribute("aria-describedby", limit.id);
    add.addEventListener("click", () => {
      if (d.colors.length - 1 >= this.maxColours) return;
      const rgb = NEW_COLOURS[(d.colors.length - 2) % NEW_COLOURS.length];
      const k = d.addColor(rgb, this.nameFor(rgb, d.colors.length), true);
      if (k !== null) this.grid.setColor(k);
    });
    this.box.replaceChildren(list, add, limit);
    this.add = add;
    this.limit = limit;
    this.markLimit();
    this.renderStrip();
    this.mark();
  }

  /** At the engine's limit of colours Add colour is off and says why beside it (a click did nothing). */
  markLimit() {
    if (!this.add) return;
    const full = this.doc.colors.length - 1 >= this.maxColours;
    this.add.disabled = full;
    this.limit.hidden = !full;
    this.limit.textContent = full ? `${this.maxColours} colours is the most a puzzle can have: remove one to add another.` : "";
  }

  /** The paint colours as the strip under the board: one radio button each, background first. */
  renderStrip() {
    if (!this.strip) return;
    this.strip.replaceChildren(...this.doc.colors.map((c, k) => {
      const chip = document.createElement("button");
      chip.type = "button";
      chip.className = "ed-chip";
      chip.style.background = `#${c.rgb}`;
      chip.setAttribute("role", "radio");
      chip.setAttribute("aria-label", k ? `paint with ${c.name}` : "paint background (erase)");
      chip.title = chip.getAttribute("aria-label");
      chip.dataset.color = String(k);
      chip.addEventListener("click", () => this.grid.setColor(k));
      return chip;
    }));
  }
}

const NEW_COLOURS = ["D62828", "1D70B8", "2A9D3F", "F4A000", "7B2CBF", "00A6A6", "8C564B", "E377C2"];
