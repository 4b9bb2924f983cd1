// The page's guess of which texts are Nikoli puzzles (genres/nikoli/genre.js claims: the shell
// sends a pasted or dropped text to the genre that claims it, before the engine is ready) against
// the engine's own (pysolver.nikoli.read.looks_like, this checkout's Python): issue 28, JS copies
// of Python logic kept equal by a test. The built-in files, their links, every family name the
// engine knows in a header, and near misses.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

globalThis.window = { devicePixelRatio: 1 };
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const PYTHON = process.env.PYSOLVER_PYTHON || join(ROOT, ".venv/bin/python");
const skip = existsSync(PYTHON) ? false : `no Python at ${PYTHON} (scripts/setup makes it)`;
const { claims, FAMILY_ALIASES } = await import("../../web/js/genres/nikoli/genre.js");
const python = (script, input) => JSON.parse(execFileSync(PYTHON, ["-c", script], { cwd: ROOT, input, encoding: "utf-8" }));

test("the page claims the texts the engine's Nikoli reader takes, and no others", { skip }, () => {
  const aliases = python("import json; from pysolver.nikoli import model; print(json.dumps(sorted(model.ALIASES)))", "");
  assert.deepEqual([...FAMILY_ALIASES].sort(), aliases, "the family names a header may give");
  const dir = join(ROOT, "web/puzzles/nikoli");
  const files = readdirSync(dir).filter((f) => f.endsWith(".txt")).slice(0, 12).map((f) => readFileSync(join(dir, f), "utf-8"));
  const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf-8"));
  const urls = (Array.isArray(index) ? index : index.puzzles || []).map((e) => e.url).filter(Boolean).slice(0, 12);
  const nonograms = ["welcome-heart.json", "two-ways.json"].map((f) => readFileSync(join(ROOT, "web/puzzles", f), "utf-8"));
  const texts = [
    ...files, ...urls, ...nonograms,
    ...aliases.flatMap((a) => [`${a} 7x7`, `${a.toUpperCase()} 10X10`, `# a comment\n\n${a} 5x5\n`, `${a} 7 x 7`, `${a} 7x7 extra`, `${a} 7by7`]),
    "https://puzz.link/p?nurikabe", "http://pzv.jp/p.html?mashu/7/7/abc", "www.pzprxs.vercel.app/p?cave/6/6/x",
    "localhost:8000/p?heyawake/5/5/0", "localhost:123456/p?heyawake/5/5/0", "example.com/p.html?x", "example.com/q?x",
    "HTTPS://PUZZ.LINK/p?nurikabe/7/7/1", "ftp://puzz.link/p?nurikabe/7/7/1", "puzz.link/p nurikabe", "",
    "   \n# only a comment\n", "nurikabe\r7x7", "\u2028masyu 3x3", "picross 5x5", "title \"x\"\nwidth 3\n", "width 5\nheight 5",
    "ドメイン.jp/p?nurikabe/3/3/1", "host:１２/p?nurikabe/3/3/1",
    // served from a folder (pzprjs reads what follows the "?" on any page), or not
    "http://indi.s58.xrea.com/pzpr/v3/p.html?nurikabe/5/5/g5", "localhost:8000/dist/p.html?cave/3/3/1",
    "example.com/a~b/%7E/p?x", "example.com/docs/page?x", "example.com/a b/p?x", "example.com//p?x",
    "example.com/ドメイン/p.html?x",
  ];
  const engine = python("import json, sys; from pysolver.nikoli import read; " +
    "print(json.dumps([read.looks_like(t) for t in json.load(sys.stdin)]))", JSON.stringify(texts));
  const yes = texts.filter((t, k) => {
    assert.equal(claims(t), engine[k], `claims(${JSON.stringify(t.slice(0, 60))})`);
    return engine[k];
  });
  assert.ok(yes.length > 20 && yes.length < texts.length - 10, "the corpus has both kinds");
});
