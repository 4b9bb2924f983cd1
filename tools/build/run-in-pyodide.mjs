// Run Python scripts in the site's own Pyodide under Node, for build steps that need
// Pyodide's CPython (its bytecode format, its standard library): every job of a build
// in one Pyodide start, which costs about 3 CPU s.
// stdin: {moduleURL, indexURL, jobs: [{script: path of a .py file, globals: {name: value},
//         install?: {micropip: wheel path, wheelName, wheel: base64, bridge: source}}]}
// stdout: a JSON array of the jobs' results (each script's last expression, a JSON string).
import { readFileSync } from "node:fs";

const req = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(req.moduleURL);
const py = await loadPyodide({ indexURL: req.indexURL, stdout: () => {}, stderr: () => {} });
const results = [];
for (const job of req.jobs) {
  if (job.install) {
    // the engine's start-up as the worker does it: micropip installs the pysolver wheel
    const { micropip, wheelName, wheel, bridge } = job.install;
    await py.loadPackage(micropip, { messageCallback: () => {} });
    py.FS.writeFile("/tmp/" + wheelName, Buffer.from(wheel, "base64"));
    await py.pyimport("micropip").install("emfs:/tmp/" + wheelName);
    py.FS.writeFile("/home/pyodide/pysolver_bridge.py", bridge);
  }
  const ns = py.globals.get("dict")();  // each job its own globals
  for (const [name, value] of Object.entries(job.globals)) ns.set(name, py.toPy(value));
  results.push(py.runPython(readFileSync(job.script, "utf8"), { globals: ns }));
  ns.destroy();
}
process.stdout.write("[" + results.join(",") + "]");
