// Where Play's puzzles come from: built-in files, text (a file, a paste, a share
// link) read by the engine, and the puzzle shown on start. A puzzle the player
// already has a saved game of (a built-in one too) resumes that game.
import { loadGame } from "../../shell/storage.js";
import { decodeShare } from "../../shell/share.js";

const FIRST_PUZZLE = "welcome-heart";

/** A file's name without its extension ("data004" for data004.nin), or null for text that
 * came from no file ("pasted text", "share link"): the title of a puzzle that has none of
 * its own, rather than "Untitled puzzle" on the card of every such file. */
const fileTitle = (filename) => (/\.\w{1,5}$/.test(filename) ? filename.replace(/\.\w{1,5}$/, "") : null);

export class PuzzleOpener {
  /** openPuzzle(dict, key?) plays a puzzle; showError(err) says why one could not be opened. */
  /** findSaved(dict): the key of a saved game of the same puzzle, or null; openStart(): the
   * shell's start (the last game played, of any genre); turn(): a turn of the play frame's opens
   * (shell/latest.js): an open of any genre made meanwhile makes this one's puzzle stale;
   * several(filename, puzzles): a file of more than one puzzle (file-choice.js opens them). */
  constructor({ engine, openPuzzle, getCatalogue, getGame, announce, showError, clearError, findSaved, openStart, several, turn = () => () => true }) {
    Object.assign(this, { engine, openPuzzle, getCatalogue, getGame, announce, showError, clearError, findSaved, openStart, several, turn });
  }

  async parse(text, filename) {
    const res = await this.engine.read(text, filename, ["nonogram"]);
    if (!res.puzzles || !res.puzzles.length) throw new Error(`${filename}: no puzzle found`);
    return res.puzzles;
  }

  /** link: the share link the text came from ("#p=…"): the game saves it instead of the puzzle. */
  async openText(text, filename, { resume = false, link = null } = {}) {
    this.clearError();
    this.announce(`Reading ${filename}…`);
    const fresh = this.turn();
    const puzzles = await this.parse(text, filename);
    if (!fresh()) return; // the player opened another puzzle meanwhile
    if (puzzles.length > 1) { this.several(filename, puzzles); return; }
    const dict = puzzles[0];
    if (!dict.title && fileTitle(filename)) dict.title = fileTitle(filename);
    if (link) dict.link = link;
    // a link to a puzzle the player already has (a built-in one too) resumes that game
    const key = resume ? this.findSaved(dict) : null;
    const rec = key && loadGame(key);
    this.openPuzzle(rec && rec.puzzle && !rec.puzzle.partial ? rec.puzzle : dict, key);
  }

  /** A saved game whose puzzle is stored as its share link (shell/storage.js linkForm): the
   * link read again, the game under its key. */
  async openLink(stub, key) {
    try {
      const text = await decodeShare(stub.link);
      const fresh = this.turn();
      const [dict] = await this.parse(text, "saved game");
      if (!fresh()) return null;
      return this.openPuzzle({ ...dict, link: stub.link }, key);
    } catch (err) {
      this.showError(err);
      return null;
    }
  }

  async openBuiltin(entry) {
    const key = `builtin:${entry.id}`;
    const saved = loadGame(key);
    // the catalogue's stars go with the puzzle to the play head (a saved copy may predate them)
    const rated = (dict) => (Number.isInteger(entry.stars) ? { ...dict, stars: entry.stars } : dict);
    if (saved && saved.puzzle) return this.openPuzzle(rated(saved.puzzle), key);
    const fresh = this.turn();
    const r = await fetch(`puzzles/${entry.json || entry.file}`);
    if (!r.ok) throw new Error(`puzzles/${entry.file}: HTTP ${r.status}`);
    const text = await r.text();
    if (entry.json || entry.file.endsWith(".json")) return fresh() ? this.openPuzzle(rated(JSON.parse(text)), key) : null;
    const [dict] = await this.parse(text, entry.file);
    return fresh() ? this.openPuzzle(rated(dict), key) : null;
  }

  /** The first built-in nonogram (also Play's when the last game played was another kind's). */
  async openFirst() {
    const catalogue = this.getCatalogue();
    const first = catalogue.find((e) => e.id === FIRST_PUZZLE) || catalogue[0];
    if (first) await this.openBuiltin(first).catch(this.showError);
  }

  async openShare(fragment) {
    try {
      const text = await decodeShare(fragment);
      await this.openText(text, "share link", { resume: true, link: `#${fragment.replace(/^#/, "")}` });
      history.replaceState(null, "", "#/play");
    } catch (err) {
      // a damaged link on a first visit: Play still gets a puzzle, then the error shows
      if (!this.getGame()) await this.openStart().catch(() => {});
      this.showError(err);
    }
  }
}
