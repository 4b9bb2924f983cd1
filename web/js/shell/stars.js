// Difficulty in words, one way for every layer that shows it: the stars of every genre
// (pysolver.stars: a library card, the play head, the win card and Create's Check show them
// alike), and how a unique puzzle solves, from the engine's classification, in the Hint's
// own terms (a line, a what-if, a deeper what-if), so Solve, Check and Hint never disagree.
// Below every layer that shows them.

/** Stars as the card shows them: "★★☆☆☆", or "not rated". */
export function starsText(n) {
  return Number.isInteger(n) && n >= 1 && n <= 5 ? "★".repeat(n) + "☆".repeat(5 - n) : "not rated";
}

// the classifications' words (the engine's own word goes to "Details"): HOW in a sentence
// (Solve, Create's Check and its fixes), SHORT under a library card's title
export const HOW = { line: "it can be solved line by line", probe: "it needs what-ifs",
  search: "it needs deeper what-ifs", multiple: "it has several solutions", none: "it has no solution" };
export const SHORT = { line: "line by line", probe: "needs what-ifs", search: "needs deeper what-ifs",
  multiple: "several solutions", none: "no solution" };
