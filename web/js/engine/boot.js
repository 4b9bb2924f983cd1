// Starts the engine worker first thing: Pyodide's start is the long pole of a page
// load, so it should not wait for the page's other modules (index.html loads this
// module on its own, async, before app/app.js; app/app.js imports the same instance).
import { Engine } from "./client.js";

// for bench/browser.py: ?installer=loadPackage skips micropip (to price it),
// ?snapshot=off starts without the saved engine snapshot (to price that); for the browser
// tests: ?restore-limit-ms=N, the watchdog on a snapshot's restore (a loaded test machine
// must not turn a damaged snapshot's "failed" into "abandoned")
const query = new URLSearchParams(location.search);
export const engine = new Engine({
  installer: query.get("installer") || "micropip",
  snapshot: query.get("snapshot") !== "off",
  ...(Number(query.get("restore-limit-ms")) > 0 ? { restoreLimitMs: Number(query.get("restore-limit-ms")) } : {}),
});
engine.start().catch(() => {}); // failures show through the engine's status events
