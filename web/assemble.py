#!/usr/bin/env python3
"""Makes the page one file: index.html with style.css, the core's script (rummy-core.js), app.js
and the core's WebAssembly written into it where index.html links them. The WebAssembly goes in
compressed (gzip, which browsers unpack themselves: DecompressionStream) and as base64, in a
script element the browser does not run; app.js unpacks it, so the page fetches nothing.

usage: assemble.py WEB_DIR CORE_JS CORE_WASM OUT_HTML
"""
import base64
import gzip
import pathlib
import sys


def main():
    web, core_js, core_wasm, out = (pathlib.Path(p) for p in sys.argv[1:5])
    page = (web / "index.html").read_text(encoding="utf-8")
    wasm = base64.b64encode(gzip.compress(core_wasm.read_bytes(), compresslevel=9, mtime=0))
    parts = {
        '<link rel="stylesheet" href="style.css">':
            "<style>\n" + (web / "style.css").read_text(encoding="utf-8") + "</style>",
        '<script id="rummy-wasm" type="application/octet-stream" data-src="rummy-core.wasm"></script>':
            '<script id="rummy-wasm" type="application/octet-stream">' + wasm.decode("ascii") + "</script>",
        '<script src="rummy-core.js"></script>':
            "<script>\n" + core_js.read_text(encoding="utf-8") + "</script>",
        '<script src="app.js"></script>':
            "<script>\n" + (web / "app.js").read_text(encoding="utf-8") + "</script>",
    }
    for link, inline in parts.items():
        if page.count(link) != 1:
            sys.exit(f"assemble.py: index.html should link {link} once")
        if "</script" in inline[len("<script>"):-len("</script>")]:
            sys.exit(f"assemble.py: what replaces {link} holds </script, which would end it early")
        page = page.replace(link, inline)
    out.write_text(page, encoding="utf-8")


if __name__ == "__main__":
    main()
