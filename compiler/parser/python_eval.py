"""What Python raises while it defines the kernels, before the PyPTO parser runs.

Importing a kernel module runs its top-level statements: a `@pl.program` class
body runs, each `def` in it evaluates its decorators, then its defaults, then
its parameter annotations left to right and its return annotation (all
skipped for annotations under `from __future__ import annotations`). An
undefined name there is a `NameError`, a `pl.<name>` that `pypto.language` does
not bind an `AttributeError`, and the class never reaches the parser.

We never evaluate anything: a name is reported only when no binding of it can
exist (the module binds it nowhere, there is no star import, no enclosing scope
binds it, it is no builtin), an attribute only when its owner is certainly the
`pypto.language` module or one of its enums. Python stops at the first error of
a top-level statement; so do we.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from compiler.parser.errors import FrontEndError
from compiler.syntax.environment import FUTURE_ANNOTATIONS, PL_MODULE, ModuleEnvironment
from compiler.syntax.pl_exports import ENUM_CLASS_ATTRIBUTES, PL_ATTRIBUTES, PL_ENUM_MEMBERS, pl_enum
from compiler.syntax.subtree import binders
from compiler.syntax.values import FailedDecorator, Instance, ModuleRef

_BUILTINS = frozenset(dir(builtins))
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_ASSIGNMENTS = frozenset({ast.Assign, ast.AnnAssign, ast.AugAssign})
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


@dataclass(frozen=True)
class _PlModule:
    pass


@dataclass(frozen=True)
class _PlEnum:
    name: str


_PL_MODULE = _PlModule()
_PL_REF = ModuleRef(PL_MODULE)
_PYPTO_REF = ModuleRef("pypto")


@dataclass
class HeaderErrors:
    """Python's error for each top-level statement that has one, and the nodes it
    leaves without a value (a parameter's annotation, a definition whose decorator failed)."""

    errors: list[FrontEndError] = field(default_factory=list)
    failed: set[int] = field(default_factory=set)  # ids of annotation / definition nodes


def python_errors(nodes: list[ast.stmt], env: ModuleEnvironment) -> HeaderErrors:
    """The first error Python raises running each of a unit's top-level statements."""
    result = HeaderErrors()
    future = env.values.get(FUTURE_ANNOTATIONS) is True
    for stmt in nodes:
        evaluator = _Evaluator(env, stmt, future)
        error = evaluator.run(stmt)
        if error is not None:
            result.errors.append(error)
            result.failed |= evaluator.failed
    return result


class _Evaluator:
    def __init__(self, env: ModuleEnvironment, stmt: ast.stmt, future: bool) -> None:
        self._env = env
        self._stmt = stmt
        # The names `stmt` binds, gathered when a name's answer first depends on them.
        self._local_names: frozenset[str] | None = None
        self._future = future
        self.failed: set[int] = set()
        # `_verdict_key` of `<owner>.<attribute>` -> what `_check` says of it (its exception
        # and message, or None): the same answer wherever in the statement it is written.
        self._attribute_verdicts: dict[tuple[str, ...] | None, tuple[str, str] | None] = {}
        # A name -> what `_static` says of it (the same in the whole statement).
        self._name_statics: dict[str, _PlModule | _PlEnum | None] = {}

    def _is_local(self, name: str) -> bool:
        """`name` is bound somewhere in the statement (see `_local_names`)."""
        if self._local_names is None:
            self._local_names = _local_names(self._stmt)
        return name in self._local_names

    # ------------------------------------------------------------ statements

    def run(self, stmt: ast.stmt) -> FrontEndError | None:
        """The first error running `stmt` at module or class level raises."""
        failed_decorator = self._failed_decorator(stmt)
        if failed_decorator is not None:
            return failed_decorator
        for step, owner in self._statement_steps(stmt):
            error = _application_error(step) if isinstance(step, _Application) else self._first_error(step)
            if error is not None:
                self.failed.add(id(owner))
                return error
        return None

    def _failed_decorator(self, stmt: ast.stmt) -> FrontEndError | None:
        """A module-level definition whose decorator the fold found failing (`FailedDecorator`:
        the names' values where the definition runs, which the final environment may not hold)."""
        if not isinstance(stmt, _DEFINITIONS):
            return None
        failure = self._env.values.get(stmt.name)
        if not isinstance(failure, FailedDecorator) or failure.decorator >= len(stmt.decorator_list):
            return None
        decorator = stmt.decorator_list[failure.decorator]
        expr = decorator.func if isinstance(decorator, ast.Call) else decorator
        while isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Attribute):
            expr = expr.value
        if not (
            isinstance(expr, ast.Attribute)
            and isinstance(expr.value, ast.Name)
            and (expr.value.id, expr.attr) == (failure.root, failure.attribute)
        ):
            return None  # another definition of the same name
        self.failed.add(id(stmt))
        return FrontEndError("AttributeError", failure.message, expr)

    def _statement_steps(self, stmt: ast.stmt) -> Iterator[tuple[ast.expr, ast.AST]]:
        """The expressions running `stmt` evaluates, in order, each with the node that
        has no value when it fails (the statement itself, or a parameter's annotation)."""
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from self._def_steps(stmt)
        elif isinstance(stmt, ast.ClassDef):
            for expr in [*stmt.decorator_list, *stmt.bases, *(kw.value for kw in stmt.keywords)]:
                yield expr, stmt
            for inner in stmt.body:  # the class body runs now
                yield from self._statement_steps(inner)
        elif isinstance(stmt, ast.Assign):
            yield stmt.value, stmt
            for target in stmt.targets:
                yield from ((expr, stmt) for expr in _target_reads(target))
        elif isinstance(stmt, ast.AnnAssign):
            if stmt.value is not None:
                yield stmt.value, stmt
            if isinstance(stmt.target, ast.Name):
                if not self._future:  # a simple name's annotation is evaluated and stored
                    yield stmt.annotation, stmt
            else:
                yield from ((expr, stmt) for expr in _target_reads(stmt.target))
        elif isinstance(stmt, ast.Expr):
            yield stmt.value, stmt

    def _def_steps(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[ast.expr, ast.AST]]:
        for decorator in node.decorator_list:
            yield decorator, node
        args = node.args
        for default in [*args.defaults, *(d for d in args.kw_defaults if d is not None)]:
            yield default, node
        if not self._future:
            # The annotations, in CPython's order: positional, positional-only, *args,
            # keyword-only, **kwargs, return.
            for arg in [*args.args, *args.posonlyargs, args.vararg, *args.kwonlyargs, args.kwarg]:
                if arg is not None and arg.annotation is not None:
                    yield arg.annotation, arg.annotation
            if node.returns is not None:
                yield node.returns, node.returns
        for decorator in reversed(node.decorator_list):  # applied innermost first
            if (
                decorator.__class__ is ast.Call
                and decorator.func.__class__ is ast.Attribute  # type: ignore[attr-defined]
                and decorator.func.attr == "function"  # type: ignore[attr-defined]
                and self._static_call(decorator) is not None  # type: ignore[arg-type]
            ):
                yield _Application(decorator), node  # type: ignore[misc,arg-type]

    def _static_call(self, call: ast.Call) -> str | None:
        """`<name>` of a call `pl.<name>(...)` (`pl` certainly the module)."""
        func = call.func
        if isinstance(func, ast.Attribute) and self._static(func.value) is _PL_MODULE:
            return func.attr
        return None

    # ----------------------------------------------------------- expressions

    def _first_error(self, node: ast.expr) -> FrontEndError | None:
        checked: list[ast.AST] = []
        _collect_checked(node, checked)
        values = self._env.values
        verdicts = self._attribute_verdicts
        for step in checked:
            cls = step.__class__
            if cls is ast.Name:
                if step.id in values:
                    continue  # a module name: never an error (`_check`), the most common step
            elif cls is ast.Attribute and verdicts.get(_verdict_key(step), _UNSEEN) is None:
                continue  # `<name>.<attr>` already found harmless in this statement
            error = self._check(step)
            if error is not None:
                return error
        return None

    def _check(self, node: ast.AST) -> FrontEndError | None:
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load) and self._is_unbound(node.id):
                return FrontEndError("NameError", f"name '{node.id}' is not defined", node)
            return None
        if isinstance(node, ast.Attribute):
            value = node.value
            key = _verdict_key(node)
            if key is not None:  # `pl.<name>`, `pl.<Enum>.<name>`: answered once per statement
                verdicts = self._attribute_verdicts
                if key in verdicts:
                    verdict = verdicts[key]
                else:
                    if value.__class__ is ast.Name:  # `pl` itself: judged once per statement too
                        statics = self._name_statics
                        owner = statics.get(value.id, _UNSEEN)  # type: ignore[attr-defined]
                        if owner is _UNSEEN:
                            owner = statics[value.id] = self._static(value)  # type: ignore[attr-defined]
                    else:
                        owner = self._static(value)
                    verdict = verdicts[key] = self._attribute_verdict(owner, node.attr)
            else:
                verdict = self._attribute_verdict(self._static(value), node.attr)
            if verdict is None and value.__class__ is ast.Name:
                verdict = self._instance_verdict(value.id, node.attr)  # type: ignore[attr-defined]
            if verdict is not None:
                return FrontEndError(verdict[0], verdict[1], node)
            return None
        if isinstance(node, ast.Call):
            func = node.func
            # (the attribute's name first, the cheap and usual "no")
            if (
                func.__class__ is ast.Attribute
                and func.attr in _PL_CALLS
                and self._static_call(node) is not None
            ):
                return _pl_call_error(func.attr, node, self._static)  # type: ignore[attr-defined]
        value = node.value if isinstance(node, ast.Subscript) else None
        if isinstance(value, ast.Attribute) and value.attr in _META_CLASSES:
            # The item's shape first (cheap, and usually right); then whether `pl` is the module.
            error = _meta_subscript_error(value.attr, node, self._static)  # type: ignore[arg-type]
            if error is not None and self._static(value.value) is _PL_MODULE:
                return error
        return None

    def _attribute_verdict(self, owner: _PlModule | _PlEnum | None, attr: str) -> tuple[str, str] | None:
        """The exception and message reading `attr` of `owner` raises, if certainly one."""
        if isinstance(owner, _PlModule) and attr not in PL_ATTRIBUTES and not _is_dunder(attr):
            return "AttributeError", f"module '{PL_MODULE}' has no attribute '{attr}'"
        if (
            isinstance(owner, _PlEnum)
            and attr not in PL_ENUM_MEMBERS[owner.name]
            and attr not in ENUM_CLASS_ATTRIBUTES
            and not attr.startswith("_")
        ):
            return "AttributeError", attr
        return None

    def _instance_verdict(self, name: str, attr: str) -> tuple[str, str] | None:
        """Reading an attribute a frozen dataclass's instance does not have (its fields and
        properties are all it has besides the dunders: `dataclass_values`)."""
        value = self._env.values.get(name)
        if (
            not isinstance(value, Instance)
            or value.every is None
            or attr in value.every
            or _is_dunder(attr)
            or self._is_local(name)
        ):
            return None
        return "AttributeError", f"'{value.class_name}' object has no attribute '{attr}'"

    def _is_unbound(self, name: str) -> bool:
        values = self._env.values
        return not (
            name in values
            or "*" in values  # a star import (or a module that writes its globals) binds what we cannot list
            or name in _BUILTINS
            or _is_dunder(name)
            or self._is_local(name)
        )

    def _static(self, node: ast.expr) -> _PlModule | _PlEnum | None:
        """`pl` / `pl.<Enum>` when `node` certainly is that module or enum."""
        if isinstance(node, ast.Name):
            # A name rebound in the statement is not necessarily the module.
            # `==`, not a test of class and path: its `__eq__` is the deepest frame of a long
            # attribute chain's walk (where such a chain stops being followed).
            is_pl = self._env.values.get(node.id) == _PL_REF and not self._is_local(node.id)
            return _PL_MODULE if is_pl else None
        if isinstance(node, ast.Attribute):
            owner = self._static(node.value)
            if owner is _PL_MODULE:
                enum_name = pl_enum(node.attr)
                return _PlEnum(enum_name) if enum_name is not None else None
            if owner is None and isinstance(node.value, ast.Name) and node.attr == "language":
                value = self._env.values.get(node.value.id)
                is_pl = value == _PYPTO_REF and not self._is_local(node.value.id)
                return _PL_MODULE if is_pl else None
        return None


# `pl.<name>(...)` that Python runs while it defines the kernels (a shape's `pl.dynamic`,
# a decorator's call): the real function's positional-or-keyword parameters, how many of
# them are required, and its keyword-only ones.
_PL_CALLS: dict[str, tuple[tuple[str, ...], int, tuple[str, ...]]] = {
    "dynamic": (("name",), 1, ()),
    "function": (
        ("func",),
        0,
        ("type", "level", "role", "attrs", "auto_scope", "strict_ssa", "external_source"),
    ),
    "program": (("cls",), 0, ("strict_ssa",)),
}


# `pl.<X>[...]` whose metaclass `__getitem__` checks the item (python/pypto/language/typing).
_META_SUBSCRIPTS = frozenset({"Tensor", "Tile", "Array"})
_TENSOR_NOTATION = "Tensor requires [shape, dtype], [shape, dtype, layout_or_memref], or [shape, dtype, layout, memref] notation"
_TILE_NOTATION = (
    "Tile requires [shape, dtype], [shape, dtype, memory_space_or_tile_view], "
    "[shape, dtype, memref, memory_space], or [shape, dtype, memref, memory_space, tile_view] notation"
)
_TILE_EXTRA_TWICE = {
    "MemRef": "Tile annotation can contain at most one MemRef",
    "MemorySpace": "Tile annotation can contain at most one memory space",
    "TileView": "Tile annotation can contain at most one TileView",
}


# The DSL classes whose metaclass `__getitem__` checks the item (`TensorMeta`, ...).
_META_CLASSES = frozenset({"Tensor", "Tile", "Array"})


def _meta_subscript_error(
    name: str, node: ast.Subscript, static: Callable[[ast.expr], _PlModule | _PlEnum | None]
) -> FrontEndError | None:
    """`TensorMeta` / `TileMeta` / `ArrayMeta.__getitem__` on the item as written: a tuple
    of the right length; a Tile's trailing items each a MemRef, a MemorySpace or a TileView,
    at most one of each (a MemRef with a MemorySpace). An item whose value is not certain
    (a name, a call of anything else) is not judged."""
    item = node.slice
    if isinstance(item, ast.Tuple):
        if any(isinstance(element, ast.Starred) for element in item.elts):
            return None
        count: int | None = len(item.elts)
    elif isinstance(item, ast.List) or (isinstance(item, ast.Constant) and not isinstance(item.value, tuple)):
        count = None  # certainly no tuple
    else:
        return None
    if name == "Array":
        return (
            None
            if count == 2
            else FrontEndError("TypeError", "Array requires [extent, dtype] notation", node)
        )
    if name == "Tensor":
        return None if count in (2, 3, 4) else FrontEndError("TypeError", _TENSOR_NOTATION, node)
    if count not in (2, 3, 4, 5):
        return FrontEndError("TypeError", _TILE_NOTATION, node)
    assert isinstance(item, ast.Tuple)
    seen: set[str] = set()
    for extra in item.elts[2:]:
        kind = _tile_extra_class(extra, static)
        if kind is None:
            return None
        if kind not in _TILE_EXTRA_TWICE:
            message = f"Tile trailing arguments must be MemRef, MemorySpace, or TileView, got {kind}"
            return FrontEndError("TypeError", message, node)
        if kind in seen:
            return FrontEndError("TypeError", _TILE_EXTRA_TWICE[kind], node)
        seen.add(kind)
    if "MemRef" in seen and "MemorySpace" not in seen:
        return FrontEndError(
            "TypeError", "Tile annotation with MemRef must also specify an explicit MemorySpace", node
        )
    return None


def _tile_extra_class(node: ast.expr, static: Callable[[ast.expr], _PlModule | _PlEnum | None]) -> str | None:
    """`type(x).__name__` of a Tile annotation's trailing item, where certain."""
    if (isinstance(node, ast.Constant) and isinstance(node.value, (bool, int, float, str))) or (
        isinstance(node, ast.Constant) and node.value is None
    ):
        return type(node.value).__name__
    if isinstance(node, ast.Attribute) and static(node.value) == _PlEnum("MemorySpace"):
        return "MemorySpace"
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and static(node.func.value) is _PL_MODULE
    ):
        return node.func.attr if node.func.attr in ("MemRef", "TileView") else None
    return None


def _pl_call_error(
    name: str, call: ast.Call, static: Callable[[ast.expr], _PlModule | _PlEnum | None]
) -> FrontEndError | None:
    """What calling `pl.<name>` as written raises: Python's binding of its arguments (in
    CPython's order: the keywords, the positional count, a missing one), then what the
    function itself refuses of a literal argument."""
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(kw.arg is None for kw in call.keywords):
        return None  # `*xs` / `**kw`: the bound arguments are not known
    positional, required, keyword_only = _PL_CALLS[name]
    bound: dict[str, ast.expr] = dict(zip(positional, call.args))
    for keyword in call.keywords:
        if keyword.arg not in positional and keyword.arg not in keyword_only:
            return FrontEndError(
                "TypeError", f"{name}() got an unexpected keyword argument '{keyword.arg}'", call
            )
        if keyword.arg in bound:
            return FrontEndError(
                "TypeError", f"{name}() got multiple values for argument '{keyword.arg}'", call
            )
        bound[keyword.arg] = keyword.value
    if len(call.args) > len(positional):
        takes = (
            f"takes {len(positional)} positional argument{'s' if len(positional) != 1 else ''}"
            if required == len(positional)
            else f"takes from {required} to {len(positional)} positional arguments"
        )
        were = "was" if len(call.args) == 1 else "were"
        return FrontEndError("TypeError", f"{name}() {takes} but {len(call.args)} {were} given", call)
    missing = [param for param in positional[:required] if param not in bound]
    if missing:
        return (
            FrontEndError(
                "TypeError", f"{name}() missing 1 required positional argument: '{missing[0]}'", call
            )
            if len(missing) == 1
            else None
        )
    if name == "dynamic":
        return _dynamic_name_error(bound["name"], call)
    if name == "function" and "func" in bound:
        return _function_source_error(bound["func"], call, static)
    return None


def _dynamic_name_error(value: ast.expr, call: ast.Call) -> FrontEndError | None:
    """`pl.dynamic(name)` builds a `DynVar`, which asks the name `isidentifier()`."""
    if not isinstance(value, ast.Constant):
        return None
    literal = value.value
    if isinstance(literal, str):
        if literal.isidentifier():
            return None
        return FrontEndError("ValueError", f"DynVar name must be a valid identifier, got {literal!r}", call)
    return FrontEndError(
        "AttributeError", f"'{type(literal).__name__}' object has no attribute 'isidentifier'", call
    )


def _function_source_error(
    value: ast.expr, call: ast.Call, static: Callable[[ast.expr], _PlModule | _PlEnum | None]
) -> FrontEndError | None:
    """`pl.function(pl.FunctionType.X)`: the type given where the function goes, which the
    decorator then tries to read the source of."""
    if (
        isinstance(value, ast.Attribute)
        and static(value.value) == _PlEnum("FunctionType")
        and value.attr in PL_ENUM_MEMBERS["FunctionType"]
    ):
        return FrontEndError(
            "ParserSyntaxError", f"Cannot retrieve source code for function '{value.attr}'", call
        )
    return None


@dataclass(frozen=True)
class _Application:
    """A decorator `pl.function(...)` applied to its function (after the annotations ran)."""

    call: ast.Call


def _application_error(step: _Application) -> FrontEndError | None:
    """What applying `pl.function(attrs=<literal>)` raises: its attributes must be a dict."""
    for keyword in step.call.keywords:
        if keyword.arg != "attrs":
            continue
        value = keyword.value
        kind = _LITERAL_KINDS.get(type(value))
        if kind is None and isinstance(value, ast.Constant) and value.value is not None:
            kind = type(value.value).__name__
        if kind is not None:
            return FrontEndError(
                "ParserSyntaxError", f"`@pl.function(attrs=...)` must be a dict, got {kind}", step.call
            )
    return None


_LITERAL_KINDS: dict[type, str] = {ast.List: "list", ast.Tuple: "tuple", ast.Set: "set", ast.ListComp: "list"}


def _verdict_key(node: ast.Attribute) -> tuple[str, ...] | None:
    """What `_check`'s answer for `node` depends on, within one statement: `x.a` and
    `x.a.b` (`x` a name) are judged by their names alone; None for any other owner."""
    owner = node.value
    cls = owner.__class__
    if cls is ast.Name:
        return (owner.id, node.attr)  # type: ignore[attr-defined]
    if cls is ast.Attribute and owner.value.__class__ is ast.Name:  # type: ignore[attr-defined]
        return (owner.value.id, owner.attr, node.attr)  # type: ignore[attr-defined]
    return None


def _collect_checked(node: ast.AST, out: list[ast.AST]) -> None:
    """The sub-expressions of `node` that `_check` can object to, in the order Python
    certainly evaluates them, each after what it reads (a short-circuit operand or a
    branch it may skip is left out). One call per level, and one for a leaf's
    (empty) children: as deep as the generators it replaces, so an expression too
    deep to follow is still the same one.

    The usual classes are followed inline: a leaf still makes its one call below it
    (`_leaf`), a node with a child recurses deeper than that call went anyway."""
    cls = node.__class__
    if cls is ast.Name:
        _leaf(node)
        out.append(node)
        return
    if cls is ast.Constant:
        _leaf(node)
        return
    if cls is ast.Attribute:
        _collect_checked(node.value, out)
        out.append(node)
        return
    if cls is ast.Subscript:
        _collect_checked(node.value, out)
        _collect_checked(node.slice, out)
        value = node.value
        if value.__class__ is ast.Attribute and value.attr in _META_SUBSCRIPTS:  # type: ignore[attr-defined]
            out.append(node)  # `pl.Tensor[...]`: the metaclass's `__getitem__` runs
        return
    if cls is ast.List or cls is ast.Tuple:
        elts = node.elts
        if not elts:
            _leaf(node)
        for child in elts:
            _collect_checked(child, out)
        return
    steps = _STEPS_BY_CLASS[cls] if cls in _STEPS_BY_CLASS else _evaluation_steps(cls)
    if steps is None:
        return  # anything else (await, yield): not followed
    children, checked = steps
    for child in children(node):  # a call for a leaf too: one frame below it, as ever
        if child is not None:
            _collect_checked(child, out)
    if checked:
        out.append(node)


def _leaf(node: ast.AST) -> None:
    """The call a node without children makes below itself (see `_collect_checked`)."""


# What `_collect_checked` follows for a node class: the sub-expressions evaluated
# before the node itself (None entries skipped), and whether `_check` can object to
# the node (a `Name` or an `Attribute`).
_Children = Callable[[Any], Iterable[ast.AST | None]]
_NO_CHILDREN: tuple[()] = ()
_STEPS: dict[type, tuple[_Children, bool]] = {
    ast.Name: (lambda node: _NO_CHILDREN, True),
    ast.Constant: (lambda node: _NO_CHILDREN, False),
    ast.Attribute: (lambda node: (node.value,), True),
    ast.Subscript: (lambda node: (node.value, node.slice), False),
    ast.Call: (lambda node: [node.func, *node.args, *(kw.value for kw in node.keywords)], True),
    ast.BinOp: (lambda node: (node.left, node.right), False),
    ast.UnaryOp: (lambda node: (node.operand,), False),
    ast.Compare: (lambda node: (node.left, node.comparators[0]), False),
    ast.BoolOp: (lambda node: (node.values[0],), False),
    ast.IfExp: (lambda node: (node.test,), False),
    ast.List: (lambda node: node.elts, False),
    ast.Tuple: (lambda node: node.elts, False),
    ast.Set: (lambda node: node.elts, False),
    ast.Dict: (lambda node: [item for pair in zip(node.keys, node.values) for item in pair], False),
    ast.Starred: (lambda node: (node.value,), False),
    ast.FormattedValue: (lambda node: (node.value,), False),
    ast.NamedExpr: (lambda node: (node.value,), False),
    ast.JoinedStr: (lambda node: node.values, False),
    ast.Slice: (lambda node: (node.lower, node.upper, node.step), False),
    ast.Lambda: (lambda node: [*node.args.defaults, *node.args.kw_defaults], False),
    **{kind: (lambda node: (node.generators[0].iter,), False) for kind in _COMPREHENSIONS},
}
# Classes met so far, by their nearest base in `_STEPS` (None: not followed).
_STEPS_BY_CLASS: dict[type, tuple[_Children, bool] | None] = dict(_STEPS)


def _evaluation_steps(cls: type) -> tuple[_Children, bool] | None:
    steps = _STEPS_BY_CLASS.get(cls, _UNSEEN)
    if steps is _UNSEEN:
        steps = next((_STEPS[base] for base in cls.__mro__ if base in _STEPS), None)
        _STEPS_BY_CLASS[cls] = steps
    return steps  # type: ignore[return-value]


_UNSEEN: Any = object()


def _target_reads(target: ast.expr) -> Iterator[ast.expr]:
    """What assigning to `target` evaluates: the object and index of `a.b` / `a[i]`."""
    if isinstance(target, ast.Attribute):
        yield target.value
    elif isinstance(target, ast.Subscript):
        yield target.value
        yield target.slice
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _target_reads(element)
    elif isinstance(target, ast.Starred):
        yield from _target_reads(target.value)


def _local_names(stmt: ast.stmt) -> frozenset[str]:
    """Every name the statement binds anywhere, in any scope inside it (parameters
    included): an over-approximation of what its class bodies and enclosing
    functions can see. The usual binders (parameters, stored names) are added here,
    the others through `_names_bound_in_nodes`."""
    names: set[str] = set()
    add = names.add
    name_class = ast.Name
    arg_class = ast.arg
    load = ast.Load
    for node in binders(stmt):
        cls = node.__class__
        if cls is arg_class:
            add(node.arg)  # type: ignore[attr-defined]
        elif cls is name_class:
            if node.ctx.__class__ is not load:  # type: ignore[attr-defined]
                add(node.id)  # type: ignore[attr-defined]
        elif cls not in _ASSIGNMENTS:
            names.update(_names_bound_in_nodes((node,)))
    return frozenset(names)


def _names_bound_in_nodes(nodes: Iterable[ast.AST]) -> Iterator[str]:
    """The names the binders `nodes` bind."""
    for node in nodes:
        cls = node.__class__
        if cls is ast.arg:  # the usual binders first, by class
            yield node.arg
        elif cls in _ASSIGNMENTS:
            continue  # its targets are binders of their own
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            yield node.id
        elif isinstance(node, _DEFINITIONS):
            yield node.name
        elif isinstance(node, ast.arg):
            yield node.arg
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                yield (alias.asname or alias.name).split(".")[0]
        elif isinstance(node, ast.ExceptHandler) and node.name:
            yield node.name
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            yield from node.names
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            yield node.name
        elif isinstance(node, ast.MatchMapping) and node.rest:
            yield node.rest


def _is_dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")
