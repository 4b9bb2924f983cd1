// The values every genre's cell starts from, shared by the board that paints them and the games
// that keep them (play/game.js, genres/*/game.js): 0 unknown, 1 crossed (known empty / no
// line); higher ones are the genre's.
export const UNKNOWN = 0;
export const CROSSED = 1;
