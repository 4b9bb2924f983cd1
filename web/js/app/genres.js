// The registered genres, one line each: the only module outside genres/ that imports one
// (tests/js/layout.test.mjs). A genre is {id, name, install(app) -> its reader}; app/app.js
// installs them in this order (web/README.md, "Genres"). A sixth genre is a folder of
// genres/ and a line here.
import { nonogram } from "../genres/nonogram/genre.js";
import { nikoli } from "../genres/nikoli/genre.js";

export const GENRES = [
  nonogram,
  nikoli("nurikabe"),
  nikoli("heyawake"),
  nikoli("masyu"),
  nikoli("bag"),
];
