"""Static values a PyPTO closure can hold, as this front end models them.

The real parser evaluates closure expressions with Python's `eval`. We never
evaluate user code; instead `StaticEvaluator` folds the small, side-effect-free
subset that kernels actually use (literals, arithmetic over module constants,
`pl.<DTYPE>`, `pl.dynamic(...)`, enum members). Anything else is `UNKNOWN`.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from compiler.syntax.helper_returns import BodyReturn, HelperReturn


class _Unknown:
    _instance: _Unknown | None = None

    def __new__(cls) -> _Unknown:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Any = _Unknown()


# The value classes below are built while folding nearly every closure expression:
# their __init__s store straight into the instance dict (the generated frozen
# __init__ goes through `object.__setattr__` per field, twice the cost). Still
# frozen: assignment raises as before.


@dataclass(frozen=True, init=False)
class ModuleRef:
    """A name bound to a module, e.g. `pl` -> "pypto.language"."""

    path: str

    def __init__(self, path: str) -> None:
        self.__dict__["path"] = path


@dataclass(frozen=True)
class Instance:
    """`self` in a method building a program: the attributes its class's `__init__` sets
    from its parameters' defaults (`TestCase().get_program()`), by name. An instance of a
    frozen dataclass (`dataclass_values`) also names its class and every attribute it has
    (`every`: its fields and properties, folded or not); None: not known."""

    attributes: dict[str, Any]
    class_name: str = ""
    every: frozenset[str] | None = None
    # Its class's plain methods of `self` alone (`def _input_shape(self): ...`), by name: a
    # call of one folds when its body is a chain of `if <comparison>: return <value>`.
    methods: dict[str, ast.FunctionDef] = field(default_factory=dict)
    module: Callable[[str], Any] | None = None  # the names its methods see: the module's

    def __hash__(self) -> int:
        return id(self)


@dataclass(frozen=True, init=False)
class EnumMember:
    """`pl.<Enum>.<member>`, e.g. EnumMember("CachePolicy", "BYPASS")."""

    enum: str
    member: str

    def __init__(self, enum: str, member: str) -> None:
        fields = self.__dict__
        fields["enum"] = enum
        fields["member"] = member


@dataclass(frozen=True, init=False)
class DType:
    name: str

    def __init__(self, name: str) -> None:
        self.__dict__["name"] = name


@dataclass(frozen=True, init=False)
class DynVar:
    """`pl.dynamic("M")`: a symbolic dimension."""

    name: str

    def __init__(self, name: str) -> None:
        self.__dict__["name"] = name


@dataclass(frozen=True)
class DslFunction:
    """A module-level name bound to a decorated DSL function (`@pl.function`, `@pl.jit`, ...).

    `returns` is its return annotation (for the type of a call's result); it
    compares by its source text so that environments can be fingerprinted.
    """

    name: str
    decorator: str
    returns_text: str = ""
    returns: ast.expr | None = field(default=None, compare=False, hash=False)
    # Without a return annotation, what a `@pl.jit` helper's call binds (`helper_returns`).
    inferred_return: HelperReturn | BodyReturn | None = None
    # Its plain parameters, and those annotated as tensors (a `@pl.jit` entry binds a
    # helper's tensors by them: `compiler.parser.jit_deps`).
    params: tuple[str, ...] = ()
    tensor_params: frozenset[str] = frozenset()


@dataclass(frozen=True)
class PlainDefinition:
    """A module-level `def` or `class` without decorators: a plain Python object,
    never a DSL function (a kernel calling it by name is rejected).

    A small helper whose calls fold (`compiler.syntax.helper_calls`) keeps its definition
    (`node`) and the module's values its globals are read from; it compares by its text and
    the values of the module names it reads (`reads`), so that an edit of either changes the
    environment of a unit that calls it."""

    name: str
    text: str = ""
    reads: tuple[tuple[str, Any], ...] = ()
    node: ast.FunctionDef | None = field(default=None, compare=False, hash=False)
    module_values: dict[str, Any] | None = field(default=None, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class PythonObject:
    """A Python value whose contents are not followed, only its type (a dict or set
    literal): no DSL construct takes one."""

    type_name: str


@dataclass(frozen=True)
class FailedDecorator:
    """A module-level `def` or `class` whose decorator Python cannot evaluate: it reads an
    attribute a plain constant lacks (`pl = None` above `@pl.program`: "'NoneType' object
    has no attribute 'program'"). Decided when the definition is folded, with the names'
    values at that point; the definition binds nothing (the import stops there)."""

    name: str
    decorator: int  # which of its decorators
    root: str
    attribute: str
    message: str


# Values of the two-member CachePolicy enum (reference §7).

DTYPE_NAMES = frozenset(
    [
        "BOOL",
        "INT4",
        "INT8",
        "INT16",
        "INT32",
        "INT64",
        "UINT4",
        "UINT8",
        "UINT16",
        "UINT32",
        "UINT64",
        "FP16",
        "BF16",
        "FP32",
        "FP4",
        "FP8E4M3FN",
        "FP8E5M2",
        "FP8E8M0",
        "HF4",
        "HF8",
        "INDEX",
        "TASK_ID",
    ]
)

_DYNAMIC = EnumMember("language", "dynamic")

_BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Div: operator.truediv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.BitAnd: operator.and_,
    ast.BitOr: operator.or_,
    ast.BitXor: operator.xor,
}
_UNARY: dict[type[ast.unaryop], Callable[[Any], Any]] = {
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
    ast.Not: operator.not_,
    ast.Invert: operator.invert,
}
_FOLDABLE_BUILTINS: dict[str, Callable[..., Any]] = {
    "min": min,
    "max": max,
    "len": len,
    "abs": abs,
    "int": int,
    "float": float,
    "bool": bool,
}
# Folding stops here: a kernel's constants are small, and a hostile file must not
# make the checker build a huge number or string.
_MAX_FOLDED_INT_BITS = 4096
_MAX_FOLDED_SEQUENCE = 10_000


_CONTAINER_LITERALS: dict[type, str] = {
    ast.Dict: "dict",
    ast.Set: "set",
    ast.DictComp: "dict",
    ast.SetComp: "set",
}


def is_plain_value(value: Any) -> bool:
    return isinstance(value, (bool, int, float, str)) or value is None


# `pl.tile.MaskPattern.<P>`: the gather/scatter mask selectors, ints in the real module.
MASK_PATTERNS = {"P0101": 1, "P1010": 2, "P0001": 3, "P0010": 4, "P0100": 5, "P1000": 6, "P1111": 7}


class StaticEvaluator:
    """Folds constant expressions over a mapping of names to static values."""

    def __init__(self, lookup: Callable[[str], Any]) -> None:
        self._lookup = lookup

    @property
    def lookup(self) -> Callable[[str], Any]:
        """What `eval` of a bare name returns, as a function of the name."""
        return self._lookup

    def eval(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Name):  # the most common case, one call shorter
            return self._lookup(node.id)
        try:
            return self._eval(node, depth=0)
        except (ArithmeticError, TypeError, ValueError, OverflowError, RecursionError):
            return UNKNOWN

    def dtype_name(self, node: ast.expr) -> str | None:
        """The name of the dtype `node` folds to (`pl.FP16` -> "FP16"), else None."""
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            base = self._lookup(node.value.id)
            if isinstance(base, ModuleRef) and base.path == "pypto.language":  # `pl.<X>`, without a DType
                return node.attr if node.attr in DTYPE_NAMES else None
        value = self.eval(node)
        return value.name if isinstance(value, DType) else None

    def _eval(self, node: ast.expr, depth: int) -> Any:
        if depth > 64:
            return UNKNOWN
        deeper = depth + 1
        if isinstance(node, ast.Constant):
            return node.value if is_plain_value(node.value) else UNKNOWN
        if isinstance(node, ast.Name):
            return self._lookup(node.id)
        if isinstance(node, (ast.Tuple, ast.List)):
            if len(node.elts) > _MAX_FOLDED_SEQUENCE:
                return UNKNOWN
            items = [self._eval(elt, deeper) for elt in node.elts]
            return tuple(items) if isinstance(node, ast.Tuple) else items
        if isinstance(node, ast.Attribute):
            return self._attribute(self._eval(node.value, deeper), node.attr)
        if isinstance(node, ast.BinOp):
            return self._binary(node, deeper)
        if isinstance(node, ast.UnaryOp):
            operand = self._eval(node.operand, deeper)
            fold = _UNARY.get(type(node.op))
            return fold(operand) if fold and _is_number(operand) else UNKNOWN
        if isinstance(node, ast.Call):
            return self._call(node, deeper)
        if type(node) in _CONTAINER_LITERALS:
            return PythonObject(_CONTAINER_LITERALS[type(node)])
        if isinstance(node, ast.Subscript):
            container = self._eval(node.value, deeper)
            index = self._eval(node.slice, deeper)
            if isinstance(container, (tuple, list)) and isinstance(index, int):
                return container[index] if -len(container) <= index < len(container) else UNKNOWN
            return UNKNOWN
        return UNKNOWN

    def _binary(self, node: ast.BinOp, depth: int) -> Any:
        return fold_binary(type(node.op), self._eval(node.left, depth), self._eval(node.right, depth))

    def _call(self, node: ast.Call, depth: int) -> Any:
        if isinstance(node.func, ast.Attribute) and not node.args and not node.keywords:
            owner = self._eval(node.func.value, depth)
            if isinstance(owner, Instance) and node.func.attr in owner.methods:
                return _run_method(owner, owner.methods[node.func.attr], depth)
        callee = self._eval(node.func, depth)
        if isinstance(callee, DataclassShape):
            if any(isinstance(arg, ast.Starred) for arg in node.args) or any(
                kw.arg is None for kw in node.keywords
            ):
                return UNKNOWN
            args = [self._eval(arg, depth) for arg in node.args]
            kwargs = {kw.arg: self._eval(kw.value, depth) for kw in node.keywords if kw.arg}
            if any(value is UNKNOWN for value in [*args, *kwargs.values()]):
                return UNKNOWN
            return callee.instance(args, kwargs)
        if isinstance(callee, PlainDefinition) and callee.node is not None:
            from compiler.syntax.helper_calls import fold_call  # it folds with this evaluator

            return fold_call(callee, node, lambda arg: self._eval(arg, depth))
        if callee == _DYNAMIC and node.args:
            name = self._eval(node.args[0], depth)
            return DynVar(name) if isinstance(name, str) else UNKNOWN
        if isinstance(node.func, ast.Name) and node.func.id in _FOLDABLE_BUILTINS and not node.keywords:
            args = [self._eval(arg, depth) for arg in node.args]
            if any(arg is UNKNOWN for arg in args):
                return UNKNOWN
            if node.func.id == "len" and not (len(args) == 1 and isinstance(args[0], (tuple, list))):
                return UNKNOWN
            if node.func.id != "len" and not all(_is_number(arg) for arg in args):
                return UNKNOWN
            return _FOLDABLE_BUILTINS[node.func.id](*args)
        return UNKNOWN

    @staticmethod
    def _attribute(base: Any, attr: str) -> Any:
        if isinstance(base, Instance):
            return base.attributes.get(attr, UNKNOWN)
        if isinstance(base, ModuleRef) and base.path == "pypto.language":
            if attr in DTYPE_NAMES:
                # A new value each time (not one shared per name): it may end up in the IR
                # (an attrs value), whose sharing between units must not depend on this.
                return DType(attr)
            if attr == "AUTO":
                return -1  # `pl.AUTO`, reserve_buffer's "pick the base" sentinel: a plain int
            # `pl.CachePolicy`, `pl.Level`, `pl.dynamic`, ...: remembered by name.
            return EnumMember("language", attr)
        if isinstance(base, EnumMember) and base.enum == "language":
            return EnumMember(base.member, attr)
        if isinstance(base, EnumMember) and (base.enum, base.member) == ("tile", "MaskPattern"):
            return MASK_PATTERNS.get(attr, UNKNOWN)  # plain int class attributes in the real module
        return UNKNOWN


# A dataclass field without a default.
NO_DEFAULT = object()


@dataclass(frozen=True)
class DataclassShape:
    """A frozen dataclass: its fields in order (with their defaults) and properties."""

    name: str
    fields: tuple[tuple[str, Any], ...]
    properties: tuple[tuple[str, ast.expr], ...]

    def __hash__(self) -> int:
        return id(self)

    def instance(self, args: list[Any], kwargs: dict[str, Any]) -> Any:
        """What calling the class binds: an `Instance` of the fields given and the
        properties that fold; UNKNOWN where Python would raise (a missing or unknown
        argument)."""
        names = [name for name, _ in self.fields]
        if len(args) > len(names) or any(key not in names for key in kwargs):
            return UNKNOWN
        values = dict(zip(names, args, strict=False))
        for key, value in kwargs.items():
            if key in values:
                return UNKNOWN  # given twice: a TypeError
            values[key] = value
        for name, default in self.fields:
            if name not in values:
                if default is NO_DEFAULT:
                    return UNKNOWN
                values[name] = default
        attributes: dict[str, Any] = dict(values)
        every = frozenset(names) | {name for name, _ in self.properties}
        instance = Instance(attributes, class_name=self.name, every=every)
        evaluator = StaticEvaluator(lambda name: instance if name == "self" else UNKNOWN)
        # A property may read another: folded again until nothing more folds.
        pending = list(self.properties)
        while pending:
            left = []
            for name, expr in pending:
                value = evaluator.eval(expr)
                if value is UNKNOWN:
                    left.append((name, expr))
                else:
                    attributes[name] = value
            if len(left) == len(pending):
                break
            pending = left
        return instance


_FALLS_THROUGH = object()  # a method body's statements ran to their end without a return
COMPARISONS: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def _run_method(instance: Instance, method: ast.FunctionDef, depth: int) -> Any:
    """What `instance.<method>()` returns, for a body of `if <a> <op> <b>: ... return <value>`
    over its attributes and the module's values; UNKNOWN for anything else (a loop, an
    assignment, a raise reached, a comparison of values not known)."""
    me = method.args.args[0].arg
    module = instance.module or (lambda name: UNKNOWN)
    evaluator = StaticEvaluator(lambda name: instance if name == me else module(name))

    def run(stmts: list[ast.stmt]) -> Any:
        for stmt in stmts:
            if isinstance(stmt, ast.Return):
                return evaluator._eval(stmt.value, depth + 1) if stmt.value is not None else None
            if isinstance(stmt, ast.If):
                test = _comparison(stmt.test, evaluator, depth + 1)
                if test is UNKNOWN:
                    return UNKNOWN
                found = run(stmt.body if test else stmt.orelse)
                if found is not _FALLS_THROUGH:
                    return found
                continue
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                continue  # a docstring
            return UNKNOWN
        return _FALLS_THROUGH

    result = run(method.body)
    return UNKNOWN if result is _FALLS_THROUGH else result


def _comparison(node: ast.expr, evaluator: StaticEvaluator, depth: int) -> Any:
    """`a <op> b` of two numbers or two strings, folded; UNKNOWN for anything else."""
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in COMPARISONS):
        return UNKNOWN
    lhs = evaluator._eval(node.left, depth)
    rhs = evaluator._eval(node.comparators[0], depth)
    if not ((_is_number(lhs) and _is_number(rhs)) or (isinstance(lhs, str) and isinstance(rhs, str))):
        return UNKNOWN
    return COMPARISONS[type(node.ops[0])](lhs, rhs)


def frozen_value(value: Any) -> Any:
    """A hashable stand-in for an environment value (module constants may be lists)."""
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, *(frozen_value(item) for item in value))
    return value


def fold_binary(op: type[ast.operator], lhs: Any, rhs: Any) -> Any:
    """`lhs <op> rhs` for two numbers, as Python computes it; UNKNOWN for anything else, or
    where Python raises, or for a result too large to be a kernel's constant."""
    fold = _BINARY.get(op)
    if fold is None or not (_is_number(lhs) and _is_number(rhs)):
        return UNKNOWN
    if op is ast.Pow and (abs(rhs) > 64 or abs(lhs) > 1 << 32):
        return UNKNOWN
    if op is ast.LShift and rhs > 256:
        return UNKNOWN
    try:
        result = fold(lhs, rhs)
    except (ArithmeticError, ValueError, OverflowError):
        return UNKNOWN
    if isinstance(result, int) and result.bit_length() > _MAX_FOLDED_INT_BITS:
        return UNKNOWN
    return result


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and value is not UNKNOWN
