"""The build package without a browser: the dev server and the build's pure steps."""
import socket
import struct
import threading
import urllib.request

from tools.build.serve import make_server


def test_dev_server_is_silent_when_a_client_disconnects(tmp_path, capfd):
    (tmp_path / "big.bin").write_bytes(b"\0" * (8 << 20))
    (tmp_path / "index.html").write_text("<p>hi</p>")
    httpd = make_server(0, directory=tmp_path)
    port = httpd.server_address[1]
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        for _ in range(3):  # a client that asks for a big file and resets the connection
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            s.recv(1024)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html") as r:
            assert r.read() == b"<p>hi</p>"
            assert r.headers["Cache-Control"] == "no-cache"
    finally:
        httpd.shutdown()
        httpd.server_close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Error" not in err, err
