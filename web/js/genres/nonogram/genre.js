// The nonogram genre's registration (shell/genres.js lists it): its Play view
// (genres/nonogram/play.js) and how the shell opens its puzzles. It is the fallback genre:
// text no other genre claims goes to the engine's nonogram reader (which names what is
// wrong with it), and a saved game of no other genre's format is a nonogram.
import { NonogramPlay } from "./play.js";

export const nonogram = {
  id: "nonogram",
  name: "Nonogram",
  async install(app) {
    const play = new NonogramPlay(app);
    await play.ready;
    // handles for the console, the browser tests and bench/browser.py only
    app.view = play.view;
    app.getGame = () => play.game;
    return {
      fallback: true,
      open: (dict, key) => play.open(dict, key),
      openText: (text, filename) => play.opener.openText(text, filename),
      // share links "#p=<packed puzzle>": read by the engine; the page is usable meanwhile
      openHash: (hash) => { if (!/^#p=/.test(hash)) return false; play.opener.openShare(hash); return true; },
      openFirst: () => play.openFirst(), // with the guided first puzzle's offer on a first visit
    };
  },
};
