"""Where each diagnostic code is explained: its row in `docs/diagnostics.md`, which every
code has an anchor in (`<a id="pto505">`), linked from the diagnostic (`codeDescription`).

The file is read where it is: in a checkout, `docs/diagnostics.md`; in a wheel (the
`.vsix` bundles one), the copy packed into `pto_lsp/docs/` (vscode-extension/scripts/bundle.sh)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_HERE = Path(__file__).resolve().parents[1]  # pto_lsp/
_PLACES = (_HERE / "docs" / "diagnostics.md", _HERE.parent / "docs" / "diagnostics.md")


@cache
def docs_uri() -> str | None:
    """The `file:` URI of the diagnostics documentation (None: not installed with the server)."""
    for place in _PLACES:
        if place.is_file():
            return place.as_uri()
    return None


@cache
def code_href(code: str) -> str | None:
    """The link to the explanation of `code` (a `PTOnnn` code), or None."""
    base = docs_uri()
    if base is None or not code.startswith("PTO"):
        return None
    return f"{base}#{code.lower()}"
