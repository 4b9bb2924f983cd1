"""Browser tests: Debian's Chromium (never `playwright install`) against the built
site served on 127.0.0.1. scripts/test builds site/ first; these fixtures build
nothing and skip when site/ is missing. Every request that leaves 127.0.0.1 is
aborted and recorded, and the test fails if there was one.

`page` is a new tab in a *warm* context, one per xdist worker (and per set of
`browser_context_args` besides the viewport, which is set on the page), so the browser's caches outlive the test: the HTTP cache,
V8's compiled WebAssembly and the engine snapshot in Cache Storage. Each test starts
from a clean player state (localStorage, IndexedDB, cookies, permissions cleared
before the page opens) but the engine restores the snapshot an earlier test saved
instead of a cold Pyodide start: about 3 CPU s a test instead of 7.5. The warm
context blocks the service worker (a registered worker would make every later page
cross-origin isolated and re-download its precache).

`@pytest.mark.isolated` gives a page of a second warm context whose service worker
stays registered: every page there but the worker's very first is cross-origin
isolated (helpers.isolated_visit makes sure), for tests that cancel by interrupt.

A test gets a fresh context of its own, a true first visit (no snapshot, the service
worker allowed), when it is marked `@pytest.mark.fresh_context` or asks for the
`context` fixture (then `page` is that context's page): tests about a first visit,
the service worker, offline, cross-origin isolation or the snapshot itself."""
import shutil
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools.build.serve import make_server  # noqa: E402
SITE = ROOT / "site"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--disable-quic"]
ENGINE_TIMEOUT = 90_000  # ms: a cold Pyodide start on a busy 2-core machine


_servers = set()  # ports served in this worker: the origins whose player state a page clears


class SiteServer:
    """site/ on 127.0.0.1 at a free port; stop() and start() again on the same port."""

    def __init__(self, port=0, directory=SITE):
        self.port = port
        self.directory = directory
        self.httpd = None

    def start(self):
        # the dev server of `build.py serve`: quiet, no-cache, silent on client disconnects
        self.httpd = make_server(self.port, directory=self.directory)
        self.port = self.httpd.server_address[1]
        _servers.add(self.port)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def stop(self):
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/"


def _need_site():
    if not (SITE / "index.html").is_file() or not (SITE / "sw.js").is_file():
        pytest.skip(f"{SITE} is not built: run `python build.py` (scripts/test does)")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/test installs it)")


@pytest.fixture(scope="session")
def site_server():
    _need_site()
    server = SiteServer().start()
    yield server
    server.stop()


@pytest.fixture()
def own_server():
    """A server this test may stop (offline tests)."""
    _need_site()
    server = SiteServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


def _guard(context):
    """Abort every request that is not for 127.0.0.1; the list of those aborted."""
    outside = []

    def guard(route):
        url = route.request.url
        if url.startswith("http://127.0.0.1:") or url.startswith("data:") or url.startswith("blob:"):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", guard)
    return outside


@pytest.fixture()
def context(context):
    """A fresh context of the test's own: a first visit."""
    outside = _guard(context)
    yield context
    assert not outside, f"the site tried to reach outside hosts: {outside}"


@pytest.fixture(scope="session")
def _warm_contexts(browser, browser_context_args):
    """The warm contexts of this worker, by their extra context arguments."""
    contexts = {}

    def get(extra, isolated):
        key = repr((sorted(extra.items()), isolated))
        if key not in contexts:
            ctx = browser.new_context(**{**browser_context_args, **extra},
                                      service_workers="allow" if isolated else "block")
            contexts[key] = (ctx, _guard(ctx))
        return contexts[key]

    yield get
    for ctx, _ in contexts.values():
        ctx.close()


# a returning visitor's engine, a new player: everything but Cache Storage (and, in
# the isolated warm context, the service worker that isolates its pages)
PLAYER_STATE = "cookies,file_systems,indexeddb,local_storage,websql"


@pytest.fixture()
def page(request, _warm_contexts):
    fresh = request.node.get_closest_marker("fresh_context") or "context" in request.fixturenames
    if fresh:
        page = request.getfixturevalue("context").new_page()
        outside, seen = [], 0
    else:
        marker = request.node.get_closest_marker("browser_context_args")
        extra = dict(marker.kwargs) if marker else {}
        viewport = extra.pop("viewport", None)  # a page's own: no warm context of its own
        isolated = request.node.get_closest_marker("isolated") is not None
        ctx, outside = _warm_contexts(extra, isolated)
        seen = len(outside)
        ctx.clear_permissions()
        page = ctx.new_page()
        if viewport:
            page.set_viewport_size(viewport)
        cdp = ctx.new_cdp_session(page)
        for port in sorted(_servers):
            cdp.send("Storage.clearDataForOrigin", {
                "origin": f"http://127.0.0.1:{port}",
                "storageTypes": PLAYER_STATE + ("" if isolated else ",service_workers")})
        cdp.detach()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    yield page
    if not fresh:
        for other in page.context.pages:  # the test's own and any it opened beside it
            other.close()
        assert len(outside) == seen, f"the site tried to reach outside hosts: {outside[seen:]}"
    assert not errors, f"uncaught page errors: {errors}"


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
