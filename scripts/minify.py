"""Prints a minified copy of a web file (app.js or app.css): what the server sends compressed.

The readable file stays the source; only its Brotli and gzip copies are built from this, so a
first load transfers no comments or indentation. Uses rjsmin and rcssmin (PyPI, pinned in
scripts/requirements.txt).
"""
import sys

import rcssmin
import rjsmin

path = sys.argv[1]
with open(path, encoding="utf-8") as source:
    text = source.read()
sys.stdout.write(rjsmin.jsmin(text) if path.endswith(".js") else rcssmin.cssmin(text))
