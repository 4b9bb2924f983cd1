// The cue that a board goes on past its box (a 25×25 on a phone keeps finger-sized cells, so
// part of it is off screen): its right and bottom edges fade while there is more to pan to; its
// left and top edges while a clue margin too wide to stay whole (board/fit.js MARGIN_SHARE) has
// numbers past them.

/** Watch the scrolling box `root`; `cut()`: [whether the row margin, the column margin, is cut
 * to the part that stays in view]. The answer updates the cue (after a layout changed the board). */
export function watchOverflow(root, cut = () => [false, false]) {
  const update = () => {
    const [rows, cols] = cut();
    root.classList.toggle("more-right", root.scrollLeft + root.clientWidth < root.scrollWidth - 1);
    root.classList.toggle("more-below", root.scrollTop + root.clientHeight < root.scrollHeight - 1);
    root.classList.toggle("more-left", rows && root.scrollLeft > 0);
    root.classList.toggle("more-above", cols && root.scrollTop > 0);
  };
  root.addEventListener("scroll", update, { passive: true });
  new ResizeObserver(update).observe(root);
  return update;
}
