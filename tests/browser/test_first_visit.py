"""A first visit (issue 32): the page says how far the engine's load has got, in
players' words and only upwards; Hint pressed meanwhile is answered once the engine is
up; the site is installable (a web app manifest whose icons load)."""
import json
import re

import pytest
from conftest import SITE
from helpers import open_site, wait_until

# every change of the status chip, recorded by the page itself from its first script
RECORD_CHIP = """
window.__chip = [];
new MutationObserver(() => {
  const chip = document.getElementById("engine-status");
  if (!chip) return;
  const seen = {status: chip.dataset.status, loaded: Number(chip.dataset.loaded), text: chip.textContent};
  const last = window.__chip[window.__chip.length - 1];
  if (!last || last.loaded !== seen.loaded || last.text !== seen.text) window.__chip.push(seen);
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""
ENGINE_WORDS = re.compile(r"python|pysolver|pyodide|clingo|wasm", re.I)


@pytest.mark.fresh_context
def test_loading_progress_only_goes_up_and_a_hint_asked_meanwhile_comes(page, site_server):
    held = []
    # the engine's last download waits until the hint has been asked: Hint is pressed
    # while the engine is loading, whatever the machine's speed
    page.route("**/wheels/pysolver-*.whl", lambda route: held.append(route))
    page.add_init_script(RECORD_CHIP)
    open_site(page, site_server)
    wait_until(page, "document.getElementById('engine-status').dataset.loaded > 0")
    page.click("#hint")
    waiting = page.text_content("#hint-text")
    assert waiting.startswith("Thinking…") and "loading" in waiting
    for _ in range(900):                    # the worker reaches the wheel (route handler)
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the engine never asked for its wheel"
    chip = page.locator("#engine-status")
    assert chip.get_attribute("data-status") == "loading"
    assert re.fullmatch(r"Getting hints ready… \d+%", chip.text_content())
    held[0].continue_()
    # answered as soon as the engine is up, without pressing Hint again
    wait_until(page, "!document.getElementById('hint').disabled && "
                     "document.getElementById('hint-text').textContent.startsWith('Look at')", timeout=90)
    seen = page.evaluate("window.__chip")
    loaded = [s["loaded"] for s in seen]
    assert loaded == sorted(loaded), loaded                 # never down
    assert len({x for x in loaded if 0 < x < 100}) >= 3, loaded  # it moves while loading
    assert seen[-1]["status"] == "ready" and seen[-1]["text"] == "Hints ready"
    for s in seen:                                         # players' words only
        assert not ENGINE_WORDS.search(s["text"]), s


def test_manifest_is_valid_and_its_icons_load(page, site_server):
    open_site(page, site_server)
    got = page.evaluate("""async () => {
      const link = document.querySelector("link[rel=manifest]");
      const response = await fetch(link.href);
      const manifest = await response.json();
      const icons = [];
      for (const icon of manifest.icons) {
        const r = await fetch(new URL(icon.src, link.href));
        const blob = await r.blob();
        const bitmap = await createImageBitmap(blob).catch(() => null);
        icons.push({src: icon.src, ok: r.ok, type: blob.type, declared: icon.type, sizes: icon.sizes,
                    size: bitmap ? `${bitmap.width}x${bitmap.height}` : null});
      }
      return {type: response.headers.get("Content-Type"), manifest, icons,
              theme: document.querySelector("meta[name=theme-color]").content};
    }""")
    m = got["manifest"]
    assert got["type"].startswith("application/manifest+json")
    assert m["name"] and m["short_name"] and m["display"] == "standalone"
    # relative to the manifest: installing works under any sub-path
    assert m["start_url"] == "./" and m["scope"] == "./" and m["id"] == "./"
    assert re.fullmatch(r"#[0-9a-f]{6}", m["theme_color"]) and m["theme_color"] == got["theme"]
    assert re.fullmatch(r"#[0-9a-f]{6}", m["background_color"])
    pngs = [i for i in got["icons"] if i["declared"] == "image/png"]
    assert {i["sizes"] for i in pngs} >= {"192x192", "512x512"}
    for icon in got["icons"]:
        assert not icon["src"].startswith("/") and icon["ok"], icon
        assert icon["type"] == icon["declared"], icon
        if icon["sizes"] != "any":
            assert icon["size"] == icon["sizes"], icon      # the picture is the size it says
    assert any("maskable" in i.get("purpose", "") for i in m["icons"])


def test_service_worker_precaches_the_manifest_and_icons():
    """Installed, the app opens offline: the service worker's precache holds them."""
    if not (SITE / "sw.js").is_file():
        pytest.skip("site/ is not built")
    build = json.loads(re.search(r"const BUILD = (\{.*?\});", (SITE / "sw.js").read_text()).group(1))
    manifest = json.loads((SITE / "manifest.webmanifest").read_text())
    needed = {"manifest.webmanifest"} | {i["src"] for i in manifest["icons"]}
    assert needed <= set(build["precache"])
