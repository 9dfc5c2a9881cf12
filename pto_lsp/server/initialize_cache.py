"""The answer to `initialize`, kept from one start of the server to the next.

The answer (the server's capabilities and name) depends only on this server's code, on
pygls and lsprotocol, and on the capabilities the client declares; computing it needs
pygls and lsprotocol loaded, about a second of imports (`lsprotocol.types` alone takes
0.5-1.5 s here). A client that starts the server again with the same capabilities gets
the answer its last start computed at once, read from a file, while the server loads
(`early_start`); the server then handles the same `initialize` as always and its own
answer, the same, is not sent again. The key is the client's capabilities and a stamp of
the code: the version, and the size and modification time of every source file of the
server and of pygls's and lsprotocol's modules that the answer comes from; anything
changed means another key. The files live in `$PTO_LSP_CACHE_DIR`, else
`$XDG_CACHE_HOME/pto-lsp`, else `~/.cache/pto-lsp`; one that cannot be read or written
only means the answer is computed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)
VARIABLE = "PTO_LSP_CACHE_DIR"
_SERVER = Path(__file__).resolve().parent
# Modules of the libraries the answer is computed with (a new version changes them).
_LIBRARIES = ("pygls", "pygls.capabilities", "lsprotocol", "lsprotocol.types")


def directory() -> Path:
    configured = os.environ.get(VARIABLE)
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pto-lsp"


@cache
def _stamp() -> str:
    from pto_lsp import __version__

    files = sorted(_SERVER.rglob("*.py"))
    for name in _LIBRARIES:
        try:
            spec = find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.origin:
            files.append(Path(spec.origin))
    parts = [__version__]
    for path in files:
        try:
            status = path.stat()
        except OSError:
            continue
        parts.append(f"{path}:{status.st_size}:{status.st_mtime_ns}")
    return "\n".join(parts)


def _path(capabilities: Any) -> Path:
    client = json.dumps(capabilities, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"{_stamp()}\n{client}".encode()).hexdigest()[:32]
    return directory() / f"initialize-{digest}.json"


def load(capabilities: Any) -> dict[str, Any] | None:
    """The answer kept for a client with these capabilities (None: none kept, or unreadable)."""
    try:
        found = json.loads(_path(capabilities).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) and "capabilities" in found else None


def store(capabilities: Any, result: Any) -> None:
    """Keep the answer computed for a client with these capabilities."""
    path = _path(capabilities)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps(result, separators=(",", ":")), encoding="utf-8")
        os.replace(temporary, path)  # whole or not at all, for a server starting meanwhile
    except OSError as error:
        log.info("could not keep the initialize answer in %s: %s", path.parent, error)
