"""What the author's own PyPTO said of a file (a record of `workspace/pypto_worker.py`), as
diagnostics with source `pypto` on the real lines.

The real compiler reports in four places, each read here:
- an exception of the file's import (the real parse runs at its decorators): a parser error
  carries its span; a Python error in the author's code, its line in the traceback;
- an exception of `ir.compile`: a verifier failure carries an `IR Verification Report`
  whose items each have a rule, a message and a location; another error, its message;
- the C++ logger on stderr: `[warning] [Rule] (phase) MESSAGE at FILE:LINE:COL`;
- `report/perf_hints.log`: `[perf_hint PHnnn] Name: MESSAGE at FILE:LINE:COL`.
Real locations are 1-based lines and 1-based UTF-8 byte columns. A location in another file
(a kernel the file imports) is shown on the file's first line, the location in the message.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from pto_lsp.workspace.positions import Encoding, LineIndex

SOURCE = "pypto"
ERROR, WARNING, INFORMATION = 1, 2, 3
_ENVIRONMENT_ERRORS = frozenset({"ModuleNotFoundError", "ImportError"})
_SEVERITY_NAMES = {ERROR: "error", WARNING: "warning", INFORMATION: "info"}

_LOCATION = r"(?P<file>.+?):(?P<line>-?\d+):(?P<col>-?\d+)"
_WARNING = re.compile(
    r"\[warning\] \[(?P<rule>\w+)\] \((?P<phase>[\w.]+)\) (?P<message>.*) at " + _LOCATION + r"\s*$"
)
_PERF_HINT = re.compile(r"^\[perf_hint (?P<code>[\w-]+)\] (?P<message>.*) at " + _LOCATION + r"\s*$")
# An item may print the function it is about between its message and its location
# (SSAVerify: `  In function 'k':` and the function's IR).
_REPORT_ITEM = re.compile(
    r"^\[\d+\] (?P<severity>ERROR|WARNING) - (?P<rule>\w+)\n  Message: (?P<message>.*)\n"
    r"(?:(?!  Location: ).*\n)*?"
    r"  Location: (?P<location>.*)\n  Error Code: -?\d+$",
    re.M,
)
_BRACKETED_MESSAGE = re.compile(r"^(?P<message>.*) \[" + _LOCATION + r"\]$")
_CODEGEN_SEPARATOR = "\n" + "=" * 72 + "\n"
_PLACED_MESSAGE = re.compile(r"^(?P<message>.*) at " + _LOCATION + r"(?: \[[^\]]*\])?$")
_JUST_LOCATION = re.compile(r"^" + _LOCATION + r"$")
_TOKEN = re.compile(r"\w+|\S")


@dataclass(frozen=True)
class RealDiagnostic:
    """One thing the real compiler said, where it said it (line 1-based, column a 1-based
    UTF-8 byte column, 0 when it gave none)."""

    line: int
    column: int
    severity: int
    code: str
    message: str
    # False when the compiler named no place (shown on the file's line in the traceback):
    # then the same message anywhere in the file is the same finding.
    placed: bool = True


def real_diagnostics(record: dict[str, Any], path: str, text: str) -> list[RealDiagnostic]:
    """Everything a check's record says of the file at `path` (whose saved text is `text`)."""
    found: list[RealDiagnostic] = []
    place = _Placer(path)
    failed_import = record.get("import")
    if failed_import is not None and failed_import.get("class") in _ENVIRONMENT_ERRORS:
        # A module the file imports is not installed for that interpreter: no verdict of
        # the compiler's, and nothing compiled.
        line = failed_import.get("line_in_file") or 1
        message = f"file not checked by pypto: importing it failed: {failed_import['class']}: {failed_import['message']}"
        found.append(RealDiagnostic(line, 0, INFORMATION, "not-checked", message))
    elif failed_import is not None:
        found.extend(_exception(failed_import, place))
    found.extend(_warnings(record.get("import_stderr", ""), place))
    for program in record.get("programs", []):
        if program.get("codegen_errors"):
            found.extend(_codegen_errors(program["codegen_errors"], place))
        elif program.get("exception") is not None:
            found.extend(_exception(program["exception"], place))
        found.extend(_warnings(program.get("stderr", ""), place))
        found.extend(_perf_hints(program.get("perf_hints", ""), place))
    for skipped in record.get("not_checked", []):
        line = _definition_line(text, skipped["name"])
        message = f"kernel '{skipped['name']}' not checked by pypto: {skipped['reason']}"
        found.append(RealDiagnostic(line, 0, INFORMATION, "not-checked", message))
    return _unique(found)


def severity_name(severity: int) -> str:
    return _SEVERITY_NAMES[severity]


def _in_the_compiler(file: str) -> bool:
    parts = os.path.normpath(file).split(os.sep)
    return any(
        parts[i] in ("site-packages", "dist-packages") and parts[i + 1] == "pypto"
        for i in range(len(parts) - 1)
    )


class _Placer:
    """A real location -> (line, column, message suffix) in the checked file."""

    def __init__(self, path: str) -> None:
        self._path = os.path.realpath(path)

    def at(self, file: str | None, line: int, column: int) -> tuple[int, int, str]:
        if file is None or self._same(file):
            return max(line, 1), max(column, 0), ""
        if _in_the_compiler(file):
            return 1, 0, ""  # a place in PyPTO's own source says nothing of the author's file
        return 1, 0, f" (at {file}:{line}:{column})"

    def _same(self, file: str) -> bool:
        if os.path.realpath(file) == self._path:
            return True
        # A relative name is relative to wherever the compiler ran: the same file if it ends so.
        return not os.path.isabs(file) and self._path.endswith(os.sep + os.path.normpath(file))


def _exception(exception: dict[str, Any], place: _Placer) -> list[RealDiagnostic]:
    message: str = exception.get("message") or exception.get("class", "error")
    items = list(_REPORT_ITEM.finditer(message))
    if items:
        return [_report_item(item, place) for item in items]
    span = exception.get("span")
    # A compile error's message is its first line (what follows is the C++ trace); one the
    # compiler placed ends " at FILE:LINE:COL" (its `LocationSuffix`): shown at that place,
    # the message without it, as pto-lsp shows the same error.
    first = _first_line(message)
    placed = _PLACED_MESSAGE.match(first) or _placed_below(message)
    if span:
        line, column, suffix = place.at(
            span.get("filename"), int(span.get("begin_line") or 1), int(span.get("begin_column") or 0)
        )
    elif placed or (placed := _BRACKETED_MESSAGE.match(first)):
        line, column, suffix = place.at(placed["file"], int(placed["line"]), int(placed["col"]))
        first = placed["message"] if placed.string == first else first
    else:
        line = exception.get("line_in_file") or 1
        return [RealDiagnostic(line, 0, ERROR, exception.get("class", "error"), first, placed=False)]
    if exception.get("class") == "SyntaxError":  # Python's own, worded as Python prints it
        first = f"SyntaxError: {first}"
    return [RealDiagnostic(line, column, ERROR, exception.get("class", "error"), first + suffix)]


def _placed_below(message: str) -> re.Match[str] | None:
    """The place a message of several lines names at the end of its text, before the C++
    check and trace (a pass's error whose explanation goes on below its first line, the real
    location closing the last: `... [FILE:LINE:COL]`)."""
    lines = message.splitlines()[1:]
    for number, text in enumerate(lines):
        if text.startswith(("Check failed", "C++ Traceback")):
            lines = lines[:number]
            break
    return _BRACKETED_MESSAGE.match(lines[-1]) if lines else None


_CHECK_FAILED = re.compile(r"^(?P<check>Check failed: .*) at \S+:\d+$")


def _first_line(message: str) -> str:
    """The message's first line; for a C++ check that failed with no words of its own (the
    message starts with a line break), its "Check failed: EXPR" line, without the compiler
    source's own file and line (where that build of the compiler was compiled)."""
    lines = message.splitlines()
    if not lines:
        return ""
    if lines[0].strip() or len(lines) == 1:
        return lines[0]
    check = _CHECK_FAILED.match(lines[1])
    return check["check"] if check else lines[1]


def _codegen_errors(report: str, place: _Placer) -> list[RealDiagnostic]:
    """`report/codegen_errors.txt`: a summary table, then each failed function's `  [name]`
    and its exception's full message (the first right after the table, the others after a
    separator); each an error where its message places it."""
    parts = report.split(_CODEGEN_SEPARATOR)
    first = re.search(r"^  \[[^\]\n]+\]\n", parts[0], re.M)
    if first is None:
        return []
    found = []
    for detail in [parts[0][first.start() :], *parts[1:]]:
        message = detail.strip("\n").partition("\n")[2].split("\n\nC++ Traceback")[0].strip()
        found.extend(_exception({"class": "codegen", "message": message}, place))
    return found


def _report_item(item: re.Match[str], place: _Placer) -> RealDiagnostic:
    where = _JUST_LOCATION.match(item["location"].strip())
    line, column, suffix = (
        place.at(where["file"], int(where["line"]), int(where["col"]))
        if where
        else (1, 0, f" (at {item['location']})")
    )
    severity = ERROR if item["severity"] == "ERROR" else WARNING
    return RealDiagnostic(line, column, severity, item["rule"], item["message"] + suffix)


def _warnings(stderr: str, place: _Placer) -> list[RealDiagnostic]:
    found = []
    for text in stderr.splitlines():
        match = _WARNING.search(text)
        if match:
            line, column, suffix = place.at(match["file"], int(match["line"]), int(match["col"]))
            found.append(RealDiagnostic(line, column, WARNING, match["rule"], match["message"] + suffix))
    return found


def _perf_hints(log: str, place: _Placer) -> list[RealDiagnostic]:
    found = []
    for text in log.splitlines():
        match = _PERF_HINT.match(text)
        if match:
            line, column, suffix = place.at(match["file"], int(match["line"]), int(match["col"]))
            found.append(RealDiagnostic(line, column, INFORMATION, match["code"], match["message"] + suffix))
    return found


def _definition_line(text: str, name: str) -> int:
    pattern = re.compile(rf"^\s*(async\s+)?def\s+{re.escape(name)}\b")
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.match(line):
            return number
    return 1


def _unique(found: list[RealDiagnostic]) -> list[RealDiagnostic]:
    """Each diagnostic once (a program compiled twice, or a warning both of the import and
    of a compile, says the same thing twice), in the order first said."""
    return list(dict.fromkeys(found))


def to_payload(
    diagnostic: RealDiagnostic, index: LineIndex, encoding: Encoding = Encoding.UTF16
) -> dict[str, Any]:
    """The diagnostic as LSP JSON: from the real column to the end of the token there."""
    byte_col = max(diagnostic.column - 1, 0)
    line_bytes = index.line_text(diagnostic.line).encode("utf-8")
    token = _TOKEN.search(line_bytes[byte_col:].decode("utf-8", "ignore"))
    end = byte_col + len(token.group().encode("utf-8")) if token and token.start() == 0 else len(line_bytes)
    return {
        "range": {
            "start": index.position_json(diagnostic.line, byte_col, encoding),
            "end": index.position_json(diagnostic.line, max(end, byte_col), encoding),
        },
        "message": diagnostic.message,
        "severity": diagnostic.severity,
        "code": diagnostic.code,
        "source": SOURCE,
        **({} if diagnostic.placed else {"data": {"placed": False}}),
    }


def _unplaced(payload: dict[str, Any]) -> bool:
    return payload.get("data", {}).get("placed") is False


def not_compared(real: list[dict[str, Any]]) -> bool:
    """Whether the real check could not judge the file (it could not be imported)."""
    return any(p["code"] == "not-checked" and p["message"].startswith("file not checked") for p in real)


def without_repeats(real: list[dict[str, Any]], static: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The real payloads that pto-lsp does not already show: one it reports at the same
    place (line and start) with the same message shows once, as pto-lsp's."""
    shown = {(p["range"]["start"]["line"], p["range"]["start"]["character"], p["message"]) for p in static}
    shown_on_line = {(p["range"]["start"]["line"], p["message"]) for p in static}
    shown_anywhere = {p["message"] for p in static}
    return [
        p
        for p in real
        if (p["range"]["start"]["line"], p["range"]["start"]["character"], p["message"]) not in shown
        and (p["range"]["start"]["line"], p["message"]) not in shown_on_line
        and not (_unplaced(p) and p["message"] in shown_anywhere)
    ]


@dataclass(frozen=True)
class Disagreement:
    """Where pto-lsp and the real compiler differ on a file: each side's findings the other lacks."""

    pto_lsp_only: list[tuple[int, str, str]]  # (line, severity, message)
    pypto_only: list[tuple[int, str, str]]

    def __bool__(self) -> bool:
        return bool(self.pto_lsp_only or self.pypto_only)


def disagreement(static: list[dict[str, Any]], real: list[dict[str, Any]]) -> Disagreement:
    """The errors pto-lsp reports that the real compiler does not raise, and the errors and
    warnings the real compiler reports that pto-lsp does not show (at any severity). pto-lsp's
    own warnings and notes (lints of its own) and the real performance hints are no
    disagreement."""

    def key(payload: dict[str, Any]) -> tuple[int, str]:
        return payload["range"]["start"]["line"] + 1, payload["message"]

    static_all = {key(p) for p in static}
    static_messages = {p["message"] for p in static}
    real_all = {key(p) for p in real}
    # A real error the compiler placed nowhere agrees with the same message anywhere.
    real_unplaced = {p["message"] for p in real if _unplaced(p)}
    return Disagreement(
        pto_lsp_only=sorted(
            (key(p)[0], "error", key(p)[1])
            for p in static
            if p.get("severity") == ERROR and key(p) not in real_all and p["message"] not in real_unplaced
        ),
        pypto_only=sorted(
            (key(p)[0], _SEVERITY_NAMES[p["severity"]], key(p)[1])
            for p in real
            if p.get("severity") in (ERROR, WARNING)
            and key(p) not in static_all
            and not (_unplaced(p) and p["message"] in static_messages)
        ),
    )
