"""The language server: pygls transport over the analysis engine.

Imported lazily: `pto-lsp serve` reads its first messages with the light modules of this
package (`early_start`, `framing`, `initialize_cache`) while `app` (pygls, lsprotocol, the
compiler) loads.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["PtoLanguageServer", "create_server"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module("pto_lsp.server.app"), name)
    raise AttributeError(name)
