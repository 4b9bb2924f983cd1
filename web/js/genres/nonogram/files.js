// What the engine's nonogram reader reads, for the Open panel and Create's Open alike: the
// file endings (pysolver.nonogram.formats: its EXTENSIONS, and .txt for TAAI, picross-solver
// text and pictures drawn in text) and their words.
export const FILE_TYPES = ".xml,.pbn,.non,.nonpack,.nin,.g,.json,.pbm,.txt";
export const FILE_WORDS = "webpbn XML, .non, .nin, .g, JSON or a PBM picture";
