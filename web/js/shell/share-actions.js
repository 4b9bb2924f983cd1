// Play's Share link button: the puzzle as a link (the address bar is left alone: a reload
// must resume this game, not open the link as a new one). Download is the play frame's (play/view.js).
import { encodeShare, shareUrl } from "./share.js";

/** The read-only box that shows the last share link (made on first use). */
function shareBox(after, id) {
  let box = document.getElementById(id);
  if (!box) {
    box = document.createElement("input");
    box.type = "text";
    box.id = id;
    box.readOnly = true;
    box.setAttribute("aria-label", "Share link");
    after.after(box);
  }
  return box;
}

/** A share link shown in a box after `button` (id `boxId`) and copied to the clipboard when allowed. */
export async function offerLink(url, button, announce, boxId = "share-url") {
  const box = shareBox(button, boxId);
  box.value = url;
  box.hidden = false;
  try { await navigator.clipboard.writeText(url); announce("Share link copied to the clipboard."); }
  catch { box.select(); announce("Share link ready: copy it from the box next to the button."); }
}

export function bindShareActions({ shareButton, getGame, announce }) {
  shareButton.addEventListener("click", async () => {
    const game = getGame();
    if (!game) return;
    // a generated puzzle's link is its recipe (endless/: the same recipe makes the same puzzle anywhere)
    const { recipe } = game.puzzle.dict;
    const fragment = typeof recipe === "string" && /^nonogram:[\w:]{1,40}$/.test(recipe) ? `#g=${recipe}` : await encodeShare(game.puzzle.dict);
    await offerLink(shareUrl(fragment), shareButton, announce);
  });
}
