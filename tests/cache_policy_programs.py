"""The shared programs of the real compiler's cache-policy tests (reference-cache-policy.md §6.0),
and the helpers its round-trip and printer tests use (§6.1, §6.2), over our API."""

from __future__ import annotations

import textwrap

from compiler import analyse_source
from compiler.ir import Program, ScopeStmt
from compiler.ir.visit import walk_stmts
from compiler.printer import print_program

BYPASS_MARKER = "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)"
DEFAULT_MARKER_A = "pl.set_cache_policy(a, pl.CachePolicy.DEFAULT)"


# `main` (a named CORE_GROUP scope declaring b BYPASS around a matmul) and `tiles` (an
# Orchestration scope declaring x BYPASS, one load overriding it): the editor tests' module.
DEMO_PROGRAM = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class Demo:
        @pl.function
        def main(self, a: pl.Tensor[[256, 128], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32],
                 out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]) -> pl.Tensor[[256, 256], pl.FP32]:
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
                pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
                c: pl.Tensor[[256, 256], pl.FP32] = pl.matmul(a, b, out_dtype=pl.FP32)
                out = pl.assemble(out, c, [0, 0])
            return out

        @pl.function(type=pl.FunctionType.Orchestration)
        def tiles(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
            with pl.at(level=pl.Level.CORE_GROUP):
                pl.set_cache_policy(x, pl.CachePolicy.BYPASS)
                hot = pl.load(x, [0, 0], [32, 64], cache=pl.CachePolicy.DEFAULT)
                rest = pl.load(x, [32, 0], [32, 64])
                y = pl.store(hot, [0, 0], y)
                y = pl.store(rest, [32, 0], y)
            return y
    """
)


def _lines(lines: tuple[str, ...] | list[str], indent: int) -> str:
    return "".join(" " * indent + line + "\n" for line in lines)


def at_program(*markers: str, late: tuple[str, ...] = ()) -> str:
    """P_AT: `main(a, b, out)` with a CORE_GROUP scope "mm" doing `c = matmul(a, b)` then
    `out = assemble(out, c)`; `markers` open the scope body, `late` ones sit between the two."""
    return (
        "import pypto.language as pl\n\n\n"
        "@pl.program\n"
        "class CachePolicyAt:\n"
        "    @pl.function\n"
        "    def main(\n"
        "        self,\n"
        "        a: pl.Tensor[[256, 128], pl.FP32],\n"
        "        b: pl.Tensor[[128, 256], pl.FP32],\n"
        "        out: pl.Out[pl.Tensor[[256, 256], pl.FP32]],\n"
        "    ) -> pl.Tensor[[256, 256], pl.FP32]:\n"
        '        with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):\n'
        + _lines(markers, 12)
        + "            c: pl.Tensor[[256, 256], pl.FP32] = pl.matmul(a, b, out_dtype=pl.FP32)\n"
        + _lines(late, 12)
        + "            out = pl.assemble(out, c, [0, 0])\n"
        "        return out\n"
    )


def small_matmul(program: str) -> str:
    """An `at_program` with a matmul small enough (8 KB operands) for the emitter to emit: a
    larger one is AutoTileMatmulL0's to split into an L0 K-loop, which is not modelled."""
    return program.replace("256", "64").replace("128", "32")


def spmd_program(*body: str) -> str:
    """P_SPMD / P_EMPTY: an Orchestration `main(b, out)` whose `for i in pl.spmd(4):` body is `body`."""
    return (
        "import pypto.language as pl\n\n\n"
        "@pl.program\n"
        "class CachePolicySpmd:\n"
        "    @pl.function(type=pl.FunctionType.Orchestration)\n"
        "    def main(\n"
        "        self,\n"
        "        b: pl.Tensor[[512, 128], pl.FP32],\n"
        "        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],\n"
        "    ) -> pl.Tensor[[512, 128], pl.FP32]:\n"
        "        for i in pl.spmd(4):\n" + _lines(body, 12) + "        return out\n"
    )


P_AT = at_program(BYPASS_MARKER)
P_AT0 = at_program()
P_SPMD = spmd_program(
    BYPASS_MARKER,
    "offset = i * 128",
    "tile_b: pl.Tile[[128, 128], pl.FP32] = pl.load(b, [offset, 0], [128, 128])",
    "out = pl.store(tile_b, [offset, 0], out)",
)
P_EMPTY = spmd_program(BYPASS_MARKER)
P_EMPTY_BASELINE = spmd_program("pass")
P_MULTI = at_program(BYPASS_MARKER, DEFAULT_MARKER_A)
P_LATE = at_program(late=(BYPASS_MARKER,))

P_ALT_SUBMODULE = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class Alt:
        @pl.function
        def main(
            self,
            a: pl.Tensor[[256, 128], pl.FP32],
            b: pl.Tensor[[128, 256], pl.FP32],
            out: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
        ) -> pl.Tensor[[256, 256], pl.FP32]:
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
                pl.tensor.set_cache_policy(b, pl.CachePolicy.BYPASS)
                c: pl.Tensor[[256, 256], pl.FP32] = pl.tensor.matmul(a, b, out_dtype=pl.FP32)
                out: pl.Tensor[[256, 256], pl.FP32] = pl.tensor.assemble(out, c, [0, 0])
            return out
    """
)

# TwoBypassingLoadsOfOneTensor (§6.6): one InCore kernel loading `x` twice with cache=BYPASS.
TWO_BYPASSING_LOADS = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class Loads:
        @pl.function(type=pl.FunctionType.InCore)
        def kernel(self, x: pl.Tensor[[32, 128], pl.FP32], out: pl.Out[pl.Tensor[[32, 128], pl.FP32]]) -> pl.Tensor[[32, 128], pl.FP32]:
            top: pl.Tile[[16, 128], pl.FP32] = pl.load(x, [0, 0], [16, 128], cache=pl.CachePolicy.BYPASS)
            bottom: pl.Tile[[16, 128], pl.FP32] = pl.load(x, [16, 0], [16, 128], cache=pl.CachePolicy.BYPASS)
            out_0 = pl.store(top, [0, 0], out)
            out_1 = pl.store(bottom, [16, 0], out_0)
            return out_1
    """
)


def repeat_program(first: str, second: str) -> str:
    """`main(a, out)`: a CORE_GROUP scope "k" declaring `a` twice, then load/store."""
    return textwrap.dedent(
        f"""\
        import pypto.language as pl


        @pl.program
        class Repeat:
            @pl.function
            def main(
                self,
                a: pl.Tensor[[64, 64], pl.FP32],
                out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
            ) -> pl.Tensor[[64, 64], pl.FP32]:
                with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):
                    pl.set_cache_policy(a, pl.CachePolicy.{first})
                    pl.set_cache_policy(a, pl.CachePolicy.{second})
                    t: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
                    out = pl.store(t, [0, 0], out)
                return out
        """
    )


def parse_program(text: str) -> Program:
    """The one program of `text`, which must parse without errors (`pl.parse_program`)."""
    analysis = analyse_source(text)
    errors = [d for d in analysis.diagnostics if d.stage.value in ("syntax", "parser")]
    assert errors == [], [d.message for d in errors]
    assert len(analysis.programs) == 1
    return analysis.programs[0]


def program_decls(program: Program) -> list[tuple[str, list[tuple[str, int]]]]:
    """`_program_decls`: for every scope with declarations, its class and (name, policy) pairs."""
    return [
        (type(stmt).__name__, [(var.name, int(policy)) for var, policy in stmt.attr("cache_policy_vars")])
        for function in program.functions
        for stmt in walk_stmts(function.body)
        if isinstance(stmt, ScopeStmt) and stmt.attr("cache_policy_vars")
    ]


def reparse(program: Program) -> tuple[str, Program]:
    """`_reparse`: print, parse the text again, and check the reprint is the same text."""
    text = print_program(program)
    again = parse_program(text)
    assert print_program(again) == text
    return text, again


def line_index(text: str, needle: str) -> int:
    """`_line_index`: the first line (0-based) containing `needle`, or -1."""
    return next((i for i, line in enumerate(text.splitlines()) if needle in line), -1)
