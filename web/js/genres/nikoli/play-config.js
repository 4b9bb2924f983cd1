// The play config of Nurikabe, Heyawake, Masyu and Bag in the one frame of every genre (play/view.js, the route "Play"):
// the family's board plug-in (board/shade.js, board/loop.js), the Share link that may carry
// the progress, the rules (the ? button; offered on a family's first game), the optional rule check and the win, both from the rule checker in
// the engine (bridge op nikoli_check over pysolver.nikoli.rules), never a stored answer.
import { shadeBoard } from "../../board/shade.js";
import { NikoliGame, boardOf, nikoliPuzzle, nikoliKey, nikoliShareHash, FAMILY_NAMES, MADE_HERE } from "./game.js";
import { shareUrl } from "../../shell/share.js";
import { playFrame, fileName } from "../../play/view.js";
import { el } from "../../shell/dom.js";
import { inputHelp, showRules } from "../../learn/rules.js";
import { answered, showOffer } from "../../learn/offer.js";
import { drawNikoliExample, drawNikoliThumb } from "./thumb.js";
import { starsText } from "../../library/items.js";
import { nikoliTasks } from "./panels.js";

// The rules: the engine's genre data (pysolver.nikoli families), from learn.json (learn/rules.js).
// How to play on the board, for a mouse and keyboard or for touch (learn/rules.js picks by device)
// what a dot marks is the family's: Bag's shading is the outside of its loop, a dot the inside
const shadeHelp = (dot) => ({
  touch: `Tap shades; a long press marks a dot (${dot}); the same again clears; drag paints along one line; two fingers pan and zoom.`,
  mouse: `Left click, Space or F shades; right click, X or a long press marks a dot (${dot}); the same again clears; ` +
    "drag paints along one line; arrows move, Shift+arrows paint, Backspace clears; Ctrl+Z / Ctrl+Y undo and redo; H asks for a hint." });
const HELP = {
  shade: shadeHelp("unshaded"),
  bag: shadeHelp("inside the loop"),
  loop: { touch: "Drag from cell to cell to draw the loop (a drag that starts on it erases); tap near a cell's side to " +
    "cross it (no line); two fingers pan and zoom.", mouse: "Drag from cell to cell to draw the loop (a drag that starts on it erases); click near a cell's side or right click to cross it " +
    "(no line); arrows move, Shift+arrow draws or erases a segment, Ctrl+Shift+arrow crosses, Backspace clears a cell's sides; " +
    "Ctrl+Z / Ctrl+Y undo and redo; H asks for a hint." },
};
// the Check's verdict on marks that break no rule: it checks the rules, not the answer
const NO_RULE_BROKEN = "No rule is broken so far. A mark can keep every rule and still be wrong: Hint says when one is.";
const help = (family) => HELP[family === "masyu" ? "loop" : family === "bag" ? "bag" : "shade"];


export class NikoliPlayConfig {
  /** first(): a first puzzle, when the view shows with none; asp: genres/nikoli/asp.js. */
  constructor(app, { first, asp }) {
    this.app = app;
    this.engine = app.engine;
    this.shareProgress = el("input", { type: "checkbox", id: "share-progress" });
    const progressLabel = el("label", { className: "meta" }, this.shareProgress, " with my progress");
    // the frame of every genre; what is the Nikoli families': the board plug-ins, the share
    // link's progress, the rules, the check's task, the words; "#/nikoli" (the old route) opens one
    const frame = this.frame = playFrame(app);
    // opens that wait (a fetch, the engine's reader) hold the frame's turn: a later open of any
    // genre, or New in Create, makes theirs stale and their puzzle is not opened over it
    this.opening = frame.opening;
    this.config = frame.addGenre({
      id: "nikoli", route: "nikoli", kind: shadeBoard, first,
      help: (game) => inputHelp(help(game.puzzle.family)),
      after: [progressLabel], // "with my progress", beside Share link
      rules: () => { const g = this.game; if (g) showRules(g.puzzle.family, { help: help(g.puzzle.family), example: drawNikoliExample }); },
      genreOf: (game) => game.puzzle.family,
      wonWords: "Every rule is kept.",
      picture: (canvas, game) => drawNikoliThumb(canvas, { family: game.puzzle.family, width: game.puzzle.width, height: game.puzzle.height,
        board: game.puzzle.dict }, { ...game.serialize(), solved: true }),
      refused: () => `A numbered cell stays ${this.game && this.game.puzzle.family === "bag" ? "inside the loop" : "unshaded"}.`,
      // the families' tasks for the panels of every genre (genres/nikoli/panels.js; the rule check here)
      ...nikoliTasks(this, asp),
      checkTasks: { modes: [["off", "Off"], ["rules", "Broken rules"]], check: (game, mode, { signal }) => this.checkRules(game, mode, signal) },
      // an untouched board is not handed in: one that an empty board solves (a link cut short)
      // would be won before any move; its notice (diagnose) says why instead
      opened: (game) => { if (game.cells.some((v) => v)) this.verify(); this.offerRules(game.puzzle.family); },
      // no solution, said on opening (panels/clue-notice.js: one clingo call within a work limit,
      // 0.05-0.35 s natively at 15x15-20x20, which a hint asked at once waits for); not asked of
      // a puzzle with stars (a built-in or one made here: walked to its one solution)
      diagnose: (game, signal) => (Number.isInteger(game.puzzle.dict.stars) ? null
        : asp.runTask(this.engine, game.puzzle.family, "diagnose", { puzzle: game.puzzle.dict.url }, { signal })),
      changed: () => this.verify(),
      adopted: () => this.verify(),
      shareLink: (game) => this.shareLink(game),
      // the puzzle's URL on a line after its title and author (the engine's writer): the file
      // opens again here (genre.js claims it) and on puzz.link
      download: async (game) => {
        const { url, title, author } = game.puzzle.dict;
        const { text } = await this.engine.task(game.puzzle.family, "convert", { puzzle: { url, title, author }, to: "url" }).promise;
        return { name: fileName(game.puzzle.title, "txt"), text, type: "text/plain" };
      },
    });
  }

  /** The Nikoli game in play (null while another genre's game is). */
  get game() { return this.frame.g === this.config ? this.frame.game : null; }

  /** Play a puzzle dict (nikoli_parse's answer); a saved game of it resumes; `progress`
   * (a share link's cells) is applied as one move on top, so Undo brings the player's back. */
  open(dict, key = null, progress = null) {
    const puzzle = nikoliPuzzle(dict);
    this.opening.drop();
    key = key || nikoliKey(dict.url);
    const kind = boardOf(puzzle.family);
    const meta = [FAMILY_NAMES[puzzle.family], `${puzzle.width}×${puzzle.height}`];
    if (Number.isInteger(dict.stars)) meta.push(`difficulty ${starsText(dict.stars)}`); // the stars of every genre
    if (puzzle.author) meta.push(`by ${puzzle.author}`);
    if (dict.source && dict.source !== MADE_HERE) meta.push(dict.source); // a new one's title says so
    const make = (saved) => new NikoliGame(puzzle, key, saved && saved.puzzle && saved.puzzle.format === "nikoli" ? saved : null);
    return this.frame.open(this.config, key, make, { kind, title: puzzle.title, meta: meta.join(" · "),
      docTitle: `${puzzle.title} — ${FAMILY_NAMES[puzzle.family]}`,
      before: (g) => {
        if (progress && progress.length === g.cells.length) {
          g.apply([...progress].map((ch, i) => [i, Math.min(2, Math.max(0, ch.charCodeAt(0) - 48))]), "shared progress");
        }
      } });
  }

  /** The first game of a family offers its rules (learn/offer.js; the ? button shows them any time). */
  offerRules(family) {
    if (answered(family)) return;
    showOffer(this.frame.offerBox, { genre: family, title: `New to ${FAMILY_NAMES[family]}?`,
      words: "Its rules fit in a few lines, with a solved example to look at; the ? button shows them again any time.",
      rules: () => showRules(family, { help: help(family), example: drawNikoliExample }) });
  }

  /** The win: the grid as the player would hand it in (unknown = unshaded / no line) has no
   * broken rule; then the optional check of the grid as marked. */
  async verify() {
    const game = this.game, cells = game.serialCells();
    if (game.solved || game.branches().length) return;
    try {
      const res = await this.engine.latestTask("nikoli-win", game.puzzle.family, "check", { puzzle: game.puzzle.dict.url, state: game.stateRows(true) });
      if (game === this.game && !res.violations.length) game.verified(cells);
    } catch { /* superseded by a newer move, or no engine: the next move asks again */ }
  }

  /** The Check panel's task: the rules the grid as marked breaks (the engine's rule checker), and
   * a branching line: each a mistake with its cells (the panel shows them as every genre's). */
  async checkRules(game, mode, signal) {
    if (mode === "off") return { wrong: [] };
    signal.addEventListener("abort", () => this.engine.supersede("nikoli-check"), { once: true });
    const res = await this.engine.latestTask("nikoli-check", game.puzzle.family, "check", { puzzle: game.puzzle.dict.url, state: game.stateRows() });
    const wrong = [];
    const branches = game.branches();
    if (branches.length) wrong.push({ words: "the line branches", cells: branches });
    for (const r of res.violations) {
      const cells = r.cells.map(([row, column]) => ({ row, column }));
      const same = wrong.find((w) => w.words === r.message); // a rule broken in several places: one line
      if (same) same.cells.push(...cells);
      else wrong.push({ words: r.message, cells });
    }
    const n = wrong.length;
    // the rules only, as puzz.link's and Simon Tatham's checks do: a mark that keeps them can still
    // be wrong, which Hint says (its mistake names the rule broken, or says none is yet)
    return { wrong, words: n ? `${n} rule${n === 1 ? " is" : "s are"} broken` : NO_RULE_BROKEN };
  }

  /** A link that opens this puzzle (and, when asked, the marks so far) on any copy of the site. */
  async shareLink(game) {
    return shareUrl(nikoliShareHash(game.puzzle.dict.url, game.puzzle.dict, this.shareProgress.checked ? game.serialCells() : ""));
  }
}
