"""The editor's facts (hover, inlay hints, explain: which kernel reads which tensor with
which cache policy) are predictions of what the passes do. Here they are held against
what the passes actually produce, on the examples and on the accepted real kernels:
every kernel the facts name is a function the outliners create, and in every kernel the
pipeline lowers to tiles, the GM reads the facts list are exactly its `tile.load`s of
its tensor parameters, with the same cache policy.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS, REPO
from test_corpus import accepted_files

from compiler import Severity, analyse_source
from compiler.ir import Call, ForStmt, Function, FunctionType, Program, Var
from compiler.ir.visit import own_exprs, walk_expr, walk_stmts
from compiler.lowering.tensor_reads import SELF_LOADING
from compiler.passes.not_modelled import KernelsNotModelled, PassNotModelled
from compiler.passes.pipeline import PIPELINE, run_passes
from compiler.passes.ssa import base_name

# (kernel, tensor, policy)
Read = tuple[str, str, int]

# Where the pipeline's tile typing is known to part from the facts (none since pass 11 binds
# a converted value to a new `<name>__tile` var: the caller's tensor is no longer retyped).
KNOWN_DIFFERENCES: set[str] = set()


def _files() -> list[pytest.param]:
    files = [
        pytest.param(path, id=f"examples/{path.name}") for path in sorted((REPO / "examples").glob("*.py"))
    ]
    if CORPUS.is_dir():
        for path in accepted_files():
            name = str(path.relative_to(CORPUS))
            marks = (
                [pytest.mark.xfail(strict=True, reason="pass-11 tile typing")]
                if name in KNOWN_DIFFERENCES
                else []
            )
            files.append(pytest.param(path, id=name, marks=marks))
    return files


def _calls(function: Function) -> list[Call]:
    return [
        node
        for stmt in walk_stmts(function.body)
        for expr in own_exprs(stmt)
        for node in walk_expr(expr)
        if isinstance(node, Call)
    ]


def _is_lowered(calls: list[Call]) -> bool:
    """No tensor op is left that would still load its operands (ConvertTensorToTileOps ran)."""
    return not any(
        call.op.startswith("tensor.") and call.op.split(".", 1)[1] not in SELF_LOADING for call in calls
    )


def _loads(function: Function, calls: list[Call]) -> set[Read]:
    params = {id(param.var): param.var for param in function.params}
    # A tensor a loop carries (ConvertToSSA's iter_arg) is the parameter it starts from.
    starts = {
        id(iter_arg): init
        for stmt in walk_stmts(function.body)
        if isinstance(stmt, ForStmt)
        for iter_arg, init in zip(stmt.iter_args, stmt.init_values, strict=False)
    }
    found = set()
    for call in calls:
        source = call.args[0] if call.op == "tile.load" and call.args else None
        while isinstance(source, Var) and id(source) in starts:
            source = starts[id(source)]
        if isinstance(source, Var) and id(source) in params:
            policy = call.kwargs.get("cache")
            found.add((function.name, base_name(source.name), policy if isinstance(policy, int) else 0))
    return found


@pytest.mark.parametrize("path", _files())
def test_the_facts_are_what_the_passes_produce(path: Path) -> None:
    analysis = analyse_source(path.read_text(encoding="utf-8"), str(path))
    if any(d.severity is Severity.ERROR for d in analysis.diagnostics):
        pytest.skip("the compiler stops before the passes")
    predicted = {(read.kernel, read.tensor, read.policy) for read in analysis.facts.reads}

    programs: list[Program] = []
    functions: list[Function] = []
    refused: set[str] = set()  # kernels pass 11 does not take through (it says why): not compared
    for definition in [*analysis.programs, *analysis.functions]:
        as_program = isinstance(definition, Program)
        try:
            done = run_passes(
                [definition] if as_program else [], [] if as_program else [definition], PIPELINE[-1].name
            )
        except KernelsNotModelled as problem:
            partial: Program = problem.partial  # type: ignore[assignment]
            refused |= set(problem.kernels)
            done = ([partial], []) if as_program else ([], partial.functions)
        except PassNotModelled as problem:
            pytest.skip(f"the passes do not model it: {problem}")
        programs += done[0]
        functions += done[1]
    kernels: set[str] = set()
    lowered: set[str] = set()
    loads: set[Read] = set()
    for function in [f for program in programs for f in program.functions] + list(functions):
        if function.func_type is not FunctionType.INCORE:
            continue
        kernels.add(function.name)
        calls = _calls(function)
        if function.name not in refused and _is_lowered(calls):
            lowered.add(function.name)
            loads |= _loads(function, calls)

    assert {kernel for kernel, _, _ in predicted} <= kernels, (
        "the facts name a kernel the outliners do not create"
    )
    assert {read for read in predicted if read[0] in lowered} == loads
