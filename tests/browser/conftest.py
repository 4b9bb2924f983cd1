"""Browser tests: Debian's Chromium (never `playwright install`) against the built
site served on 127.0.0.1. scripts/test builds site/ first; these fixtures build
nothing and skip when site/ is missing. Every request that leaves 127.0.0.1 is
aborted and recorded, and the test fails if there was one."""
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


@pytest.fixture()
def context(context):
    """Abort (and remember) every request that is not for 127.0.0.1."""
    outside = []

    def guard(route):
        url = route.request.url
        if url.startswith("http://127.0.0.1:") or url.startswith("data:") or url.startswith("blob:"):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", guard)
    yield context
    assert not outside, f"the site tried to reach outside hosts: {outside}"


@pytest.fixture()
def page(page):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    yield page
    assert not errors, f"uncaught page errors: {errors}"


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
