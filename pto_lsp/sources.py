"""Find PyPTO kernel files and read them as text, with a clear reason when that fails."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

# A module is a PyPTO kernel file when it imports `pypto.language` (under any alias).
_IMPORTS_PYPTO_LANGUAGE = re.compile(
    r"^[ \t]*(?:import[ \t]+pypto\.language\b|from[ \t]+pypto\.language[\w.]*[ \t]+import\b"
    r"|from[ \t]+pypto[ \t]+import[^\n]*\blanguage\b)",
    re.MULTILINE,
)
_SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".venv", "venv", "node_modules", "__pycache__", ".tox", "build", "dist"}
)


@dataclass(frozen=True)
class SourceText:
    path: Path
    text: str | None
    problem: str | None = None


def imports_pypto_language(text: str) -> bool:
    return _IMPORTS_PYPTO_LANGUAGE.search(text) is not None


def read_source(path: Path) -> SourceText:
    try:
        data = path.read_bytes()
    except OSError as error:
        return SourceText(path, None, f"cannot read file: {error.strerror or error}")
    if b"\x00" in data:
        return SourceText(path, None, "not a text file (it contains NUL bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return SourceText(path, None, f"not valid UTF-8 (byte {error.start}: {error.reason})")
    return SourceText(path, text.removeprefix("\ufeff"))


def kernel_files(directory: Path) -> list[Path]:
    """Every `*.py` below `directory` that imports `pypto.language`, in a stable order."""
    found: list[Path] = []
    for path in sorted(directory.rglob("*.py")):
        if any(part in _SKIPPED_DIRS for part in path.relative_to(directory).parts[:-1]):
            continue
        source = read_source(path)
        if source.text is not None and imports_pypto_language(source.text):
            found.append(path)
    return found
