// web/js's folders (web/README.md, "Files"): every relative import of every module names
// a file that exists, so a module moved without its importers fixed fails here, not in a
// browser test minutes later; the folders are layers (imports run down only); and only the
// registration list (app/genres.js) imports a genre.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const WEB = join(dirname(fileURLToPath(import.meta.url)), "../../web");
const JS = join(WEB, "js");

function modules(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? modules(path) : name.endsWith(".js") ? [path] : [];
  });
}

// static and dynamic imports with a literal relative specifier
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.\.?\/[^"']+)["']/gm;
// files the build adds to site/ next to web/'s own
const BUILT = ["clingo/", "pyodide/"];

test("every relative import of web/js resolves", () => {
  const missing = [];
  let seen = 0;
  for (const file of modules(JS)) {
    for (const [, spec] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      seen += 1;
      const target = join(dirname(file), spec);
      const rel = relative(WEB, target);
      if (BUILT.some((b) => rel.startsWith(b))) continue;
      if (!existsSync(target)) missing.push(`${relative(WEB, file)}: ${spec}`);
    }
  }
  assert.ok(seen > 100, `only ${seen} imports found`);
  assert.deepEqual(missing, []);
});

test("web/js has no loose modules: each lives in its layer's folder", () => {
  const loose = readdirSync(JS).filter((n) => n.endsWith(".js"));
  assert.deepEqual(loose, []);
});

// the layers, ground first: a module imports from its own folder and the folders before it
// (web/README.md, "Files"), so no import runs back up and no two folders import each other
const LAYERS = ["shell", "engine", "board", "learn", "panels", "play", "create", "library", "endless", "genres", "app"];

test("web/js's folders are layers: every import runs down, none back up", () => {
  const up = [];
  for (const file of modules(JS)) {
    const from = relative(JS, file).split("/")[0];
    assert.ok(LAYERS.includes(from), `${from}/ is in no layer of LAYERS`);
    for (const [, spec] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const to = relative(JS, join(dirname(file), spec)).split("/")[0];
      if (to === from || !LAYERS.includes(to)) continue; // its own folder; the built clingo/, pyodide/
      if (LAYERS.indexOf(to) > LAYERS.indexOf(from)) up.push(`${relative(JS, file)}: ${spec}`);
    }
  }
  assert.deepEqual(up, []);
});

test("genres are plug-ins: outside genres/, only the registration list imports one", () => {
  // app/genres.js lists the genres, one line each; every other module of the shell, board,
  // play, panels, library, create and engine layers (app/app.js too) knows no genre
  const leaks = [];
  let listed = 0;
  for (const file of modules(JS)) {
    const rel = relative(JS, file);
    if (rel === join("app", "genres.js")) { listed = [...readFileSync(file, "utf8").matchAll(IMPORT)].length; continue; }
    if (rel.startsWith("genres/")) continue;
    for (const [, spec] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (relative(JS, join(dirname(file), spec)).startsWith("genres/")) leaks.push(`${rel}: ${spec}`);
    }
  }
  assert.deepEqual(leaks, []);
  assert.ok(listed >= 2, "app/genres.js imports the genres");
});

test("index.html's scripts exist", () => {
  const html = readFileSync(join(WEB, "index.html"), "utf8");
  const srcs = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(srcs.length >= 2);
  for (const src of srcs) assert.ok(existsSync(join(WEB, src)), src);
});
