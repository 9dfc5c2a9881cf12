"""Every quick fix, applied in an LSP client to kernels written the way formatted real code
is: trailing commas, one argument per line, comments inside calls, hanging indents, nested
parentheses. Each fix must leave Python that parses and no longer has the error it was for,
without bringing in another one.

The real kernels are read from the corpus in place (the tests skip when it is absent) and
given the mistake each fix repairs; small inline kernels cover the fixes no corpus kernel
has a place for.
"""

from __future__ import annotations

import ast
import textwrap
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CORPUS
from lsp_client import (
    RecordingClient,
    apply_edits,
    open_document,
    quick_fixes_for,
    replace_all,
    wait_for_version,
)
from lsprotocol import types as lsp

URI = "file:///work/kernels/formatted.py"
BYPASS = "pl.CachePolicy.BYPASS"
PAGED_ATTENTION = CORPUS / "pypto" / "examples" / "models" / "09_paged_attention_spmd.py"
ASSEMBLE = CORPUS / "pypto" / "examples" / "intermediate" / "05_assemble.py"


def corpus_kernel(path: Path) -> str:
    if not path.is_file():
        pytest.skip(f"corpus file absent: {path}")
    return path.read_text(encoding="utf-8")


def edited(text: str, old: str, new: str) -> str:
    """`text` with the first `old` replaced (which must be there: the kernel is what we think)."""
    assert old in text, old
    return text.replace(old, new, 1)


def key(diagnostic: lsp.Diagnostic) -> tuple[str, str]:
    return (str(diagnostic.code), diagnostic.message)


async def every_fix(
    client: RecordingClient, text: str, is_target: Callable[[lsp.Diagnostic], bool]
) -> dict[str, str]:
    """Open `text`, take the one diagnostic `is_target` picks, apply each quick fix offered
    for it in turn, and check what each leaves: Python that parses, without that diagnostic,
    without any diagnostic the text did not have. The fixed texts, by the fix's title."""
    open_document(client, text, URI)
    before = await wait_for_version(client, URI, 1)
    [target] = [d for d in before if is_target(d)]
    fixes = await quick_fixes_for(client, URI, target)
    assert fixes, f"no quick fix for {target.message}"
    allowed = Counter(map(key, before)) - Counter([key(target)])
    results = {}
    for version, fix in enumerate(fixes, start=2):
        assert "`" not in fix.title  # editors show titles as plain text
        assert fix.edit is not None and fix.edit.changes is not None
        fixed = apply_edits(text, list(fix.edit.changes[URI]))
        ast.parse(fixed)  # a SyntaxError here is the bug
        replace_all(client, URI, version, fixed)
        after = await wait_for_version(client, URI, version)
        gained = Counter(map(key, after)) - allowed
        assert not gained, f"{fix.title!r} left {list(gained)}"
        results[fix.title] = fixed
    return results


def has_code(code: str) -> Callable[[lsp.Diagnostic], bool]:
    return lambda diagnostic: diagnostic.code == code


def says(start: str) -> Callable[[lsp.Diagnostic], bool]:
    return lambda diagnostic: diagnostic.message.startswith(start)


# ------------------------------------------------------- cache= on the loads of a real kernel

# The load of `query` in the paged-attention kernel, as the corpus writes it (ruff's style:
# one argument per line, magic trailing comma), and the same call written other ways. Each
# style comes with the call the fix must leave.
QUERY_LOAD = """\
                    qi_l1 = pl.load(
                        query,
                        [qi_row, 0],
                        [q_tile, head_dim],
                        target_memory=pl.MemorySpace.Mat,
                    )
"""

LOAD_STYLES = {
    "one argument per line, trailing comma": (
        QUERY_LOAD,
        f"""\
                    qi_l1 = pl.load(
                        query,
                        [qi_row, 0],
                        [q_tile, head_dim],
                        target_memory=pl.MemorySpace.Mat,
                        cache={BYPASS},
                    )
""",
    ),
    "a comment after the last argument": (
        QUERY_LOAD.replace("Mat,\n", "Mat,  # into L1 (Mat)\n"),
        f"""\
                    qi_l1 = pl.load(
                        query,
                        [qi_row, 0],
                        [q_tile, head_dim],
                        target_memory=pl.MemorySpace.Mat,  # into L1 (Mat)
                        cache={BYPASS},
                    )
""",
    ),
    "no trailing comma, comments after the last argument and before the parenthesis": (
        QUERY_LOAD.replace("Mat,\n", "Mat  # into L1, (Mat)\n                        # then the key\n"),
        f"""\
                    qi_l1 = pl.load(
                        query,
                        [qi_row, 0],
                        [q_tile, head_dim],
                        target_memory=pl.MemorySpace.Mat,  # into L1, (Mat)
                        cache={BYPASS}
                        # then the key
                    )
""",
    ),
    "one line, trailing comma": (
        "                    qi_l1 = pl.load(query, [qi_row, 0], [q_tile, head_dim], target_memory=pl.MemorySpace.Mat,)\n",
        f"                    qi_l1 = pl.load(query, [qi_row, 0], [q_tile, head_dim], target_memory=pl.MemorySpace.Mat, cache={BYPASS})\n",
    ),
    "hanging indent, parenthesis after the last argument": (
        "                    qi_l1 = pl.load(query, [qi_row, 0], [q_tile, head_dim],\n"
        "                                    target_memory=pl.MemorySpace.Mat)\n",
        "                    qi_l1 = pl.load(query, [qi_row, 0], [q_tile, head_dim],\n"
        "                                    target_memory=pl.MemorySpace.Mat,\n"
        f"                                    cache={BYPASS})\n",
    ),
    "nested parentheses in the last argument": (
        "                    qi_l1 = pl.load(query, [qi_row, 0], [(q_tile), (head_dim)], target_memory=(pl.MemorySpace.Mat))\n",
        f"                    qi_l1 = pl.load(query, [qi_row, 0], [(q_tile), (head_dim)], target_memory=(pl.MemorySpace.Mat), cache={BYPASS})\n",
    ),
    "arguments on one line below the call": (
        QUERY_LOAD.replace(
            "query,\n                        [qi_row, 0],\n                        [q_tile, head_dim],\n                       ",
            "query, [qi_row, 0], [q_tile, head_dim],",
        ),
        f"""\
                    qi_l1 = pl.load(
                        query, [qi_row, 0], [q_tile, head_dim], target_memory=pl.MemorySpace.Mat, cache={BYPASS}
                    )
""",
    ),
}

MARKER = f"pl.set_cache_policy(query, {BYPASS})"


@pytest.mark.parametrize("style", list(LOAD_STYLES))
async def test_a_marker_on_a_dispatch_spmd_puts_cache_on_the_callees_formatted_loads(
    client: RecordingClient, style: str
):
    written, expected = LOAD_STYLES[style]
    text = edited(corpus_kernel(PAGED_ATTENTION), QUERY_LOAD, written)
    text = edited(
        text,
        "with pl.spmd(core_num=4, sync_start=True):\n",
        f"with pl.spmd(core_num=4, sync_start=True):\n                        {MARKER}\n",
    )
    fixed = await every_fix(client, text, has_code("PTO102"))
    assert list(fixed) == [f"Put cache={BYPASS} on the loads of 'query' in 'SpmdQkMatmul'"]
    [result] = fixed.values()
    assert expected in result and MARKER not in result


@pytest.mark.parametrize("style", list(LOAD_STYLES))
async def test_a_marker_in_an_incore_function_puts_cache_on_its_formatted_loads(
    client: RecordingClient, style: str
):
    written, expected = LOAD_STYLES[style]
    text = edited(corpus_kernel(PAGED_ATTENTION), QUERY_LOAD, written)
    docstring = '"""QK matmul with SPMD stride partitioning over batch (CUBE)."""\n'
    text = edited(text, docstring, f"{docstring}            {MARKER}\n")
    fixed = await every_fix(client, text, has_code("PTO101"))
    assert list(fixed) == [f"Put cache={BYPASS} on the loads of 'query' instead"]
    [result] = fixed.values()
    assert expected in result and MARKER not in result


# ------------------------------------------------------- markers written over several lines

# A declaration formatted like the kernel around it: exploded, trailing comma, comments.
EXPLODED_MARKER = """\
pl.set_cache_policy(
    src,  # the rows
    pl.CachePolicy.BYPASS,
)"""


async def test_an_exploded_marker_in_a_real_loop_moves_to_the_top_of_its_scope(client: RecordingClient):
    loop = "        for i in pl.range(32):\n            row = pl.slice(tile_src, [1, 16], [i, 0])\n"
    text = edited(
        corpus_kernel(ASSEMBLE),
        loop,
        loop + textwrap.indent(EXPLODED_MARKER, " " * 12) + "\n",
    )
    [(title, fixed)] = (await every_fix(client, text, has_code("PTO101"))).items()
    assert title.startswith("Move the declaration to the top of the enclosing scope")
    assert "    with pl.at(level=pl.Level.CORE_GROUP):\n" + textwrap.indent(EXPLODED_MARKER, " " * 8) in fixed


# ------------------------------------------------------- front-end fixes on a real kernel


@pytest.mark.parametrize(
    ("old", "new", "is_target", "titles"),
    [
        # A builtin range over arguments on lines of their own.
        (
            "for b in pl.range(1, batch_cfg):",
            "for b in range(\n                1,\n                batch_cfg,\n            ):",
            says("For loop must use pl.range()"),
            ["Use pl.range(...) instead of range(...)"],
        ),
        # A misspelt op over one argument per line: `pl.log` is as close, but takes none of
        # the load's arguments after the first.
        (
            "qi_l1 = pl.load(\n",
            "qi_l1 = pl.lod(\n",
            says("Unknown operation 'pl.lod'"),
            ["Did you mean pl.load?"],
        ),
        # A misspelt dtype in a parameter of an exploded signature, before a trailing comma.
        (
            "            query: pl.Tensor[[query_rows, head_dim], pl.BF16],\n",
            "            query: pl.Tensor[[query_rows, head_dim], pl.BF61],\n",
            says("Unknown dtype: BF61"),
            ["Did you mean pl.BF16?"],
        ),
    ],
    ids=["range", "op", "dtype"],
)
async def test_front_end_fixes_on_a_formatted_real_kernel(
    client: RecordingClient,
    old: str,
    new: str,
    is_target: Callable[[lsp.Diagnostic], bool],
    titles: list[str],
):
    text = edited(corpus_kernel(PAGED_ATTENTION), old, new)
    fixed = await every_fix(client, text, is_target)
    assert list(fixed) == titles
    assert all(new not in result for result in fixed.values())


async def test_a_misspelt_level_in_an_exploded_scope_header_of_a_real_kernel(client: RecordingClient):
    header = "    with pl.at(level=pl.Level.CORE_GROUP):\n        tile_x = pl.load(x, [0, 0], [32, 32], target_memory=pl.MemorySpace.Vec)\n"
    exploded = header.replace(
        "(level=pl.Level.CORE_GROUP)", "(\n        level=pl.Level.CORE,  # misspelt\n    )"
    )
    text = edited(corpus_kernel(ASSEMBLE), header, exploded)
    fixed = await every_fix(client, text, says("Unknown Level value: CORE"))
    assert list(fixed) == ["Did you mean pl.Level.CORE_GROUP?"]


async def test_an_augmented_assignment_over_several_lines_in_a_real_kernel(client: RecordingClient):
    text = edited(
        corpus_kernel(ASSEMBLE),
        "                row = b * 8 + i\n",
        "                row = b * 8\n                row += (\n                    i  # the row in the block\n                )\n",
    )
    fixed = await every_fix(client, text, says("Unsupported statement type: AugAssign"))
    assert list(fixed) == ["Write it as row = row + i"]


# ------------------------------------------------------- small kernels, formatted

HEADER = """\
import pypto.language as pl


@pl.program
class Formatted:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
"""


def kernel(body: str) -> str:
    return HEADER + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8) + "\n        return out\n"


def marker(tensor: str, policy: str = BYPASS, keyword: str = "") -> str:
    """A declaration over three lines, trailing comma and comment included."""
    return f"pl.set_cache_policy(\n    {tensor},  # the operand\n    {keyword}{policy},\n)"


def at_scope(*lines: str, hint: str = "mm") -> str:
    return f'with pl.at(\n    level=pl.Level.CORE_GROUP,\n    name_hint="{hint}",\n):\n' + textwrap.indent(
        "\n".join(lines), "    "
    )


READS_B = ("c = pl.matmul(\n    a,\n    b,\n    out_dtype=pl.FP32,\n)", "out = pl.assemble(out, c, [0, 0])")


@pytest.mark.parametrize(
    ("body", "code", "titles"),
    [
        (
            at_scope(
                READS_B[0], "for k in pl.range(2):\n" + textwrap.indent(marker("b"), "    "), READS_B[1]
            ),
            "PTO101",
            ["Move the declaration to the top of the enclosing scope (line 13)"],
        ),
        (
            marker("b") + "\n" + at_scope(*READS_B, hint="first") + "\n" + at_scope(*READS_B, hint="second"),
            "PTO101",
            [
                "Move the declaration into the scope at line 17",
                "Move the declaration into the scope at line 27",
            ],
        ),
        (
            "with pl.cluster():\n" + textwrap.indent(marker("b") + "\n" + at_scope(*READS_B), "    "),
            "PTO102",
            ["Move the declaration into the pl.at scope at line 18"],
        ),
        (
            at_scope(marker("b", keyword="policy="), *READS_B),
            "PTO103",
            ["Write the declaration with two positional arguments"],
        ),
        (
            at_scope("pl.set_cache_policy(\n    policy=pl.CachePolicy.BYPASS,\n    tensor=b,\n)", *READS_B),
            "PTO103",
            ["Write the declaration with two positional arguments"],
        ),
        (at_scope(marker("b")), "PTO201", ["Remove the declaration"]),
        (
            at_scope(marker("out"), *READS_B),
            "PTO202",
            ["Remove the declaration", "Change the policy to DEFAULT"],
        ),
        (
            at_scope(marker("b"), marker("b", "pl.CachePolicy.DEFAULT"), *READS_B),
            "PTO107",
            ["Remove the repeated declaration"],
        ),
    ],
    ids=[
        "nested-in-loop",
        "outside-scopes",
        "on-cluster",
        "keywords-in-order",
        "keywords-reordered",
        "E1",
        "E2",
        "R7",
    ],
)
async def test_cache_policy_fixes_on_formatted_declarations(
    client: RecordingClient, body: str, code: str, titles: list[str]
):
    fixed = await every_fix(client, kernel(body), has_code(code))
    assert list(fixed) == titles


async def test_keywords_in_order_are_dropped_and_the_layout_kept(client: RecordingClient):
    text = kernel(at_scope(marker("b", keyword="policy="), *READS_B))
    [fixed] = (await every_fix(client, text, has_code("PTO103"))).values()
    assert textwrap.indent(marker("b"), " " * 12) in fixed


DISPATCH = f"""\
import pypto.language as pl


@pl.program
class Dispatch:
    @pl.function
    def scoped(
        self,
        a: pl.Tensor[[512, 32], pl.FP32],
        out: pl.Out[pl.Tensor[[512, 32], pl.FP32]],
    ) -> pl.Tensor[[512, 32], pl.FP32]:
        with pl.at(
            level=pl.Level.CORE_GROUP,
        ):
            t = pl.add(
                a,
                a,
            )
            out = pl.assemble(out, t, [0, 0])
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[512, 32], pl.FP32],
        out: pl.Out[pl.Tensor[[512, 32], pl.FP32]],
    ) -> pl.Tensor[[512, 32], pl.FP32]:
        with pl.spmd(
            4,
        ):
            pl.set_cache_policy(
                x,
                {BYPASS},
            )
            out = self.scoped(
                x,
                out,
            )
        return out
"""


async def test_an_exploded_marker_on_a_dispatch_spmd_moves_into_the_callees_scope(client: RecordingClient):
    fixed = await every_fix(client, DISPATCH, has_code("PTO102"))
    assert list(fixed) == ["Move the declaration into 'scoped' (its scope at line 12)"]
