"""Server settings: from `initializationOptions` and `workspace/configuration` (section `ptoLsp`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DEFAULT_DEBOUNCE_MS = 30


@dataclass
class Settings:
    # Delay between the last keystroke and the analysis; 0 analyses every version.
    debounce_ms: int = DEFAULT_DEBOUNCE_MS
    # Show the effective policy after each GM read.
    inlay_hints: bool = True

    def update(self, options: Any) -> None:
        if not isinstance(options, dict):
            return
        section = options.get("ptoLsp", options)
        if not isinstance(section, dict):
            return
        diagnostics = section.get("diagnostics", {})
        debounce = diagnostics.get("debounceMs") if isinstance(diagnostics, dict) else None
        if isinstance(debounce, (int, float)) and not isinstance(debounce, bool) and debounce >= 0:
            self.debounce_ms = int(debounce)
        hints = section.get("inlayHints", {})
        enabled = hints.get("enabled") if isinstance(hints, dict) else None
        if isinstance(enabled, bool):
            self.inlay_hints = enabled
