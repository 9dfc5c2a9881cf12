"""What stops Python before it reads a module's first statement, or makes it read other
text than an editor shows: a NUL byte anywhere, and a misleading coding declaration.

A NUL byte: Python refuses the whole module (`source code string cannot contain null
bytes`), wherever the byte is — in a comment between two definitions too, which no unit
holds. A coding declaration (PEP 263, on line 1 or 2) whose codec reads ASCII text as
other text — `unicode_escape` reads `\\x0a` as a line break, `utf-7` reads `+AAo-` as one,
`raw_unicode_escape` `\\u000a` — makes Python read code where an editor, which shows the
file as UTF-8, shows a comment or a string (the "Trojan source" trick): what is checked
is not what the author sees. Such a module is one error on its coding line, and nothing
else of it is analysed.

Both are found from the text as an editor holds it, the same way by `pto-lsp check` and
by the server: the module is then cut into one unit, the offending line, whose parse
gives the error (`refusing_line`, `misleading_coding_error`).
"""

from __future__ import annotations

import codecs
import re
import warnings
from collections.abc import Callable
from functools import lru_cache

# PEP 263's declaration, as Python's tokenizer looks for it; and a line it reads past to
# look on line 2 (blank, or a comment).
_CODING = re.compile(r"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
_BLANK_OR_COMMENT = re.compile(r"^[ \t\f]*(?:[#\r\n]|$)")
# ASCII text holding what any codec might read as something else: every printable
# character, the whitespace, and the escapes of the codecs that have them.
_PROBE = bytes(range(32, 127)) + b"\t\n\r\f" + rb"\x0a \u000a \U0000000a \n \N{LF} +AAo- +- ~{ ~}"


@lru_cache(maxsize=64)
def misleading_codec(name: str) -> bool:
    """Whether the codec `name` reads some ASCII text as other text (an unknown name is
    not: Python refuses it itself, as an unknown encoding)."""
    try:
        codecs.lookup(name)
    except LookupError:
        return False
    try:
        with warnings.catch_warnings():  # `unicode_escape` warns of the escapes it does not know
            warnings.simplefilter("ignore")
            return _PROBE.decode(name) != _PROBE.decode("ascii")
    except (UnicodeError, TypeError, ValueError, LookupError):  # cannot even read ASCII
        return True


def declared_coding(first: str, second: str) -> tuple[int, re.Match[str]] | None:
    """The coding declaration of a module whose first two lines are given: (its line, 1 or
    2, and its match; group 1 is the codec's name), as Python's tokenizer finds it."""
    match = _CODING.match(first)
    if match is not None:
        return 1, match
    if _BLANK_OR_COMMENT.match(first):
        match = _CODING.match(second)
        if match is not None:
            return 2, match
    return None


def refusing_line(line: Callable[[int], str], count: int, has_nul: bool) -> int | None:
    """The 1-based line that stops the module (see the module's docstring), or None.
    `line(i)`: the 0-based line i; `count`: how many there are; `has_nul`: whether any
    line holds a NUL byte (the lines are searched only then)."""
    coding = declared_coding(line(0), line(1)) if count else None
    if coding is not None and misleading_codec(coding[1].group(1)):
        return coding[0]
    if has_nul:
        for index in range(count):
            if "\x00" in line(index):
                return index + 1
    return None


def misleading_coding_error(text: str) -> tuple[str, int, int] | None:
    """When `text`, one unit, is a single line declaring a misleading codec: the message,
    and the columns (characters) of the codec's name; else None."""
    if "\n" in text.rstrip("\r\n") or "\r" in text.rstrip("\r\n"):
        return None
    match = _CODING.match(text)
    if match is None or not misleading_codec(match.group(1)):
        return None
    name = match.group(1)
    message = (
        f"The coding declaration '{name}' makes Python read other text than an editor shows: "
        f"Python decodes this file as {name}, so a comment or a string here may be code to it "
        '(the "Trojan source" trick). Save the file as UTF-8 and remove the declaration'
    )
    return message, match.start(1), match.end(1)
