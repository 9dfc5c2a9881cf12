"""One-mistake mutants of real kernels, checked with `pto-lsp check`: how the front end
generalises beyond the verdict corpus, and that harmless edits stay clean.

    python benchmarks/mutants.py [-v] [--per-file N] [--seed S] [--write DIR]

Each `@pl.program` function of the real kernels the real parser accepts
(`../shared/corpus/pypto-real`, read in place) gets one mistake at a time, of the
kinds in the verdict corpus, and the error the real parser raises for it (message
and line, predicted from the rule: these mistakes have a fixed message), or a
harmless edit that must stay clean. `--write DIR` also saves every mutant, with a
`mutants.json` in the verdict corpus's format, to be judged by the real compiler.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "pypto-real"


@dataclass(frozen=True)
class Mutant:
    category: str
    base: str
    text: str
    message: str | None  # None: the real parser accepts it
    line: int | None


@dataclass(frozen=True)
class Site:
    """A DSL function of a base file, where mutations are made."""

    path: Path
    lines: list[str]
    function: ast.FunctionDef
    tile: ast.Assign | None  # `t = pl.load(...)`: a statement binding a Tile
    loop: ast.For | None  # `for i in pl.range(...)`


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def _insert_after(site: Site, stmt: ast.stmt, new: str) -> tuple[str, int]:
    lines = list(site.lines)
    at = stmt.end_lineno or stmt.lineno
    lines.insert(at, _indent(lines[stmt.lineno - 1]) + new)
    return "\n".join(lines) + "\n", at + 1


def _first_body_stmt(function: ast.FunctionDef) -> ast.stmt:
    body = function.body
    first = body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and len(body) > 1:
        first = body[1]
    return first


def _insert_at_top(site: Site, new: str) -> tuple[str, int]:
    first = _first_body_stmt(site.function)
    lines = list(site.lines)
    lines.insert(first.lineno - 1, _indent(lines[first.lineno - 1]) + new)
    return "\n".join(lines) + "\n", first.lineno


def _replace_in_line(site: Site, line: int, old: str, new: str) -> str | None:
    lines = list(site.lines)
    if old not in lines[line - 1]:
        return None
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "\n".join(lines) + "\n"


def _def_line(site: Site) -> int:
    return site.function.lineno


def _call_path(node: ast.expr) -> str:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


# Mistakes inserted after a Tile binding `t = pl.load(...)`: (category, new line, message).
_AFTER_TILE: list[tuple[str, str, str]] = [
    ("assert_stmt", "assert {t} is not None", "Unsupported statement type: Assert"),
    ("del_stmt", "del {t}", "Unsupported statement type: Delete"),
    ("augassign", "{t} += {t}", "Unsupported statement type: AugAssign"),
    ("binop_pow", "sq = {t} ** 2", "Unsupported binary operator: Pow"),
    ("binop_bitand", "m = {t} & {t}", "Unsupported binary operator: BitAnd"),
    ("binop_bitor", "m = {t} | {t}", "Unsupported binary operator: BitOr"),
    ("binop_bitxor", "m = {t} ^ {t}", "Unsupported binary operator: BitXor"),
    ("builtin_abs", "mag = abs({t})", "Unsupported function call: abs({t})"),
    ("builtin_max", "top = max({t}, {t})", "Unsupported function call: max({t}, {t})"),
    ("ifexp", "pick = {t} if True else {t}", "Unsupported expression type: IfExp"),
    ("attribute_assignment", "{t}.valid_shape = [8, 8]", "Unsupported assignment: {t}.valid_shape = [8, 8]"),
    ("foreign_module_call", "e = np.exp({t})", "Unsupported operation call: np.exp({t})"),
    ("tuple_unpack_non_tuple", "{t}_a, {t}_b = {t}", None),  # message depends on the type printout
    ("unary_neg_on_tile", "flipped = -{t}", "Expression must be ScalarExpr or Var with ScalarType, got"),
    ("binop_on_tiles", "both = {t} + {t}", "Expression must be ScalarExpr or Var with ScalarType, got"),
    ("scalar_times_tile", "half = {t} * 0.5", "Expression must be ScalarExpr or Var with ScalarType, got"),
]
# Mistakes inserted at the top of the body.
_AT_TOP: list[tuple[str, str, str]] = [
    ("global_stmt", "global SCALE", "Unsupported statement type: Global"),
    ("import_in_body", "import math", "Unsupported statement type: Import"),
    ("raise_stmt", 'raise ValueError("no")', "Unsupported statement type: Raise"),
    ("dict_literal", 'cfg = {"rows": 16}', "Unsupported expression type: Dict"),
    ("set_literal", "seen = {1, 2}", "Unsupported expression type: Set"),
    ("lambda_expr", "twice = lambda v: v + v", "Unsupported expression type: Lambda"),
    ("list_comprehension", "offs = [k * 16 for k in range(4)]", "Unsupported expression type: ListComp"),
    ("fstring", 'label = f"x{1}"', "Unsupported expression type: JoinedStr"),
    ("string_constant", 'label = "tile"', "Unsupported constant type: <class 'str'>"),
    ("chained_compare", "inside = 0 <= 1 < 64", "Only simple comparisons supported"),
    ("compare_in", "hit = 1 in [0, 16]", "Unsupported comparison: In"),
    ("compare_is", "unset = 1 is None", "Unsupported comparison: Is"),
    ("walrus", "nxt = (cur := 1) + 1", "Unsupported expression type: NamedExpr"),
    (
        "starred_unpack",
        "head, *rest = [1, 2, 3]",
        "Tuple unpacking target must be a variable name, got *rest",
    ),
    ("multiple_assign_targets", "p = q = 1", "Unsupported assignment: p = q = 1"),
    ("const_missing_dtype", "one = pl.const(1)", "pl.const() requires exactly 2 arguments: value and dtype"),
    ("spmd_empty_body", "with pl.spmd(4):\n{i}    pass", "body neither reads the per-block index"),
    (
        "with_open",
        'with open("trace.txt", "w") as fh:\n{i}    pass',
        "Unsupported context manager in with statement",
    ),
    ("nested_def", "def helper(v):\n{i}    return v", "Unsupported statement type: FunctionDef"),
    ("nonlocal_class_def", "class Cfg:\n{i}    rows = 16", "Unsupported statement type: ClassDef"),
    ("try_stmt", "try:\n{i}    pass\n{i}except ValueError:\n{i}    pass", "Unsupported statement type: Try"),
    ("async_def", "async def helper(v):\n{i}    return v", "Unsupported statement type: AsyncFunctionDef"),
]


def _sites(path: Path) -> Iterator[Site]:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    lines = text.splitlines()
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        if not any(
            _call_path(d.func if isinstance(d, ast.Call) else d) == "pl.program" for d in cls.decorator_list
        ):
            continue
        for function in (n for n in cls.body if isinstance(n, ast.FunctionDef)):
            if not any(
                _call_path(d.func if isinstance(d, ast.Call) else d) in ("pl.function", "pl.inline")
                for d in function.decorator_list
            ):
                continue
            tile = next(
                (
                    s
                    for s in ast.walk(function)
                    if isinstance(s, ast.Assign)
                    and len(s.targets) == 1
                    and isinstance(s.targets[0], ast.Name)
                    and isinstance(s.value, ast.Call)
                    and _call_path(s.value.func) in ("pl.load", "pl.tile.load")
                    and s.lineno == s.end_lineno
                ),
                None,
            )
            loop = next(
                (
                    s
                    for s in ast.walk(function)
                    if isinstance(s, ast.For)
                    and isinstance(s.iter, ast.Call)
                    and _call_path(s.iter.func) == "pl.range"
                    and isinstance(s.target, ast.Name)
                    and not s.iter.keywords
                ),
                None,
            )
            yield Site(path, lines, function, tile, loop)


def _mutants(site: Site) -> Iterator[tuple[str, str, str | None, int | None]]:
    name = site.function.name
    if site.tile is not None:
        target = site.tile.targets[0]
        assert isinstance(target, ast.Name)
        for category, new, message in _AFTER_TILE:
            text, line = _insert_after(site, site.tile, new.format(t=target.id))
            if message is None:
                continue
            if message.startswith("Expression must be"):
                yield category, text, f"Failed to parse function '{name}': {message}", _def_line(site)
            else:
                yield category, text, message.format(t=target.id), line
        call = site.tile.value
        assert isinstance(call, ast.Call)
        line = site.tile.lineno
        if isinstance(call.func, ast.Attribute) and _call_path(call.func) == "pl.load":
            text = _replace_in_line(site, line, "pl.load(", "pl.lod(")
            if text:
                yield "misspelled_op", text, "Unknown operation 'pl.lod'", line
            text = _replace_in_line(site, line, "pl.load(", "pl.tile.lod(")
            if text:
                yield "unknown_tile_op", text, "Unknown pl.tile operation: lod", line
        first_arg = call.args[0] if call.args else None
        if isinstance(first_arg, ast.Name):
            text = _replace_in_line(site, line, f"({first_arg.id},", f"({first_arg.id}0,")
            if text:
                yield "undefined_variable", text, f"Undefined variable '{first_arg.id}0'", line
    indent = _indent(site.lines[_first_body_stmt(site.function).lineno - 1])
    for category, new, message in _AT_TOP:
        text, line = _insert_at_top(site, new.replace("{i}", indent))
        yield category, text, message, line
    if site.loop is not None:
        line = site.loop.lineno
        text = _replace_in_line(site, line, "pl.range(", "range(")
        if text:
            yield "builtin_range", text, "For loop must use pl.range()", line
        call = site.loop.iter
        assert isinstance(call, ast.Call)
        text = None
        if call.lineno == call.end_lineno == line:
            lines = list(site.lines)
            end = call.end_col_offset or 0
            lines[line - 1] = lines[line - 1][: end - 1] + ", step=1" + lines[line - 1][end - 1 :]
            text = "\n".join(lines) + "\n"
        if text:
            yield "range_unknown_kwarg", text, "Unknown keyword argument 'step' in pl.range()", line
        last = site.loop.body[-1]
        text, at = _insert_after(site, last, f"{site.loop.target.id} += 1")  # type: ignore[union-attr]
        yield "augassign_loop_counter", text, "Unsupported statement type: AugAssign", at
    params = [a for a in site.function.args.args if a.arg != "self" and a.annotation is not None]
    for param in params[:1]:
        lines = list(site.lines)
        annotation = ast.get_source_segment("\n".join(site.lines), param.annotation)
        if annotation and param.lineno == param.end_lineno and "FP32" in annotation:
            text = _replace_in_line(site, param.lineno, annotation, annotation.replace("FP32", "FP33"))
            if text:
                yield (
                    "unknown_dtype_param",
                    text,
                    "module 'pypto.language' has no attribute 'FP33'",
                    param.lineno,
                )
        if annotation and param.lineno == param.end_lineno:
            text = _replace_in_line(site, param.lineno, f"{param.arg}: {annotation}", param.arg)
            if text:
                yield (
                    "missing_param_annotation",
                    text,
                    f"Parameter '{param.arg}' missing type annotation",
                    param.lineno,
                )
        del lines


def _harmless(path: Path) -> Iterator[tuple[str, str]]:
    """Edits the real parser accepts (the verdict corpus's `ok_*` kinds)."""
    text = path.read_text(encoding="utf-8")
    yield "ok_crlf", text.replace("\n", "\r\n")
    yield "ok_extra_imports", "import os\nimport math\n" + text
    lines = text.splitlines()
    tree = ast.parse(text)
    statement_lines = sorted(
        {
            s.lineno
            for s in ast.walk(tree)
            if isinstance(s, ast.Assign) and s.col_offset > 0 and s.lineno == s.end_lineno
        }
    )
    with_comments = list(lines)
    for number in reversed(statement_lines):
        with_comments.insert(number - 1, _indent(lines[number - 1]) + "# 说明: a comment line")
        with_comments.insert(number - 1, "")
    yield "ok_comments_blank_lines", "\n".join(with_comments) + "\n"
    with_pass = list(lines)
    for number in reversed(statement_lines):
        with_pass.insert(number, _indent(lines[number - 1]) + "pass")
    yield "ok_pass_statements", "\n".join(with_pass) + "\n"
    yield "ok_main_block", text + '\n\nif __name__ == "__main__":\n    print("built")\n'


def build(per_file: int, seed: int) -> list[Mutant]:
    rng = random.Random(seed)
    manifest = (CORPUS / "MANIFEST.md").read_text(encoding="utf-8")
    paths = [
        CORPUS / repo / path
        for repo, path in re.findall(r"\| (pypto(?:-lib)?) \| `([^`]+)` \|[^\n]*yes \(program", manifest)
    ]
    mutants: list[Mutant] = []
    for path in paths:
        base = path.stem
        for category, text in _harmless(path):
            mutants.append(Mutant(category, base, text, None, None))
        sites = list(_sites(path))
        rng.shuffle(sites)
        for site in sites[:per_file]:
            for category, text, message, line in _mutants(site):
                mutants.append(Mutant(category, f"{base}.{site.function.name}", text, message, line))
    return mutants


def check(mutants: list[Mutant], folder: Path) -> dict[str, list[dict]]:
    files = []
    for index, mutant in enumerate(mutants):
        path = folder / f"m{index:04d}__{mutant.category}.py"
        path.write_text(mutant.text, encoding="utf-8")
        files.append(str(path))
    run = subprocess.run(
        [sys.executable, "-m", "pto_lsp", "check", "--format", "json", *files],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    if not run.stdout.strip():
        raise RuntimeError(run.stderr)
    return {
        Path(f["path"]).name: [d for d in f["diagnostics"] if d["severity"] == 1]
        for f in json.loads(run.stdout)["files"]
    }


def matched(mutant: Mutant, errors: list[dict]) -> bool:
    if mutant.message is None:
        return not errors
    return any(
        mutant.message in e["message"]
        and (mutant.line is None or e["range"]["start"]["line"] + 1 == mutant.line)
        for e in errors
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("--per-file", type=int, default=3, help="functions mutated per kernel file")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", type=Path, help="also keep the mutants here, with mutants.json")
    args = parser.parse_args()
    mutants = build(args.per_file, args.seed)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.write or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        reported = check(mutants, folder)
        if args.write:
            listing = [
                {
                    "file": f"m{i:04d}__{m.category}.py",
                    "category": m.category,
                    "base": m.base,
                    "kind": "accept" if m.message is None else "error",
                    "message": m.message,
                    "line": m.line,
                }
                for i, m in enumerate(mutants)
            ]
            (folder / "mutants.json").write_text(json.dumps(listing, indent=1), encoding="utf-8")
    by_category: dict[str, list[bool]] = defaultdict(list)
    for index, mutant in enumerate(mutants):
        errors = reported[f"m{index:04d}__{mutant.category}.py"]
        ok = matched(mutant, errors)
        by_category[mutant.category].append(ok)
        if args.verbose and not ok:
            said = [(e["range"]["start"]["line"] + 1, e["message"][:100]) for e in errors]
            print(f"{mutant.category} {mutant.base}: want {mutant.line}: {mutant.message!r}; got {said}")
    for category, results in sorted(by_category.items()):
        if not all(results):
            print(f"  {category}: {sum(results)}/{len(results)}")
    rejected = [(m, matched(m, reported[f"m{i:04d}__{m.category}.py"])) for i, m in enumerate(mutants)]
    wrong = sum(not ok for m, ok in rejected if m.message is not None)
    false_positives = sum(not ok for m, ok in rejected if m.message is None)
    total = sum(m.message is not None for m in mutants)
    print(
        f"mistakes matched: {total - wrong}/{total}; harmless edits with an error: "
        f"{false_positives}/{len(mutants) - total}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
