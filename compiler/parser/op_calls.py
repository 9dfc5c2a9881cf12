"""Checking a `pl.<op>(...)` / `pl.<namespace>.<op>(...)` call as the real parser does.

The real parser (`_parse_unified_op` / `_dispatch_op`) first looks the op up (an
unknown name is "Unknown operation 'pl.x'" or "Unknown pl.tile operation: x"), then
calls the op's Python wrapper: a wrong argument list is Python's own TypeError, a
bad operand the wrapper's or the C++ type deduction's error; both are re-raised as
InvalidOperationError "<module> operation '<op>': <message>" on the call, unless
the message already names the op. We do the same with the catalogue of wrapper
signatures (`op_catalog`) and the op registry's rules (`compiler.ops`), and return
the result type the rule gives, so later checks see shapes and dtypes.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import Any

from compiler.base.diagnostics import ORIGIN_PLACEHOLDER
from compiler.base.span import Span
from compiler.ir import Expr, IRType, ScalarType, TensorType, TileType
from compiler.ops import OpCall, OpError, type_op_call
from compiler.ops.ir_calls import build_from_table
from compiler.parser import op_catalog
from compiler.parser.errors import FrontEndError, invalid_operation
from compiler.parser.op_arity import bind
from compiler.syntax.values import UNKNOWN, DType

UNKNOWN_OP_HINT = "Check spelling, or use pl.tensor.*/pl.tile.*/pl.system.* for explicit namespacing"
SCALAR_OPERAND_HINT = (
    "For scalar arithmetic / comparison, use Python operators directly "
    "(e.g. `s1 + s2`, `s1 % s2`, `s1 == s2`)."
)

# `pl.<name>` calls the real parser handles before (or instead of) op dispatch.
_SPECIAL_PL = frozenset(
    {
        "const", "yield_", "static_assert", "static_print", "dump_tag", "func_attr", "cond",
        "submit", "spmd_submit", "aiv_shard", "aic_gather",
    }
)  # fmt: skip
# This project's own `pl.` extensions (the GM cache-access policy), unknown to e2d0f78.
PROJECT_EXTENSIONS = frozenset({"set_cache_policy"})
# Keyed by the wrapper function's own name (`pl.load` and `pl.tile.load` are `load`).
PROJECT_KWARGS = {"load": frozenset({"cache"})}
# `pl.<namespace>.<name>` calls routed to a bespoke parser path, not to the wrapper.
_SPECIAL_NAMESPACED = {
    "tile": frozenset({"alloc", "aiv_shard", "aic_gather"}),
    "tensor": frozenset({"alloc", "aiv_shard", "aic_gather"}),
    "system": frozenset({"task_dummy"}),
}


def split_op_path(path: list[str]) -> tuple[str | None, str] | None:
    """`["tile", "load"]` -> ("tile", "load"), `["add"]` -> (None, "add"); None when
    the path is no op call we check (`pl.FP32.get_byte`, deeper attribute chains)."""
    if len(path) == 1:
        return None, path[0]
    if len(path) == 2 and path[0] in op_catalog.NAMESPACES:
        return path[0], path[1]
    return None


def check_op_name(namespace: str | None, name: str, node: ast.Call) -> None:
    """The real parser's first check, before any argument is read: the op must exist."""
    if namespace is None and (name in _SPECIAL_PL or name in PROJECT_EXTENSIONS):
        return
    if op_catalog.is_attribute(namespace, name):
        return
    raise _unknown_op(namespace, name, node)


def _unknown_op(namespace: str | None, name: str, node: ast.Call) -> FrontEndError:
    suggestions = op_catalog.closest_ops(name, namespace)
    if namespace is None:
        return FrontEndError(
            "InvalidOperationError",
            f"Unknown operation 'pl.{name}'",
            node,
            UNKNOWN_OP_HINT,
            data={"suggestions": suggestions},
        )
    module = f"pl.{namespace}"
    return FrontEndError(
        "InvalidOperationError",
        f"Unknown {module} operation: {name}",
        node,
        f"Check if '{name}' is a valid {module} operation",
        data={"suggestions": suggestions},
    )


def check_unified_op_name(name: str, node: ast.Call) -> None:
    """`pl.<name>.<attr>(...)`, dispatched by the real parser as the op `pl.<name>`: unknown
    unless `pl.op` defines it (a dtype or enum of `pl` is no op there)."""
    if op_catalog.lookup(None, name) is None:
        raise _unknown_op(None, name, node)


def check_op_call(
    namespace: str | None,
    name: str,
    node: ast.Call,
    args: list[Expr],
    kwargs: dict[str, Any],
    evaluate: Callable[[ast.expr], Any],
    is_dsl_var: Callable[[str], bool],
    built: dict[str, Any] | None = None,
) -> IRType | None:
    """Raise the real parser's error for this op call's arguments, if any; else return
    the deduced result type (None when not modelled). `check_op_name` came first. Where
    the real IR builder makes the call with other arguments than the source's (defaults
    it fills in), `built` receives them: "args" and "kwargs".

    (Its call tree keeps the depth it always had, helper calls included: a call at the
    bottom of a deep expression is where the recursion limit may strike, and where it
    strikes decides which definitions are reported as too deep.)"""
    if namespace is None:
        if name in _SPECIAL_PL or name in PROJECT_EXTENSIONS:
            return None
    elif name in _SPECIAL_NAMESPACED.get(namespace, ()):
        return None
    signature = op_catalog.lookup(namespace, name)
    if signature is None:
        return None
    if _unpacks(node):
        return None  # `*xs` / `**kw`: the argument list is not static
    if node.keywords:
        extensions = PROJECT_KWARGS.get(signature.function_name, frozenset())
        keywords = [kw for kw in node.keywords if kw.arg != "attrs" and kw.arg not in extensions]
        if not all(_kwarg_resolves(kw, evaluate, is_dsl_var) for kw in keywords):
            return None  # the parser would fail reading the keyword's value first
        names = [kw.arg for kw in keywords if kw.arg is not None]
    else:
        keywords, names = [], []
    _check_op_attrs(node)

    params = signature.names
    key = signature.wrapper_key
    # The common call (positionals only, none missing, none too many) is bound in place.
    op_call = None if names else _positional_op_call(key, signature, node, args, kwargs, evaluate)
    if op_call is None:
        binding = bind(signature, len(node.args), names)
        if binding.error is not None:
            raise _failure(binding.error, namespace, name, node, args, kwargs, keywords, is_dsl_var)
        op_call = _op_call(key, params, binding.positional, node, args, kwargs, evaluate, signature.arity)
    try:
        deduced = type_op_call(op_call)
    except OpError as error:
        if error.foreign:  # the parser's catch-all branch: no hint, its own prefix
            module = "pl" if namespace is None else f"pl.{namespace}"
            raise invalid_operation(
                f"Error in {module} operation '{name}': {error.message}", node, None
            ) from None
        message = f"{error.message} at {ORIGIN_PLACEHOLDER}" if error.located else error.message
        failure = _failure(message, namespace, name, node, args, kwargs, keywords, is_dsl_var)
        if error.located:
            failure.origin = Span.of(node)
        raise failure from None
    if not op_call.built:
        build_from_table(op_call, _dispatch_level(op_call), Span.of(node))
        if op_call.built and "attrs" in kwargs:  # call metadata rides along, printed last
            op_call.built["kwargs"]["attrs"] = kwargs["attrs"]
    if op_call.built and built is not None:
        built.update(op_call.built)
    return deduced


# Keys `attrs={...}` may not write: manual dependency edges have their own `deps=` form.
_DEPS_ONLY_ATTRS = ("manual_dep_edges", "dummy_task")


def _check_op_attrs(node: ast.Call) -> None:
    """An op's `attrs=` (`_parse_op_attrs`, read after its keywords, before the wrapper
    runs): a dict literal of string-literal keys, none of them a dependency edge."""
    for keyword in node.keywords:
        if keyword.arg != "attrs":
            continue
        value = keyword.value
        if not isinstance(value, ast.Dict):
            raise FrontEndError("ParserSyntaxError", "op attrs must be a dict literal", value)
        for key, item in zip(value.keys, value.values):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                raise FrontEndError("ParserSyntaxError", "attrs keys must be string literals", key or item)
            if key.value in _DEPS_ONLY_ATTRS:
                raise FrontEndError(
                    "ParserSyntaxError",
                    f"attrs['{key.value}'] on call to '{ast.unparse(node.func)}' is not a writable attr; "
                    "manual dependency edges are written as deps=[...] on "
                    "pl.system.task_dummy or pl.submit",
                    item,
                )
        return


def _dispatch_level(call: OpCall) -> str | None:
    """Where a unified wrapper dispatches: by its first operand, a Tensor or a Tile."""
    first = call.type_of(call.param(0))
    if isinstance(first, TensorType):
        return "tensor"
    if isinstance(first, TileType):
        return "tile"
    return None


def _failure(
    message: str,
    namespace: str | None,
    name: str,
    node: ast.Call,
    args: list[Expr],
    kwargs: dict[str, Any],
    keywords: list[ast.keyword],
    is_dsl_var: Callable[[str], bool],
) -> FrontEndError:
    """The InvalidOperationError of a rejected op call: the message names the op."""
    module = "pl" if namespace is None else f"pl.{namespace}"
    if not (message.startswith(f"pl.{name}") or message.startswith(f"{module}.{name}")):
        message = f"{module} operation '{name}': {message}"
    # The hint reads only what is fixed by now: built for an error only.
    return invalid_operation(message, node, _scalar_hint(node, args, kwargs, keywords, is_dsl_var))


def _unpacks(node: ast.Call) -> bool:
    """`f(*xs)` / `f(**kw)` (plain loops: this runs for every op call)."""
    for arg in node.args:
        if isinstance(arg, ast.Starred):
            return True
    return bool(node.keywords) and None in [keyword.arg for keyword in node.keywords]


def _positional_op_call(
    key: str,
    signature: op_catalog.OpSignature,
    node: ast.Call,
    args: list[Expr],
    kwargs: dict[str, Any],
    evaluate: Callable[[ast.expr], Any],
) -> OpCall | None:
    """The arguments of a call whose positionals alone fill the wrapper's positional
    parameters (`bind`'s common case: no error possible), else None. The positional
    parameters come first in a signature: the first names take the arguments in order."""
    arity = signature.arity
    if not arity.min_positional <= len(node.args) <= len(arity.positional) or arity.required_keyword_only:
        return None
    params = signature.names
    nodes: dict[str, ast.expr] = dict(zip(params, node.args))
    values: dict[str, Any] = dict(zip(params, args))
    keywords = []
    for keyword in node.keywords:
        if keyword.arg in params:
            nodes[keyword.arg] = keyword.value
            values[keyword.arg] = kwargs.get(keyword.arg)
            keywords.append(keyword.arg)
    return OpCall(key, params, nodes, values, evaluate, frozenset(keywords))


def _op_call(
    key: str,
    params: Sequence[str],
    positional: dict[str, int],
    node: ast.Call,
    args: list[Expr],
    kwargs: dict[str, Any],
    evaluate: Callable[[ast.expr], Any],
    arity: op_catalog.Arity,
) -> OpCall:
    nodes: dict[str, ast.expr] = {}
    values: dict[str, Any] = {}
    for param, index in positional.items():
        nodes[param] = node.args[index]
        values[param] = args[index] if index < len(args) else None
    if arity.has_varargs and len(node.args) > len(positional):
        # A `*args` wrapper's extra positionals, bound as Python binds them: one tuple.
        extra = range(len(positional), len(node.args))
        nodes["*args"] = ast.Tuple([node.args[i] for i in extra], ast.Load())
        values["*args"] = tuple(args[i] if i < len(args) else None for i in extra)
    keywords = []
    for keyword in node.keywords:
        if keyword.arg in params or (arity.has_varkw and keyword.arg not in (None, "attrs")):
            nodes[keyword.arg] = keyword.value
            values[keyword.arg] = kwargs.get(keyword.arg)
            keywords.append(keyword.arg)
    return OpCall(key, params, nodes, values, evaluate, frozenset(keywords))


def _kwarg_resolves(
    keyword: ast.keyword, evaluate: Callable[[ast.expr], Any], is_dsl_var: Callable[[str], bool]
) -> bool:
    """Whether the real `_parse_op_kwargs` reads this keyword's value without an error
    of its own (a `dtype=` that is no dtype, a closure name it cannot evaluate)."""
    value = keyword.value
    if keyword.arg == "dtype":
        return isinstance(evaluate(value), DType)
    if isinstance(value, ast.Name):
        return value.id in ("True", "False") or is_dsl_var(value.id) or evaluate(value) is not UNKNOWN
    if isinstance(value, ast.Attribute):
        return evaluate(value) is not UNKNOWN
    return True


def _scalar_hint(
    node: ast.Call,
    args: list[Expr],
    kwargs: dict[str, Any],
    keywords: list[ast.keyword],
    is_dsl_var: Callable[[str], bool],
) -> str | None:
    """The real parser's hint when any parsed operand is a Scalar expression. Keyword
    values are Python values unless they name a DSL variable (or are an expression)."""
    for arg_node, arg in zip(node.args, args):
        if isinstance(arg_node, ast.Attribute):
            continue  # `pl.FP32`, an enum member, a closure constant: not an IR operand
        if isinstance(arg.type, ScalarType):
            return SCALAR_OPERAND_HINT
    for keyword in keywords:
        value = keyword.value
        if isinstance(value, ast.Name) and not is_dsl_var(value.id):
            continue
        if isinstance(value, (ast.Constant, ast.Attribute, ast.List, ast.UnaryOp)):
            continue
        parsed = kwargs.get(keyword.arg or "")
        if isinstance(parsed, Expr) and isinstance(parsed.type, ScalarType):
            return SCALAR_OPERAND_HINT
    return None
