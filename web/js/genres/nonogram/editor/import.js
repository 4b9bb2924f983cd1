// Image import panel: pick a PNG/JPEG, choose the grid size and either a
// threshold (black and white) or a number of colours, watch the live preview,
// then take the picture into the editor as one undoable move.
import { decodeImage, resample, threshold, quantize, toHex } from "./image.js";
import { el } from "../../../shell/dom.js";
import { drawPicture } from "./board.js";

export class ImageImport {
  constructor(container, { getDoc, onError }) {
    this.getDoc = getDoc;
    this.onError = onError;
    this.image = null;
    this.result = null;
    this.box = container;
    this.build();
  }

  build() {
    this.file = el("input", { type: "file", id: "ed-image-file", accept: "image/png,image/jpeg,image/gif,image/webp" });
    this.width = el("input", { type: "number", id: "ed-image-width", min: 1, max: 200, value: 20 });
    this.height = el("input", { type: "number", id: "ed-image-height", min: 1, max: 200, value: 20 });
    this.keep = el("input", { type: "checkbox", id: "ed-image-aspect", checked: true });
    this.modeBw = el("input", { type: "radio", name: "ed-image-mode", id: "ed-image-bw", value: "bw", checked: true });
    this.modeK = el("input", { type: "radio", name: "ed-image-mode", id: "ed-image-k", value: "k" });
    this.level = el("input", { type: "range", id: "ed-image-threshold", min: 0, max: 255, value: 128 });
    this.levelOut = el("output", { id: "ed-image-threshold-value", textContent: "128" });
    this.invert = el("input", { type: "checkbox", id: "ed-image-invert" });
    this.k = el("input", { type: "number", id: "ed-image-colours", min: 2, max: 8, value: 3 });
    this.preview = el("canvas", { id: "ed-image-preview", width: 160, height: 160, className: "ed-preview" });
    this.preview.setAttribute("aria-label", "preview of the imported grid");
    this.apply = el("button", { type: "button", id: "ed-image-apply", textContent: "Use this picture", disabled: true });
    this.note = el("p", { className: "meta", id: "ed-image-note" });
    const label = (input, text) => el("label", { htmlFor: input.id }, text);
    this.box.append(
      el("div", { className: "row" }, label(this.file, "Image (PNG, JPEG) "), this.file),
      el("div", { className: "row" }, label(this.width, "Columns"), this.width, label(this.height, "Rows"), this.height,
        this.keep, label(this.keep, "keep proportions")),
      el("div", { className: "row" }, this.modeBw, label(this.modeBw, "Black and white"),
        label(this.level, "threshold"), this.level, this.levelOut, this.invert, label(this.invert, "invert")),
      el("div", { className: "row" }, this.modeK, label(this.modeK, "Colours"), this.k,
        el("span", { className: "meta", textContent: "(including the background)" })),
      this.preview, this.note,
      el("div", { className: "row" }, this.apply),
    );
    this.file.addEventListener("change", () => this.load(this.file.files[0]));
    this.width.addEventListener("input", () => { this.fitHeight(); this.update(); });
    this.height.addEventListener("input", () => this.update());
    for (const input of [this.level, this.invert, this.k, this.modeBw, this.modeK]) {
      input.addEventListener("input", () => this.update());
      input.addEventListener("change", () => this.update());
    }
  }

  /** Size fields default to the current document's size. */
  reset() {
    const d = this.getDoc();
    this.width.value = d.width;
    this.height.value = d.height;
  }

  async load(blob) {
    if (!blob) return;
    try {
      this.image = await decodeImage(blob);
      this.note.textContent = `${blob.name || "image"}: ${this.image.width}×${this.image.height} pixels`;
      this.fitHeight();
      this.update();
    } catch (err) {
      this.image = null;
      this.apply.disabled = true;
      this.onError(err.message);
    }
  }

  fitHeight() {
    if (!this.image || !this.keep.checked) return;
    const w = Number(this.width.value) || 1;
    this.height.value = Math.max(1, Math.min(200, Math.round((w * this.image.height) / this.image.width)));
  }

  /** Recompute the grid from the pixels and draw the preview. */
  update() {
    this.levelOut.textContent = this.level.value;
    if (!this.image) return;
    const cols = Math.max(1, Math.min(200, Number(this.width.value) || 1));
    const rows = Math.max(1, Math.min(200, Number(this.height.value) || 1));
    const pixels = resample(this.image, cols, rows);
    if (this.modeBw.checked) {
      const grid = threshold(pixels, cols, rows, Number(this.level.value), this.invert.checked);
      this.result = { width: cols, height: rows, grid, colors: null };
    } else {
      const k = Math.max(2, Math.min(8, Number(this.k.value) || 2));
      const opaque = pixels.every((p) => p.a >= 0.5);
      const q = quantize(pixels, cols, rows, opaque ? k : k - 1);
      this.result = { width: cols, height: rows, grid: q.grid, colors: q.colors.map(toHex) };
    }
    this.draw();
    this.apply.disabled = false;
  }

  /** The preview: the picture as it would come in, drawn as the board's plug-in draws a card. */
  draw() { drawPicture(this.preview, this.state(), { box: 160 }); }

  /** The state to load into the document: {width, height, colors, cells, givens}. */
  state() {
    const { width, height, grid, colors } = this.result;
    const pal = colors
      ? [{ name: "white", char: ".", rgb: colors[0] },
         ...colors.slice(1).map((rgb, i) => ({ name: `colour ${i + 1}`, char: "abcdefgh"[i], rgb, auto: true }))] // named by the palette
      : null;
    const state = { width, height, cells: grid.flat(), givens: [] };
    if (pal) {
      if (pal.length === 2) pal[1] = { name: "black", char: "#", rgb: pal[1].rgb };
      state.colors = pal;
    } else {
      state.colors = [{ name: "white", char: ".", rgb: "FFFFFF" }, { name: "black", char: "#", rgb: "000000" }];
    }
    return state;
  }
}
