// Run one Python script in the site's own Pyodide under Node, for build steps that
// need Pyodide's CPython (its bytecode format, its standard library).
// stdin: {moduleURL, indexURL, script: path of a .py file, globals: {name: value},
//         install?: {micropip: wheel path, wheelName, wheel: base64, bridge: source}}
// stdout: the script's last expression (a JSON string).
import { readFileSync } from "node:fs";

const req = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(req.moduleURL);
const py = await loadPyodide({ indexURL: req.indexURL, stdout: () => {}, stderr: () => {} });
if (req.install) {
  // the engine's start-up as the worker does it: micropip installs the pysolver wheel
  const { micropip, wheelName, wheel, bridge } = req.install;
  await py.loadPackage(micropip, { messageCallback: () => {} });
  py.FS.writeFile("/tmp/" + wheelName, Buffer.from(wheel, "base64"));
  await py.pyimport("micropip").install("emfs:/tmp/" + wheelName);
  py.FS.writeFile("/home/pyodide/pysolver_bridge.py", bridge);
}
for (const [name, value] of Object.entries(req.globals)) py.globals.set(name, py.toPy(value));
process.stdout.write(py.runPython(readFileSync(req.script, "utf8")));
