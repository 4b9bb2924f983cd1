// Autosave of the current game: after every move, every 15 s while playing and
// when the page is hidden. A save that fails is said in a notice above the board
// and retried; two tabs on one puzzle see each other's saves (the `storage` event)
// and a tab never overwrites a newer copy from another without asking.
import { saveGame, loadGame, storedRev, storage, PREFIX } from "../shell/storage.js";

const RETRY_MS = 5000;
const NOTICES = {
  trimmed: "This browser's storage for the site is full: your marks are saved, but not their undo history. " +
    "Saving in full is tried again every few seconds.",
  failed: "Your progress could not be saved: this browser's storage for the site is full. " +
    "Keep this tab open: saving is tried again every few seconds.",
  blocked: "This browser does not let the site store data (blocked storage or a private mode): " +
    "your progress is kept only while this tab is open.",
};

export class Autosave {
  /** notice: the element for messages; getGame(); adopt(record): show another tab's newer copy;
   * active(): its view shows (a save names the last puzzle played, so a page with a nonogram and a
   * Nikoli game open saves the one out of sight only when it has changes the store lacks). */
  constructor({ notice, getGame, adopt, announce, active = () => true }) {
    Object.assign(this, { notice, getGame, adopt, announce, active });
    this.dirty = false;    // the game has changes the store does not hold
    this.failing = false;  // the last save was "trimmed" or "failed" (storage full)
    this.conflict = false; // the store holds a newer copy from another tab: saves wait for the player
    const due = () => this.dirty || this.active();
    window.addEventListener("storage", (e) => this.onStorage(e));
    window.addEventListener("pagehide", () => { if (due()) this.save(); });
    document.addEventListener("visibilitychange", () => { if (document.hidden && due()) this.save(); });
    setInterval(() => {
      const game = this.getGame();
      if (this.dirty || (game && !game.solved && !document.hidden && document.hasFocus() && this.active())) this.save();
    }, 15000);
  }

  /** A new game is open: it is saved if it differs from the store. */
  opened() {
    this.conflict = false;
    this.failing = false;
    this.showNotice(null);
  }

  /** The game changed (a move): save now. */
  changed() {
    this.dirty = true;
    this.save();
  }

  save({ overwrite = false } = {}) {
    const game = this.getGame();
    if (!game || (this.conflict && !overwrite)) return;
    const stored = storedRev(game.key);
    if (stored > game.rev && !overwrite) {
      this.conflict = true;
      this.offerNewer();
      return;
    }
    const rev = Math.max(stored, game.rev) + 1;
    const out = !storage() ? "blocked" : saveGame(game.key, { rev, played: game.played, puzzle: game.puzzle.dict, title: game.puzzle.title, ...game.serialize() });
    const kept = out === "saved" || out === "trimmed";
    if (kept) { game.rev = rev; this.conflict = false; }
    this.dirty = !kept;
    if (out === "saved") {
      if (this.failing) {
        this.failing = false;
        this.showNotice("Progress saved again.");
        setTimeout(() => { if (!this.failing && !this.conflict) this.showNotice(null); }, 6000);
      }
      return;
    }
    // full storage: say so once, and keep trying (a trimmed save is retried in full)
    if (this.failing !== out) {
      this.failing = out;
      this.showNotice(NOTICES[out]);
      this.announce(out === "blocked" ? "Progress is not saved in this browser." : "Progress not fully saved: storage is full.");
    }
    if (out === "blocked") return; // nothing to retry
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.save(), RETRY_MS);
  }

  onStorage(e) {
    const game = this.getGame();
    if (!game || e.key !== PREFIX + game.key || e.newValue === null) return;
    const rec = loadGame(game.key);
    if (!rec || rec.rev <= game.rev) return;
    if (this.dirty || this.conflict) { this.conflict = true; this.offerNewer(); return; }
    this.load(rec);
  }

  load(rec) {
    const game = this.getGame();
    this.conflict = false;
    this.dirty = false;
    this.showNotice(null);
    const same = rec.cells === game.serialize().cells && (rec.undo || []).length === game.undoStack.length;
    game.rev = rec.rev;
    if (same) return; // only the clock moved there
    this.adopt(rec);
    this.announce("Updated with the progress made in another tab.");
  }

  offerNewer() {
    this.showNotice("This puzzle has newer progress from another tab. Your moves here are not saved until you choose.", [
      ["Load the newer progress", "save-load-newer", () => { const rec = loadGame(this.getGame().key); if (rec) this.load(rec); }],
      ["Keep this tab's progress", "save-keep-mine", () => { this.showNotice(null); this.save({ overwrite: true }); }],
    ]);
  }

  /** Show text (null hides the notice) with buttons [[label, id, onClick], ...]. */
  showNotice(text, buttons = []) {
    this.notice.hidden = text === null;
    this.notice.replaceChildren();
    if (text === null) return;
    const span = document.createElement("span");
    span.textContent = text;
    this.notice.append(span);
    for (const [label, id, onClick] of buttons) {
      const b = document.createElement("button");
      b.type = "button";
      b.id = id;
      b.textContent = label;
      b.addEventListener("click", onClick);
      this.notice.append(" ", b);
    }
  }
}
