#!/usr/bin/env python3
"""A first visit as a player on a phone gets it (issue 32), in headless Chromium.

    python3 build.py && .venv/bin/python bench/first_visit.py [--runs 5] [--only throttled]
        [--peer OTHER/site]

site/ is served by a small static server that gzips what static hosts gzip (text,
JavaScript, JSON, SVG, WebAssembly; never zip archives, wheels or PNGs) and counts
the bytes it sends, headers included: the bytes over the wire, the engine worker's
requests and the service worker's precache included. Each run is a fresh profile;
the page's clock is used (navigation = 0):
  board      the puzzle title and board shown (the page's controls bound)
  ready      the engine's status "ready" (#engine-status[data-status=ready])
  hint       Hint pressed as soon as the board is shown, answered on the page
  bytes      everything served until the hint was answered (engine = pyodide/,
             wheels/, build.json, py/; clingo = clingo/)
Conditions: "throttled" (Network.emulateNetworkConditions over Playwright's CDP
session: 20 Mbit/s down, 40 ms latency; Chromium applies it to the page's dedicated
workers too), "fast" (no throttling); then, in the last fresh profile, a "return"
visit (service worker and engine snapshot) and an "offline" one (the network cut).
Medians of --runs.
"""
from __future__ import annotations

import argparse
import gzip
import http.server
import json
import mimetypes
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
GZIP_TYPES = ("text/", "application/javascript", "application/json", "application/wasm",
              "image/svg+xml", "application/manifest+json")
MB = 1e6
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".webmanifest": "application/manifest+json", ".py": "text/x-python",
         ".whl": "application/octet-stream", ".zip": "application/zip"}


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.sent: dict[str, int] = {}

    def add(self, path: str, n: int) -> None:
        with self.lock:
            self.sent[path] = self.sent.get(path, 0) + n

    def take(self) -> dict[str, int]:
        with self.lock:
            out, self.sent = self.sent, {}
        return out


COUNTER = Counter()
_GZ: dict[Path, bytes] = {}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    root = SITE

    def log_message(self, *a):
        pass

    def do_GET(self):
        rel = self.path.split("?", 1)[0].split("#", 1)[0].lstrip("/") or "index.html"
        path = (self.root / rel).resolve()
        if rel.endswith("/"):
            path = path / "index.html"
        if self.root.resolve() not in path.parents or not path.is_file():
            return self.reply(rel, 404, b"not found", "text/plain")
        ctype = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        self.reply(rel, 200, path.read_bytes(), ctype, path)

    def reply(self, rel, status, body, ctype, path=None):
        gz = "gzip" in self.headers.get("Accept-Encoding", "") and ctype.startswith(GZIP_TYPES)
        if gz:
            if path not in _GZ:
                _GZ[path] = gzip.compress(body, 6)
            body = _GZ[path] if path else gzip.compress(body, 6)
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        if gz:
            self.send_header("Content-Encoding", "gzip")
        head = sum(len(x) for x in self._headers_buffer) + 2  # the status line, headers, blank line
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            return  # the browser gave up on it (a context closed mid-download): not sent
        COUNTER.add(rel, head + len(body))


def serve(root=SITE):
    handler = type("SiteHandler", (Handler,), {"root": Path(root)})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


# In the page from its first script on: when the board, the engine and the hint came.
WATCH = """
(() => {
  const at = window.__firstVisit = {};
  const tick = () => {
    const now = performance.now();
    const title = document.getElementById("puzzle-title");
    const board = document.getElementById("board");
    if (!at.board && title && board && board.childElementCount && title.textContent !== "Loading…") at.board = now;
    const chip = document.getElementById("engine-status");
    if (!at.ready && chip && chip.dataset.status === "ready") at.ready = now;
    const btn = document.getElementById("hint"), text = document.getElementById("hint-text");
    if (at.pressed && !at.hint && btn && !btn.disabled && text.textContent && !text.textContent.startsWith("Thinking")) {
      at.hint = now;
      at.hintText = text.textContent;
    }
    if (!at.hint) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""


def visit(ctx, url, throttle: bool, fresh=True):
    page = ctx.new_page()
    page.add_init_script(WATCH)
    if throttle:
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 20e6 / 8})
    COUNTER.take()
    page.goto(url)
    page.wait_for_function("window.__firstVisit && window.__firstVisit.board", polling=50, timeout=120_000)
    page.evaluate("() => { window.__firstVisit.pressed = performance.now(); document.getElementById('hint').click(); }")
    page.wait_for_function("window.__firstVisit.hint", polling=100, timeout=300_000)
    at = page.evaluate("window.__firstVisit")
    info = page.evaluate("window.nonogramApp.engine.info")
    sent = COUNTER.take()
    return page, {
        "board_s": at["board"] / 1000, "ready_s": at["ready"] / 1000, "hint_s": at["hint"] / 1000,
        "bytes_mb": sum(sent.values()) / MB,
        "engine_mb": sum(n for p, n in sent.items() if p.startswith(("pyodide/", "wheels/", "py/", "build.json"))) / MB,
        "clingo_mb": sum(n for p, n in sent.items() if p.startswith("clingo/")) / MB,
        "worker_ms": {k: info["timings_ms"].get(k) for k in ("pyodide", "micropip", "wheel", "bridge", "total")},
        "snapshot": info.get("snapshot"),
        "files": {p: n for p, n in sorted(sent.items(), key=lambda kv: -kv[1])[:8]},
    }


def median_row(rows):
    keys = [k for k in rows[0] if k not in ("files", "worker_ms", "snapshot")]
    return {k: round(statistics.median(r[k] for r in rows), 2) for k in keys}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", choices=["throttled", "fast"], default=None)
    ap.add_argument("--json", help="write every run here")
    ap.add_argument("--peer", help="another built site/ (e.g. an older commit's), visited in "
                    "turns with this one: a fair comparison on a loaded machine")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sites = {"site": SITE} | ({"peer": Path(args.peer)} if args.peer else {})
    for root in sites.values():
        if not (root / "index.html").is_file():
            print(f"{root} is missing: run python3 build.py first", file=sys.stderr)
            return 2
    servers = {name: serve(root) for name, root in sites.items()}
    out = {name: {"throttled": [], "fast": [], "return": [], "offline": []} for name in sites}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_chromium(), args=FLAGS)
        for k in range(args.runs):
            for cond in ("throttled", "fast"):
                if args.only and cond != args.only:
                    continue
                for name in (list(sites) if k % 2 == 0 else list(sites)[::-1]):
                    url = servers[name][1]
                    ctx = browser.new_context()
                    page, row = visit(ctx, url, cond == "throttled")
                    out[name][cond].append(row)
                    print(f"{name} {cond} run {k + 1}: {json.dumps(row)}", flush=True)
                    if k == args.runs - 1 and cond == (args.only or "fast"):
                        again(ctx, page, url, out[name])
                    ctx.close()
        browser.close()
    for httpd, _ in servers.values():
        httpd.shutdown()
    for name in sites:
        for cond, rows in out[name].items():
            if rows:
                print(f"{name} {cond}: median of {len(rows)}: {json.dumps(median_row(rows))}")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


def again(ctx, page, url, out):
    """The return visit and the offline one, in the profile of the last first visit."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.wait_for_function("window.nonogramApp.engine.snapshot !== null", timeout=120_000)
    time.sleep(0.5)  # let the precache's last writes land
    page.close()
    _, row = visit(ctx, url, False)
    out["return"].append(row)
    print(f"return visit: {json.dumps(row)}", flush=True)
    ctx.set_offline(True)
    _, row = visit(ctx, url, False)
    out["offline"].append(row)
    print(f"offline visit: {json.dumps(row)}", flush=True)


def _chromium():
    import shutil
    return shutil.which("chromium") or shutil.which("chromium-browser")


if __name__ == "__main__":
    sys.exit(main())
