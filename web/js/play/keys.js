// Play's keyboard shortcuts outside the grid: undo, redo, hint (the grid's own keys are in board/grid-view.js).
export function bindPlayKeys({ getGame, isPlaying, hint }) {
  document.addEventListener("keydown", (e) => {
    const game = getGame();
    if (!game || !isPlaying() || e.target.closest("input, textarea, select")) return;
    const k = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && k === "z" && !e.shiftKey) { e.preventDefault(); game.undo(); }
    else if ((e.ctrlKey || e.metaKey) && (k === "y" || (k === "z" && e.shiftKey))) { e.preventDefault(); game.redo(); }
    else if (k === "h" && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); hint(); }
  });
}
