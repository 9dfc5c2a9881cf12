"""One-mistake variants of real kernels whose mistake is in a statement, not in an op's
arguments: held-out round 9 (`tests/data/postparse_round9`), kinds no earlier set used.

    python tests/statement_mutants.py [--per-kind N] [--round 9|10]   # writes tests/data/postparse_roundN/mutants.json

`op_mutants.py` changes one op call's arguments or a parameter's dtype. These change what
is around the ops, in the real kernels of `../shared/corpus` (third-party data, never
copied here: `mutants.json` holds recipes as `postparse_mutants.mutant_text` applies them):

- `drop`: a one-line assignment of a kernel deleted;
- `swap`: two adjacent one-line statements exchanged, the second reading the first's target;
- `function_type`: a function's `pl.FunctionType` changed;
- `level`: a scope's `pl.Level` changed;
- `memory_space`: a `pl.MemorySpace` changed;
- `direction`: a parameter's `pl.Out` made `pl.InOut`, or its wrapper removed;
- `returned`: a `return` of a name made a return of another name assigned before it;
- `call_args`: a call of a program's own function (`self.f(...)`) with two arguments
  exchanged, or its last one dropped;
- `loop`: a `pl.range` with its bounds exchanged, or a step of 0 given;
- `local_shape`: a local annotation's first dimension doubled;
- `yield_dropped`: a `pl.yield_(...)` line deleted.

Round 10 (`tests/data/postparse_round10`), kinds round 9 had not: a module-level size made
four times as large (`constant_scaled`), a `pl.range` made `pl.unroll` / `pl.parallel`, a
`with pl.at(...)` removed (its body kept), a load's / store's / assemble's first offset
moved on by 64, a kernel's last `return` dropped, a local annotation's dtype changed, a load
made a load into Mat, a CORE_GROUP scope given an up-down split, a loaded tile cast to INT8.

Only the module-level programs the real import parses are mutated (`op_mutants.parsed_functions`),
from the bases the real import accepts as they stand (`op_mutants.base_files`), real kernels only,
at most two of a base.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path

from op_mutants import base_files, parsed_functions
from postparse_mutants import SHARED

DATA = Path(__file__).resolve().parent / "data"
REAL_KERNELS = ("upstream/", "pypto-real/")
_FUNCTION_TYPES = ("InCore", "Orchestration", "Opaque", "AIC", "AIV")
_LEVELS = ("CORE_GROUP", "HOST", "CHIP", "AIV")
_SPACES = ("Vec", "Mat", "Left", "Right", "Acc", "DDR")

Edit = list  # [first, last, new text], 0-based lines, end exclusive


def _one_line(stmt: ast.stmt) -> bool:
    return stmt.lineno == stmt.end_lineno


def _line(lines: list[str], number: int) -> str:
    return lines[number - 1]


def _body_statements(function: ast.FunctionDef) -> Iterator[list[ast.stmt]]:
    """Every statement list of the function (its body, loops', branches', scopes')."""
    pending: list[list[ast.stmt]] = [function.body]
    while pending:
        body = pending.pop()
        yield body
        for stmt in body:
            for field in ("body", "orelse"):
                inner = getattr(stmt, field, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    pending.append(inner)


def _assigned(stmt: ast.stmt) -> set[str]:
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
    return {n.id for t in targets if t is not None for n in ast.walk(t) if isinstance(n, ast.Name)}


def _read(stmt: ast.stmt) -> set[str]:
    return {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _replace_word(line: str, old: str, new: str) -> str | None:
    changed = re.sub(rf"\b{re.escape(old)}\b", new, line, count=1)
    return changed if changed != line else None


def drop(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for body in _body_statements(function):
        for stmt in body:
            if isinstance(stmt, ast.Assign | ast.AnnAssign) and _one_line(stmt) and len(body) > 1:
                yield [[stmt.lineno - 1, stmt.lineno, ""]]


def swap(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for body in _body_statements(function):
        for first, second in itertools.pairwise(body):
            if (
                _one_line(first)
                and _one_line(second)
                and second.lineno == first.lineno + 1
                and _assigned(first) & _read(second)
            ):
                a, b = _line(lines, first.lineno), _line(lines, second.lineno)
                yield [[first.lineno - 1, second.lineno, b + a]]


def _word_swaps(function: ast.FunctionDef, lines: list[str], prefix: str, choices: tuple[str, ...]):
    pattern = re.compile(rf"{re.escape(prefix)}(\w+)")
    for number in range(function.lineno - len(function.decorator_list), function.end_lineno + 1):
        line = lines[number - 1]
        for found in pattern.finditer(line):
            for other in choices:
                if other != found.group(1):
                    new = line[: found.start(1)] + other + line[found.end(1) :]
                    yield [[number - 1, number, new]]


def function_type(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    yield from _word_swaps(function, lines, "pl.FunctionType.", _FUNCTION_TYPES)


def level(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    yield from _word_swaps(function, lines, "pl.Level.", _LEVELS)


def memory_space(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    yield from _word_swaps(function, lines, "pl.MemorySpace.", _SPACES)


def direction(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for arg in function.args.args:
        note = arg.annotation
        if note is None or not _one_line(note) or "pl.Out[" not in ast.unparse(note):
            continue
        line = _line(lines, note.lineno)
        yield [[note.lineno - 1, note.lineno, line.replace("pl.Out[", "pl.InOut[", 1)]]
        segment = line[note.col_offset : note.end_col_offset]
        if segment.startswith("pl.Out[") and segment.endswith("]"):
            bare = line[: note.col_offset] + segment[len("pl.Out[") : -1] + line[note.end_col_offset :]
            yield [[note.lineno - 1, note.lineno, bare]]


def returned(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    names: list[str] = [a.arg for a in function.args.args if a.arg != "self"]
    for stmt in function.body:
        if isinstance(stmt, ast.Return) and isinstance(stmt.value, ast.Name) and _one_line(stmt):
            for other in reversed(names):
                if other != stmt.value.id:
                    new = _replace_word(_line(lines, stmt.lineno), stmt.value.id, other)
                    if new:
                        yield [[stmt.lineno - 1, stmt.lineno, new]]
                    break
        names += sorted(_assigned(stmt) - set(names))


def call_args(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(function):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "self"
            and _one_line(node)
            and len(node.args) >= 2
            and not node.keywords
        ):
            continue
        line = _line(lines, node.lineno)
        texts = [line[a.col_offset : a.end_col_offset] for a in node.args]
        head = line[: node.col_offset] + ast.unparse(node.func) + "("
        tail = ")" + line[node.end_col_offset :]
        swapped = [texts[1], texts[0], *texts[2:]]
        yield [[node.lineno - 1, node.lineno, head + ", ".join(swapped) + tail]]
        yield [[node.lineno - 1, node.lineno, head + ", ".join(texts[:-1]) + tail]]


def loop(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(function):
        if isinstance(node, ast.For) and isinstance(node.iter, ast.Call) and _one_line(node.iter):
            call = node.iter
            if ast.unparse(call.func) != "pl.range" or call.keywords:
                continue
            line = _line(lines, call.lineno)
            head = line[: call.col_offset] + "pl.range("
            tail = ")" + line[call.end_col_offset :]
            texts = [ast.unparse(a) for a in call.args]
            if len(texts) >= 2:
                yield [
                    [call.lineno - 1, call.lineno, head + ", ".join([texts[1], texts[0], *texts[2:]]) + tail]
                ]
            if len(texts) == 3:
                yield [[call.lineno - 1, call.lineno, head + ", ".join([*texts[:2], "0"]) + tail]]


def local_shape(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(function):
        if not (isinstance(node, ast.AnnAssign) and _one_line(node)):
            continue
        shape = node.annotation
        if isinstance(shape, ast.Subscript) and isinstance(shape.slice, ast.Tuple) and shape.slice.elts:
            dims = shape.slice.elts[0]
            if isinstance(dims, ast.List) and dims.elts and isinstance(dims.elts[0], ast.Constant):
                first = dims.elts[0]
                line = _line(lines, node.lineno)
                doubled = line[: first.col_offset] + str(first.value * 2) + line[first.end_col_offset :]
                yield [[node.lineno - 1, node.lineno, doubled]]


def yield_dropped(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(function):
        if isinstance(node, ast.Expr | ast.Assign) and _one_line(node) and "pl.yield_(" in ast.unparse(node):
            yield [[node.lineno - 1, node.lineno, ""]]


KINDS = {
    "drop": drop,
    "swap": swap,
    "function_type": function_type,
    "level": level,
    "memory_space": memory_space,
    "direction": direction,
    "returned": returned,
    "call_args": call_args,
    "loop": loop,
    "local_shape": local_shape,
    "yield_dropped": yield_dropped,
}


# Round 10 (`tests/data/postparse_round10`): kinds round 9 had not.


def constant_scaled(module: ast.Module, lines: list[str]) -> Iterator[list[Edit]]:
    """A module-level size (`M = 64`, `M, N = 32, 64`): its first number made four times as large."""
    for node in module.body:
        if not (isinstance(node, ast.Assign) and _one_line(node)):
            continue
        values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
        names = [t for target in node.targets for t in ast.walk(target) if isinstance(t, ast.Name)]
        if not names or not all(n.id.isupper() for n in names):
            continue
        first = values[0]
        if isinstance(first, ast.Constant) and type(first.value) is int and first.value >= 2:
            line = _line(lines, node.lineno)
            new = line[: first.col_offset] + str(first.value * 4) + line[first.end_col_offset :]
            yield [[node.lineno - 1, node.lineno, new]]


def _range_made(kind: str):
    def remade(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
        for node in ast.walk(function):
            loop = node.iter if isinstance(node, ast.For) else None
            if isinstance(loop, ast.Call) and _one_line(loop) and ast.unparse(loop.func) == "pl.range":
                line = _line(lines, loop.lineno)
                yield [[loop.lineno - 1, loop.lineno, line.replace("pl.range(", f"pl.{kind}(", 1)]]

    return remade


def scope_removed(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    """A `with pl.at(...)` header deleted, its body moved out of it (dedented)."""
    for node in ast.walk(function):
        if isinstance(node, ast.With) and _one_line(node.items[0].context_expr):
            if not ast.unparse(node.items[0].context_expr).startswith("pl.at("):
                continue
            body = lines[node.body[0].lineno - 1 : node.end_lineno]
            indent = node.body[0].col_offset - node.col_offset
            dedented = "".join(line[indent:] if line[:indent].strip() == "" else line for line in body)
            yield [[node.lineno - 1, node.end_lineno, dedented]]


def offset_shifted(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    """A `pl.load` / `pl.store` / `pl.assemble` whose offsets are numbers: the first one moved on by 64."""
    for node in ast.walk(function):
        if not (isinstance(node, ast.Call) and _one_line(node)):
            continue
        if ast.unparse(node.func) not in ("pl.load", "pl.store", "pl.assemble"):
            continue
        offsets = node.args[1] if len(node.args) > 1 else None
        if isinstance(offsets, ast.List) and offsets.elts and isinstance(offsets.elts[0], ast.Constant):
            first = offsets.elts[0]
            if type(first.value) is int:
                line = _line(lines, node.lineno)
                new = line[: first.col_offset] + str(first.value + 64) + line[first.end_col_offset :]
                yield [[node.lineno - 1, node.lineno, new]]


def return_dropped(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    last = function.body[-1]
    if isinstance(last, ast.Return) and last.value is not None and _one_line(last) and len(function.body) > 1:
        yield [[last.lineno - 1, last.lineno, ""]]


_OTHER_DTYPE = {"pl.FP32": "pl.FP16", "pl.FP16": "pl.FP32", "pl.BF16": "pl.FP32", "pl.INT32": "pl.FP32"}


def dtype_local(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    """A local annotation's dtype changed (`t: pl.Tile[[64, 64], pl.FP32] = ...` made FP16)."""
    for node in ast.walk(function):
        if isinstance(node, ast.AnnAssign) and _one_line(node) and node.value is not None:
            note = ast.unparse(node.annotation)
            for old, new in _OTHER_DTYPE.items():
                if f", {old}]" in note:
                    line = _line(lines, node.lineno)
                    yield [[node.lineno - 1, node.lineno, line.replace(f", {old}]", f", {new}]", 1)]]
                    break


def memory_space_added(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    """A `pl.load` without a target memory made a load into Mat."""
    for node in ast.walk(function):
        if not (isinstance(node, ast.Call) and _one_line(node) and ast.unparse(node.func) == "pl.load"):
            continue
        if not any(k.arg == "target_memory" for k in node.keywords) and len(node.args) == 3:
            line = _line(lines, node.lineno)
            closing = node.end_col_offset - 1
            new = line[:closing] + ", target_memory=pl.MemorySpace.Mat" + line[closing:]
            yield [[node.lineno - 1, node.lineno, new]]


def split_added(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    """A CORE_GROUP scope given `optimizations=[pl.split(pl.SplitMode.UP_DOWN)]`."""
    for node in ast.walk(function):
        if isinstance(node, ast.With) and _one_line(node.items[0].context_expr):
            at = node.items[0].context_expr
            if ast.unparse(at) == "pl.at(level=pl.Level.CORE_GROUP)":
                line = _line(lines, at.lineno)
                closing = at.end_col_offset - 1
                new = line[:closing] + ", optimizations=[pl.split(pl.SplitMode.UP_DOWN)]" + line[closing:]
                yield [[at.lineno - 1, at.lineno, new]]


def cast_inserted(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    """After a one-line `t = pl.load(...)`, `t = pl.cast(t, target_type=pl.INT8)`."""
    for body in _body_statements(function):
        for stmt in body:
            if (
                isinstance(stmt, ast.Assign)
                and _one_line(stmt)
                and isinstance(stmt.value, ast.Call)
                and ast.unparse(stmt.value.func) == "pl.load"
                and isinstance(stmt.targets[0], ast.Name)
            ):
                line = _line(lines, stmt.lineno)
                name = stmt.targets[0].id
                cast = " " * stmt.col_offset + f"{name} = pl.cast({name}, target_type=pl.INT8)\n"
                yield [[stmt.lineno - 1, stmt.lineno, line + cast]]


ROUND_10_FUNCTION_KINDS = {
    "loop_unrolled": _range_made("unroll"),
    "loop_parallel": _range_made("parallel"),
    "scope_removed": scope_removed,
    "offset_shifted": offset_shifted,
    "return_dropped": return_dropped,
    "dtype_local": dtype_local,
    "memory_space_added": memory_space_added,
    "split_added": split_added,
    "cast_inserted": cast_inserted,
}
ROUND_10_MODULE_KINDS = {"constant_scaled": constant_scaled}
ROUNDS = {9: (KINDS, {}), 10: (ROUND_10_FUNCTION_KINDS, ROUND_10_MODULE_KINDS)}


def _spread(paths: list[Path]) -> list[Path]:
    """The bases in an order that mixes their folders (many small bases are near copies of one
    distributed test): by a hash of the name, stable across runs."""
    return sorted(paths, key=lambda path: hashlib.sha1(path.name.encode()).hexdigest())


def mutants(per_kind: int, per_base: int = 2, round_number: int = 9) -> dict[str, dict]:
    """At most `per_kind` mutants of each kind and `per_base` of each base (the kinds it has
    fewest of first)."""
    function_kinds, module_kinds = ROUNDS[round_number]
    kinds = {**function_kinds, **module_kinds}
    found: dict[str, dict] = {}
    counts = dict.fromkeys(kinds, 0)
    for path in _spread(base_files()):
        base = str(path.relative_to(SHARED))
        if not base.startswith(REAL_KERNELS):
            continue
        made = 0
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines(keepends=True)
        module = ast.parse(text)
        functions = parsed_functions(module)
        for kind in sorted(kinds, key=lambda k: counts[k]):
            if counts[kind] >= per_kind or made >= per_base:
                continue
            if kind in module_kinds:
                edits = next(iter(module_kinds[kind](module, lines)), None) if functions else None
            else:
                edits = next((e for f in functions for e in function_kinds[kind](f, lines)), None)
            if edits is None:
                continue
            counts[kind] += 1
            made += 1
            name = f"{kind}__{path.stem}_{counts[kind]}.py"
            found[name] = {"base": base, "kind": kind, "edits": edits}
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-kind", type=int, default=10)
    parser.add_argument("--round", type=int, choices=sorted(ROUNDS), default=9)
    options = parser.parse_args()
    found = mutants(options.per_kind, round_number=options.round)
    out = DATA / f"postparse_round{options.round}" / "mutants.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(found)} mutants -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
