// The cue that a board goes on past its box (a 25×25 on a phone keeps finger-sized cells, so
// part of it is off screen): its right and bottom edges fade while there is more to pan to.
// Only those two: the clues stay at the left and top (sticky), so nothing hides there.

/** Watch the scrolling box `root`; the answer updates the cue (after a layout changed the board). */
export function watchOverflow(root) {
  const update = () => {
    root.classList.toggle("more-right", root.scrollLeft + root.clientWidth < root.scrollWidth - 1);
    root.classList.toggle("more-below", root.scrollTop + root.clientHeight < root.scrollHeight - 1);
  };
  root.addEventListener("scroll", update, { passive: true });
  new ResizeObserver(update).observe(root);
  return update;
}
