"""A first visit (issue 32): the page says how far the engine's load has got, in
players' words and only upwards; Hint pressed meanwhile is answered once the engine is
up; the site then works offline from the service worker's cache, the engine's snapshot
that visit saved is restored by the next loads and a damaged one replaced, and a new
build's cache replaces the old one (one first visit for all); the site is installable
(a web app manifest whose icons load)."""
import json
import re

import pytest
from conftest import SITE
from helpers import (ENGINE, builtin, click_cell, engine_call, engine_field, open_builtin, open_site, state,
                     wait_engine, wait_until, wait_words)
from playwright.sync_api import expect

SNAPSHOT_SAVED = f"(async () => ({ENGINE}).snapshot)()"  # the engine's saved heap, once stored (the test hook)

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


SW_CACHES = "caches.keys().then(k => k.filter(n => n.startsWith('pysolver:')))"  # sw.js's own
SW_SETTLED = ("navigator.serviceWorker.getRegistration().then(r => r && r.active && "
              "r.active.state === 'activated' && !r.installing && !r.waiting)")


@pytest.mark.fresh_context
def test_first_visit_then_offline_warm_loads_from_its_snapshot_then_a_new_build(page, tmp_path, artifacts):
    """One first visit (a context of its own, about 8 CPU s) for all of it, served from a
    copy of the site that a new build rewrites at the end: 1. the loading progress and a
    hint asked meanwhile; 2. the service worker's cache, then offline: the page, the engine
    (restored from the snapshot the first visit saved), a Nikoli game resumed and built-in
    puzzles, all from the cache; 3. a damaged snapshot replaced, a hung restore abandoned;
    4. a new build's cache replaces the old one, the page says so and its Reload keeps the game. (Was two tests of a first visit each:
    this one and test_loading.py's offline test.)"""
    import shutil
    import sys

    from conftest import ROOT, SiteServer, _need_site

    _need_site()
    sys.path.insert(0, str(ROOT))
    from tools.build.service_worker import write_service_worker  # the build's precache/version step

    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    server = SiteServer(directory=copy).start()
    try:
        # 1. the restore's watchdog (20 s) out of the way: what a snapshot's restore gives
        # (restored, failed) must not depend on how busy the machine is (kept on reloads)
        _loading_progress_only_goes_up_and_a_hint_asked_meanwhile_comes(page, server, "?restore-limit-ms=600000")
        assert _engine_info(page)["snapshot"] == "none"
        saved = wait_until(page, SNAPSHOT_SAVED)
        assert saved["stored"] is True, saved
        # 2. offline after the first visit
        _offline_from_the_cache_and_the_warm_load_restores_the_snapshot(page, server, artifacts)
        # 3. back online (the same port)
        page.context.set_offline(False)
        server.start()
        _a_bad_snapshot_is_replaced_and_a_hung_restore_abandoned(page)
        # 4. a new build, a changed page and sw.js rewritten with the new content hash
        wait_until(page, SW_SETTLED)
        assert len(page.evaluate(SW_CACHES)) == 1
        assert not page.is_visible("#update-ready")  # the first visit's worker taking over said nothing
        click_cell(page, 0, 0)                       # a move on the page the old build serves
        html = (copy / "index.html").read_text()
        (copy / "index.html").write_text(html.replace('<h1 class="brand">', '<h1 class="brand" data-build="new">'))
        version = write_service_worker(copy)
        fetched = []  # what the new service worker downloads: its precache asks with ?v=<version>
        page.context.on("request", lambda r: f"v={version}" in r.url and fetched.append(r.url.split("?")[0]))
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        wait_until(page, f"{SW_CACHES}.then(k => k.length === 1 && k[0].endsWith(':{version}'))")
        wait_until(page, SW_SETTLED)
        # only the changed page was downloaded again ("./" and index.html); the rest, the
        # engine's 20 MB among it, was copied from the old cache by its content hash
        assert sorted(u[len(server.url):] for u in fetched) == ["", "index.html"], fetched
        # the page the old build serves says a new version is ready; its Reload brings the new
        # build, from the new cache alone (offline), with the game and its move kept
        expect(page.locator("#update-ready")).to_contain_text("A new version of the site is ready")
        server.stop()
        page.context.set_offline(True)
        with page.expect_navigation():
            page.click("#update-reload")
        page.wait_for_selector("html[data-booted=true]")
        assert page.get_attribute("h1.brand", "data-build") == "new"
        assert not page.is_visible("#update-ready")
        assert page.text_content("#puzzle-title") == "Demo Puzzle from Front Page"
        assert state(page)[0][0] == "#"
    finally:
        server.stop()


def _loading_progress_only_goes_up_and_a_hint_asked_meanwhile_comes(page, site_server, path):
    held = []
    # the engine's last download waits until the hint has been asked: Hint is pressed
    # while the engine is loading, whatever the machine's speed
    page.route("**/wheels/pysolver-*.whl", lambda route: held.append(route))
    page.add_init_script(RECORD_CHIP)
    open_site(page, site_server, path)
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
    page.unroute("**/wheels/pysolver-*.whl")  # later starts (a damaged snapshot's) fetch it freely
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


def _engine_info(page):
    wait_engine(page)
    return engine_field(page, "info")


def _offline_from_the_cache_and_the_warm_load_restores_the_snapshot(page, server, artifacts):
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    click_cell(page, 3, 3)
    # a Nikoli game (was test_nikoli_play.py's first visit of its own), played last
    page.click("#nav-library")
    page.click("button.open-builtin[data-id='heyawake-7x7-1']")
    page.locator("#view-play h2:visible", has_text="Heyawake").first.wait_for(timeout=30_000)
    click_cell(page, 1, 0)
    wait_words(page, 1, 0, r": shaded\b")
    server.stop()
    page.context.set_offline(True)
    # offline, the page loads from the service worker's cache and resumes the game played
    # last, marks and all
    page.reload()
    page.wait_for_selector("html[data-booted=true]")
    expect(page.locator("#puzzle-title")).to_contain_text("Heyawake 7×7", timeout=30_000)
    wait_words(page, 1, 0, r": shaded\b")
    assert page.is_visible("#view-play")
    # the warm load: the engine restored from the first visit's snapshot (the engine's
    # other files from the cache)
    info = _engine_info(page)
    assert info["snapshot"] == "restored"
    # the service worker's headers (COOP/COEP) make its pages cross-origin isolated: Cancel
    # interrupts Python there (the `isolated` tests get the same headers from the server)
    assert page.evaluate("window.crossOriginIsolated") is True and info["isolated"] and info["interrupt"]
    assert info["pysolver"] and info["python"].startswith("3.")
    assert info["timings_ms"]["micropip"] is None        # no install: the heap already has it
    # the rule checker runs in it
    page.locator("#check-panel").get_by_label("Check").select_option("Broken rules")
    click_cell(page, 2, 0)
    expect(page.locator("#check-list li").first).to_be_visible()
    # the nonogram played before it, its progress kept, and a hint
    open_builtin(page, "welcome-heart")
    assert state(page)[3][3] == "#"
    page.click("#hint")
    page.wait_for_function("document.getElementById('hint-text').textContent.startsWith('Look at')",
                           timeout=60_000)
    # lazily imported modules and package data come from the restored files
    heart = builtin("welcome-heart")                      # the puzzle on screen, as the site serves it
    asp = engine_call(page, "asp", {"puzzle": heart})
    assert "#show" in asp["program"] or ":-" in asp["program"]
    res = engine_call(page, "solve", {"puzzle": heart})
    assert res["status"] == "unique"
    # "reset" empties the caches (the benchmark's equal start); solving still works
    again = [engine_call(page, "reset"), engine_call(page, "solve", {"puzzle": heart})]
    assert again[0] == {} and again[1]["solutions"] == res["solutions"]
    # built-in puzzles come from the cache too
    open_builtin(page, "webpbn-1")
    assert page.text_content("#puzzle-title") == "Demo Puzzle from Front Page"
    page.screenshot(path=str(artifacts / "offline.png"))
    page.click("#nav-library")
    page.click("button.open-builtin[data-id='masyu-7x7-1']")
    page.locator("#view-play h2:visible", has_text="Masyu").first.wait_for(timeout=30_000)
    open_builtin(page, "webpbn-1")    # the nonogram is the last game played again


def _a_bad_snapshot_is_replaced_and_a_hung_restore_abandoned(page):
    heart = builtin("welcome-heart")
    # the snapshot's other ways, each in an engine of its own on this page (the page's engine
    # is the one the same client and worker start on a load; a reload would add a page load
    # to each): a damaged one falls back to a normal start, each kind of damage on the good
    # copy the previous step left; a restore that hangs is abandoned (last: its abandoned
    # worker may still drop the stored copy as it ends)
    for damage in ("garbage", "heap"):
        _damaged_snapshot_round(page, damage, heart)
    # a restored engine never saves again; the one stored stays: the page's engine (restored
    # above) has not saved by the time the two later starts saved theirs, each due a second
    # (the worker's SNAPSHOT_DELAY_MS) after a ready that came after this one's
    assert page.evaluate(SNAPSHOT_SAVED) is None
    # the copy the last damaged start saved restores (the replacement is the same code
    # after either damage: proved once, after the last round)
    assert _own_engine(page, heart)["snapshot"] == "restored"
    _restore_that_does_not_answer_is_abandoned(page)


# An engine of the page's own client.js, started (restoreLimitMs as the page's: what a restore
# gives must not depend on how busy the machine is), asked to solve the heart, then waited for
# the snapshot it saves after a normal start (`saves`), and ended (taken from the engine
# first: a worker ended on purpose, not a crash to restart from).
OWN_ENGINE = """async ([heart, options, saves]) => {
    const { Engine } = await import(new URL("js/engine/client.js", location.href).href);
    const e = new Engine(options);
    const saved = new Promise((r) => e.addEventListener("snapshot", (ev) => r(ev.detail)));
    const info = await e.start();
    const res = await e.call("solve", { puzzle: heart });
    const stored = saves ? (await saved).stored : null;
    const w = e.worker;
    e.worker = null;
    w.terminate();
    return { snapshot: info.snapshot, micropip: info.timings_ms.micropip, status: res.status, saved: stored };
}"""


def _own_engine(page, heart, options=None, saves=False):
    return page.evaluate(OWN_ENGINE, [heart, options or {"restoreLimitMs": 600_000}, saves])


def _damaged_snapshot_round(page, damage, heart):
    # garbage: not a snapshot at all; heap: the right layout with a wrong heap header
    page.evaluate("""async (damage) => {
        const cache = await caches.open("pysolver-engine-snapshot");
        const [req] = await cache.keys();
        let bytes = new Uint8Array(await (await cache.match(req)).arrayBuffer());
        if (damage === "garbage") bytes = new Uint8Array(1000).fill(7);
        else {
            const n = new DataView(bytes.buffer).getUint32(0, true);
            bytes.fill(0, Math.ceil((4 + n) / 16) * 16, Math.ceil((4 + n) / 16) * 16 + 64);
        }
        await cache.put(req, new Response(bytes));
    }""", damage)
    out = _own_engine(page, heart, saves=True)
    assert out["snapshot"] == "failed", damage
    assert out["micropip"] is not None, damage    # the normal start with micropip
    assert out["status"] == "unique", damage      # and it answers
    assert out["saved"] is True, damage           # the damaged copy is replaced by a good one


def _restore_that_does_not_answer_is_abandoned(page):
    # a snapshot is stored: a second engine whose watchdog gives a restore 1 ms must
    # give up on the saved heap, drop it, start normally and answer
    out = _own_engine(page, builtin("welcome-heart"), {"restoreLimitMs": 1}, saves=True)
    assert out["snapshot"] == "abandoned"
    assert out["micropip"] is not None          # the normal start
    assert out["status"] == "unique"
    assert out["saved"] is True                 # a fresh snapshot replaces the dropped one


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
    assert needed <= {path for path, _ in build["precache"]}
