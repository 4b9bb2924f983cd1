// The nonogram genre's registration (app/genres.js lists it). The static pieces (its reader,
// game, board plug-in, thumbnail and an example: tests/js/genres.test.mjs checks them on every
// registered genre) and install(app), which builds its play config in the Play frame (genres/nonogram/play-config.js,
// loaded then) and says how the shell opens its puzzles. It is the fallback genre: text no
// other genre claims goes to the engine's nonogram reader (which names what is wrong with
// it), and a saved game of no other genre's format is a nonogram.
import { NonogramGame, normalizePuzzle } from "./game.js";
import { nonogramBoard } from "./board.js";
import { drawNonogramThumb } from "./thumb.js";
import { FILE_TYPES, FILE_WORDS } from "./files.js";

export const nonogram = {
  id: "nonogram",
  name: "Nonogram",
  files: FILE_WORDS, // the Open panel's words (app/app.js)
  accept: FILE_TYPES, // the file chooser's (app/app.js)
  fallback: true,
  example: { filename: "example.non", text: "title \"Example\"\nwidth 3\nheight 2\n\nrows\n3\n1 1\n\ncolumns\n2\n1\n2\n\ngoal 111101\n" },
  /** The first puzzle dict of a text (worker protocol `read` among the nonogram reader only). */
  read: async (engine, text, filename) => (await engine.read(text, filename, ["nonogram"])).puzzles[0],
  game: (dict, key = "example", saved = null) => new NonogramGame(normalizePuzzle(dict), key, saved),
  board: () => nonogramBoard,
  /** Its editor in the Create frame (create/editor.js: its `Editor`), loaded when chosen there. */
  editor: () => import("./editor/editor.js"),
  /** A library card's picture of the puzzle `dict` with the saved game `rec` (or null). */
  thumb: (canvas, dict, rec) => drawNonogramThumb(canvas, dict, rec),
  async install(app) {
    const { NonogramPlayConfig } = await import("./play-config.js");
    const play = new NonogramPlayConfig(app);
    await play.ready;
    return {
      // a saved game stored as its share link (shell/storage.js linkForm) reads the link again
      open: (dict, key) => (dict.partial ? play.opener.openLink(dict, key) : play.open(dict, key)),
      openText: (text, filename) => play.opener.openText(text, filename),
      // share links "#p=<packed puzzle>": read by the engine; the page is usable meanwhile
      openHash: (hash) => { if (!/^#p=/.test(hash)) return false; play.opener.openShare(hash); return true; },
      openFirst: () => play.openFirst(), // with the guided first puzzle's offer on a first visit
    };
  },
};
