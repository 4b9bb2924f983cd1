// What every genre's editor is to the Create frame (create/editor.js; web/README.md "The editor
// frame"): a genre's editor module exports `Editor`, a subclass of this one, which the frame
// makes with its hooks (`ctx`). The frame gives the hooks, the engine and the one undo history
// (ctx.history, create/history.js: every edit of the genre's document is a move of it); the
// genre gives its limits, file formats and help, and redraws after every move (changed()).
// the longest title and author the frame's fields take (a genre's draft keeps no more)
export const TITLE_MAX = 120, AUTHOR_MAX = 80;

export class GenreEditor {
  /** ctx: the frame's hooks; sides {min, max, start}: the grid's limits; formats [[value, label]]:
   * Download's; accept: the files "Open a puzzle file to edit" takes ("" none); help: how to edit. */
  constructor(ctx, { sides, formats, accept = "", help }) {
    this.ctx = ctx;
    this.app = ctx.app;
    this.engine = ctx.engine;
    this.history = ctx.history;
    Object.assign(this, { sides, formats, accept, help });
    this.parts = {}; // the genre's panels, by the frame's places (tools, board, status, top, afterCheck, end)
    this.history.addEventListener("change", (e) => this.changed(e.detail.move));
  }

  /** A move, an undo or a redo changed the document: redraw (the frame then saves the draft). */
  changed() {}

  /** Check: one solution? how hard? As data for the frame's one display (panels/check-report.js
   * analysisReport: {status, count?, exact?, differ?, other?: {kind, puzzle, cells} (drawn by
   * board/thumb.js), how?, stars?, minutes?, detail?}); `signal` stops it, `progress(words,
   * details)` while it runs, `interim(res)` an early answer; null when the answer is stale. */
  async check() { return null; }

  /** Stop what the check started that its signal does not (optional). */
  cancelCheck() {}

  /** Outline on the board the cells [{row, column}] where another solution differs (null: none). */
  outline(cells) { if (this.view) this.view.setOverlay("check", cells ? { cells, lines: [] } : null); }

  /** The document's title and author ({title, author, ...}: the frame's fields write them
   * there as they are typed; the draft keeps them). */
  meta() { return this.doc.meta; }

  /** A title or author field was left: what the genre shows of them (the nonogram's puzzle read again). */
  retitled() {}

  /** {width, height} of the document. */
  size() { const { width, height } = this.doc.puzzle || this.doc; return { width, height }; }

  show() {}

  hide() {}
}
