"""The generic answer-set layer: encodings and the native runner (run), clingo work
as data for the browser's clingo-wasm and native clingo alike (tasks)."""
