"""New diagnostics at the keystrokes are held back until typing pauses.

Typing `pl.set_cache_policy(b, pl.CachePolicy.BYPASS)` passes through some
forty states, twenty of them wrong each in its own way (`SyntaxError`, two
arguments wanted, `Unknown CachePolicy value: C`, `Cac`, ...): published as they
come, a new red squiggle flashes under the cursor at every keystroke. So a
diagnostic that touches the rows typed into since the last publication, and
that the last publication did not show there (same code, message and line), is
left out of the publication of that version; when typing pauses (`typingPauseMs`
after it), the server publishes the same version again in full, unless a newer
version came meanwhile (nothing is ever published for a superseded version).
Diagnostics elsewhere, and those already shown, stay live; an edit that is not
a keystroke (a paste, a completion, a quick fix) holds nothing back.

Nothing already shown blinks meanwhile: while a new diagnostic is held back, the
publication also keeps what the last one showed outside the typed rows (moved with the
lines added or removed there), so that a warning elsewhere that the half-typed line
hides (a parser error stops the import: no codegen warning) stays instead of going and
coming back with each keystroke. The whole set is held, until typing pauses.

What a held-back error would take away waits with it: while the only errors that stop
the module's import are held back (a unit the author is typing into does not parse),
the publication shows the file as its last good analysis does (`while_typing`): the
codegen warnings elsewhere stay, and those of the unit being typed on its unchanged
lines, instead of coming and going with each keystroke.
"""

from __future__ import annotations

import asyncio
from typing import Any

from compiler.base.diagnostics import FRONT_END_STAGES
from pto_lsp.features.publishing import Publication
from pto_lsp.workspace.documents import TypedRows
from pto_lsp.workspace.placement import DocumentAnalysis

Payload = dict[str, Any]
Key = tuple[str, str, int]  # (code, message, line)


class TypingHold:
    """One open document's: what its last publication showed, and the pending release."""

    def __init__(self) -> None:
        self._last: tuple[DocumentAnalysis | None, Publication] | None = None
        self._last_lines = 0  # the document's line count at the last publication
        self.release: asyncio.TimerHandle | None = None

    def hold_back(
        self,
        analysis: DocumentAnalysis | None,
        publication: Publication,
        rows: TypedRows | None,
        record: bool = True,
        lines: int = 0,
    ) -> Publication:
        """What to publish now: `publication` without the new diagnostics at the typed rows,
        with what the last publication showed elsewhere and this one does not (`publication`
        itself when nothing is held back). `record`: note it as published. `lines`: the
        document's line count now."""
        self.cancel_release()
        sent = publication
        if rows is not None and analysis is not None:
            shown = self._shown_over(rows)
            dropped: dict[int, set[int]] = {}
            for index in _units_over(analysis, rows):
                for position, payload in enumerate(publication.unit_diagnostics(index)):
                    if _touches(payload, rows) and _key(payload) not in shown:
                        dropped.setdefault(index, set()).add(position)
            if dropped:
                sent = publication.without(dropped)
                kept = self._kept_elsewhere(sent, rows, lines)
                if kept:
                    sent = sent.with_added(kept)
        if record:
            self.published(analysis, sent, lines)
        return sent

    def published(self, analysis: DocumentAnalysis | None, publication: Publication, lines: int = 0) -> None:
        """Note what the client shows now (`lines`: the document's line count)."""
        self._last = (analysis, publication)
        self._last_lines = lines

    def _kept_elsewhere(self, sent: Publication, rows: TypedRows, lines: int) -> list[Payload]:
        """What the last publication showed away from the typed rows that `sent` does not,
        where it is now: the rows typed into since are `rows` now, and were `rows[0]` to
        `rows[1] - delta` then (`delta` lines added there)."""
        if self._last is None or not lines or not self._last_lines:
            return []
        delta = lines - self._last_lines
        first, last_before = rows[0], rows[1] - delta
        now = {_key(payload) for payload in sent.payloads}
        kept = []
        for payload in self._last[1].payloads:
            start, end = payload["range"]["start"]["line"], payload["range"]["end"]["line"]
            if end < first:
                moved = payload
            elif start > last_before:
                moved = _moved(payload, delta)
            else:
                continue  # on the typed rows: the new analysis says what is there
            if _key(moved) not in now:
                kept.append(moved)
        return kept

    def cancel_release(self) -> None:
        if self.release is not None:
            self.release.cancel()
            self.release = None

    def _shown_over(self, rows: TypedRows) -> set[Key]:
        """The diagnostics the last publication showed in the units over `rows` (rows above
        the first keystroke are numbered as they were; the rest matter little: typed anew)."""
        if self._last is None or self._last[0] is None:
            return set()
        analysis, publication = self._last
        return {
            _key(payload)
            for index in _units_over(analysis, rows)
            for payload in publication.unit_diagnostics(index)
        }


def _units_over(analysis: DocumentAnalysis, rows: TypedRows) -> range:
    """The indices of the placed units over 0-based `rows`."""
    return analysis.units_over(rows[0] + 1, rows[1] + 1)


def _touches(payload: Payload, rows: TypedRows) -> bool:
    where = payload["range"]
    return where["start"]["line"] <= rows[1] and where["end"]["line"] >= rows[0]


def _moved(payload: Payload, delta: int) -> Payload:
    """The diagnostic `delta` lines further down, its related locations with it (those in
    the same document; the typed rows are in none of them in practice)."""

    def range_(value: Payload) -> Payload:
        return {
            "start": {**value["start"], "line": value["start"]["line"] + delta},
            "end": {**value["end"], "line": value["end"]["line"] + delta},
        }

    moved = {**payload, "range": range_(payload["range"])}
    related = payload.get("relatedInformation")
    if related:
        moved["relatedInformation"] = [
            {**info, "location": {**info["location"], "range": range_(info["location"]["range"])}}
            for info in related
        ]
    return moved


def _key(payload: Payload) -> Key:
    return (str(payload.get("code")), payload["message"], payload["range"]["start"]["line"])


def only_held_back_errors_stop_the_import(
    analysis: DocumentAnalysis, sent: Publication, rows: TypedRows
) -> bool:
    """Whether the module's import is stopped (no codegen), but every error that stops it
    is one `sent` holds back at the typed rows: what it takes away may wait too. Quick in
    the usual cases: a file with no such error, or one with such an error elsewhere."""
    if not analysis.unreached_codes:
        return False
    over = _units_over(analysis, rows)
    if any(unit.stops_the_front_end() for index, unit in enumerate(analysis.placed) if index not in over):
        return False  # shown: not where the author types
    return not any(_stops(payload) for index in over for payload in sent.unit_diagnostics(index))


def _stops(payload: Payload) -> bool:
    return payload.get("severity") == 1 and payload.get("data", {}).get("stage") in _FRONT_END_STAGES


_FRONT_END_STAGES = {stage.value for stage in FRONT_END_STAGES}
