// An ask of a Nikoli task (pysolver/asp/tasks.py) as one clingo-wasm run, and
// that run's output as the answer the task reads. Plain data both ways, no clingo
// here (js/genres/nikoli/asp.js runs it; tests/js runs it on Node's clingo-wasm).
//
// clingo-wasm grounds the whole program at every run and gives no unsat cores, so:
// assumptions become constraints at the end of the program (":- not a." for a
// true one, ":- a." for a false one), and the answer's core is always null (the
// task then takes every assumption as part of it).
//   askRun(ask) -> {program, models, options}: clingo.run's arguments
//   answerOf(ask, out, time_s) -> {sat, models, exhausted, core, conflicts, time_s}

export function askRun(ask) {
  const constraints = ask.assume.map(([atom, value]) => `:- ${value ? "not " : ""}${atom}.\n`).join("");
  const options = [...ask.args, "--stats"];
  if (ask.mode !== "auto") options.push(`--enum-mode=${ask.mode}`);
  if (ask.limit !== null && ask.limit !== undefined) options.push(`--solve-limit=${ask.limit}`);
  // brave / cautious: every model refines the consequences; the last one is them
  return { program: `${ask.program}\n${constraints}`, models: ask.mode === "auto" ? ask.models : 0, options };
}

export function answerOf(ask, out, time_s = 0) {
  if (out.Result === "ERROR") throw new Error(`clingo: ${out.Error}`);
  const witnesses = ((out.Call && out.Call[0] && out.Call[0].Witnesses) || []).map((w) => [...w.Value].sort());
  const models = ask.mode === "auto" ? witnesses : witnesses.slice(-1);
  // UNKNOWN: the conflict limit ran out before a model or a proof that there is none
  const sat = models.length ? true : out.Result === "UNSATISFIABLE" ? false : null;
  return {
    sat, models, exhausted: !!(out.Models && out.Models.More === "no"), core: null,
    conflicts: (out.Stats && out.Stats.Core && out.Stats.Core.Conflicts) || 0, time_s,
  };
}
