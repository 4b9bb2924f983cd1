// Autosave of the current game: after every move, every 15 s while playing and
// when the page is hidden. A save that fails is said in a notice above the board
// and retried; two tabs on one puzzle see each other's saves (the `storage` event)
// and a tab never overwrites a newer copy from another without asking. When the
// storage is full, no other saved game is removed unless the player picks it (the
// notice lists them); a game with no move yet is simply not stored (its link or
// the library opens it again).
import { saveGame, loadGame, removeGame, savedGames, storedRev, storage, linkForm, PREFIX } from "../shell/storage.js";
import { el } from "../shell/dom.js";

const RETRY_MS = 5000;
const LIST_MAX = 10; // saved games the make-room list offers at a time (largest first)
const NOTICES = {
  trimmed: "Your browser's storage for this site is full: your marks are saved, but not their undo history. " +
    "Saving in full is tried again every few seconds, or make room by removing saved games.",
  failed: "Your browser's storage for this site is full, so your progress on this puzzle is not saved. " +
    "Remove saved games you no longer need to make room, or keep playing without saving.",
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
    this.retryMs = RETRY_MS; // no player changes it (the browser tests shorten it: helpers.page_hook)
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
    this.skipping = false; // the player chose to play this game without saving
    this.showNotice(null);
  }

  /** The game changed (a move): save now. */
  changed() {
    this.dirty = true;
    this.save();
  }

  save({ overwrite = false } = {}) {
    const game = this.getGame();
    if (!game || (this.conflict && !overwrite) || this.skipping) return;
    const stored = storedRev(game.key);
    if (stored > game.rev && !overwrite) {
      this.conflict = true;
      this.offerNewer();
      return;
    }
    const rev = Math.max(stored, game.rev) + 1;
    const { dict, width, height, title } = game.puzzle; // a puzzle read from a link is stored as the link
    const out = !storage() ? "blocked" : saveGame(game.key, { rev, played: game.played, puzzle: linkForm(dict, width, height), title, ...game.serialize() });
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
    if (out === "failed" && !game.played) { this.dirty = false; return; } // nothing to lose yet
    // full storage: say so once, and keep trying (a trimmed save is retried in full)
    if (this.failing !== out) {
      this.failing = out;
      this.showFull(out);
      this.announce(out === "blocked" ? "Progress is not saved in this browser." : "Progress not fully saved: storage is full.");
    }
    if (out === "blocked") return; // nothing to retry
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.save(), this.retryMs);
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

  /** The notice for full (or blocked) storage, with the player's choices. */
  showFull(out) {
    if (out === "blocked") return this.showNotice(NOTICES.blocked);
    const choices = [["Remove saved games…", "save-make-room", () => this.makeRoom()]];
    if (out === "failed") choices.push(["Keep playing without saving", "save-skip", () => this.skip()]);
    this.showNotice(NOTICES[out], choices);
  }

  /** The player's list of other saved games, largest first, each with a Remove button. */
  makeRoom() {
    const game = this.getGame();
    const others = savedGames().filter((g) => !game || g.key !== game.key).sort((a, b) => b.size - a.size);
    if (!others.length) {
      this.showNotice("There are no other saved games to remove: this site's storage is used by this puzzle " +
        "or by other data. Keep playing without saving, or clear the site's data in your browser's settings.",
        [["Keep playing without saving", "save-skip", () => this.skip()]]);
      return;
    }
    const shown = others.slice(0, LIST_MAX);
    const which = others.length > LIST_MAX ? `the ${LIST_MAX} largest of ${others.length} saved games` : "largest first";
    this.showNotice(`Choose saved games to remove (${which}); this puzzle is saved as soon as it fits:`,
      [...shown.map((g) => [`Remove “${g.title || g.key}” (${describe(g)})`, null, () => {
        removeGame(g.key);
        this.save(); // saved: "Progress saved again."
        if (this.failing) this.makeRoom(); // still too full: the list again, without it
      }, "save-remove"]), ["Keep playing without saving", "save-skip", () => this.skip()]]);
  }

  /** Play on without saving this game (until another is opened, or the player asks again). */
  skip() {
    this.skipping = true;
    this.dirty = false;
    clearTimeout(this.retry);
    this.showNotice("This puzzle is not being saved; your saved games are kept.",
      [["Try saving again", "save-try", () => { this.skipping = false; this.failing = false; this.save(); }]]);
  }

  /** Show text (null hides the notice) with buttons [[label, id, onClick, className], ...]. */
  showNotice(text, buttons = []) {
    this.notice.hidden = text === null;
    this.notice.replaceChildren();
    if (text === null) return;
    this.notice.append(el("span", { textContent: text }));
    for (const [label, id, onClick, className] of buttons) {
      const b = el("button", { type: "button", textContent: label, ...(id && { id }), ...(className && { className }) });
      b.addEventListener("click", onClick);
      this.notice.append(" ", b);
    }
  }
}

/** A saved game as the make-room list names it: its size and when it was last played. */
function describe(g) {
  const size = g.size >= 1e6 ? `${(g.size / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(g.size / 1e3))} KB`;
  const when = g.saved ? `, last played ${new Date(g.saved).toLocaleDateString()}` : "";
  return `${size}${g.solved ? ", solved" : ""}${when}`;
}
