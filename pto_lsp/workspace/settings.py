"""pto-lsp settings: from the editor (section `ptoLsp`) and from `[tool.pto-lsp]`
in the nearest `pyproject.toml`. Editor settings win over the project's.

    debounceMs           int      pause after an edit before analysing (0: at once; at most 2000)
    typingPauseMs        int      a new diagnostic where the author is typing waits for a pause
                                  this long (0: shown at once; at most 5000)
    analyzeOn            str      "change" (default) or "save"
    diagnostics.disabled [str]    codes never shown
    inlayHints.show      str      which GM reads get a policy hint: "policy" (default: the reads
                                  of kernels that declare or state a policy), "all" or "none";
                                  `inlayHints.enabled = false` (the older setting) means "none"
    ptoasCachePolicy     str      "unsupported" (default: the BYPASS warning) or
                                  "attribute" (PTOAS lowers the hint: no warning)
    soc                  str      the SoC whose on-chip capacities the memory checks and the
                                  memory use shown are for: "910B" (default) or "950"
"""

from __future__ import annotations

import logging
import math
import sys
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from compiler.base import codes
from compiler.codegen.tile_memory import DEFAULT_SOC, SOCS
from pto_lsp.workspace.sources import NotReadable, read_regular_file

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

_log = logging.getLogger(__name__)

DEFAULT_DEBOUNCE_MS = 30
MAX_DEBOUNCE_MS = 2_000
DEFAULT_TYPING_PAUSE_MS = 600  # longer than the gap between two keystrokes, short of a pause
MAX_TYPING_PAUSE_MS = 5_000
ANALYZE_ON = ("change", "save")
PTOAS_CACHE_POLICY = ("unsupported", "attribute")
INLAY_HINTS_SHOW = ("policy", "all", "none")
# A `pyproject.toml` is read no further (one that is a FIFO or a device is not read at all).
MAX_PYPROJECT_BYTES = 4 << 20


@dataclass(frozen=True)
class Settings:
    debounce_ms: int = DEFAULT_DEBOUNCE_MS
    typing_pause_ms: int = DEFAULT_TYPING_PAUSE_MS
    analyze_on: str = "change"
    disabled_codes: frozenset[str] = field(default_factory=frozenset)
    inlay_hints: str = "policy"  # one of INLAY_HINTS_SHOW
    ptoas_cache_policy: str = "unsupported"
    soc: str = DEFAULT_SOC  # a key of SOCS

    @property
    def hidden_codes(self) -> frozenset[str]:
        """Codes not to show: the disabled ones, and the bypass warning when PTOAS lowers the hint."""
        if self.ptoas_cache_policy == "attribute":
            return self.disabled_codes | {codes.CACHE_BYPASS_UNSUPPORTED}
        return self.disabled_codes

    def merged(self, options: Any) -> Settings:
        """These settings with every valid value in `options` (a `ptoLsp` mapping) applied."""
        return replace(self, **_valid_values(options)[0])


def _valid_values(options: Any) -> tuple[dict[str, Any], list[str]]:
    """The `Settings` fields that `options` (a `ptoLsp` mapping) sets to a valid value, and
    the keys it gives a value that is not valid (ignored: the value before stays)."""
    updates: dict[str, Any] = {}
    invalid: list[str] = []
    if not isinstance(options, dict):
        return updates, invalid
    section = options.get("ptoLsp", options)
    if not isinstance(section, dict):
        return updates, ["ptoLsp"]

    def take(key: str, name: str, given: Any, value: Any, valid: bool) -> None:
        if valid:
            updates[name] = value
        elif given is not None:
            invalid.append(key)

    for key, name, most in (
        ("debounceMs", "debounce_ms", MAX_DEBOUNCE_MS),
        ("typingPauseMs", "typing_pause_ms", MAX_TYPING_PAUSE_MS),
    ):
        value = _clamped(section.get(key), most)
        take(key, name, section.get(key), value, value is not None)
    # Only strings are compared with the choices: a list or a table is no choice (and, being
    # unhashable, cannot even be looked up in a dict of them).
    for key, name, choices in (
        ("analyzeOn", "analyze_on", ANALYZE_ON),
        ("ptoasCachePolicy", "ptoas_cache_policy", PTOAS_CACHE_POLICY),
        ("soc", "soc", tuple(SOCS)),
    ):
        value = section.get(key)
        take(key, name, value, value, isinstance(value, str) and value in choices)
    disabled = _nested(section, "diagnostics", "disabled")
    valid = isinstance(disabled, list) and all(isinstance(code, str) for code in disabled)
    take("diagnostics.disabled", "disabled_codes", disabled, frozenset(disabled) if valid else None, valid)
    show = _nested(section, "inlayHints", "show")
    enabled = _nested(section, "inlayHints", "enabled")
    if isinstance(show, str) and show in INLAY_HINTS_SHOW:
        updates["inlay_hints"] = show
    elif show is not None:
        invalid.append("inlayHints.show")
    if "inlay_hints" not in updates and enabled is False:
        updates["inlay_hints"] = "none"
    elif not isinstance(enabled, (bool, type(None))):
        invalid.append("inlayHints.enabled")
    return updates, invalid


def _clamped(value: Any, most: int) -> int | None:
    """A number of milliseconds within [0, most], or None if `value` is not a number. A very
    long pause would mean never publishing: clamp, do not obey. (An integer of any size is
    compared as is: JSON's `1e400`-digit integers do not fit a float.)"""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return min(max(value, 0), most)
    if isinstance(value, float) and math.isfinite(value):
        return int(min(max(value, 0.0), float(most)))
    return None


def _nested(section: dict[str, Any], key: str, inner: str) -> Any:
    """`section["key"]["inner"]`, or the dotted key `section["key.inner"]` (VS Code flattens)."""
    value = section.get(key)
    if isinstance(value, dict) and inner in value:
        return value[inner]
    return section.get(f"{key}.{inner}")


def project_options(path: Path) -> dict[str, Any]:
    """`[tool.pto-lsp]` of the nearest `pyproject.toml` above `path` (empty when there is none).

    Looked up on every call (a few `stat`s), so that editing or creating the file
    takes effect at once; the parsed file is reused while it is unchanged.
    """
    for folder in path.resolve().parents:
        candidate = folder / "pyproject.toml"
        try:
            stamp = candidate.stat().st_mtime_ns
        except OSError:
            continue
        return _parsed_options(candidate, stamp)
    return {}


@lru_cache(maxsize=64)
def _parsed_options(pyproject: Path, stamp: int) -> dict[str, Any]:
    """`[tool.pto-lsp]` of one `pyproject.toml` at one modification time. What cannot be
    understood is ignored and said once in the log (cached per file and time)."""
    try:
        data = tomllib.loads(read_regular_file(pyproject, MAX_PYPROJECT_BYTES).decode("utf-8"))
    except (NotReadable, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as error:
        _log.warning("ignoring %s: %s", pyproject, error)
        return {}
    tool = data.get("tool")
    options = tool.get("pto-lsp", {}) if isinstance(tool, dict) else {}
    if not isinstance(options, dict):
        _log.warning("ignoring %s: [tool.pto-lsp] is not a table", pyproject)
        return {}
    invalid = _valid_values(options)[1]
    if invalid:
        _log.warning(
            "%s: [tool.pto-lsp] %s: not a valid value, the default used", pyproject, ", ".join(invalid)
        )
    return options


def settings_for(path: Path | None, editor: Any = None) -> Settings:
    """The settings that apply to a file: defaults, then its project's, then the editor's."""
    settings = Settings()
    if path is not None:
        settings = settings.merged(project_options(path))
    return settings.merged(editor)


@dataclass(frozen=True)
class PyptoCheckSettings:
    """`ptoLsp.pyptoCheck.*`: running the author's own PyPTO on save (`real_compiler.py`).

    Read from the editor's settings only, never from a project's `pyproject.toml`: a
    repository the author just cloned must not be able to turn on running its own code.

        pyptoCheck.enabled         bool   off by default (VS Code: on only in a trusted workspace)
        pyptoCheck.python          str    the interpreter that imports pypto (default: python3)
        pyptoCheck.timeoutSeconds  num    a check's time limit (default 60, at most 600)
        pyptoCheck.memoryMb        int    a check's memory cap (default 4096)
    """

    enabled: bool = False
    python: str | None = None
    timeout_s: float = 60.0
    memory_mb: int = 4096


_MAX_PYPTO_TIMEOUT_S = 600.0


def pypto_check_settings(editor: Any) -> PyptoCheckSettings:
    """The `pyptoCheck` settings the editor gave (the defaults for whatever is not valid)."""
    section = editor.get("ptoLsp", editor) if isinstance(editor, dict) else None
    if not isinstance(section, dict):
        return PyptoCheckSettings()
    enabled = _nested(section, "pyptoCheck", "enabled")
    python = _nested(section, "pyptoCheck", "python")
    timeout = _nested(section, "pyptoCheck", "timeoutSeconds")
    memory = _nested(section, "pyptoCheck", "memoryMb")
    number = (int, float)
    return PyptoCheckSettings(
        enabled=enabled is True,
        python=python if isinstance(python, str) and python.strip() else None,
        timeout_s=min(float(timeout), _MAX_PYPTO_TIMEOUT_S)
        if isinstance(timeout, number) and not isinstance(timeout, bool) and timeout > 0
        else 60.0,
        memory_mb=int(memory)
        if isinstance(memory, number) and not isinstance(memory, bool) and memory >= 64
        else 4096,
    )
