"""Source comments: kept by the parser on the statements the real parser attaches them
to, and printed above them as the real printer does (`# <text>`, one line each)."""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

import pytest

from compiler.parser.comments import extract_comments
from compiler.printer import print_module
from pto_lsp.features.dumps import ir_after
from pto_lsp.workspace.engine import AnalysisEngine

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS))
import pass_dumps  # noqa: E402

_DEF = re.compile(r"\s*def (\w+)\(")


def _dump(source: str) -> str:
    analysis = AnalysisEngine().analyse_text("k.py", textwrap.dedent(source))
    return ir_after(analysis, "parse")


def _body(dump: str, function: str) -> list[str]:
    """The lines of `function`'s body in a dump, without their common indentation."""
    lines = dump.splitlines()
    start = next(i for i, line in enumerate(lines) if _DEF.match(line) and f"def {function}(" in line)
    indent = len(lines[start]) - len(lines[start].lstrip())
    body = []
    for line in lines[start + 1 :]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        body.append(line)
    return textwrap.dedent("\n".join(body)).splitlines()


def _comments_by_function(dump: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    current = None
    for line in dump.splitlines():
        match = _DEF.match(line)
        if match:
            current = match.group(1)
            found[current] = []
        elif current is not None and line.lstrip().startswith("#"):
            found[current].append(line.rstrip())
    return found


HEADER = """\
import pypto.language as pl


@pl.program
class P:
"""


def test_a_comment_goes_above_the_statement_it_precedes_or_ends():
    body = _body(
        _dump(
            HEADER
            + """\
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        # above
        b: pl.Tensor[[16], pl.FP32] = pl.add(a, a)  # same line
        c: pl.Tensor[[16], pl.FP32] = pl.add(
            b,  # inside the call
            b,
        )
        return c
"""
        ),
        "main",
    )
    assert body[:3] == ["# above", "# same line", "b: pl.Tensor[[16], pl.FP32] = pl.tensor.add(a, a)"]
    assert body[3] == "# inside the call"


def test_a_docstring_and_the_signature_comments_lead_the_first_statement():
    body = _body(
        _dump(
            HEADER
            + '''\
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:  # noqa: X1
        """Summary.

        Details, indented.
        """
        return a
'''
        ),
        "main",
    )
    # The lines after the first keep their indentation past the class's (here none).
    assert [line.rstrip() for line in body] == [
        "# noqa: X1",
        "# Summary.",
        "#",
        "#         Details, indented.",
        "#",
        "return a",
    ]


def test_a_comment_at_the_end_of_a_block_is_dropped_and_a_compound_keeps_its_own():
    body = _body(
        _dump(
            HEADER
            + """\
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        # the loop
        for i in pl.range(4):  # its header
            # the first statement
            a = pl.add(a, a)
            # the loop's tail: no statement follows in the loop
        # after the loop
        return a
"""
        ),
        "main",
    )
    assert body == [
        "# the loop",
        "# its header",
        "for i in pl.range(4):",
        "    # the first statement",
        "    a: pl.Tensor[[16], pl.FP32] = pl.tensor.add(a, a)",
        "# after the loop",
        "return a",
    ]


def test_comments_of_a_pass_statement_wait_for_the_next_one():
    body = _body(
        _dump(
            HEADER
            + """\
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        pass  # nothing here
        return a
"""
        ),
        "main",
    )
    assert body == ["# nothing here", "return a"]


def test_parse_time_directives_make_no_statement_and_pass_their_comments_on():
    """`pl.static_assert` / `pl.static_print` / `pl.dump_tag` emit no IR (the real parser
    handles them as it parses): nothing of them is printed (nor judged by a later check),
    and their comments go to the next statement."""
    dump = _dump(
        HEADER
        + """\
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        # checked once
        pl.static_assert(True)
        pl.static_print(a)
        pl.dump_tag(a)
        return a
"""
    )
    assert _body(dump, "main") == ["# checked once", "return a"]


def test_comment_extraction_skips_hashes_in_strings_and_strips_one_space():
    text = 's = "# not a comment"  #  two spaces\nt = """\n# inside\n"""  ## heading\n'
    assert extract_comments(text) == {1: [(23, " two spaces")], 4: [(5, "# heading")]}


def _entries() -> list[pass_dumps.Entry]:
    return pass_dumps.entries() if pass_dumps.DUMPS.is_dir() else []


@pytest.mark.parametrize("entry", _entries(), ids=lambda e: e.id)
def test_corpus_comments_are_the_real_parse_dumps(entry):
    """Each function of each corpus program carries the comment lines of the real parse dump."""
    analysis = AnalysisEngine().analyse_text(str(entry.file), entry.file.read_text(encoding="utf-8"))
    # The parse as printed, also of a program the IR view does not show (one reading a value
    # we cannot fold): its comments are the real ones all the same.
    ours = pass_dumps.split_programs(print_module(analysis))
    mine = _comments_by_function(ours[entry.program][0])
    real = _comments_by_function(entry.real(0))
    # (A module-level kernel the real program takes in is not in ours: not compared.)
    assert {name: lines for name, lines in real.items() if name in mine} == mine


@pytest.mark.parametrize("entry", _entries(), ids=lambda e: e.id)
def test_real_dumps_keep_their_comments_when_read_back(entry):
    for stage in (0, 11):
        ours = pass_dumps.transition_dump(entry, stage, roundtrip=True)
        if ours is None or entry.program not in ours:
            continue
        assert _comments_by_function(ours[entry.program][0]) == _comments_by_function(entry.real(stage))
