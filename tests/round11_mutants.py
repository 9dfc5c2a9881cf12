"""Held-out round 11 (`tests/data/postparse_round11`): one-mistake variants of the kernels of
another code base than rounds 9 and 10 (pypto-lib, and pypto's `examples`), of kinds none of
rounds 3-10 nor `../shared/corpus/{parser,op}-verdicts` used, most aimed past the parser.

    python tests/round11_mutants.py [--per-kind N]   # writes tests/data/postparse_round11/mutants.json

The kinds:

- `op_sibling`: an op swapped for a sibling of the same arity (`pl.add` -> `pl.maximum`,
  `pl.exp` -> `pl.rsqrt`, `pl.row_expand_mul` -> `pl.row_expand_div`, ...);
- `reduction_axis`: a row reduction made a column one, or the other way;
- `cast_target`: an existing `pl.cast`'s target dtype changed;
- `out_dtype` / `out_shape`: an `Out` parameter's dtype changed, or its first dimension halved;
- `store_repeated`: a store of a kernel (`pl.store(...)`, `y[...] = t`) written twice;
- `matmul_transposed`: a `pl.matmul` given `b_trans=True`;
- `init_dtype`: the `dtype=` of a `pl.full` / `pl.create_tile` changed;
- `parallel_made_range`: a `pl.parallel` loop made a `pl.range`;
- `reshape_swapped`: a `pl.reshape`'s two target dimensions exchanged;
- `window_widened`: a tensor subscript's last window made one width wider (`h0 : h0 + H`
  made `h0 : h0 + H + H`).

The bases (`BASES`) are the files of those two code bases that stand alone (they import no
module of their own folder: a mutant is written elsewhere) and whose every kernel the real
check compiles and accepts as it stands (its `@pl.jit` kernels specialised from their
signatures' shapes): 24 files (most of pypto's examples give their kernels no shapes, and
most of pypto-lib's models import their sizes from a `config` beside them). The kernels
mutated are the module-level functions with a `pl.` decorator and the `@pl.function` methods
of module-level `@pl.program` classes; at most four mutants of a base (of four kinds: two
would leave too few cases of so few bases), `per_kind` of a kind (the kinds it has fewest of
first).
"""

from __future__ import annotations

import argparse
import ast
import json
import re
from collections.abc import Iterator

from postparse_mutants import SHARED
from statement_mutants import DATA, Edit, _line, _one_line, _spread

# Checked by the real compiler (`PYPTO_PYTHON=... python tests/record_postparse_verdicts.py`
# on them unchanged): every kernel compiled, none refused.
BASES = (
    "upstream/pypto-lib/examples/advanced/allreduce.py",
    "upstream/pypto-lib/examples/advanced/gemm_eltwise.py",
    "upstream/pypto-lib/examples/advanced/multi_proj.py",
    "upstream/pypto-lib/examples/advanced/topk.py",
    "upstream/pypto-lib/examples/beginner/hello_world.py",
    "upstream/pypto-lib/examples/beginner/matmul.py",
    "upstream/pypto-lib/examples/intermediate/gemm.py",
    "upstream/pypto-lib/examples/intermediate/layer_norm.py",
    "upstream/pypto-lib/examples/intermediate/rms_norm.py",
    "upstream/pypto-lib/examples/intermediate/rope.py",
    "upstream/pypto-lib/examples/intermediate/softmax.py",
    "upstream/pypto-lib/models/qwen3_32b/decode.py",
    "upstream/pypto-lib/models/qwen3_32b/decode_4d.py",
    "upstream/pypto/examples/distributed/01_hello_rank.py",
    "upstream/pypto/examples/distributed/02_programming_model.py",
    "upstream/pypto/examples/distributed/03_window_buffer.py",
    "upstream/pypto/examples/distributed/04_barrier.py",
    "upstream/pypto/examples/distributed/05_remote_load_store.py",
    "upstream/pypto/examples/distributed/06_put_get.py",
    "upstream/pypto/examples/distributed/07_dynamic_rank_count.py",
    "upstream/pypto/examples/models/07_paged_attention_multi_config.py",
    "upstream/pypto/examples/models/08_llama_mini.py",
    "upstream/pypto/examples/runtime/distributed_callback.py",
    "upstream/pypto/examples/utils/phase_fence_dep_compression.py",
)

_SIBLINGS = {
    "add": "maximum",
    "sub": "minimum",
    "mul": "div",
    "div": "mul",
    "maximum": "add",
    "minimum": "sub",
    "exp": "rsqrt",
    "rsqrt": "sqrt",
    "sqrt": "exp",
    "neg": "abs",
    "recip": "exp",
    "row_expand_mul": "row_expand_div",
    "row_expand_div": "row_expand_mul",
    "row_expand_sub": "row_expand_add",
    "row_expand_add": "row_expand_sub",
    "col_expand_mul": "col_expand_div",
    "col_expand_div": "col_expand_mul",
    "col_expand_sub": "col_expand_add",
}
_AXES = {
    "row_sum": "col_sum",
    "row_max": "col_max",
    "row_min": "col_min",
    "col_sum": "row_sum",
    "col_max": "row_max",
    "col_min": "row_min",
}
_CAST_TARGETS = {
    "FP32": "INT16",
    "FP16": "UINT8",
    "BF16": "INT16",
    "INT32": "BF16",
    "INT8": "BF16",
    "INT16": "FP32",
    "UINT8": "BF16",
}
_OTHER_DTYPE = {"FP32": "FP16", "FP16": "FP32", "BF16": "FP32", "INT32": "FP32", "INT8": "FP16"}


def _dotted(node: ast.expr) -> str:
    return ast.unparse(node)


def _op_calls(function: ast.FunctionDef) -> Iterator[tuple[ast.Call, str]]:
    """The one-line `pl.X(...)`, `pl.tile.X(...)`, `pl.tensor.X(...)` calls, with X."""
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and _one_line(node) and isinstance(node.func, ast.Attribute):
            head = _dotted(node.func.value)
            if head in ("pl", "pl.tile", "pl.tensor"):
                yield node, node.func.attr


def _renamed(function: ast.FunctionDef, lines: list[str], names: dict[str, str]) -> Iterator[list[Edit]]:
    for call, name in _op_calls(function):
        if name in names:
            line = _line(lines, call.lineno)
            end = call.func.end_col_offset
            start = end - len(name)
            yield [[call.lineno - 1, call.lineno, line[:start] + names[name] + line[end:]]]


def op_sibling(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    yield from _renamed(function, lines, _SIBLINGS)


def reduction_axis(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    yield from _renamed(function, lines, _AXES)


def _dtype_replaced(line: str, node: ast.expr, table: dict[str, str]) -> str | None:
    """`line` with the dtype `node` names (`pl.FP32`) replaced by its entry in `table`."""
    text = line[node.col_offset : node.end_col_offset]
    found = re.fullmatch(r"pl\.(\w+)", text)
    if not found or found.group(1) not in table:
        return None
    return line[: node.col_offset] + f"pl.{table[found.group(1)]}" + line[node.end_col_offset :]


def cast_target(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for call, name in _op_calls(function):
        if name != "cast":
            continue
        target = next((k.value for k in call.keywords if k.arg == "target_type"), None)
        target = target or (call.args[1] if len(call.args) > 1 else None)
        if target is not None and target.lineno == call.lineno:
            new = _dtype_replaced(_line(lines, call.lineno), target, _CAST_TARGETS)
            if new:
                yield [[call.lineno - 1, call.lineno, new]]


def _out_tensors(function: ast.FunctionDef) -> Iterator[ast.Subscript]:
    """The `pl.Tensor[[dims], dtype]` inside each one-line `pl.Out[...]` annotation."""
    for arg in function.args.args:
        note = arg.annotation
        if (
            isinstance(note, ast.Subscript)
            and _one_line(note)
            and _dotted(note.value) == "pl.Out"
            and isinstance(note.slice, ast.Subscript)
            and isinstance(note.slice.slice, ast.Tuple)
            and len(note.slice.slice.elts) == 2
        ):
            yield note.slice


def out_dtype(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for tensor in _out_tensors(function):
        dtype = tensor.slice.elts[1]
        new = _dtype_replaced(_line(lines, dtype.lineno), dtype, _OTHER_DTYPE)
        if new:
            yield [[dtype.lineno - 1, dtype.lineno, new]]


def out_shape(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for tensor in _out_tensors(function):
        dims = tensor.slice.elts[0]
        if isinstance(dims, ast.List) and dims.elts:
            first = dims.elts[0]
            line = _line(lines, first.lineno)
            text = line[first.col_offset : first.end_col_offset]
            halved = str(first.value // 2) if isinstance(first, ast.Constant) else f"{text} // 2"
            yield [
                [
                    first.lineno - 1,
                    first.lineno,
                    line[: first.col_offset] + halved + line[first.end_col_offset :],
                ]
            ]


def store_repeated(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(function):
        if not (isinstance(node, ast.Expr | ast.Assign) and _one_line(node)):
            continue
        value = node.value
        is_store = isinstance(value, ast.Call) and _dotted(value.func) in ("pl.store", "pl.tile.store")
        into_window = isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript)
        if is_store or into_window:
            line = _line(lines, node.lineno)
            yield [[node.lineno - 1, node.lineno, line + line]]


def matmul_transposed(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for call, name in _op_calls(function):
        if name == "matmul" and not any(k.arg == "b_trans" for k in call.keywords):
            line = _line(lines, call.lineno)
            closing = call.end_col_offset - 1
            yield [[call.lineno - 1, call.lineno, line[:closing] + ", b_trans=True" + line[closing:]]]


def init_dtype(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for call, name in _op_calls(function):
        if name in ("full", "create_tile", "create_tensor", "create"):
            dtype = next((k.value for k in call.keywords if k.arg == "dtype"), None)
            if dtype is not None:
                new = _dtype_replaced(_line(lines, call.lineno), dtype, _OTHER_DTYPE)
                if new:
                    yield [[call.lineno - 1, call.lineno, new]]


def parallel_made_range(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(function):
        loop = node.iter if isinstance(node, ast.For) else None
        if isinstance(loop, ast.Call) and _one_line(loop) and _dotted(loop.func) == "pl.parallel":
            line = _line(lines, loop.lineno)
            yield [[loop.lineno - 1, loop.lineno, line.replace("pl.parallel(", "pl.range(", 1)]]


def reshape_swapped(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for call, name in _op_calls(function):
        shape = call.args[1] if name == "reshape" and len(call.args) > 1 else None
        if isinstance(shape, ast.List) and len(shape.elts) == 2:
            line = _line(lines, call.lineno)
            a, b = (line[e.col_offset : e.end_col_offset] for e in shape.elts)
            if a != b:
                new = line[: shape.col_offset] + f"[{b}, {a}]" + line[shape.end_col_offset :]
                yield [[call.lineno - 1, call.lineno, new]]


def window_widened(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(function):
        if not (isinstance(node, ast.Subscript) and _one_line(node) and isinstance(node.slice, ast.Tuple)):
            continue
        last = node.slice.elts[-1]
        upper = last.upper if isinstance(last, ast.Slice) else None
        if isinstance(upper, ast.BinOp) and isinstance(upper.op, ast.Add):
            line = _line(lines, node.lineno)
            width = line[upper.right.col_offset : upper.right.end_col_offset]
            at = upper.end_col_offset
            yield [[node.lineno - 1, node.lineno, line[:at] + f" + {width}" + line[at:]]]


def cast_unreachable(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    """An existing `pl.cast`'s target made UINT16 (the Ascend910B has no path to it)."""
    for call, name in _op_calls(function):
        target = next((k.value for k in call.keywords if k.arg == "target_type"), None)
        target = target or (call.args[1] if name == "cast" and len(call.args) > 1 else None)
        if name == "cast" and target is not None and target.lineno == call.lineno:
            line = _line(lines, call.lineno)
            new = line[: target.col_offset] + "pl.UINT16" + line[target.end_col_offset :]
            if new != line:
                yield [[call.lineno - 1, call.lineno, new]]


def matmul_out_dtype(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    for call, name in _op_calls(function):
        if name == "matmul" and not any(k.arg == "out_dtype" for k in call.keywords):
            line = _line(lines, call.lineno)
            closing = call.end_col_offset - 1
            yield [[call.lineno - 1, call.lineno, line[:closing] + ", out_dtype=pl.FP16" + line[closing:]]]


def parallel_extended(function: ast.FunctionDef, lines: list[str]) -> Iterator[list[Edit]]:
    """A `pl.parallel` loop's stop moved on by one step (its last windows leave their tensors)."""
    for node in ast.walk(function):
        loop = node.iter if isinstance(node, ast.For) else None
        if not (isinstance(loop, ast.Call) and _one_line(loop) and _dotted(loop.func) == "pl.parallel"):
            continue
        if loop.keywords or not loop.args:
            continue
        stop = loop.args[1] if len(loop.args) > 1 else loop.args[0]
        step = _dotted(loop.args[2]) if len(loop.args) > 2 else "1"
        line = _line(lines, loop.lineno)
        new = line[: stop.end_col_offset] + f" + {step}" + line[stop.end_col_offset :]
        yield [[loop.lineno - 1, loop.lineno, new]]


KINDS = {
    "op_sibling": op_sibling,
    "reduction_axis": reduction_axis,
    "cast_target": cast_target,
    "out_dtype": out_dtype,
    "out_shape": out_shape,
    "store_repeated": store_repeated,
    "matmul_transposed": matmul_transposed,
    "init_dtype": init_dtype,
    "parallel_made_range": parallel_made_range,
    "reshape_swapped": reshape_swapped,
    "window_widened": window_widened,
}


# Added after the first 66 were judged (of them only one was refused after the parser): kinds
# aimed at the passes, two more of a base.
PAST_THE_PARSER_KINDS = {
    "cast_unreachable": cast_unreachable,
    "matmul_out_dtype": matmul_out_dtype,
    "parallel_extended": parallel_extended,
}


def kernels(module: ast.Module) -> list[ast.FunctionDef]:
    """The module-level functions with a `pl.` decorator (`@pl.jit`, `@pl.jit.incore`,
    `@pl.function`, ...) and the `@pl.function` methods of module-level `@pl.program` classes."""

    def decorators(node: ast.FunctionDef | ast.ClassDef) -> list[str]:
        return [_dotted(d.func if isinstance(d, ast.Call) else d) for d in node.decorator_list]

    found: list[ast.FunctionDef] = []
    for node in module.body:
        if isinstance(node, ast.FunctionDef) and any(d.startswith("pl.") for d in decorators(node)):
            found.append(node)
        elif isinstance(node, ast.ClassDef) and "pl.program" in decorators(node):
            found += [
                f for f in node.body if isinstance(f, ast.FunctionDef) and "pl.function" in decorators(f)
            ]
    return found


def mutants(per_kind: int) -> dict[str, dict]:
    return {**_of_kinds(KINDS, per_kind, 4), **_of_kinds(PAST_THE_PARSER_KINDS, per_kind, 2)}


def _of_kinds(kinds: dict, per_kind: int, per_base: int) -> dict[str, dict]:
    """At most `per_kind` mutants of each kind and `per_base` of each base (the kinds it has
    fewest of first)."""
    found: dict[str, dict] = {}
    counts = dict.fromkeys(kinds, 0)
    for path in _spread([SHARED / base for base in BASES]):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines(keepends=True)
        functions = kernels(ast.parse(text))
        made = 0
        for kind in sorted(kinds, key=lambda k: counts[k]):
            if counts[kind] >= per_kind or made >= per_base:
                continue
            edits = next((e for f in functions for e in kinds[kind](f, lines)), None)
            if edits is None:
                continue
            counts[kind] += 1
            made += 1
            found[f"{kind}__{path.stem}_{counts[kind]}.py"] = {
                "base": str(path.relative_to(SHARED)),
                "kind": kind,
                "edits": edits,
            }
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-kind", type=int, default=10)
    options = parser.parse_args()
    found = mutants(options.per_kind)
    out = DATA / "postparse_round11" / "mutants.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(found)} mutants -> {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
