"""File paths as the command line prints them: one line, no terminal control.

A file name may hold a newline (the report's line would split in two), an escape
sequence (the terminal would obey it), a bidirectional override (the line would
read in another order) or bytes that are not UTF-8 (printing them would fail).
Every character that is not printable is written as a Python escape instead
(`\\n`, `\\x1b`, `\\u202e`; a byte that is not UTF-8 as `\\xNN`), and a backslash as
`\\\\` when something else had to be escaped, so the printed name is unambiguous.
"""

from __future__ import annotations

from pathlib import Path

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def shown(path: Path | str) -> str:
    text = str(path)
    if text.isprintable():
        return text
    escaped = []
    for char in text:
        if char == "\\":
            escaped.append("\\\\")
        elif char.isprintable():
            escaped.append(char)
        elif char in _NAMED:
            escaped.append(_NAMED[char])
        elif 0xDC80 <= ord(char) <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
            escaped.append(f"\\x{ord(char) - 0xDC00:02x}")
        elif ord(char) < 0x100:
            escaped.append(f"\\x{ord(char):02x}")
        elif ord(char) < 0x10000:
            escaped.append(f"\\u{ord(char):04x}")
        else:
            escaped.append(f"\\U{ord(char):08x}")
    return "".join(escaped)
