"""Expressions of a DSL body -> IR expressions with types.

Calls go through the op tables in `ops`; `pl.load(..., cache=...)` is where
the load-kwarg rule is applied. An expression the real parser would reject, or
that we do not model, becomes an `OpaqueExpr` of unknown type and nothing is
reported: the real compiler is the judge of errors outside this feature.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from compiler.diagnostics import Diagnostic
from compiler.ir import (
    BinaryExpr,
    Call,
    Const,
    Expr,
    IRType,
    MakeTuple,
    OpaqueExpr,
    ScalarType,
    Slice,
    SubscriptIndex,
    TensorType,
    TileType,
    TupleGetItem,
    TupleType,
    UnaryExpr,
    UnknownType,
    Var,
)
from compiler.parser import ops
from compiler.parser.attr_values import NotAnAttrValue, parse_attr_dict, parse_attr_value
from compiler.parser.cache_policy import load_cache_error, read_load_cache_kwarg
from compiler.span import Span
from compiler.syntax.names import attribute_path
from compiler.syntax.values import UNKNOWN, DType, StaticEvaluator

_BINARY_OPS = {
    ast.Add: "add",
    ast.Sub: "sub",
    ast.Mult: "mul",
    ast.Div: "div",
    ast.FloorDiv: "floordiv",
    ast.Mod: "mod",
    ast.LShift: "shl",
    ast.RShift: "shr",
    ast.Pow: "pow",
    ast.BitAnd: "bitand",
    ast.BitOr: "bitor",
    ast.BitXor: "bitxor",
}
_UNARY_OPS = {ast.USub: "neg", ast.Not: "not", ast.Invert: "bit_not", ast.UAdd: "pos"}


class ExpressionParser:
    def __init__(
        self,
        lookup_var: Callable[[str], Var | None],
        evaluator: StaticEvaluator,
        callee_return_type: Callable[[str], IRType],
        report: Callable[[Diagnostic], None],
    ) -> None:
        self._lookup_var = lookup_var
        self._evaluator = evaluator
        self._callee_return_type = callee_return_type
        self._report = report

    def parse(self, node: ast.expr) -> Expr:
        span = Span.of(node)
        if isinstance(node, ast.Name):
            return self._name(node, span)
        if isinstance(node, ast.Constant):
            return Const(span, node.value, type=_constant_type(node.value))
        if isinstance(node, ast.Call):
            return self._call(node, span)
        if isinstance(node, ast.Subscript):
            return self._subscript(node, span)
        if isinstance(node, ast.BinOp):
            return self._binary(node, span)
        if isinstance(node, ast.UnaryOp):
            literal = node.operand.value if isinstance(node.operand, ast.Constant) else None
            if isinstance(node.op, ast.USub) and type(literal) in (int, float):
                # `-1` is the literal -1, as a negative module constant is: one spelling, one IR.
                return Const(span, -literal, type=_constant_type(literal))
            operand = self.parse(node.operand)
            return UnaryExpr(
                span, _UNARY_OPS.get(type(node.op), "?"), operand, type=_value_kind(operand.type)
            )
        if isinstance(node, (ast.Compare, ast.BoolOp)):
            operands = [
                self.parse(child) for child in ast.iter_child_nodes(node) if isinstance(child, ast.expr)
            ]
            return OpaqueExpr(span, ast.unparse(node), operands, type=ScalarType("BOOL"))
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self.parse(elt) for elt in node.elts]
            return MakeTuple(span, items, type=TupleType(tuple(item.type for item in items)))
        return OpaqueExpr(span, ast.unparse(node))

    def _name(self, node: ast.Name, span: Span) -> Expr:
        var = self._lookup_var(node.id)
        if var is not None:
            return var
        value = self._evaluator.eval(node)
        if isinstance(value, (bool, int, float)):
            return Const(span, value, type=_constant_type(value))
        return OpaqueExpr(span, node.id)

    def _call(self, node: ast.Call, span: Span) -> Expr:
        path = attribute_path(node.func)
        args = [self.parse(arg) for arg in node.args]
        kwargs: dict[str, Any] = {
            kw.arg: self._kwarg(kw.arg, kw.value) for kw in node.keywords if kw.arg and kw.arg != "cache"
        }
        if path and path[0] == "pl" and len(path) >= 2:
            return self._pl_call(node, path[1:], args, kwargs, span)
        if path and path[0] == "self" and len(path) == 2:
            name = f"self.{path[1]}"
            return Call(span, name, args, kwargs, type=self._callee_return_type(path[1]))
        if isinstance(node.func, ast.Name):
            return Call(span, node.func.id, args, kwargs, type=self._callee_return_type(node.func.id))
        return OpaqueExpr(span, ast.unparse(node), _operands(args, kwargs))

    def _kwarg(self, key: str, node: ast.expr) -> Any:
        """A keyword's value; the call-metadata dict `attrs={...}` is kept as ordered
        (key, value) pairs when it is a literal (the printer writes it back as one)."""
        if key == "attrs":
            try:
                return parse_attr_dict(node, self._evaluator, self._lookup_var)
            except NotAnAttrValue:
                pass
            if isinstance(node, ast.Dict) and all(
                isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys
            ):
                # Values that are DSL expressions (a launch size such as `t // 8`) stay expressions.
                return [(k.value, self._attr_item(v)) for k, v in zip(node.keys, node.values)]  # type: ignore[union-attr]
        return self.parse(node)

    def _attr_item(self, node: ast.expr) -> Any:
        try:
            return parse_attr_value(node, self._evaluator, self._lookup_var)
        except NotAnAttrValue:
            return self.parse(node)

    def _pl_call(
        self, node: ast.Call, path: list[str], args: list[Expr], kwargs: dict[str, Any], span: Span
    ) -> Expr:
        if len(path) == 2 and path[1] == "get_byte":
            value = self._evaluator.eval(node.func.value) if isinstance(node.func, ast.Attribute) else UNKNOWN
            size = ops.dtype_bytes(value.name) if isinstance(value, DType) else None
            if size is not None:  # folded at parse time, as the real parser does
                return Const(span, size, type=ScalarType("INDEX"))
            return OpaqueExpr(span, ast.unparse(node), _operands(args, kwargs))
        if path == ["const"]:
            value = self._evaluator.eval(node.args[0]) if node.args else None
            dtype = self._evaluator.eval(node.args[1]) if len(node.args) > 1 else None
            return Const(
                span,
                value if isinstance(value, (bool, int, float)) else None,
                type=ScalarType(dtype.name if isinstance(dtype, DType) else None),
            )
        if path == ["yield_"]:
            return MakeTuple(span, args, type=_yield_type(args))
        namespace = path[0] if len(path) == 2 and path[0] in ops.OP_NAMESPACES else None
        if len(path) != (2 if namespace else 1):
            return OpaqueExpr(span, ast.unparse(node), _operands(args, kwargs))
        op = ops.canonical_op(namespace, path[-1], args)
        call = Call(span, op, args, kwargs)
        if op == "tile.load" and namespace in (None, "tile"):
            self._load_cache_kwarg(node, call, "pl" if namespace is None else "pl.tile")
        call.type = ops.result_type(op, call)
        return call

    def _load_cache_kwarg(self, node: ast.Call, call: Call, module_name: str) -> None:
        """Record `cache=` as an int kwarg: explicit DEFAULT is 0, absent stays absent."""
        value_node = next((kw.value for kw in node.keywords if kw.arg == "cache"), None)
        if value_node is None:
            return
        if isinstance(value_node, ast.Name) and self._lookup_var(value_node.id) is not None:
            return  # a DSL value, not a closure constant: not modelled
        outcome = read_load_cache_kwarg(value_node, self._evaluator.eval(value_node), module_name)
        if outcome.error is not None:
            self._report(load_cache_error(node, outcome.error))
        elif outcome.value is not None:
            call.kwargs["cache"] = outcome.value
            call.kwarg_spans["cache"] = Span.of(value_node)

    def subscript_index(self, node: ast.Subscript) -> SubscriptIndex:
        """The index of `x[...]`, one item per position, slices kept as `Slice`."""
        indices = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        items = [self._index_item(index) for index in indices]
        return SubscriptIndex(Span.of(node.slice), items)

    def _index_item(self, index: ast.expr) -> Expr:
        if not isinstance(index, ast.Slice):
            return self.parse(index)
        lower, upper, step = (
            self.parse(part) if part is not None else None for part in (index.lower, index.upper, index.step)
        )
        return Slice(Span.of(index), lower, upper, step)

    def _subscript(self, node: ast.Subscript, span: Span) -> Expr:
        value = self.parse(node.value)
        indices = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        # The index expressions ride along as one operand, so that what they read is seen.
        index_operand = self.subscript_index(node)
        value_type = value.type
        if isinstance(value_type, TupleType):
            position = self._evaluator.eval(node.slice)
            if isinstance(position, int):
                return TupleGetItem(span, value, position, type=ops.tuple_item_type(value_type, position))
            return OpaqueExpr(span, ast.unparse(node), [value, index_operand])
        if isinstance(value_type, (TensorType, TileType)):
            has_slice = any(isinstance(index, ast.Slice) for index in indices)
            rank = len(value_type.shape) if value_type.shape is not None else None
            level = "tensor" if isinstance(value_type, TensorType) else "tile"
            if has_slice or (rank is not None and len(indices) < rank):
                slice_type = type(value_type)(None, value_type.dtype)
                return Call(span, f"{level}.slice", [value, index_operand], type=slice_type)
            if rank is not None and len(indices) == rank:
                return Call(span, f"{level}.read", [value, index_operand], type=ScalarType(value_type.dtype))
        return OpaqueExpr(span, ast.unparse(node), [value, index_operand])

    def _binary(self, node: ast.BinOp, span: Span) -> Expr:
        lhs = self.parse(node.left)
        rhs = self.parse(node.right)
        op = _BINARY_OPS.get(type(node.op))
        if op is None:  # e.g. `a @ b`: not modelled
            return OpaqueExpr(span, ast.unparse(node), [lhs, rhs])
        for operand in (lhs, rhs):
            if isinstance(operand.type, (TensorType, TileType)):
                level = "tensor" if isinstance(operand.type, TensorType) else "tile"
                return Call(span, f"{level}.{op}", [lhs, rhs], type=type(operand.type)(None, None))
        return BinaryExpr(span, op, lhs, rhs, type=_value_kind(lhs.type, rhs.type))


def _operands(args: list[Expr], kwargs: dict[str, Any]) -> list[Expr]:
    return [*args, *(value for value in kwargs.values() if isinstance(value, Expr))]


def _constant_type(value: object) -> IRType:
    if isinstance(value, bool):
        return ScalarType("BOOL")
    if isinstance(value, int):
        return ScalarType("INDEX")
    if isinstance(value, float):
        return ScalarType("FP32")
    return UnknownType()


def _value_kind(*types: IRType) -> IRType:
    """Scalar arithmetic stays scalar; anything unmodelled stays unknown."""
    if all(isinstance(t, ScalarType) for t in types):
        return ScalarType(None)
    return UnknownType()


def _yield_type(args: list[Expr]) -> IRType:
    if len(args) == 1:
        return args[0].type
    return TupleType(tuple(arg.type for arg in args))
