"""The dev server: site/ on 127.0.0.1, never cached, optionally cross-origin isolated."""
from __future__ import annotations

import http.server
import sys
from functools import partial
from pathlib import Path

from .common import SITE, BuildError

# a browser that closes a connection mid-answer (reload, cancelled fetch) is normal
DISCONNECTS = (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)


class Handler(http.server.SimpleHTTPRequestHandler):
    isolate = False

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        if self.isolate:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], DISCONNECTS):
            super().handle_error(request, client_address)


def make_server(port: int, isolate: bool = False, directory: Path = SITE) -> Server:
    Handler.isolate = isolate
    handler = partial(Handler, directory=str(directory))
    try:
        return Server(("127.0.0.1", port), handler)
    except OSError as e:
        raise BuildError(f"cannot serve on 127.0.0.1:{port} ({e.strerror}); try --port N "
                         "(0 picks a free port)") from None


def serve(port: int, isolate: bool) -> None:
    with make_server(port, isolate) as httpd:
        print(f"Serving the site at http://127.0.0.1:{httpd.server_address[1]}/ "
              f"(Ctrl-C to stop)", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
