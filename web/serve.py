"""Serve the built site on 127.0.0.1 and print its URL.

Usage: ``python web/serve.py [--port 8000] [--dir public]``. A busy port falls back to a free one.
A file with a ``.gz`` copy beside it (``web/build.py`` makes them) goes out compressed to a
browser that accepts gzip, as static hosts with precompression send it. The runtime's folders
(``pyodide/``, ``pyscript/``, ``wheels/``) are shared with pages of other origins (CORS), for PyScript
pages elsewhere that load the engines from this site (docs/deploying.md).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


#: Content types the standard handler lacks or gets wrong for this site.
#: Folders that pages of any origin may load (ES modules and fetches need CORS across origins).
SHARED = ("/pyodide/", "/pyscript/", "/wheels/")
TYPES = {**http.server.SimpleHTTPRequestHandler.extensions_map,
         ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".whl": "application/zip", ".json": "application/json"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = TYPES
    #: The compressed copy being sent for the file asked for, if any.
    _packed = False

    def send_head(self):  # type: ignore[no-untyped-def]
        """The file, or its ``.gz`` copy with ``Content-Encoding: gzip`` where the browser takes it."""
        path = Path(self.translate_path(self.path))
        packed = path.with_name(path.name + ".gz")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.is_file() and packed.is_file()):
            return super().send_head()
        self._packed = True
        file = packed.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(packed.stat().st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        return file

    def end_headers(self) -> None:
        # The page shell must always be fresh; the runtime files may be cached.
        if self.path.endswith((".html", "/", ".json")):
            self.send_header("Cache-Control", "no-cache")
        if self.path.startswith(SHARED):
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # quiet: one line per error only
        if args and str(args[1]).startswith(("4", "5")):
            super().log_message(format, *args)


def make_server(directory: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(directory))
    try:
        return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError:
        return http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the built static site.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT / "public")
    args = parser.parse_args()
    if not (args.dir / "index.html").exists():
        raise SystemExit(f"{args.dir} has no index.html: build it first (make build)")
    server = make_server(args.dir, args.port)
    print(f"Serving {args.dir} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)",
          flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
