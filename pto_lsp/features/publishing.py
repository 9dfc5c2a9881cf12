"""A document's diagnostics as the client receives them, converted once per unit.

Converting a diagnostic to LSP (columns in the client's encoding, the wire's
JSON) is done once per unit result, from the unit's own text, and kept as JSON
text with holes where line numbers go. When the unit only moved, its JSON is
filled with the new line numbers (nothing else changes; a syntax message that
names a line of the unit has a hole too); when it did not move, the filled
JSON is reused as it is. A publication then joins the units' JSON: its cost is
the number of units and moved diagnostics, not the length of the file, and no
diagnostic is converted or encoded again.

A diagnostic whose range reaches outside its unit's text depends on other lines:
its unit is converted again at every publication, from the document's lines.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
from collections.abc import Callable
from functools import cached_property
from operator import attrgetter
from typing import Any

from compiler.analysis import ModuleAnalysis, UnitAnalysis
from compiler.base import codes
from compiler.base.diagnostics import Diagnostic
from compiler.base.span import Span
from compiler.codegen.memory_checks import SOC_JUDGED_CODES
from compiler.codegen.tile_memory import DEFAULT_SOC
from compiler.syntax.units import LINE_AT_END, split_lines
from pto_lsp.features.lsp_diagnostics import to_payload
from pto_lsp.features.notes import editor_notes
from pto_lsp.workspace.failures import DOCUMENT_FAILED, UNIT_FAILED, failure_note
from pto_lsp.workspace.placement import DocumentAnalysis, PlacedUnit, memo_of, remember, shift_diagnostics
from pto_lsp.workspace.positions import Encoding, LineIndex
from pto_lsp.workspace.settings import Settings
from pto_lsp.workspace.unfilled import unfilled

log = logging.getLogger(__name__)

Payload = dict[str, Any]
SortKey = tuple[int, int, str]
_NONCE = secrets.token_hex(6)
_HOLE = re.compile(rf'"@@{_NONCE}:(\d+)@@"')
_COMPACT = (",", ":")


class _Template:
    """Diagnostics as JSON array items (no brackets), with holes for what moves with the
    unit: line numbers, and a syntax message that names a line."""

    __slots__ = ("_format", "_lines", "_messages", "_text")

    def __init__(self, payloads: list[Payload], diagnostics: list[Diagnostic]) -> None:
        holes: list[tuple[int, Any]] = []

        def hole(kind: int, value: Any) -> str:
            holes.append((kind, value))
            return f"@@{_NONCE}:{len(holes) - 1}@@"

        marked = [_marked(payload, diagnostic, hole) for payload, diagnostic in zip(payloads, diagnostics)]
        text = json.dumps(marked, separators=_COMPACT)[1:-1]
        parts = _HOLE.split(text)
        literals = [literal.replace("{", "{{").replace("}", "}}") for literal in parts[0::2]]
        order = [holes[int(index)] for index in parts[1::2]]
        # A format string with one field per hole, filled in C: `{}` for a line number, `{m}`
        # (a keyword field) for a message; the lines are given in order, the messages by name.
        fields = []
        self._lines: list[int] = []
        self._messages: list[tuple[str, tuple[str, int, str]]] = []
        for kind, value in order:
            if kind == 0:
                fields.append("{}")
                self._lines.append(value)
            else:
                name = f"m{len(self._messages)}"
                fields.append("{" + name + "}")
                self._messages.append((name, value))
        self._format = "".join(literal + field for literal, field in zip(literals, [*fields, ""]))
        self._text = _HOLE.sub("", text) if not order else None  # nothing moves: the text as is

    def fill(self, delta: int) -> str:
        """The JSON with every line `delta` lines further down."""
        if self._text is not None:
            return self._text
        messages = {
            name: json.dumps(f"{prefix}{line + delta}{suffix}")
            for name, (prefix, line, suffix) in self._messages
        }
        return self._format.format(*[line + delta for line in self._lines], **messages)


def _marked(payload: Payload, diagnostic: Diagnostic, hole: Callable[[int, Any], str]) -> Payload:
    def range_(value: Payload) -> Payload:
        start, end = value["start"], value["end"]
        return {
            "start": {"line": hole(0, start["line"]), "character": start["character"]},
            "end": {"line": hole(0, end["line"]), "character": end["character"]},
        }

    marked = dict(payload)
    marked["range"] = range_(payload["range"])
    related = payload.get("relatedInformation")
    if related:
        marked["relatedInformation"] = [
            {**info, "location": {**info["location"], "range": range_(info["location"]["range"])}}
            for info in related
        ]
    if diagnostic.code == codes.SYNTAX_ERROR and (mention := LINE_AT_END.match(diagnostic.message)):
        # Python names another line of the unit ("... on line 8"): it moves with the unit.
        marked["message"] = hole(1, (mention.group(1), int(mention.group(2)), mention.group(3)))
    return marked


class _Converted:
    """One unit result's diagnostics and notes, converted with the unit on its analysed line."""

    __slots__ = ("_templates", "diagnostics", "local", "notes", "payloads", "start_line")

    def __init__(
        self,
        analysis: UnitAnalysis,
        placed: PlacedUnit,
        uri: str,
        convert: Callable[..., Payload],
        codegen: bool,
    ) -> None:
        # Kept in the analysis's memo: no reference back to it (no cycle to outlive it).
        self.start_line = analysis.start_line
        try:
            self.diagnostics = analysis.published(codegen)
            alone = ModuleAnalysis(uri, units=[analysis])
            self.notes = editor_notes(alone, analysis.may_hold_opaque, codegen)
        except Exception:  # a fault of ours in the passes: the front end's word, and a note
            log.exception("the passes of the unit on line %d of %s failed", analysis.start_line, uri)
            self.diagnostics = analysis.published(codegen=False)
            self.notes = [failure_note(analysis.start_line, UNIT_FAILED)]
        # The unit's text is whole lines of the document: a position on one of them converts
        # the same from the unit's text as from the document's.
        lines = split_lines(placed.text)
        first = analysis.start_line
        last = first + len(lines) - 1

        def local(diagnostic: Diagnostic) -> bool:
            spans: list[Span] = [diagnostic.span, *(info.span for info in diagnostic.related)]
            return all(first <= s.start_line <= last and first <= s.end_line <= last for s in spans)

        # Converted from the unit's lines alone, when nothing reaches outside them.
        self.local = all(local(d) for d in [*self.diagnostics, *self.notes])
        self.payloads: tuple[list[Payload], list[Payload]] | None = None
        if self.local:
            index = LineIndex.of_lines(
                last, lambda i: lines[i - first + 1] if 0 <= i - first + 1 < len(lines) else ""
            )
            self.payloads = (
                [convert(d, index) for d in self.diagnostics],
                [convert(d, index) for d in self.notes],
            )
        self._templates: dict[frozenset[str], tuple[_Template, _Template, list[SortKey]]] = {}

    def templates(self, hidden: frozenset[str]) -> tuple[_Template, _Template, list[SortKey]]:
        """The diagnostics' and notes' templates without the hidden codes, and the diagnostics' sort keys."""
        found = self._templates.get(hidden)
        if found is None:
            assert self.payloads is not None
            diagnostics = [(p, d) for p, d in zip(self.payloads[0], self.diagnostics) if d.code not in hidden]
            notes = [(p, d) for p, d in zip(self.payloads[1], self.notes) if d.code not in hidden]
            found = (
                _Template([p for p, _ in diagnostics], [d for _, d in diagnostics]),
                _Template([p for p, _ in notes], [d for _, d in notes]),
                [d.sort_key() for _, d in diagnostics],
            )
            self._templates[hidden] = found
        return found


class _Placed:
    """A unit's JSON where it is: its diagnostics and notes, and the sort keys of its
    diagnostics (to join the units in source order)."""

    __slots__ = ("_delta", "_keys", "diagnostics", "entry", "local", "notes")

    def __init__(
        self, entry: _Converted, diagnostics: str, notes: str, keys: list[SortKey], delta: int = 0
    ) -> None:
        self.entry = entry
        self.diagnostics = diagnostics
        self.notes = notes
        self._keys = keys  # `delta` lines up (moved when asked: rarely needed)
        self._delta = delta
        # Every range inside the unit's own lines: its diagnostics sort between its neighbours'.
        self.local = entry.local

    @property
    def keys(self) -> list[SortKey]:
        if self._delta:
            self._keys = [(line + self._delta, column, code) for line, column, code in self._keys]
            self._delta = 0
        return self._keys


_DIAGNOSTICS = attrgetter("diagnostics")
_NOTES = attrgetter("notes")


def analysis_failed(uri: str) -> Publication:
    """What is published when a document's analysis or its conversion raised: one note on
    its first line, so that silence is never taken for a clean file."""
    return Publication.of([to_payload(failure_note(1, DOCUMENT_FAILED), LineIndex(""), uri)])


def hidden_codes(settings: Settings) -> frozenset[str]:
    """The codes left out of a publication under `settings`: those turned off, and the capacity
    errors for a SoC other than the default (they are judged for the default SoC; `pto-lsp
    check --soc` judges them again, the editor leaves them out: never one the SoC would not raise)."""
    return settings.hidden_codes | (SOC_JUDGED_CODES if settings.soc != DEFAULT_SOC else frozenset())


def diagnostics_notification(uri: str, version: int, diagnostics_json: str) -> bytes:
    """The body of a `textDocument/publishDiagnostics` notification, from the diagnostics'
    JSON array text as a `Publication` joins it (not parsed and encoded again)."""
    return (
        '{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":'
        f'{json.dumps(uri)},"version":{version},"diagnostics":{diagnostics_json}}}}}'
    ).encode()


class Publication:
    """One publication: every unit's diagnostics in source order, then every unit's notes,
    without the hidden codes; as the JSON array text, or as dicts."""

    def __init__(self, units: list[_Placed], in_order: bool, converted: int = 0) -> None:
        self._units = units
        self._in_order = in_order
        self.converted = converted  # how many units' JSON was made (not reused) for this publication

    @classmethod
    def of(cls, payloads: list[Payload]) -> Publication:
        """A publication of these payloads alone (made without an analysis)."""
        publication = cls([], False)
        publication.__dict__["payloads"] = payloads  # what the cached property would hold
        return publication

    @cached_property
    def json(self) -> str:
        units = self._units
        if not self._in_order:
            return json.dumps(self.payloads, separators=_COMPACT)
        parts = list(filter(None, map(_DIAGNOSTICS, units)))
        parts.extend(filter(None, map(_NOTES, units)))
        return "[" + ",".join(parts) + "]"

    @cached_property
    def payloads(self) -> list[Payload]:
        if self._in_order:
            return json.loads(self.json)
        # Units whose ranges overlap (rare: a diagnostic reaching into the next unit): sort.
        pairs = []
        notes: list[Payload] = []
        for unit in self._units:
            pairs.extend(zip(unit.keys, json.loads(f"[{unit.diagnostics}]")))
            notes.extend(json.loads(f"[{unit.notes}]"))
        pairs.sort(key=lambda pair: pair[0])
        return [payload for _, payload in pairs] + notes

    def unit_diagnostics(self, index: int) -> list[Payload]:
        """The diagnostics of one unit (an index of the analysis's placed units), as dicts."""
        return json.loads(f"[{self._units[index].diagnostics}]")

    def without(self, dropped: dict[int, set[int]]) -> Publication:
        """This publication without some diagnostics: unit index -> positions in
        `unit_diagnostics(index)` (what is left keeps its order)."""
        units = list(self._units)
        for index, positions in dropped.items():
            part = units[index]
            payloads = self.unit_diagnostics(index)
            kept = [n for n in range(len(payloads)) if n not in positions]
            units[index] = _Placed(
                part.entry,
                json.dumps([payloads[n] for n in kept], separators=_COMPACT)[1:-1],
                part.notes,
                [part.keys[n] for n in kept],
            )
        return Publication(units, self._in_order, self.converted)

    def with_added(self, payloads: list[Payload]) -> Publication:
        """This publication with more diagnostics (kept from an earlier one), after its own."""
        return _Joined(self, payloads)


class _Joined(Publication):
    """A publication and some diagnostics added to it: the JSON made from the dicts (rare:
    only while a keystroke's new error is held back and something shown would go)."""

    def __init__(self, base: Publication, added: list[Payload]) -> None:
        super().__init__(base._units, False, base.converted)
        self._base = base
        self._added = added

    @cached_property
    def payloads(self) -> list[Payload]:
        # The base's, as it has them already (read by the hold that made this one): the
        # same list, in the same order, as sorting its units' diagnostics again would give.
        return [*self._base.payloads, *self._added]


class DiagnosticPayloads:
    """The publishable diagnostics of one open document, unit by unit.

    It keeps the units' JSON of its last publication; when the engine says what
    changed since (`DocumentAnalysis.changes`), only the units placed anew are
    looked at, so a keystroke costs what it changed, whatever the file's length.
    """

    def __init__(self, uri: str) -> None:
        self.uri = uri
        # The key of what this document's conversions leave in the units' memos: not this
        # object itself, which holds the units (a reference cycle, outliving the document).
        self._key = object()
        self._last = 0  # the serial number of the analysis last published
        self._parts: list[_Placed | None] = []
        self._settings: tuple[Encoding, frozenset[str]] | None = None
        self._nonlocal = 0  # parts with a diagnostic outside its unit's lines

    def payloads(
        self,
        analysis: DocumentAnalysis,
        document_index: LineIndex,
        encoding: Encoding,
        hidden: frozenset[str],
    ) -> list[Payload]:
        """What `to_payload` makes of `analysis.diagnostics` then `editor_notes(analysis)`."""
        return self.publication(analysis, document_index, encoding, hidden).payloads

    def publication(
        self,
        analysis: DocumentAnalysis,
        document_index: LineIndex,
        encoding: Encoding,
        hidden: frozenset[str],
    ) -> Publication:
        """`payloads`, as JSON joined from the units' kept JSON (kept in the units' memos)."""
        # What `analysis.diagnostics` leaves out of this module (the codegen warning when the
        # real compiler stops at its front end) is hidden like a disabled code.
        unreached = analysis.unreached_codes
        hidden = hidden | unreached
        parts = self._parts
        if (
            analysis.changes is not None
            and analysis.previous == self._last
            and self._last
            and self._settings == (encoding, hidden)
        ):
            splices, placed_anew = analysis.changes.splices, analysis.changes.placed_anew
            for index, removed, added, moved in splices:
                self._forget(parts[index : index + removed])
                parts[index : index + removed] = [None] * added
                if moved:
                    after = index + added
                    self._forget(parts[after:])
                    parts[after:] = [None] * (len(parts) - after)
            for index in placed_anew:
                self._forget(parts[index : index + 1])
                parts[index] = None
        else:
            parts = [None] * len(analysis.placed)
            self._nonlocal = 0
        self._last, self._parts, self._settings = analysis.serial, parts, (encoding, hidden)
        if len(parts) != len(analysis.placed):  # cannot happen; never publish from a misaligned list
            parts[:] = [None] * len(analysis.placed)
            self._nonlocal = 0
        if self._nonlocal:  # converted from other units' lines too: again every time (rare)
            for index, part in enumerate(parts):
                if part is not None and not part.local:
                    parts[index] = None
            self._nonlocal = 0
        made = 0
        units = analysis.placed
        for index in unfilled(parts):
            part = parts[index] = self._part(units[index], document_index, encoding, hidden, unreached)
            made += 1
            if not part.local:
                self._nonlocal += 1
        filled: list[_Placed] = parts  # type: ignore[assignment]
        # A copy: `parts` changes with the next publication, this one may still be read (held back).
        return Publication(filled[:], self._nonlocal == 0 or _in_order(filled), made)

    def _forget(self, parts: list[_Placed | None]) -> None:
        self._nonlocal -= sum(1 for part in parts if part is not None and not part.local)

    def _part(
        self,
        unit: PlacedUnit,
        document_index: LineIndex,
        encoding: Encoding,
        hidden: frozenset[str],
        unreached: frozenset[str],
    ) -> _Placed:
        memo = unit.memo.get(self._key)
        if memo is not None and memo[0] is encoding and memo[1] == hidden:
            return memo[2]

        def convert(diagnostic: Diagnostic, index: LineIndex) -> Payload:
            return to_payload(diagnostic, index, self.uri, encoding)

        # A unit some diagnostic of which cannot be moved is taken as analysed where it is.
        base = unit.analysis if unit.movable else unit.current()
        # The passes' diagnostics and codegen's are computed only for a module that gets past
        # its front end (hidden otherwise): the units' converted ones are kept apart.
        codegen = not unreached
        found = memo_of(base).get(self._key)
        if found is not None and found[0] is encoding and found[1] == codegen:
            entry = found[2]
        else:
            entry = _Converted(base, unit, self.uri, convert, codegen)
            remember(memo_of(base), self._key, (encoding, codegen, entry))
        delta = unit.start_line - base.start_line
        if not entry.local:
            return _convert_here(entry, delta, hidden, document_index, convert)
        placed = _place(entry, delta, hidden)
        remember(unit.memo, self._key, (encoding, hidden, placed))
        return placed


def _in_order(units: list[_Placed]) -> bool:
    last: SortKey | None = None
    for unit in units:
        keys = unit.keys
        if keys:
            if last is not None and not last < keys[0]:
                return False
            last = keys[-1]
    return True


def _place(entry: _Converted, delta: int, hidden: frozenset[str]) -> _Placed:
    diagnostics, notes, keys = entry.templates(hidden)
    return _Placed(entry, diagnostics.fill(delta), notes.fill(delta), keys, delta)


def _convert_here(
    entry: _Converted,
    delta: int,
    hidden: frozenset[str],
    index: LineIndex,
    convert: Callable[..., Payload],
) -> _Placed:
    """A unit whose diagnostics reach outside it, converted from the document's lines."""
    diagnostics = shift_diagnostics(entry.diagnostics, delta)
    notes = shift_diagnostics(entry.notes, delta)
    assert diagnostics is not None and notes is not None  # the caller made sure they move
    diagnostics = [d for d in diagnostics if d.code not in hidden]
    notes = [d for d in notes if d.code not in hidden]
    return _Placed(
        entry,
        json.dumps([convert(d, index) for d in diagnostics], separators=_COMPACT)[1:-1],
        json.dumps([convert(d, index) for d in notes], separators=_COMPACT)[1:-1],
        [d.sort_key() for d in diagnostics],
    )
