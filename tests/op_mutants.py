"""One-mistake variants of real kernels, each aimed at an op's own checks (its deduction's
dtype, rank, shape and argument checks), for the raise-site ledger (docs/raise-sites.md).

    python tests/op_mutants.py [--limit N]      # print how many mutants the recipe makes

The kernels are read from `../shared/corpus` (third-party data, never copied into this
repository). Each mutant changes one line of one kernel: one `pl.` op call written on one
line (an argument dropped, added, swapped or replaced by another name in scope, a shape
list made shorter or longer, an integer or a dtype keyword changed), or one parameter's
dtype annotation. A mutant is named by its recipe (`base`, `edits` as
`postparse_mutants.mutant_text` applies them), so `tests/data/op_mutants/mutants.json`
holds recipes and `verdicts.json` the real compiler's verdicts
(`tests/record_op_mutants.py`), never the kernels.

Only calls inside functions are mutated, of the ops (not the structural forms: `pl.range`,
`pl.at`, `pl.function`, ...), at most `PER_KIND` times per op and kind of mistake, from the
smallest kernels first (the fewer other things a kernel does, the plainer its verdict).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from postparse_mutants import SHARED

# The bases: the real kernels, the accepted kernels of the op verdicts, and upstream's code.
BASE_FOLDERS = (
    "pypto-real",
    "op-verdicts/cases",
    "upstream/pypto/tests/st",
    "upstream/pypto/examples",
    "upstream/pypto-lib",
)
PER_KIND = 3
BASES = Path(__file__).resolve().parent / "data" / "op_mutants" / "bases.json"

# Forms the parser handles itself (control flow, scopes, declarations): not op calls.
_STRUCTURAL = frozenset(
    {
        "function", "range", "at", "spmd", "pipeline", "parallel", "dynamic", "unroll", "scope",
        "yield_", "jit", "program", "const", "manual_scope", "split_aiv", "cluster", "submit",
        "spmd_submit", "split", "Tile", "TileView", "TensorView", "MemRef", "parse",
        "static_assert", "no_dep", "aiv_shard", "inline", "extern", "get_byte", "cross_core_slot",
        "Tensor", "Scalar", "Out", "InOut",
    }
)  # fmt: skip
_DTYPES_FLOAT = ("FP32", "FP16", "BF16")
_DTYPES_INT = ("INT32", "INT16", "INT8", "UINT8", "INT64", "UINT32", "UINT16")


@dataclass(frozen=True)
class Mutant:
    name: str
    op: str  # "pl.tile.add"; "param>pl.load" for a parameter's annotation (the op it first reaches)
    kind: str
    base: str  # relative to ../shared/corpus
    line: int  # 1-based, the line changed
    new_line: str

    def recipe(self) -> dict:
        return {
            "base": self.base,
            "op": self.op,
            "kind": self.kind,
            "edits": [[self.line - 1, self.line, self.new_line]],
        }


def base_files() -> list[Path]:
    """The kernels to mutate: those the real import accepts as they stand (`bases.json`,
    written by the recorder), smallest first."""
    accepted = json.loads(BASES.read_text()) if BASES.exists() else candidate_bases()
    found = [SHARED / base for base in accepted if (SHARED / base).exists()]
    return sorted(found, key=lambda path: (len(path.read_bytes()), str(path)))


def candidate_bases() -> list[str]:
    """Files of ../shared/corpus that use `pl.` ops in a function."""
    found: list[str] = []
    for folder in BASE_FOLDERS:
        root = SHARED / folder
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*.py")):
            text = path.read_text(encoding="utf-8", errors="replace")
            if "import pypto.language as pl" in text and "@pl.function" in text:
                found.append(str(path.relative_to(SHARED)))
    return found


def parsed_functions(tree: ast.Module) -> list[ast.FunctionDef]:
    """The kernel functions the real import parses: module-level `@pl.function`s and the
    `@pl.function` methods of module-level `@pl.program` classes (a kernel built inside a
    factory function, or a `@pl.jit` one, is parsed only when called: its mutant would be
    accepted unseen)."""

    def decorated(node: ast.FunctionDef | ast.ClassDef, name: str) -> bool:
        return any(_dotted(d.func if isinstance(d, ast.Call) else d) == name for d in node.decorator_list)

    found: list[ast.FunctionDef] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and decorated(node, "pl.function"):
            found.append(node)
        elif isinstance(node, ast.ClassDef) and decorated(node, "pl.program"):
            found += [f for f in node.body if isinstance(f, ast.FunctionDef) and decorated(f, "pl.function")]
    return found


def _op_name(call: ast.Call) -> str | None:
    text = _dotted(call.func)
    if text is None or not text.startswith("pl.") or text.split(".")[-1] in _STRUCTURAL:
        return None
    return text


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def _names_in_scope(function: ast.FunctionDef, before: int) -> dict[str, str]:
    """The parameters, then the names assigned before line `before`, of a kernel function,
    each with what it is: a parameter's annotation kind and dtype ("Tensor:FP32"), the op
    a local comes from ("pl.load"), else "expr"."""
    names: dict[str, str] = {}
    for arg in function.args.args:
        if arg.arg != "self":
            names[arg.arg] = _annotation_kind(arg.annotation)
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and node.lineno < before:
            source = _dotted(node.value.func) if isinstance(node.value, ast.Call) else None
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id not in names:
                    names[target.id] = source or "expr"
    return names


def _annotation_kind(annotation: ast.expr | None) -> str:
    if annotation is None:
        return "param"
    head = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    dtypes = [n.attr for n in ast.walk(annotation) if isinstance(n, ast.Attribute) and n.attr.isupper()]
    return f"{(_dotted(head) or 'param').removeprefix('pl.')}:{dtypes[0] if dtypes else ''}"


def _call_mutations(call: ast.Call, segment, scope: dict[str, str]) -> Iterator[tuple[str, str]]:
    """(kind, new call text) for each one-mistake change of the call."""
    func = segment(call.func)
    args = [segment(arg) for arg in call.args]
    keywords = [(kw.arg, segment(kw.value)) for kw in call.keywords]
    if any(kw is None for kw, _ in keywords) or any(isinstance(a, ast.Starred) for a in call.args):
        return

    def text(new_args: list[str], new_keywords: list[tuple[str, str]]) -> str:
        return f"{func}({', '.join([*new_args, *(f'{k}={v}' for k, v in new_keywords)])})"

    if args:
        yield "drop-last-arg", text(args[:-1], keywords)
        yield "extra-arg", text([*args, args[0]], keywords)
    if len(args) >= 2 and args[0] != args[1]:
        yield "swap-args", text([args[1], args[0], *args[2:]], keywords)
    for index, arg in enumerate(call.args):
        if isinstance(arg, (ast.List, ast.Tuple)) and arg.elts:
            items = [segment(item) for item in arg.elts]
            if len(items) >= 2:
                yield (
                    f"arg{index}-shorter",
                    text([*args[:index], f"[{', '.join(items[:-1])}]", *args[index + 1 :]], keywords),
                )
            yield (
                f"arg{index}-longer",
                text([*args[:index], f"[{', '.join([*items, items[-1]])}]", *args[index + 1 :]], keywords),
            )
            for position, item in enumerate(arg.elts):
                if isinstance(item, ast.Constant) and type(item.value) is int:
                    for value in ("0", "-1", "7", "1.5"):
                        if value != str(item.value):
                            changed = [*items[:position], value, *items[position + 1 :]]
                            yield (
                                f"arg{index}-item{position}={value}",
                                text(
                                    [*args[:index], f"[{', '.join(changed)}]", *args[index + 1 :]], keywords
                                ),
                            )
        elif isinstance(arg, ast.Constant) and type(arg.value) is int:
            for value in ("-1", "7", "1.5"):
                yield f"arg{index}={value}", text([*args[:index], value, *args[index + 1 :]], keywords)
        elif isinstance(arg, ast.Name):
            for choice, kind in _other_names(scope, arg.id):
                yield f"arg{index}-name-{kind}", text([*args[:index], choice, *args[index + 1 :]], keywords)
    for index, (key, value) in enumerate(keywords):
        yield f"drop-{key}", text(args, keywords[:index] + keywords[index + 1 :])
        if value.startswith("pl.") and value[3:] in (*_DTYPES_FLOAT, *_DTYPES_INT, "BOOL"):
            for dtype in ("INT32", "FP16", "UINT8", "BOOL", "FP32"):
                if dtype != value[3:]:
                    yield (
                        f"{key}={dtype}",
                        text(args, [*keywords[:index], (key, f"pl.{dtype}"), *keywords[index + 1 :]]),
                    )
        value_node = call.keywords[index].value
        if isinstance(value_node, ast.Name):
            for choice, kind in _other_names(scope, value_node.id):
                yield (
                    f"{key}-name-{kind}",
                    text(args, [*keywords[:index], (key, choice), *keywords[index + 1 :]]),
                )
        if isinstance(value_node, ast.Constant) and type(value_node.value) is int:
            for new in ("-5", "9"):
                yield f"{key}={new}", text(args, [*keywords[:index], (key, new), *keywords[index + 1 :]])
        if isinstance(value_node, (ast.List, ast.Tuple)) and len(value_node.elts) >= 2:
            items = [segment(item) for item in value_node.elts]
            yield (
                f"{key}-shorter",
                text(args, [*keywords[:index], (key, f"[{', '.join(items[:-1])}]"), *keywords[index + 1 :]]),
            )


def _other_names(scope: dict[str, str], name: str) -> list[tuple[str, str]]:
    """One name in scope of each kind other than `name`'s own (the first of each kind)."""
    own = scope.get(name)
    chosen: dict[str, str] = {}
    for other, kind in scope.items():
        if other != name and kind != own and kind not in chosen:
            chosen[kind] = other
    return [(other, kind) for kind, other in chosen.items()]


def _first_use(function: ast.FunctionDef, param: str) -> str:
    """The first `pl.` op the parameter is passed to (the op its mistake is aimed at)."""
    calls = sorted(
        (node.lineno, _op_name(node) or "")
        for node in ast.walk(function)
        if isinstance(node, ast.Call) and any(isinstance(a, ast.Name) and a.id == param for a in node.args)
    )
    return next((op for _, op in calls if op), "none")


def _annotation_mutations(function: ast.FunctionDef, lines: list[str]) -> Iterator[tuple[int, str, str, str]]:
    """(line, kind, new line, parameter): one parameter's dtype or shape changed, on a line
    of its own."""
    for arg in function.args.args:
        if arg.annotation is None or arg.lineno != arg.end_lineno:
            continue
        line = lines[arg.lineno - 1]
        for node in ast.walk(arg.annotation):
            if isinstance(node, ast.Attribute) and _dotted(node) in {
                f"pl.{d}" for d in (*_DTYPES_FLOAT, *_DTYPES_INT)
            }:
                old = f"pl.{node.attr}"
                others = (
                    ("INT32", "UINT8", "INT16", "FP16", "BF16")
                    if node.attr in _DTYPES_FLOAT
                    else ("FP32", "FP16", "INT8", "INT64")
                )
                for new in (f"pl.{d}" for d in others if d != node.attr):
                    if line.count(old) == 1:
                        yield arg.lineno, f"param-dtype-{new[3:]}", line.replace(old, new), arg.arg
                break
        shapes = [n for n in ast.walk(arg.annotation) if isinstance(n, ast.List) and n.elts]
        if shapes:
            shape = shapes[0]
            raw = line.encode("utf-8")
            items = [raw[e.col_offset : e.end_col_offset].decode() for e in shape.elts]
            changes = {"param-rank-less": items[:-1], "param-rank-more": [*items, items[-1]]}
            if isinstance(shape.elts[-1], ast.Constant) and shape.elts[-1].value != 7:
                changes["param-last-dim-7"] = [*items[:-1], "7"]
            for kind, new_items in changes.items():
                if new_items:
                    new_shape = f"[{', '.join(new_items)}]".encode()
                    yield (
                        arg.lineno,
                        kind,
                        (raw[: shape.col_offset] + new_shape + raw[shape.end_col_offset :]).decode(),
                        arg.arg,
                    )


def mutants(limit: int | None = None) -> list[Mutant]:
    made: list[Mutant] = []
    per_kind: Counter[tuple[str, str]] = Counter()
    seen_bases: dict[tuple[str, str], set[str]] = {}
    for path in base_files():
        text = path.read_text(encoding="utf-8")
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        lines = text.splitlines(keepends=True)
        base = str(path.relative_to(SHARED))
        for function in parsed_functions(tree):
            found: list[tuple[str, str, int, str]] = []
            for line, kind, new, param in _annotation_mutations(function, lines):
                found.append((f"param>{_first_use(function, param)}", kind, line, new))
            for node in ast.walk(function):
                if not isinstance(node, ast.Call) or node.lineno != node.end_lineno:
                    continue
                op = _op_name(node)
                if op is None:
                    continue
                line = lines[node.lineno - 1]
                raw = line.encode("utf-8")

                def segment(sub: ast.AST, raw: bytes = raw) -> str:
                    return raw[sub.col_offset : sub.end_col_offset].decode("utf-8")

                scope = _names_in_scope(function, node.lineno)
                for kind, new_call in _call_mutations(node, segment, scope):
                    new = (raw[: node.col_offset] + new_call.encode() + raw[node.end_col_offset :]).decode(
                        "utf-8"
                    )
                    found.append((op, kind, node.lineno, new))
            for op, kind, line, new in found:
                key = (op, kind)
                bases = seen_bases.setdefault(key, set())
                if per_kind[key] >= PER_KIND or base in bases or new == lines[line - 1]:
                    continue
                per_kind[key] += 1
                bases.add(base)
                digest = hashlib.sha1(f"{base}:{line}:{new}".encode()).hexdigest()[:8]
                safe = "".join(c if c.isalnum() else "_" for c in f"{op}__{kind}")
                made.append(Mutant(f"{safe}__{digest}.py", op, kind, base, line, new))
                if limit is not None and len(made) >= limit:
                    return made
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int)
    parser.add_argument("--write", help="write the recipes as JSON to this file")
    options = parser.parse_args()
    made = mutants(options.limit)
    print(len(made), "mutants of", len({m.base for m in made}), "kernels,", len({m.op for m in made}), "ops")
    if options.write:
        Path(options.write).write_text(
            json.dumps({m.name: m.recipe() for m in made}, indent=1, sort_keys=True) + "\n"
        )


if __name__ == "__main__":
    main()
