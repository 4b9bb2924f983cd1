"""How large the saved game of a share-link game is (issue 29): a 39-byte link to a 100x100
Nurikabe and a share link to a 60x60 nonogram (webpbn #36459, Moss), each opened in
Chromium, one move played, the record in localStorage measured. Sizes are characters
(what the browser's quota counts), not time: the numbers do not depend on the machine.

    .venv/bin/python bench/share_saves.py [--site DIR]   # DIR: a built site/, default ./site
"""
import argparse
import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from pysolver import api  # noqa: E402
from tools.build.serve import make_server  # noqa: E402

PREFIX = "pysolver:progress:v1:"
NURIKABE = "#n=nurikabe/100/100/zzzzzzzzzz5zzzzzzz3"
MOSS = ROOT / "../shared/puzzles/webpbn/36459.xml"


def record(page, prefix):
    page.wait_for_function("p => Object.keys(localStorage).some(k => k.startsWith(p) && localStorage[k].includes('\"played\":true'))",
                           arg=prefix, timeout=60_000)
    return page.evaluate("p => Object.entries(localStorage).find(([k, v]) => k.startsWith(p) && v.includes('\"played\":true'))[1]", prefix)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=str(ROOT / "site"))
    args = ap.parse_args()
    httpd = make_server(0, directory=args.site)
    import threading
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    moss = api.read(MOSS.read_text(), "36459.xml")["puzzles"][0]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("#engine-status[data-status=ready]", timeout=180_000)
        page.evaluate(f"location.hash = '{NURIKABE}'")
        page.wait_for_selector("#nk-puzzle-title:text-is('Nurikabe 100×100')", timeout=90_000)
        page.focus("#nk-board .aria-grid")
        page.keyboard.press("f")
        nk = record(page, PREFIX + "n:")
        fragment = page.evaluate("async (d) => (await import('./js/shell/share.js')).encodeShare(d)", moss)
        page.evaluate(f"location.hash = '#{fragment}'")
        page.wait_for_selector("#puzzle-title:text-is('Moss')", timeout=90_000)
        page.focus("#view-play .aria-grid")
        page.keyboard.press("f")
        non = record(page, PREFIX + "p:")
        browser.close()
    print(f"{len(NURIKABE)}-byte link to a 100x100 Nurikabe: saved record {len(nk)} characters")
    print(f"{len(fragment) + 1}-byte link to a 60x60 nonogram: saved record {len(non)} characters "
          f"(its puzzle as JSON: {len(json.dumps(moss, separators=(',', ':')))})")


if __name__ == "__main__":
    main()
