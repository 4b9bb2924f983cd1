// The Share link of the play frame (play/view.js binds the button for every genre): the link
// shown in a box and copied (the address bar is left alone: a reload must resume this game, not
// open the link as a new one); the nonogram's link.
import { encodeShare, puzzleMark, shareUrl } from "./share.js";

/** A share link shown in `box` (the toolbar's) and copied to the clipboard when allowed. */
export async function offerLink(url, box, announce) {
  box.value = url;
  box.hidden = false;
  try { await navigator.clipboard.writeText(url); announce("Share link copied to the clipboard."); }
  catch { box.select(); announce("Share link ready: copy it from the box below the tools."); }
}

/** A nonogram's Share link (the play frame shows and copies it): a generated puzzle's link is its
 * recipe (endless/: the same recipe makes the same puzzle anywhere) and the puzzle's mark (a
 * later generator may make another puzzle from it: the page then says so), another its whole
 * puzzle. */
export async function nonogramShareLink(game) {
  const { dict } = game.puzzle;
  const { recipe } = dict;
  return shareUrl(typeof recipe === "string" && /^nonogram:[\w:]{1,40}$/.test(recipe)
    ? `#g=${recipe}~${puzzleMark(dict)}` : await encodeShare(dict));
}
