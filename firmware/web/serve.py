# type: ignore  (a CPython tool: pyright checks firmware/ against MicroPython's stubs)
"""`make web`: build the firmware as deploy builds it for the board, and serve the browser
simulator on this machine.

  python firmware/web/serve.py [--port 8017] [--build DIR] [--build-only]

The build (DIR, build/web by default) is remade whenever a file of firmware/lib or the default
config is newer than it:
  DIR/lib/            the .mpy and data files `tanturlurette deploy` copies to the board's /lib,
                      every game (host_tools.deploy.build_lib);
  DIR/manifest.json   what the page loads: each file of lib with the games it belongs to (none:
                      every build has it), the games and the one always installed, the page's
                      own modules (firmware/web/py) and the default config (firmware/config.json).
Then it serves, on 127.0.0.1 only, until Ctrl-C:
  /          firmware/web: the page, its modules, py/, and the MicroPython WebAssembly port in
             node_modules (installed by make: nothing is fetched from elsewhere, the page works
             with no network);
  /build/    the build.
It prints the page's URL. --port 0 takes a free port; --build-only builds and exits.
"""

import argparse
import io
import json
import os
import sys
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote

WEB = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(WEB))
sys.path.insert(0, ROOT)

from host_tools import FIRMWARE, FIRMWARE_LIB  # noqa: E402
from host_tools.deploy import ALL_GAMES, ALWAYS_INSTALLED, GAME_FILES, build_lib, lib_files  # noqa: E402

DEFAULT_PORT = 8017
DEFAULT_BUILD = os.path.join(ROOT, "build", "web")
CONFIG = os.path.join(FIRMWARE, "config.json")
PAGE_PY = os.path.join(WEB, "py")
BUILD_PREFIX = "/build/"
# the port's .mjs and .wasm must be served with these for the browser to load them as such
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".mpy": "application/octet-stream", ".py": "text/plain"}


def compiled_name(rel):
    return rel[:-3] + ".mpy" if rel.endswith(".py") else rel


def manifest():
    """What the page needs to know of the build (see the module's docstring)."""
    files = []
    for rel in lib_files():
        games = [game for game in ALL_GAMES if rel in GAME_FILES[game]]
        files.append({"path": compiled_name(rel), "games": games})
    with open(CONFIG, encoding="utf-8") as f:
        config = json.load(f)
    page = sorted(name for name in os.listdir(PAGE_PY) if name.endswith(".py"))
    return {"games": list(ALL_GAMES), "always": ALWAYS_INSTALLED, "files": files, "page": page,
            "config": config}


def newest_source():
    newest = os.path.getmtime(CONFIG)
    for folder, _dirs, names in os.walk(FIRMWARE_LIB):
        for name in names:
            if name.endswith((".py", ".json")):
                newest = max(newest, os.path.getmtime(os.path.join(folder, name)))
    return newest


def build(folder=DEFAULT_BUILD, out=None):
    """Make the build in folder unless it is newer than every source; returns its manifest path."""
    target = os.path.join(folder, "manifest.json")
    if os.path.isfile(target) and os.path.getmtime(target) >= newest_source():
        return target
    build_lib(folder, None, out=out or io.StringIO())
    with open(target + ".tmp", "w", encoding="utf-8") as f:
        json.dump(manifest(), f, ensure_ascii=False)
    os.replace(target + ".tmp", target)  # written last: a build cut short is made again
    return target


class Handler(SimpleHTTPRequestHandler):
    extensions_map = dict(SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def __init__(self, *args, build_folder, **kwargs):
        self.build_folder = build_folder
        super().__init__(*args, directory=WEB, **kwargs)

    def translate_path(self, path):
        clean = unquote(path.split("?", 1)[0].split("#", 1)[0])
        if clean.startswith(BUILD_PREFIX):
            rest = clean[len(BUILD_PREFIX):]
            parts = [p for p in rest.split("/") if p and p not in (".", "..")]
            return os.path.join(self.build_folder, *parts)
        return super().translate_path(path)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")  # a rebuilt firmware is loaded at once
        super().end_headers()

    def log_message(self, format, *args):  # only what went wrong: a page loads ~60 files
        if len(args) > 1 and str(args[1]).startswith(("4", "5")):
            super().log_message(format, *args)


def make_server(port=DEFAULT_PORT, folder=DEFAULT_BUILD):
    """The server of the page and of the build in folder, on 127.0.0.1 (port 0: a free one)."""
    return ThreadingHTTPServer(("127.0.0.1", port), partial(Handler, build_folder=folder))


def serve(port=DEFAULT_PORT, folder=DEFAULT_BUILD):
    server = make_server(port, folder)
    print("Tanturlurette simulator: http://127.0.0.1:%d/ (Ctrl-C stops it)" % server.server_address[1],
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv=None):
    parser = argparse.ArgumentParser(description="Build the firmware and serve the browser simulator.")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="0: any free port")
    parser.add_argument("--build", default=DEFAULT_BUILD, help="the build folder")
    parser.add_argument("--build-only", action="store_true", help="build, then exit")
    args = parser.parse_args(argv)
    if not os.path.isfile(os.path.join(WEB, "node_modules", "@micropython",
                                       "micropython-webassembly-pyscript", "micropython.mjs")):
        print("serve: the MicroPython WebAssembly port is not installed: run make web", file=sys.stderr)
        return 1
    build(args.build)
    if not args.build_only:
        try:
            serve(args.port, args.build)
        except OSError as err:
            print("serve: cannot listen on 127.0.0.1:%d: %s" % (args.port, err.strerror), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
