"""Runs the language server with a hover feature that prints to stdout, as a stray
debug `print` in server code would: the protocol must survive it."""

from __future__ import annotations

import sys

from pto_lsp.features import hover

_real_hover = hover.hover_markdown


def _noisy_hover(*args, **kwargs):  # type: ignore[no-untyped-def]
    print("a stray debug print", flush=True)
    sys.stdout.write("Content-Length: 99\r\n\r\n{garbage}\n")
    return _real_hover(*args, **kwargs)


hover.hover_markdown = _noisy_hover

# Import after patching, so the server's handler binds the noisy function.
from pto_lsp.cli import main  # noqa: E402

raise SystemExit(main(["serve"]))
