"""Every row the real compiler (hw-native-sys/pypto e2d0f78) judged, from the data of this
repository and of `../shared/corpus`, in one form: what it is, whether the real compiler
accepted it, and each error it raised (first message line, source line where known).

A row's `stage` says how far the real judgement went: `parse` (the parser and the op
deductions it runs: an accepted row got through them), `verifier` (the IR verifier at
`pipeline_input`) or `compile` (the whole `ir.compile` with skip_ptoas).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from postparse_mutants import recipe_text
from small_kernels import kernels_of

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "corpus"
DATA = REPO / "tests" / "data"
CONFORMANCE = REPO / "tests" / "op_conformance" / "tables"


@dataclass(frozen=True)
class RealError:
    message: str
    line: int | None


@dataclass
class Row:
    id: str  # `<source>:<name>`, e.g. `op-verdicts:cases/x.py`, `conformance:elementwise/tile.add/...`
    group: str  # rows of one category / op / folder: an accepted row is looked for here first
    stage: str  # parse, verifier, compile
    accepted: bool
    errors: list[RealError] = field(default_factory=list)
    path: Path | None = None
    text: str | None = None
    # The warnings the real compile printed (the verifier's), where they were recorded.
    warnings: list[RealError] | None = None

    def source(self) -> str:
        if self.text is not None:
            return self.text
        assert self.path is not None
        return self.path.read_text(encoding="utf-8")


def load_rows() -> dict[str, Row]:
    """Every real-judged row found (the `../shared` ones only where it is present)."""
    rows: dict[str, Row] = {}
    for row in _all_rows():
        rows[row.id] = row
    return rows


def _all_rows() -> Iterator[Row]:
    yield from _verdict_corpus("parser-verdicts")
    yield from _verdict_corpus("op-verdicts")
    yield from _conformance()
    yield from _verifier_cases()
    yield from _compile_cases("pipeline_cases")
    yield from _memory_cases()
    yield from _checked_cases("postparse_cases")
    yield from _checked_cases("postparse_heldout")
    yield from _checked_cases("postparse_round3")
    yield from _checked_cases("postparse_round4")
    yield from _checked_cases("postparse_round5")
    yield from _checked_cases("postparse_round6")
    yield from _checked_cases("postparse_round6_followup")
    yield from _checked_cases("postparse_round7")
    yield from _checked_cases("postparse_round8")
    yield from _checked_cases("postparse_round9")
    yield from _checked_cases("postparse_round10")
    yield from _checked_cases("postparse_round11")
    yield from _checked_cases("gather_scatter_cases")
    yield from _checked_cases("slice_cases")
    yield from _checked_cases("hard_syncall_cases")
    yield from _checked_cases("tensor_sites")
    yield from _checked_cases("parser_round3")
    yield from _checked_cases("parser_round6")
    yield from _checked_cases("parser_sites")
    yield from _checked_cases("distributed_sites")
    yield from _checked_cases("tile_sites")
    yield from _capacity_mutants()
    yield from _corpus_programs()
    yield from _distributed_cases()
    yield from _op_mutants()
    yield from _kind_swaps()


def _verdict_corpus(name: str) -> Iterator[Row]:
    folder = SHARED / name
    if not (folder / "verdicts.json").exists():
        return
    compiled = json.loads((DATA / "accepted_compile_verdicts.json").read_text())
    for row in _verdict_rows(name, folder, compiled):
        row.warnings = case_warnings().get(row.id.replace(":", "/", 1))
        yield row


@cache
def case_warnings() -> dict[str, list[RealError]]:
    """The real verifier's warnings of every case of the shared verdict corpora."""
    recorded = json.loads((DATA / "verifier_verdict_case_warnings.json").read_text())
    return {
        case: [RealError(message, line) for _, message, line, _ in warnings]
        for case, warnings in recorded.items()
    }


def _verdict_rows(name: str, folder: Path, compiled: dict) -> Iterator[Row]:
    for verdict in json.loads((folder / "verdicts.json").read_text()):
        oracle = verdict["oracle"]
        row_id = f"{name}:{verdict['file']}"
        path = folder / verdict["file"]
        if verdict["kind"] == "error":
            yield Row(
                row_id,
                f"{name}/{verdict['category']}",
                "parse",
                False,
                [RealError(oracle["message"] or "", oracle.get("line"))],
                path,
            )
            continue
        whole = compiled.get(f"{name}/{verdict['file']}")
        if name == "parser-verdicts" and whole is None:  # its README: the Default pipeline ran through
            yield Row(row_id, f"{name}/{verdict['category']}", "compile", True, [], path)
            continue
        if whole is None:
            yield Row(row_id, f"{name}/{verdict['category']}", "parse", True, [], path)
            continue
        errors = [
            RealError(error["message"], error.get("line"))
            for program in whole["programs"]
            for error in program["errors"]
        ]
        ok = all(program["ok"] for program in whole["programs"])
        yield Row(row_id, f"{name}/{verdict['category']}", "compile", ok, [] if ok else errors, path)


def _conformance() -> Iterator[Row]:
    compiled = json.loads((DATA / "op_conformance_compile_verdicts.json").read_text())["rejected_by_compile"]
    for table in sorted(CONFORMANCE.glob("*.json")):
        for row in json.loads(table.read_text())["rows"]:
            real = row["real"]
            row_id = f"conformance:{table.stem}/{row['id']}"
            group = f"conformance/{row['op']}"
            if not real["accepted"]:
                yield Row(
                    row_id,
                    group,
                    "parse",
                    False,
                    [RealError(real["message"], real.get("line"))],
                    text=row["source"],
                )
            elif f"{table.stem}/{row['id']}" in compiled:
                message = compiled[f"{table.stem}/{row['id']}"]
                yield Row(row_id, group, "compile", False, [RealError(message, None)], text=row["source"])
            else:
                yield Row(row_id, group, "parse", True, [], text=row["source"])


def _verifier_cases() -> Iterator[Row]:
    """A mutant of a ../shared kernel is made from its recipe, only where ../shared is present."""
    verdicts = json.loads((DATA / "verifier_verdicts.json").read_text())
    recipes = json.loads((DATA / "verifier_cases" / "mutants.json").read_text())
    for name, verdict in sorted(verdicts.items()):
        said = [(d["severity"], RealError(d["message"], d.get("line"))) for d in verdict["diagnostics"]]
        errors = [error for severity, error in said if severity == "error"]
        row = Row(
            f"verifier_cases:{name}",
            "verifier_cases",
            "verifier",
            verdict["parsed"] and not errors,
            errors,
            warnings=[warning for severity, warning in said if severity == "warning"],
        )
        if name in recipes:
            if not SHARED.exists():
                continue
            row.text = recipe_text(recipes[name])
        else:
            row.path = DATA / "verifier_cases" / name
        yield row


def _compile_cases(folder: str) -> Iterator[Row]:
    verdicts = json.loads((DATA / folder / "verdicts.json").read_text())
    for name, verdict in sorted(verdicts.items()):
        programs = verdict["programs"]
        ok = all(program["ok"] for program in programs)
        errors = [RealError(e["message"], e.get("line")) for p in programs for e in p["errors"]]
        yield Row(f"{folder}:{name}", folder, "compile", ok, [] if ok else errors, DATA / folder / name)


def _memory_cases() -> Iterator[Row]:
    verdicts = json.loads((DATA / "memory_cases" / "verdicts.json").read_text())
    for name, verdict in sorted(verdicts.items()):
        programs = verdict["programs"]
        ok = verdict.get("accepted", True) and all(program["ok"] for program in programs)
        errors = [RealError(p["message"], None) for p in programs if not p["ok"] and p.get("message")]
        yield Row(
            f"memory_cases:{name}",
            "memory_cases",
            "compile",
            ok,
            [] if ok else errors,
            DATA / "memory_cases" / name,
        )


def _checked_cases(folder: str) -> Iterator[Row]:
    """Cases the pypto check's worker judged (`tests/record_postparse_verdicts.py`): the
    real import and `ir.compile` of each program, errors with their lines. A mutant of a
    ../shared kernel is made from its recipe (`mutants.json`), only where ../shared is present."""
    verdicts = json.loads((DATA / folder / "verdicts.json").read_text())
    recipes = json.loads((DATA / folder / "mutants.json").read_text())
    generated = kernels_of(folder)
    for name, verdict in sorted(verdicts.items()):
        # An error the real compiler raised with no place is recorded at 1:0 (no line to hold to).
        errors = [
            RealError(e["message"], None if (e.get("line"), e.get("col")) == (1, 0) else e.get("line"))
            for e in verdict["errors"]
        ]
        row = Row(f"{folder}:{name}", folder, "compile", verdict["accepted"], errors)
        if name in recipes:
            if not SHARED.exists():
                continue
            row.text = recipe_text(recipes[name])
        elif name in generated:
            row.text = generated[name]
        else:
            row.path = DATA / folder / name
        yield row


# The SoC of ir.compile's default backend (Ascend910B), the one `pto-lsp check` judges by default.
_DEFAULT_SOC = "910B"


def _capacity_mutants() -> Iterator[Row]:
    """Kernels grown past an on-chip space, the real compile's verdict per SoC (the default's here)."""
    verdicts = json.loads((DATA / "capacity_mutants" / "verdicts.json").read_text())
    for name, programs in sorted(verdicts.items()):
        judged = [program[_DEFAULT_SOC] for program in programs.values()]
        errors = [RealError(verdict["message"], None) for verdict in judged if "message" in verdict]
        yield Row(
            f"capacity_mutants:{name}",
            "capacity_mutants",
            "compile",
            not errors,
            errors,
            DATA / "capacity_mutants" / name,
        )


def _distributed_cases() -> Iterator[Row]:
    """Variants of distributed programs (`tests/data/distributed_cases`), each judged by the
    real parser (its import: the parse and the op deductions it runs)."""
    verdicts = json.loads((DATA / "distributed_verdicts.json").read_text())
    for case in verdicts["cases"]:
        real = case["real"]
        path = REPO / case["file"]
        errors = [] if real["accepted"] else [RealError(real["error"]["message"], real["error"]["line"])]
        yield Row(
            f"distributed_cases:{path.name}", "distributed_cases", "parse", real["accepted"], errors, path
        )


def _corpus_programs() -> Iterator[Row]:
    """The real kernels of ../shared/corpus/pypto-real, each file's programs compiled."""
    corpus = SHARED / "pypto-real"
    if not corpus.exists():
        return
    index = json.loads((DATA / "real_pto" / "index.json").read_text())
    for name, entry in sorted(index.items()):
        judged = [program for program in entry["programs"] if program["ok"] is not None]
        if not judged:
            continue
        ok = all(program["ok"] for program in judged)
        errors = [RealError(e["message"], e.get("line")) for p in judged for e in p["errors"]]
        yield Row(f"corpus:{name}", "corpus", "compile", ok, [] if ok else errors, corpus / name)


def _op_mutants() -> Iterator[Row]:
    """One-mistake variants of real kernels aimed at the op deductions (`tests/op_mutants.py`),
    the real import's verdict of each; made from their recipes, only where ../shared is present."""
    folder = DATA / "op_mutants"
    if not SHARED.exists():
        return
    recipes = json.loads((folder / "mutants.json").read_text())
    for name, verdict in sorted(json.loads((folder / "verdicts.json").read_text()).items()):
        recipe = recipes[name]
        errors = [] if verdict["accepted"] else [RealError(verdict["message"], verdict.get("line"))]
        text = recipe_text(recipe)
        yield Row(
            f"op_mutants:{name}",
            f"op_mutants/{recipe['op']}",
            "parse",
            verdict["accepted"],
            errors,
            text=text,
        )


def _kind_swaps() -> Iterator[Row]:
    """Accepted conformance rows with one operand of another kind (`tests/op_kind_swaps.py`),
    the real import's verdict of each."""
    path = DATA / "op_kind_swaps" / "cases.json"
    if not path.exists():
        return
    for name, case in sorted(json.loads(path.read_text()).items()):
        real = case["real"]
        errors = [] if real["accepted"] else [RealError(real["message"], real.get("line"))]
        yield Row(
            f"kind_swaps:{name}",
            f"kind_swaps/{case['op']}",
            "parse",
            real["accepted"],
            errors,
            text=case["source"],
        )
