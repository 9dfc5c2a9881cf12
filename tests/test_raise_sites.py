"""The ledger of the real compiler's raise sites (docs/ledger/raise_sites.jsonl) and its table
(docs/raise-sites.md) stay in step: with each other, with the real source (where its mirror is
on this machine), and with pto-lsp (every `modelled` site's code exists and reports the real
error on the real row named, and not on the accepted row named). And "All checks passed"
means what the table says: a program a pass refused to take through is not analysed."""

from __future__ import annotations

import json
import re
import textwrap
from functools import cache

import pytest
import pytest_lsp
from conftest import SERVER, run_cli
from lsp_client import RecordingClient, change, open_document, wait_for_version
from lsprotocol import types as lsp
from pytest_lsp import client_capabilities
from raise_ledger.classify import (
    INTERNAL,
    MODELLED,
    NOT_MODELLED,
    OUT_OF_REACH,
    STATUSES,
    Judged,
    is_warning,
    judge_with_pto_lsp,
    reported_code,
)
from raise_ledger.fixed_arity import FIXED_COUNT, accepted_counts, fixed_count_reasons
from raise_ledger.mirror import Mirror
from raise_ledger.real_rows import Row, load_rows
from raise_ledger.table import TABLE, read_ledger, render
from raise_ledger.templates import message_cores, pattern

from compiler.base import codes

LEDGER = read_ledger()
MODELLED_SITES = [site for site in LEDGER if site["status"] == MODELLED]
STATUS_OF = {site["id"]: site["status"] for site in LEDGER}


@cache
def rows() -> dict[str, Row]:
    return load_rows()


@cache
def judged(row_id: str) -> Judged:
    return judge_with_pto_lsp(rows()[row_id])


def test_the_table_is_the_ledgers() -> None:
    assert TABLE.read_text(encoding="utf-8") == render(LEDGER), "run: python tests/raise_sites.py --write"


def test_every_site_has_one_id_and_a_status_with_its_evidence() -> None:
    ids = [site["id"] for site in LEDGER]
    assert len(ids) == len(set(ids))
    for site in LEDGER:
        assert site["status"] in STATUSES
        assert site["id"].startswith(f"{site['file']}::{site['function']}::")
        if site["status"] == OUT_OF_REACH:
            assert site["reason"], site["id"]
        if site["status"] == INTERNAL:  # the compiler's own invariant, and no real row reaches it
            assert site["raises"] == "InternalError" and site["reached_by"] == 0, site["id"]
        if site["status"] == NOT_MODELLED:
            assert "code" not in site and "reason" not in site, site["id"]


def test_the_ledger_covers_every_site_of_the_real_source() -> None:
    """Scanning the real source again gives the ledger's sites (skipped without the mirror)."""
    mirror = Mirror()
    if not mirror.available():
        pytest.skip(f"no mirror of the real compiler at {mirror.path}")
    from raise_sites import scan_sites

    scanned = {site["id"]: site for site in scan_sites(mirror)}
    assert scanned.keys() == {site["id"] for site in LEDGER}
    for site in LEDGER:
        assert (scanned[site["id"]]["template"], scanned[site["id"]]["raises"]) == (
            site["template"],
            site["raises"],
        )


def test_an_unfailable_count_is_read_from_the_real_builders() -> None:
    """The sites out of reach for their argument count are exactly the count checks whose
    ops the real IR builders build with literal lists of accepted counts (skipped without the
    mirror); and a count check with an op built from a list that grows stays where it was."""
    mirror = Mirror()
    if not mirror.available():
        pytest.skip(f"no mirror of the real compiler at {mirror.path}")
    found = fixed_count_reasons(mirror, LEDGER)
    assert found, "no argument-count check read as unfailable"
    marked = {site["id"] for site in LEDGER if site.get("reason") == FIXED_COUNT}
    assert marked == {site_id for site_id in found if STATUS_OF[site_id] != MODELLED}
    [random] = [s for s in LEDGER if s.get("ops") == ["tile.random"] and accepted_counts(s["template"])]
    assert random["id"] not in found  # its builder appends the optional valid_shape
    assert accepted_counts("The operator {} requires 5-6 arguments (dst, src), but got {}") == {5, 6}
    assert accepted_counts("The operator {} requires first argument to be a TileType, but got {}") is None


def test_a_modelled_site_names_one_of_our_codes() -> None:
    ours = {value for name, value in vars(codes).items() if name.isupper() and isinstance(value, str)}
    for site, evidence in EVIDENCE:
        assert evidence["code"] in ours, site["id"]


EVIDENCE = [(site, evidence) for site in MODELLED_SITES for evidence in [site, *site.get("also", [])]]


@pytest.mark.parametrize(
    ("site", "evidence"), EVIDENCE, ids=[f"{site['id']}:{e['code']}" for site, e in EVIDENCE]
)
def test_a_modelled_site_is_shown_on_real_verdicts(site: dict, evidence: dict) -> None:
    """The rejected row is a real rejection with the site's message, which pto-lsp reports
    under the code named on the real line; the accepted row the real compiler accepted,
    and pto-lsp reports no error of that code on it. For a warning site: the real compile
    printed the warning on the one (pto-lsp reports it), none of it on the other (nor does
    pto-lsp)."""
    found = rows()
    if evidence["rejected_row"] not in found or evidence["accepted_row"] not in found:
        pytest.skip("the row is in ../shared, not present here")
    rejected, accepted = found[evidence["rejected_row"]], found[evidence["accepted_row"]]
    regex = pattern(site["template"])
    assert regex is not None
    said = (rejected.warnings or []) if is_warning(site) else rejected.errors
    [error] = [error for error in said if any(regex.search(core) for core in message_cores(error.message))][
        :1
    ] or [None]
    assert error is not None
    assert reported_code(judged(rejected.id).of(site), error) == evidence["code"]
    assert all(code != evidence["code"] for code, _, _ in judged(accepted.id).of(site))
    if is_warning(site):  # printed on the one, none of it on the other
        assert accepted.warnings is not None
        assert not any(regex.search(core) for w in accepted.warnings for core in message_cores(w.message))
    else:
        assert not rejected.accepted and accepted.accepted


# An Inline function called with an expression for its argument: InlineFunctions does not
# model it (PassNotModelled), so nothing after that pass is checked on the program.
REFUSED = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class Prog:
        @pl.function(type=pl.FunctionType.Inline)
        def helper(self, t: pl.Tile[[16, 128], pl.FP32]) -> pl.Tile[[16, 128], pl.FP32]:
            r = pl.add(t, t)
            return r

        @pl.function(type=pl.FunctionType.InCore)
        def kernel(
            self,
            a: pl.Tensor[[16, 128], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
        ) -> pl.Tensor[[16, 128], pl.FP32]:
            t = pl.load(a, [0, 0], [16, 128])
            u = self.helper({argument})
            out = pl.store(u, [0, 0], out)
            return out
    """
)


def test_a_program_a_pass_refuses_is_not_called_all_passed(tmp_path) -> None:
    refused = tmp_path / "refused.py"
    refused.write_text(REFUSED.format(argument="pl.add(t, t)"), encoding="utf-8")
    said = run_cli(str(refused))
    assert said.returncode == 0  # no error: nothing wrong was found
    assert "All checks passed" not in said.stdout
    assert re.search(r"1 construct could not be analysed .*refused\.py:18\.$", said.stdout.strip())
    as_json = json.loads(run_cli("--format", "json", str(refused)).stdout)
    [entry] = as_json["files"]
    assert entry["diagnostics"] == [] and [span["start"]["line"] for span in entry["notAnalysed"]] == [17]


def test_the_same_program_taken_through_is_all_passed(tmp_path) -> None:
    plain = tmp_path / "plain.py"
    plain.write_text(REFUSED.format(argument="t"), encoding="utf-8")
    said = run_cli(str(plain))
    assert said.returncode == 0 and said.stdout.strip() == "All checks passed (1 file(s))."


@pytest_lsp.fixture(config=SERVER)
async def editor(lsp_client: RecordingClient):
    params = lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        initialization_options={"ptoLsp": {"debounceMs": 0}},
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


async def test_the_editor_marks_where_a_pass_stopped_as_not_analysed(editor: RecordingClient) -> None:
    """As `check` counts it, the editor marks it: a quiet hint where the pass stopped, saying
    which pass and what it does not model; the same program taken through has none."""
    uri = "file:///work/kernels/refused.py"
    refused = REFUSED.format(argument="pl.add(t, t)")
    open_document(editor, refused, uri)
    published = await wait_for_version(editor, uri, 1)
    [hint] = [d for d in published if d.code == "PTO010"]
    assert hint.severity == lsp.DiagnosticSeverity.Hint and hint.range.start.line == 17
    assert hint.message.startswith("Not analysed: InlineFunctions: ") and "is not modelled" in hint.message
    assert [d for d in published if d.severity != lsp.DiagnosticSeverity.Hint] == []
    plain = REFUSED.format(argument="t")
    change(editor, 2, (0, 0), (refused.count("\n"), 0), plain, uri)
    assert [d.code for d in await wait_for_version(editor, uri, 2)] == []
