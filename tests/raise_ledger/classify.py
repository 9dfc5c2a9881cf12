"""Each site's status: `modelled`, `out of static reach`, `internal invariant` or `not
modelled yet`.

- `modelled`: a row the real compiler rejected with a message of the site's template (the
  row is matched to the site by the template, automatically), on which pto-lsp reports the
  real message (on the real line, where the real error has one) under one of its codes; and
  a row of the same group the real compiler accepted, on which pto-lsp reports no error of
  that code.
- `out of static reach`: the reason is given. Automatically for the sites of code
  `ir.compile` with its Default strategy and default planner never runs, and for the
  argument-count checks the IR builders make unfailable (`fixed_arity.py`); by hand
  (`docs/ledger/hand_classified.json`) for the rest, each rule with its reason.
- `internal invariant`: the INTERNAL_* macros (`InternalError`), which the compiler itself
  declares its own invariants (a failure is its bug, not a user mistake), none of them
  reached by a recorded real rejection. A class of its own, not "out of static reach": some
  internal checks are reached from DSL all the same (the orchestration codegen's "Misplaced
  tensor op", InitMemRef's positive shape: modelled, with their rows), so an internal site a
  real rejection reaches is `not modelled yet` until it is.
- `not modelled yet`: everything else, honestly. `reached_by` counts the real rejections of
  the site's template in the rows: those are the first to model.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from raise_ledger.real_rows import REPO, RealError, Row
from raise_ledger.templates import literal_length, message_cores, pattern, said_in

HAND_CLASSIFIED = REPO / "docs" / "ledger" / "hand_classified.json"

MODELLED = "modelled"
OUT_OF_REACH = "out of static reach"
INTERNAL = "internal invariant"
NOT_MODELLED = "not modelled yet"
STATUSES = (MODELLED, OUT_OF_REACH, INTERNAL, NOT_MODELLED)

# The components the parser runs (a row the parser accepted was judged by them).
PARSE_COMPONENTS = frozenset({"parser", "language", "ir-python", "ir-core", "op-deduction"})

INTERNAL_REASON = (
    "INTERNAL_CHECK / InternalError: the compiler's own invariant (a failure is its bug), "
    "reached by no recorded real rejection"
)
_AUTOMATIC: list[tuple[Callable[[dict], bool], str]] = [
    (
        lambda s: s["file"].startswith("src/ir/transforms/dsa/") or "DsaRP" in s["function"],
        "the DSA_RP memory planner's: ir.compile's default planner (PYPTO) never runs it",
    ),
    (
        lambda s: s["file"].endswith(("compiled_program.py", "distributed_compiled_program.py")),
        "running a compiled program (device, run-time inputs), after the compile",
    ),
]


@dataclass(frozen=True)
class Judged:
    """What pto-lsp reports on a row: (code, message, line) of each error, and of each
    warning or hint (`others`)."""

    errors: list[tuple[str, str, int]]
    others: list[tuple[str, str, int]]

    def of(self, site: dict) -> list[tuple[str, str, int]]:
        """What can report the site: an error site's error, a warning or hint site's anything."""
        return self.errors if not is_warning(site) else [*self.errors, *self.others]


def is_warning(site: dict) -> bool:
    """A site the real compile prints rather than raises (a verifier warning, a perf hint)."""
    return site["raises"] in ("diagnostic(Warning)", "diagnostic(PerfHint)")


def match_rows(sites: list[dict], rows: Iterable[Row]) -> dict[str, list[tuple[Row, RealError]]]:
    """site id -> the real rejections whose message has the site's template (the sites with the
    most literal text of their own among those matching: the most specific wins)."""
    compiled = []
    for site in sites:
        found = pattern(site["template"])
        if found is not None:
            longest = max(found.pattern.split(".*?"), key=len)
            compiled.append((site, found, _unescape(longest), literal_length(site["template"])))
    matched: dict[str, list[tuple[Row, RealError]]] = defaultdict(list)
    errors = [entry for entry in compiled if not is_warning(entry[0])]
    warnings = [entry for entry in compiled if is_warning(entry[0])]
    for row in rows:
        said = [(error, errors) for error in ([] if row.accepted else row.errors)]
        said += [(warning, warnings) for warning in row.warnings or []]
        for error, candidates in said:
            found: list[tuple[int, dict]] = []
            for core in message_cores(error.message):
                for site, regex, chunk, length in candidates:
                    if chunk in core and regex.search(core) and all(site is not f for _, f in found):
                        found.append((length, site))
            if row.stage == "parse":  # the parser's verdict: only what the parser runs raised it
                found = [(n, site) for n, site in found if site["component"] in PARSE_COMPONENTS] or found
            longest = max((n for n, _ in found), default=0)
            best = [site for n, site in found if n == longest]
            for site in _same_op(best, error.message, row):
                matched[site["id"]].append((row, error))
    return matched


_OP_NAME = re.compile(r"\b(?:tile|tensor|system|array|comm|pld\.\w+)\.\w+")


def _same_op(tied: list[dict], message: str, row: Row) -> list[dict]:
    """Of sites sharing one template (a deduction used by many ops), those registered for the
    op the message or the row names; all of them when that does not decide."""
    if len(tied) < 2:
        return tied
    named = set(_OP_NAME.findall(message))
    if row.group.startswith(("conformance/", "kind_swaps/")):
        named.add(row.group.split("/", 1)[1])
    chosen = [site for site in tied if named & set(site.get("ops", ()))]
    return chosen or tied


def _unescape(escaped: str) -> str:
    return re.sub(r"\\(.)", r"\1", escaped.removeprefix("(?s)"))


def classify(
    sites: list[dict],
    rows: dict[str, Row],
    judge: Callable[[Row], Judged],
    read_reasons: dict[str, str] | None = None,
) -> None:
    """Fill each site's status and its evidence in place. `read_reasons`: site id -> why
    it is out of static reach, as read from the real source (`fixed_arity.py`)."""
    hand = _hand_rules()
    matched = match_rows(sites, rows.values())
    for site in sites:
        reaching = matched.get(site["id"], [])
        site["reached_by"] = len({row.id for row, _ in reaching})
        modelled = _modelled(site, reaching, rows, judge)
        if modelled is not None:
            site.update(status=MODELLED, **modelled)
            continue
        reason = next((why for test, why in _AUTOMATIC if test(site)), None)
        if reason is None:
            reason = (read_reasons or {}).get(site["id"])
        if reason is None:
            reason = next((rule["reason"] for rule in hand if _applies(rule, site)), None)
        if reason is not None:
            site.update(status=OUT_OF_REACH, reason=reason)
        elif site["raises"] == "InternalError" and not reaching:
            site.update(status=INTERNAL, reason=INTERNAL_REASON)
        else:
            site.update(status=NOT_MODELLED)


def _modelled(
    site: dict, reaching: list[tuple[Row, RealError]], rows: dict[str, Row], judge: Callable[[Row], Judged]
) -> dict | None:
    """The evidence of each of our codes that reports the site (the parser's check and a
    pass's may both report one deduction): the first code's, and `also` the others'."""
    found: dict[str, dict] = {}
    for row, error in sorted(reaching, key=lambda pair: pair[0].id):
        code = reported_code(judge(row).of(site), error)
        if code is None or code in found:
            continue
        accepted = _accepted_row(site, row, code, rows, judge)
        if accepted is not None:
            found[code] = {"code": code, "rejected_row": row.id, "accepted_row": accepted}
    if not found:
        return None
    first, *others = found.values()
    return {**first, "also": others} if others else first


def reported_code(reported: list[tuple[str, str, int]], error: RealError) -> str | None:
    """The code under which pto-lsp reports the real error (its message, on its line)."""
    cores = message_cores(error.message)
    for code, message, line in reported:
        if error.line is not None and line != error.line:
            continue
        if any(said_in(core, message) for core in (*cores[:2], cores[-1])):
            return code
    return None


def _accepted_row(
    site: dict, rejected: Row, code: str, rows: dict[str, Row], judge: Callable[[Row], Judged]
) -> str | None:
    """A row the real compiler accepted (through the site's stage), of the rejected row's group
    first, on which pto-lsp reports no error of `code`."""
    if is_warning(site):  # a row the real compile printed none of the site's warnings on
        regex = pattern(site["template"])
        candidates = [
            row
            for row in rows.values()
            if row.warnings is not None
            and not any(
                regex and regex.search(core) for w in row.warnings for core in message_cores(w.message)
            )
        ]
    else:
        stages = {"parse", "verifier", "compile"} if site["component"] in PARSE_COMPONENTS else {"compile"}
        if site["component"] in ("verifier", "pass-utilities"):  # the verifier runs helpers too
            stages = {"verifier", "compile"}
        candidates = [row for row in rows.values() if row.accepted and row.stage in stages]
    candidates.sort(
        key=lambda row: (
            row.group != rejected.group,
            row.id.split(":")[0] != rejected.id.split(":")[0],
            row.id,
        )
    )
    for row in candidates[:20]:
        if all(found != code for found, _, _ in judge(row).of(site)):
            return row.id
    return None


def _hand_rules() -> list[dict]:
    if not HAND_CLASSIFIED.exists():
        return []
    return json.loads(HAND_CLASSIFIED.read_text())["rules"]


def _applies(rule: dict, site: dict) -> bool:
    return all(re.search(expression, site[key]) for key, expression in rule["match"].items())


def judge_with_pto_lsp(row: Row) -> Judged:
    """pto-lsp's diagnostics on a row: as `pto-lsp check` reports them."""
    from compiler.base.diagnostics import Severity
    from compiler.batch import check_modules

    [report] = check_modules([row.source()], jobs=1)
    # A message naming a place of the file names it as the real recording did (repository-relative).
    name = relative(row.path) if row.path is not None and row.path.is_relative_to(REPO) else "<source>"
    said = [(d.code, d.message_in(name), d.span.start_line, d.severity) for d in report.diagnostics]
    return Judged(
        [(code, message, line) for code, message, line, severity in said if severity is Severity.ERROR],
        [(code, message, line) for code, message, line, severity in said if severity is not Severity.ERROR],
    )


def memoised(judge: Callable[[Row], Judged]) -> Callable[[Row], Judged]:
    seen: dict[str, Judged] = {}

    def judged(row: Row) -> Judged:
        if row.id not in seen:
            seen[row.id] = judge(row)
        return seen[row.id]

    return judged


def relative(path: Path) -> str:
    return str(path.relative_to(REPO))
