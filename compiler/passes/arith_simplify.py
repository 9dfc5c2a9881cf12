"""The real arithmetic analyzer as far as Simplify uses it: the rewrite simplifier (constant
folding, then the rules of `arith_rules`), the bounds of `arith_bounds`, and `can_prove`.

Expressions are never changed in place: a rewrite builds new nodes, so a node shared
by two places (a constant bound to a var, a loop's start) stays what it was.
Float-typed expressions are left as they are, as the real simplifier leaves them.
A construct the real analyzer would treat in a way not modelled here raises
`PassNotModelled` (an operand pair of different integer widths, whose rebuilt node
would need a cast; a proof that may need the knowledge of an `if` condition).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import Const, Expr, ScalarType, Var
from compiler.passes.arith_bounds import Bounds, default_bound, int_bits, is_const_int
from compiler.passes.arith_rules import RULES
from compiler.passes.not_modelled import PassNotModelled, PassStopped
from compiler.passes.scalar_nodes import COMPARISONS, const_of, dtype_of, kind_of, make, operands

PASS_NAME = "Simplify"
BY_ZERO_MESSAGES = {"floordiv": "Floor division by zero", "floormod": "Floor modulo by zero"}
_MAX_DEPTH = 5  # how deep a rewrite's result is simplified again
_STEPS = 2  # `Analyzer::Simplify` runs the rewriter twice
_LOGICAL = frozenset({"and", "or", "not"})


def is_float(dtype: str | None) -> bool:
    return bool(dtype) and dtype.startswith(("FP", "BF", "FLOAT", "HF"))  # type: ignore[union-attr]


def node_dtype(expr: Expr) -> str | None:
    """The scalar dtype of `expr`: its own, else (arithmetic the front end did not type)
    that of its operands as the real node promotes them."""
    own = dtype_of(expr)
    if own is not None:
        return own
    kind = kind_of(expr)
    if kind in COMPARISONS or kind in _LOGICAL:
        return "BOOL"
    parts = operands(expr) if kind not in ("var", "const", "call", "other", "cast") else []
    found = [node_dtype(part) for part in parts]
    if len(found) != 2:
        return found[0] if found else None
    try:
        return _promote(found[0], found[1], expr.span)
    except PassNotModelled:
        return None  # no real node has these operands: left as it is


def _promote(lhs: str | None, rhs: str | None, span: Span) -> str | None:
    if lhs is None or rhs is None or lhs == rhs:
        return lhs or rhs
    if {lhs, rhs} == {"INDEX", "INT64"}:
        return lhs
    left_bits, right_bits = int_bits(lhs), int_bits(rhs)
    if left_bits is None or right_bits is None or left_bits == right_bits:
        raise PassNotModelled(PASS_NAME, f"arithmetic on {lhs} and {rhs} (a cast the real one inserts)", span)
    return lhs if left_bits > right_bits else rhs


def const(value: int | bool, dtype: str | None, span: Span) -> Const:
    return Const(span, value, type=ScalarType("BOOL" if isinstance(value, bool) else dtype))


class _Match:
    """The bindings of one pattern match, as the guards read them."""

    def __init__(self, analyzer: Analyzer, bound: dict[str, Expr], span: Span) -> None:
        self.analyzer = analyzer
        self.bound = bound
        self.span = span

    def v(self, name: str) -> int:
        return self.bound[name].value  # type: ignore[attr-defined,no-any-return]

    def e(self, name: str) -> Expr:
        return self.bound[name]

    def sub(self, lhs: str, rhs: str) -> Expr:
        return self.analyzer.build("sub", [self.bound[lhs], self.bound[rhs]], self.span)

    def ge(self, expr: Expr, value: int) -> bool:
        return self.analyzer.bounds.of(expr)[0] >= value

    def le(self, expr: Expr, value: int) -> bool:
        return self.analyzer.bounds.of(expr)[1] <= value

    def lt(self, expr: Expr, value: int) -> bool:
        return self.analyzer.bounds.of(expr)[1] < value


_PATTERN_CALLS = {"min", "max", "floordiv", "floormod", "neg"}
_AST_BINARY = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.BitAnd: "and", ast.BitOr: "or"}
_AST_COMPARE = {ast.Eq: "eq", ast.NotEq: "ne", ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge"}

# A pattern or result tree: a name (str), an int or bool literal, or (kind, *children).
Tree = Any


def _tree(node: ast.expr) -> Tree:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.BinOp):
        return (_AST_BINARY[type(node.op)], _tree(node.left), _tree(node.right))
    if isinstance(node, ast.Compare):
        return (_AST_COMPARE[type(node.ops[0])], _tree(node.left), _tree(node.comparators[0]))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert):
        return ("not", _tree(node.operand))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _PATTERN_CALLS:
        return (node.func.id, *(_tree(arg) for arg in node.args))
    raise ValueError(ast.unparse(node))


def _compile(text: str) -> tuple[Tree, bool]:
    """A rule side as a tree; a result written `=x` is returned without simplifying it again."""
    again = not text.startswith("=")
    return _tree(ast.parse(text.lstrip("="), mode="eval").body), again


def _operand_kinds(pattern: Tree) -> tuple[str | None, ...]:
    """The node kind each operand of `pattern` must have (None: any), to skip a rule
    without matching it."""
    return tuple(
        child[0]
        if isinstance(child, tuple)
        else "const"
        if isinstance(child, str) and child[0] == "c"
        else None
        for child in pattern[1:]
    )


_COMPILED: dict[str, list[tuple[Tree, tuple[str | None, ...], Tree, bool, Callable[[Any], bool] | None]]] = {
    kind: [
        (pattern, _operand_kinds(pattern), result, again, guard)
        for (pattern, _), (result, again), guard in (
            (_compile(p), _compile(r), guard) for p, r, guard in rules
        )
    ]
    for kind, rules in RULES.items()
}


def same_expr(a: Expr, b: Expr) -> bool:
    """The real pattern matcher's equality: the same node, equal constants, or equal trees
    (vars by identity)."""
    if a is b:
        return True
    if a.__class__ is not b.__class__:
        return False
    if isinstance(a, Const):
        return a.value == b.value and type(a.value) is type(b.value) and dtype_of(a) == dtype_of(b)  # type: ignore[attr-defined]
    if isinstance(a, Var):
        return False
    kind = kind_of(a)
    if kind != kind_of(b) or kind in ("other",):
        return False
    if kind == "call":
        return False  # two calls are two calls (no call is folded by the rules)
    if kind == "cast" and dtype_of(a) != dtype_of(b):
        return False
    left, right = operands(a), operands(b)
    return len(left) == len(right) and all(same_expr(x, y) for x, y in zip(left, right, strict=True))


class Analyzer:
    """What Simplify's analyzer knows (bindings, bounds, conditions) and does with it."""

    def __init__(self) -> None:
        self.bounds = Bounds()
        self.values: dict[int, Expr] = {}  # a var bound to a value, substituted when read
        self.depth = 0
        # The comparisons of each enclosing `if` condition, as `_facts` gives them.
        self.constraints: list[list[tuple[object, object]]] = []

    # ------------------------------------------------------------ bindings

    def bind_value(self, var: Var, value: Expr) -> None:
        simplified = self.rewrite(value)
        self.bounds.recorded[id(var)] = self.bounds.of(simplified)
        self.values[id(var)] = simplified

    def bind_range(self, var: Var, start: int, stop: int) -> None:
        self.bounds.recorded[id(var)] = (start, stop - 1)
        if stop - start == 1:
            self.values[id(var)] = const(start, dtype_of(var), var.span)

    def bind_bound(self, var: Var, value: Expr) -> bool:
        rhs, own = self.bounds.of(value), self.bounds.recorded.get(id(var), default_bound(var))
        low, high = max(rhs[0], own[0]), min(rhs[1], own[1])
        if low > high:
            return False
        self.bounds.recorded[id(var)] = (low, high)
        return True

    def unbind(self, var: Var) -> None:
        self.bounds.recorded.pop(id(var), None)
        self.values.pop(id(var), None)

    def enter_constraint(self, condition: Expr) -> Callable[[], None]:
        normalised = self.rewrite(condition)
        restore = self.bounds.enter_constraint(normalised)
        self.constraints.append(_facts(normalised))

        def leave() -> None:
            restore()
            self.constraints.pop()

        return leave

    # ------------------------------------------------------------ simplifying

    def simplify(self, expr: Expr) -> Expr:
        for _ in range(_STEPS):
            expr = self.rewrite(expr)
        return expr

    def rewrite(self, expr: Expr) -> Expr:
        """One run of the rewrite simplifier over `expr`."""
        kind = kind_of(expr)
        if kind == "var":
            if is_float(dtype_of(expr)):
                return expr
            return self.values.get(id(expr), expr)
        if kind in ("const", "call", "other"):
            return expr
        dtype = node_dtype(expr)
        if dtype is None or is_float(dtype):
            # A float is not simplified. An unknown dtype is over a value the front end
            # could not read (a name of another module, which the real parser reads as a
            # constant): it stays as the front end shows it.
            return expr
        if kind in ("gt", "ge"):  # `a > b` is simplified as `b < a`
            lhs, rhs = operands(expr)
            return self.rewrite(make("lt" if kind == "gt" else "le", [rhs, lhs], "BOOL", expr.span))
        parts = operands(expr)
        new_parts = [self.rewrite(part) for part in parts]
        if kind == "cast":
            return (
                expr if _same_list(parts, new_parts) else make("cast", new_parts, dtype, expr.span, like=expr)
            )
        folded = self.fold(kind, new_parts, expr.span)
        if folded is not None:
            return folded
        ret = expr if _same_list(parts, new_parts) else self.build(kind, new_parts, expr.span, like=expr)
        if kind in COMPARISONS and is_float(node_dtype(new_parts[0])):
            return ret
        return self._apply_rules(kind, ret)

    def _apply_rules(self, kind: str, ret: Expr) -> Expr:
        for pattern, result, again, guard in _rules_for(kind, tuple(kind_of(part) for part in operands(ret))):
            bound: dict[str, Expr] = {}
            if not _match(pattern, ret, bound):
                continue
            found = _Match(self, bound, ret.span)
            if guard is not None and not guard(found):
                continue
            dtype = node_dtype(operands(ret)[0]) if kind in COMPARISONS else node_dtype(ret)
            built = self._instantiate(result, bound, dtype, ret.span)
            return self._again(built) if again else built
        return ret

    def _again(self, expr: Expr) -> Expr:
        if self.depth >= _MAX_DEPTH:
            return expr
        self.depth += 1
        try:
            return self.rewrite(expr)
        finally:
            self.depth -= 1

    def _instantiate(self, tree: Tree, bound: dict[str, Expr], dtype: str | None, span: Span) -> Expr:
        if isinstance(tree, bool):
            return const(tree, "BOOL", span)
        if isinstance(tree, int):
            return const(tree, dtype, span)
        if isinstance(tree, str):
            return const(0, dtype, span) if tree == "zero" else bound[tree]
        kind, *children = tree
        parts = [self._instantiate(child, bound, dtype, span) for child in children]
        return self.build(kind, parts, span)

    def build(self, kind: str, parts: list[Expr], span: Span, like: Expr | None = None) -> Expr:
        """A new node of `kind` over `parts`, typed as the real constructor types it."""
        if kind in COMPARISONS or kind in _LOGICAL:
            if kind in COMPARISONS:
                _promote(node_dtype(parts[0]), node_dtype(parts[1]), span)
            return make(kind, parts, "BOOL", span)
        if kind == "neg":
            return make(kind, parts, node_dtype(parts[0]), span)
        dtype = _promote(node_dtype(parts[0]), node_dtype(parts[1]), span)
        return make(kind, parts, dtype, span, like=like)

    # ------------------------------------------------------------ constant folding

    def fold(self, kind: str, parts: list[Expr], span: Span) -> Expr | None:
        """The real constant folder: both operands constant, or an identity (`x + 0`)."""
        if kind in ("and", "or"):
            return _fold_logical(kind, parts[0], parts[1])
        if kind == "not":
            value = const_of(parts[0])
            return const(not value, "BOOL", span) if isinstance(value, bool) else None
        if kind in ("neg", "bitnot"):
            value = const_of(parts[0])
            if isinstance(value, int) and not isinstance(value, bool):
                return const(-value if kind == "neg" else ~value, dtype_of(parts[0]), span)
            return None
        if kind == "floatdiv":
            return None  # only float operands fold, and float expressions are not simplified
        lhs, rhs = parts
        a = lhs.value if is_const_int(lhs) else None  # type: ignore[attr-defined]
        b = rhs.value if is_const_int(rhs) else None  # type: ignore[attr-defined]
        if kind in COMPARISONS:
            return _fold_compare(kind, _number(lhs), _number(rhs), span)
        if a is not None and b is not None:
            value = _fold_ints(kind, a, b, span)
            return const(value, dtype_of(lhs), span) if value is not None else None
        return _identity(kind, lhs, rhs, a, b, span)

    # ------------------------------------------------------------ proving

    def can_prove(self, condition: Expr) -> bool:
        simplified = self.simplify(condition)
        value = const_of(simplified)
        if value is not None:
            return bool(value)
        kind = kind_of(simplified)
        if kind == "and":
            return all(self.can_prove(part) for part in operands(simplified))
        if kind not in COMPARISONS:
            return False
        lhs, rhs = operands(simplified)
        low, high = self.bounds.of(self.simplify(self.build("sub", [lhs, rhs], simplified.span)))
        proved = {
            "lt": high < 0,
            "le": high <= 0,
            "gt": low > 0,
            "ge": low >= 0,
            "eq": low == high == 0,
            "ne": low > 0 or high < 0,
        }[kind]
        if not proved and self._condition_knows(simplified):
            # The real analyzer may prove it from an enclosing `if` condition.
            raise PassNotModelled(PASS_NAME, "a proof from an enclosing condition", condition.span)
        return proved

    def can_prove_at_least(self, expr: Expr, value: int) -> bool:
        return self.bounds.of(self.simplify(expr))[0] >= value

    def _condition_knows(self, expr: Expr) -> bool:
        """Whether the real analyzer's transitive comparisons may prove `expr` from an
        enclosing condition: one relates two expressions (not one with a constant, which
        the bounds hold), and both sides of `expr` are among those a condition names."""
        facts = [fact for known in self.constraints for fact in known]
        if not any("zero" not in fact for fact in facts):
            return False
        keys = {key for fact in facts for key in fact}
        lhs, rhs = operands(expr)
        return _offset_key(lhs) in keys and _offset_key(rhs) in keys


def _facts(condition: Expr) -> list[tuple[object, object]]:
    """The comparisons of `condition` (an `and` of them), each as the two sides the real
    transitive comparison keeps: an expression node, or `zero`, once a constant offset
    (`x + 2`) is taken off."""
    kind = kind_of(condition)
    if kind == "and":
        return [fact for part in operands(condition) for fact in _facts(part)]
    if kind not in COMPARISONS:
        return []
    lhs, rhs = operands(condition)
    return [(_offset_key(lhs), _offset_key(rhs))]


def _offset_key(expr: Expr) -> object:
    if is_const_int(expr):
        return "zero"
    if kind_of(expr) in ("add", "sub"):
        lhs, rhs = operands(expr)
        if is_const_int(rhs):
            return id(lhs)
    return id(expr)


_RULES_BY_OPERANDS: dict[tuple[str, tuple[str, ...]], list[tuple[Tree, Tree, bool, Any]]] = {}


def _rules_for(kind: str, operand_kinds: tuple[str, ...]) -> list[tuple[Tree, Tree, bool, Any]]:
    """The rules of `kind` whose pattern may match operands of these kinds, in order
    (worked out once per combination)."""
    key = (kind, operand_kinds)
    found = _RULES_BY_OPERANDS.get(key)
    if found is None:
        found = [
            (pattern, result, again, guard)
            for pattern, required, result, again, guard in _COMPILED.get(kind, ())
            if all(need is None or need == have for need, have in zip(required, operand_kinds))
        ]
        _RULES_BY_OPERANDS[key] = found
    return found


def _same_list(a: list[Expr], b: list[Expr]) -> bool:
    return all(x is y for x, y in zip(a, b, strict=True))


def _match(pattern: Tree, expr: Expr, bound: dict[str, Expr]) -> bool:
    if isinstance(pattern, str):
        if pattern.startswith("c") and not is_const_int(expr):
            return False
        seen = bound.get(pattern)
        if seen is None:
            bound[pattern] = expr
            return True
        return same_expr(seen, expr)
    kind, *children = pattern
    if kind_of(expr) != kind:
        return False
    parts = operands(expr)
    if len(parts) != len(children):
        return False
    return all(_match(child, part, bound) for child, part in zip(children, parts, strict=True))


def _fold_logical(kind: str, lhs: Expr, rhs: Expr) -> Expr | None:
    a, b = const_of(lhs), const_of(rhs)
    a = a if isinstance(a, bool) else None
    b = b if isinstance(b, bool) else None
    if kind == "and":
        if a is not None:
            return rhs if a else lhs
        if b is not None:
            return lhs if b else rhs
    else:
        if a is not None:
            return lhs if a else rhs
        if b is not None:
            return rhs if b else lhs
    return None


def _number(expr: Expr) -> int | float | None:
    value = const_of(expr)
    return None if isinstance(value, bool) else value


def _fold_compare(kind: str, a: int | float | None, b: int | float | None, span: Span) -> Expr | None:
    if a is None or b is None:
        return None
    result = {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[kind]
    return const(result, "BOOL", span)


_INT64_MAX = 2**63 - 1


def _fold_ints(kind: str, a: int, b: int, span: Span) -> int | None:
    if kind in ("floordiv", "floormod") and b == 0:
        raise _by_zero(kind, span)
    value = {
        "add": lambda: a + b,
        "sub": lambda: a - b,
        "mul": lambda: a * b,
        "floordiv": lambda: a // b,
        "floormod": lambda: a % b,
        "min": lambda: min(a, b),
        "max": lambda: max(a, b),
        "bitand": lambda: a & b,
        "bitor": lambda: a | b,
        "bitxor": lambda: a ^ b,
    }.get(kind)
    if value is None:
        if kind in ("shl", "shr"):
            if not 0 <= b < 64:
                return None
            return _wrap(a << b) if kind == "shl" else a >> b
        if kind == "pow" and b >= 0:
            result = a**b if abs(a) < 2 or b < 64 else None
            return result if result is not None and -_INT64_MAX - 1 <= result <= _INT64_MAX else None
        raise PassNotModelled(PASS_NAME, f"folding {kind} of two constants", span)
    result = value()
    return result if -_INT64_MAX - 1 <= result <= _INT64_MAX else None


def _by_zero(kind: str, span: Span) -> PassStopped:
    """The constant folder's refusal of an integer `//` or `%` by a constant 0 (whatever the
    other operand): a `ValueError` with no location; we point at the division."""
    message = BY_ZERO_MESSAGES[kind]
    diagnostic = Diagnostic(
        codes.SIMPLIFY_BY_ZERO, message, span, stage=Stage.SIMPLIFY, exception="ValueError"
    )
    return PassStopped(PASS_NAME, f"ValueError: {message}", span, diagnostic)


def _wrap(value: int) -> int:
    """`value` as an int64 wraps it."""
    value &= 2**64 - 1
    return value - 2**64 if value > _INT64_MAX else value


def _identity(kind: str, lhs: Expr, rhs: Expr, a: int | None, b: int | None, span: Span) -> Expr | None:
    """`x + 0`, `x * 1`, `x // 1`, ... (one side constant)."""
    fa, fb = const_of(lhs), const_of(rhs)

    def equals(value: object, target: int) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value == target

    if kind == "add":
        return rhs if equals(fa, 0) else lhs if equals(fb, 0) else None
    if kind == "sub":
        return lhs if equals(fb, 0) else None
    if kind == "mul":
        if equals(fa, 1):
            return rhs
        if equals(fb, 1):
            return lhs
        if a == 0:
            return lhs
        if b == 0:
            return rhs
        return None
    if kind == "floordiv":
        if b == 0:
            raise _by_zero(kind, span)
        return lhs if b == 1 else None
    if kind == "floormod":
        if b == 0:
            raise _by_zero(kind, span)
        return const(0, dtype_of(rhs), span) if b == 1 else None
    if kind in ("min", "max"):
        return lhs if lhs is rhs else None
    if kind == "pow":
        raise PassNotModelled(PASS_NAME, "a power with a variable operand", span)
    return None
