"""Argument-count checks of op deductions that DSL source cannot fail.

An op deduction's first check is often its argument count ("The operator tile.add requires
exactly 2 arguments, but got 3"). DSL source reaches an op only through the Python IR
builder a `pl` wrapper calls (python/pypto/ir/op/**), which builds the call with
`create_op_call("<op>", [a, b, ...], ...)`: when every such call of every op the site
checks passes a list literal of a count the check accepts, no kernel can give another
count (a wrong number of arguments is the wrapper's own Python TypeError first), and the
site is out of static reach. Read conservatively: an op built anywhere with a list that is
not a literal (one grown by `append`, a `*args`), or by a call whose op name is not a
literal (a name computed in the function: every op the function's strings could name),
or built nowhere in Python at all, leaves its sites where they are.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict

from raise_ledger.mirror import Mirror

# The count checks: "requires exactly 2 arguments", "requires 3 or 4 arguments (...)",
# "requires 5-6 arguments (...)", "requires no arguments", "requires exactly 1 positional
# argument (...)": the whole template is the count and what follows "but got {}".
_COUNT = re.compile(
    r"^(?:The operator )?(?:\{\}|[\w.]+)\s?(?:requires|expects) "
    r"(?:exactly )?(?P<counts>no|\d+(?:(?: or |-)\d+)?) (?:positional )?arguments?"
    r"(?: \([^)]*\))?,? but got \{\}$"
)


FIXED_COUNT = (
    "an argument count DSL source cannot change: every op the check serves is built (python/pypto/ir/op) "
    "with a literal argument list of a count it accepts (a wrong count in the kernel is the pl wrapper's "
    "Python TypeError first)"
)


def accepted_counts(template: str) -> set[int] | None:
    """The argument counts a count-check template accepts; None when it is no count check."""
    found = _COUNT.match(template.strip())
    if found is None:
        return None
    counts = found.group("counts")
    if counts == "no":
        return {0}
    numbers = [int(n) for n in re.findall(r"\d+", counts)]
    if "-" in counts:
        return set(range(numbers[0], numbers[1] + 1))
    return set(numbers)


class BuiltOps:
    """How the real Python source builds each op: the argument counts of its
    `create_op_call`s (None for a list that is not a literal). A call whose op name is
    computed counts for every op its function's strings name (an op name, or the tail
    `.alloc` of one), else for every op its module's strings name."""

    def __init__(self, mirror: Mirror) -> None:
        self.counts: dict[str, list[int | None]] = defaultdict(list)
        self._suffixed: list[tuple[str, int | None]] = []  # (".alloc", count)
        for path in mirror.files:
            if path.startswith("python/pypto/") and path.endswith(".py"):
                self._read(mirror.read(path))

    def _read(self, text: str) -> None:
        tree = ast.parse(text)
        module_names = _op_names(tree)
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for call in ast.walk(function):
                if not (
                    isinstance(call, ast.Call) and _callee(call) in ("create_op_call", "Call") and call.args
                ):
                    continue
                name = call.args[0]
                listed = call.args[1] if len(call.args) > 1 else None
                count = len(listed.elts) if _plain_list(listed) else None
                if isinstance(name, ast.Constant) and isinstance(name.value, str):
                    self.counts[name.value].append(count)
                elif _callee(call) == "create_op_call":
                    names = _computed_names(name, function, tree) or _op_names(function) or module_names
                    for op in names:
                        if op.startswith("."):
                            self._suffixed.append((op, count))
                        else:
                            self.counts[op].append(count)

    def fixed(self, op: str, accepted: set[int]) -> bool:
        """Every construction of `op` in Python passes a literal list of an accepted count."""
        built = self.counts.get(op, []) + [count for tail, count in self._suffixed if op.endswith(tail)]
        return bool(built) and all(count is not None and count in accepted for count in built)


def _computed_names(
    name: ast.expr, function: ast.FunctionDef | ast.AsyncFunctionDef, module: ast.Module
) -> set[str]:
    """The op names a computed op name can hold: the strings assigned to it in its function
    and, for a parameter it comes from, the strings every call of the function in the module
    passes for that parameter; empty when one of them is not a string."""
    if not isinstance(name, ast.Name):
        return set()
    params = [arg.arg for arg in [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]]
    sources, names, found = [name], set(), set()
    while sources:
        node = sources.pop()
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)
        elif isinstance(node, ast.IfExp):
            sources += [node.body, node.orelse]
        elif isinstance(node, ast.Name) and node.id not in names:
            names.add(node.id)
            assigned = [
                a.value
                for a in ast.walk(function)
                if isinstance(a, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == node.id for t in a.targets)
            ]
            if node.id in params:
                passed = _passed(module, function.name, params.index(node.id), node.id)
                if passed is None:
                    return set()
                found |= passed
            elif not assigned:
                return set()
            sources += assigned
        else:
            return set()
    return found


def _passed(module: ast.Module, function: str, position: int, param: str) -> set[str] | None:
    """The strings the calls of `function` in `module` pass for its parameter; None when one
    passes something else (or none calls it)."""
    found: set[str] = set()
    for call in ast.walk(module):
        if not (isinstance(call, ast.Call) and _callee(call) == function):
            continue
        given = [k.value for k in call.keywords if k.arg == param]
        given += call.args[position : position + 1] if not given else []
        if not given or not (isinstance(given[0], ast.Constant) and isinstance(given[0].value, str)):
            return None
        found.add(given[0].value)
    return found or None


_OP_NAME = re.compile(r"(?:[a-z_]+\.)*\.?[a-z_0-9]+\.[a-z_0-9]+|\.[a-z_0-9]+")


def _op_names(tree: ast.AST) -> set[str]:
    """The strings under `tree` that could name an op: `ns.name`, or a tail `.name`."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and _OP_NAME.fullmatch(node.value):
            found.add(node.value)
    return found


def _callee(call: ast.Call) -> str | None:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def _plain_list(node: ast.expr | None) -> bool:
    return isinstance(node, (ast.List, ast.Tuple)) and not any(isinstance(e, ast.Starred) for e in node.elts)


def fixed_count_reasons(mirror: Mirror, sites: list[dict]) -> dict[str, str]:
    """site id -> why DSL source cannot fail its argument-count check (op-deduction sites)."""
    built = BuiltOps(mirror)
    reasons: dict[str, str] = {}
    for site in sites:
        accepted = accepted_counts(site["template"])
        ops = site.get("ops") or []
        if site["component"] != "op-deduction" or accepted is None or not ops:
            continue
        if all(built.fixed(op, accepted) for op in ops):
            reasons[site["id"]] = FIXED_COUNT
    return reasons
