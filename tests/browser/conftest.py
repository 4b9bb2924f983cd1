"""Browser tests: Debian's Chromium (never `playwright install`) against the built
site served on 127.0.0.1. scripts/test builds site/ first; these fixtures build
nothing and skip when site/ is missing. Every request that leaves 127.0.0.1 is
recorded, and the test fails if there was one; it goes to a proxy that is not
there (Chromium's flags), so it fails at once and reaches nothing. A request
event, not a route: routing every request through Playwright costs about 0.5 CPU s
a page load.

`page` is the one tab of a *warm* context, one per xdist worker (and per set of
`browser_context_args` besides the viewport, which is set on the page), so the
browser's caches outlive the test: the HTTP cache, V8's compiled WebAssembly and the
engine snapshot in Cache Storage. Each test starts from a clean player state
(the tab sent to about:blank, then localStorage, IndexedDB, cookies, permissions
cleared before the page opens) but the engine restores the snapshot an earlier test
saved instead of a cold Pyodide start. The tab is taken again by the next test (its
renderer process kept: about 1.5 CPU s a page load instead of 3.9 for a new tab,
7.5 for a new context); the tabs a test opens beside it, its routes and its init
scripts are removed after it (an event listener it adds with `page.on` it removes
itself), and a failed test's tab is closed. The warm
context blocks the service worker (a registered worker would make every later page
cross-origin isolated and re-download its precache).

`@pytest.mark.isolated` gives a page of the default warm context whose requests ask the
tests' server for the COOP/COEP headers by a cookie (see _Cached): it is cross-origin isolated
(helpers.isolated_visit makes sure), for tests that cancel by interrupt. The isolated
tests run one after the other on one xdist worker (a renderer of their own, so one
switch there and one back). The tests of a warm context besides the default one (other
context arguments such as touch) go to one xdist worker: one cold start for that context.

A test gets a fresh context of its own, a true first visit (no snapshot, the service
worker allowed), when it is marked `@pytest.mark.fresh_context` or asks for the
`context` fixture (then `page` is that context's page): tests about a first visit,
the service worker, offline, cross-origin isolation or the snapshot itself."""
import shutil
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools.build.serve import Handler, Server  # noqa: E402
SITE = ROOT / "site"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--disable-quic",
                  # every host but the loopback (never proxied) through a closed port
                  "--proxy-server=http://127.0.0.1:9",
                  # WebAssembly (Pyodide's, clingo's) stays in V8's baseline code: no
                  # background recompiles of hot functions by the optimizing compiler,
                  # which each new page (renderer) did again. The same results; 4-13 %
                  # less CPU a browser test file, the engine-bound tests too (PERF.md
                  # "Tests", seventh round). Players' browsers tier up as usual.
                  "--js-flags=--no-wasm-dynamic-tiering --no-wasm-tier-up"]
# the first-visit offers answered (the nonogram's guided first puzzle, each grid genre's rules:
# learn/offer.js): what the `page` fixture starts with (only tests marked `newcomer` meet an
# offer, which shows over the board)
SKIP_GUIDE = ("try { for (const k of ['', ':nurikabe', ':heyawake', ':masyu', ':bag']) "
              "localStorage.getItem('pysolver:learn:v1' + k) || "
              "localStorage.setItem('pysolver:learn:v1' + k, 'skipped'); } catch {}")
ENGINE_TIMEOUT = 90_000  # ms: a cold Pyodide start on a busy 2-core machine


_servers = set()  # ports served in this worker: the origins whose player state a page clears
_session_port = []  # the session's site server's port, once it runs


# a cookie of the warm context (the browser's, for every port of 127.0.0.1): its pages ask to
# be cross-origin isolated. Not a page's extra request header: setting or clearing that is sent
# to the page and each of its workers, and clearing it held one run's teardown for half an hour
# (stock Debian, after an interrupt test; not reproduced); a cookie is the browser process's.
ISOLATE = "pysolver-test-isolated"


class _Cached(Handler):
    """The dev server's answers, but cacheable: the built site does not change while the
    tests run, and each browser context's HTTP cache starts empty. With `no-cache` every
    page load asks again for each file (the engine's WebAssembly included): a warm page
    load cost 1.64 CPU s against 1.25 (PERF.md "Tests").
    The service worker fetches its precache with cache: "reload", as it must behind any
    host that lets files be cached. The servers offline tests stop stay `no-cache`: what
    works offline there comes from the service worker's cache alone.

    Cross-origin isolation (`isolated` tests) as `build.py serve --isolate` gives it: a page
    whose requests carry the ISOLATE cookie gets the COOP/COEP headers the service worker adds, so
    it is isolated in the default warm context, with its caches (a context of its own with
    the service worker cost a cold engine start and the 20 MB precache: about 6 CPU s).
    The other files always carry COEP and CORP (an isolated page's engine worker must; a
    page that is not isolated ignores them); a page varies by its cookies in the HTTP cache."""

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=86400")
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path.endswith("/") or path.endswith(".html"):
            self.send_header("Vary", "Cookie")
            isolated = f"{ISOLATE}=1" in (self.headers.get("Cookie") or "").replace(" ", "").split(";")
        else:
            isolated = True
        if isolated:
            if path.endswith("/") or path.endswith(".html"):
                self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
            self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        SimpleHTTPRequestHandler.end_headers(self)


class SiteServer:
    """site/ on 127.0.0.1 at a free port; stop() and start() again on the same port."""

    def __init__(self, port=0, directory=SITE, cached=False):
        self.port = port
        self.directory = directory
        self.cached = cached
        self.httpd = None

    def start(self):
        # the dev server of `build.py serve`: quiet, no-cache unless `cached`, silent on
        # client disconnects
        handler = _Cached if self.cached else Handler
        self.httpd = Server(("127.0.0.1", self.port), partial(handler, directory=str(self.directory)))
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
    server = SiteServer(cached=True).start()
    _session_port[:] = [server.port]
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
    """The list of the context's requests that are not for 127.0.0.1 (the flags'
    dead proxy fails them), growing as they are made."""
    outside = []

    def guard(request):
        url = request.url
        if not (url.startswith("http://127.0.0.1:") or url.startswith("data:") or url.startswith("blob:")):
            outside.append(url)

    context.on("request", guard)
    return outside


@pytest.fixture()
def context(context):
    """A fresh context of the test's own: a first visit."""
    outside = _guard(context)
    yield context
    assert not outside, f"the site tried to reach outside hosts: {outside}"


POLL_MS = 100  # wait_for_function's polling unless a test says otherwise (see _polled)


def _polled(page):
    """The page's wait_for_function polls every POLL_MS, not on every animation frame
    (Playwright's default): a frame-by-frame poll makes the page draw frames the whole
    wait, 0.06 CPU s a second against 0.01 (PERF.md "Tests", fifth round); the tests'
    waits last seconds, so the later answer costs them nothing that matters."""
    wait = page.wait_for_function

    def wait_for_function(expression, *, arg=None, timeout=None, polling=None):
        return wait(expression, arg=arg, timeout=timeout, polling=POLL_MS if polling is None else polling)

    page.wait_for_function = wait_for_function
    return page


class _Warm:
    """A warm context, its outside requests, and the tab its tests take in turn."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.outside = _guard(ctx)
        self.tab = None
        self.closed = False
        self.disposables = []  # what a test added to the tab that outlives a navigation

    def take(self):
        """The kept tab, on about:blank: the last test's document (and its engine worker)
        has ended and saved what it saves on the way out, before the state is cleared."""
        if self.tab is None or self.tab.is_closed():
            self.tab = _polled(self.ctx.new_page())
            for name in ("add_init_script", "expose_function", "expose_binding"):
                setattr(self.tab, name, self._recorded(getattr(self.tab, name)))
        else:
            self.tab.goto("about:blank")
            self.tab.mouse.move(0, 0)  # nothing under the pointer hovers in the next document
        return self.tab

    def forget(self, ports, first_visit):
        """The player's state of the origins served (PLAYER_STATE) cleared. The browser clears its store, but a renderer kept from
        an earlier test holds the origin's localStorage in a cache of its own, which the clear
        reaches by a message of its own: a page loaded in that renderer right after the clear
        might still read the last test's saved games. For a test that needs a first visit (the
        guided puzzle is offered only with no saved game) the tab also clears localStorage
        from a small document of the site, in order with what the last document wrote, and
        sees it empty (two navigations, about 0.2 CPU s: not for every test; `empty_storage` asks for
        it too, instead of a clear and a reload, about 1.4 CPU s)."""
        cdp = self.ctx.new_cdp_session(self.tab)
        for port in ports:
            cdp.send("Storage.clearDataForOrigin", {
                "origin": f"http://127.0.0.1:{port}",
                "storageTypes": PLAYER_STATE})
        cdp.detach()
        if first_visit and _session_port:
            self.tab.goto(f"http://127.0.0.1:{_session_port[0]}/version.json")
            left = self.tab.evaluate("localStorage.clear(), localStorage.length")
            assert left == 0, f"localStorage kept {left} items after a clear"
            self.tab.goto("about:blank")

    def _recorded(self, method):
        def call(*args, **kwargs):
            handle = method(*args, **kwargs)
            self.disposables.append(handle)
            return handle
        return call

    def release(self, failed, clock=False):
        """After a test: its other tabs closed, its routes and scripts removed; a tab a
        failed test leaves (a key held, a dialog open) is closed, not taken again. After a
        test that installed Playwright's clock the whole context is closed: the clock is the
        context's (init scripts that replay it in every later page) and cannot be removed."""
        try:
            unmarked = not clock and not self.tab.is_closed() and self.tab.evaluate("!!Date.isFake")
        except Exception:  # a page a failed test left (a dialog open): closed below
            unmarked = False
        if clock or unmarked:
            self.ctx.close()
            self.closed = True
            assert not unmarked, "this test installed Playwright's clock: mark it @pytest.mark.fake_clock"
            return
        for other in self.ctx.pages:
            if other is not self.tab:
                other.close()
        if self.tab.is_closed():
            return
        self.tab.unroute_all(behavior="ignoreErrors")
        while self.disposables:
            self.disposables.pop().close()
        if failed:
            self.tab.close()


def _warm_key(item):
    """Which warm context a test's page comes from: (extra context arguments, isolated);
    None for a fresh context."""
    if item.get_closest_marker("fresh_context") or "context" in getattr(item, "fixturenames", ()):
        return None
    marker = item.get_closest_marker("browser_context_args")
    extra = dict(marker.kwargs) if marker else {}
    extra.pop("viewport", None)  # a page's own: no warm context of its own
    return extra, item.get_closest_marker("isolated") is not None


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items):
    """The pages of a warm context besides the default one (touch) come from one xdist
    worker (--dist loadgroup): one cold engine start for them, not one each; the isolated
    pages too, one after the other (their renderer is another one).
    A test marked `fake_clock` runs after the others (of its group): its warm context is
    closed after it (see _Warm.release), so no later test there starts cold or under its clock."""
    items.sort(key=lambda item: item.get_closest_marker("fake_clock") is not None)  # stable
    for item in items:
        key = _warm_key(item) if "page" in getattr(item, "fixturenames", ()) else None
        if key and (key[0] or key[1]) and not item.get_closest_marker("xdist_group"):
            name = "-".join(["isolated"] * key[1] + sorted(key[0]))
            item.add_marker(pytest.mark.xdist_group(f"warm-{name}"))


@pytest.fixture(scope="session")
def _warm_contexts(browser, browser_context_args):
    """The warm contexts of this worker, by their extra context arguments."""
    contexts = {}

    def get(extra):
        key = repr(sorted(extra.items()))
        if key not in contexts or contexts[key].closed:
            contexts[key] = _Warm(browser.new_context(**{**browser_context_args, **extra},
                                                      service_workers="block"))
        return contexts[key]

    yield get
    for warm in contexts.values():
        if not warm.closed:
            warm.ctx.close()


# a returning visitor's engine, a new player: everything but Cache Storage
PLAYER_STATE = "cookies,file_systems,indexeddb,local_storage,websql,service_workers"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.call_failed = report.failed  # for `page`'s teardown
    return report


@pytest.fixture()
def page(request, _warm_contexts, browser_context_args):
    key = _warm_key(request.node)
    fresh = key is None
    if fresh:
        page = _polled(request.getfixturevalue("context").new_page())
        outside, seen = [], 0
    else:
        extra, isolated = key
        marker = request.node.get_closest_marker("browser_context_args")
        viewport = (marker and marker.kwargs.get("viewport")) or browser_context_args["viewport"]
        warm = _warm_contexts(extra)
        outside, seen = warm.outside, len(warm.outside)
        warm.ctx.clear_permissions()
        page = warm.take()
        if page.viewport_size != viewport:
            page.set_viewport_size(viewport)
        warm.forget(sorted(_servers), any(request.node.get_closest_marker(m) for m in ("newcomer", "empty_storage")))
        if isolated:
            warm.ctx.add_cookies([{"name": ISOLATE, "value": "1", "url": "http://127.0.0.1/"}])
    if not request.node.get_closest_marker("newcomer"):
        # the guided first puzzle is offered on a first visit, over the board: tests of
        # other things play as a player who answered the offer (test_newcomer.py meets it)
        page.add_init_script(SKIP_GUIDE)
    errors = []

    def on_error(e):
        errors.append(str(e))

    page.on("pageerror", on_error)
    page.errors = errors
    yield page
    page.remove_listener("pageerror", on_error)
    if not fresh:
        if isolated:
            warm.ctx.clear_cookies(name=ISOLATE)
        warm.release(getattr(request.node, "call_failed", True), request.node.get_closest_marker("fake_clock"))
        assert len(outside) == seen, f"the site tried to reach outside hosts: {outside[seen:]}"
    assert not errors, f"uncaught page errors: {errors}"


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
