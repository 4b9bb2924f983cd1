// The one scale of every genre's difficulty in words (pysolver.stars): a library card, the play
// head, the win card and Create's Check show it alike. Below every layer that shows it.

/** Stars as the card shows them: "★★☆☆☆", or "not rated". */
export function starsText(n) {
  return Number.isInteger(n) && n >= 1 && n <= 5 ? "★".repeat(n) + "☆".repeat(5 - n) : "not rated";
}
