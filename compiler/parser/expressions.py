"""Expressions of a DSL body -> IR expressions with types.

Calls go through the op tables in `ops`; `pl.load(..., cache=...)` is where
the load-kwarg rule is applied. An expression the real parser would reject, or
that we do not model, becomes an `OpaqueExpr` of unknown type and nothing is
reported: the real compiler is the judge of errors outside this feature.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from typing import Any

from compiler.base.diagnostics import Diagnostic
from compiler.base.span import Span
from compiler.ir import (
    ArrayType,
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
    TaskIdType,
    TensorType,
    TileType,
    TupleGetItem,
    TupleType,
    UnaryExpr,
    UnknownType,
    Var,
)
from compiler.ir.nodes import names_a_value
from compiler.ir.types import TensorView
from compiler.ops.cross_core import array_element_type
from compiler.ops.type_inference import dtype_text, static_int
from compiler.parser import (
    annotation_checks,
    distributed_calls,
    jit_deps,
    op_calls,
    op_catalog,
    op_directives,
    ops,
    split_transfers,
    type_checks,
)
from compiler.parser.attr_values import NotAnAttrValue, parse_attr_dict, parse_attr_value
from compiler.parser.cache_policy import load_cache_error, read_load_cache_kwarg
from compiler.parser.closure_names import SAFE_BUILTINS, ClosureNames
from compiler.parser.errors import (
    FrontEndError,
    fits_int64,
    past_int64,
    syntax_error,
    type_error,
    undefined,
    unsupported,
)
from compiler.parser.jit_deps import DepSignature
from compiler.parser.kernel_calls import ProgramFunctions, check_kernel_call, check_submit_predicate
from compiler.parser.scalar_promotion import cast_to, promoted_dtype
from compiler.parser.subscript_extents import static_extent
from compiler.printer.types import format_type
from compiler.syntax.helper_returns import BodyReturn
from compiler.syntax.names import attribute_path
from compiler.syntax.values import UNKNOWN, DslFunction, DType, ModuleRef, PythonObject, StaticEvaluator

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
_SCALAR_MIN_MAX = frozenset({"min", "max"})  # of two scalars: the IR's Min / Max nodes
_UNARY_OPS = {ast.USub: "neg", ast.Not: "not", ast.Invert: "bit_not", ast.UAdd: "pos"}
# What the real parser builds with the IR's scalar constructors (which reject a
# Tile or Tensor operand); the other Python operators it refuses by name first.
_SCALAR_BINARY = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.LShift, ast.RShift)
_COMPARISONS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
# Expression kinds the real `parse_expression` dispatches; any other is refused.
_EXPRESSION_KINDS = (
    ast.Name,
    ast.Constant,
    ast.BinOp,
    ast.Compare,
    ast.Call,
    ast.Attribute,
    ast.UnaryOp,
    ast.List,
    ast.Tuple,
    ast.Subscript,
    ast.BoolOp,
)
_EXPRESSION_KIND_SET = frozenset(_EXPRESSION_KINDS)


class ExpressionParser:
    def __init__(
        self,
        lookup_var: Callable[[str], Var | None],
        evaluator: StaticEvaluator,
        callee_return_type: Callable[[str], IRType],
        report: Callable[[Diagnostic], None],
    ) -> None:
        self._lookup_var = lookup_var
        # One closure per function, not one per op call.
        self._is_dsl_var: Callable[[str], bool] = lambda name: lookup_var(name) is not None
        self._evaluator = evaluator
        self._callee_return_type = callee_return_type
        self._report = report
        # Set by `strict`: the rejections that need to know what the closure holds.
        self._names: ClosureNames | None = None
        self._program: ProgramFunctions | None = None
        # Set by `jit_body`: the names a `@pl.jit` rewrite may write in as literals.
        self._jit_inlined: Callable[[str], bool] | None = None
        # Set by `jit_calls`: a `@pl.jit` entry's closure and its code as rewritten.
        self._jit_names: ClosureNames | None = None
        self._jit_text: Callable[[ast.AST], str] = ast.unparse
        self._jit_deps: dict[str, DepSignature] = {}
        # Set by `distributed`: where a distributed call is (its function's level, scopes).
        self._pld_context: distributed_calls.PldContext | None = None
        # Set by the function parser: the types a helper typed from its body returns
        # (`body_returns`), given its summary and its value.
        self.body_types: Callable[[BodyReturn, DslFunction], tuple[IRType, ...] | None] | None = None
        # The types the first call of each un-annotated helper passed (`_helper_call_type`).
        self._first_helper_calls: dict[str, tuple[IRType, ...]] = {}
        # The kinds of the loops around the expression (the function parser's own stack).
        self.loop_kinds: list[str] = []
        # The names a loop's scope kept to itself: out of the DSL scope after it.
        self.scoped_out: set[str] = set()

    def strict(self, names: ClosureNames, program: ProgramFunctions | None) -> None:
        """Raise the real parser's rejections of expressions (a body it parses as written:
        not a JIT body, which is rewritten first, nor an inline one, parsed per call)."""
        self._names = names
        self._program = program

    def distributed(self, context: distributed_calls.PldContext) -> None:
        """Check each distributed call's placement and name as the real parser does."""
        self._pld_context = context

    def jit_body(self, inlined_name: Callable[[str], bool]) -> None:
        """The body is a `@pl.jit` one: the jit writes module constants in as literals
        before the real parser reads it, so such a name counts as a literal."""
        self._jit_inlined = inlined_name

    def jit_calls(
        self, names: ClosureNames, source_text: Callable[[ast.AST], str], deps: dict[str, DepSignature]
    ) -> None:
        """Check a `@pl.jit` entry's calls the real parser refuses whatever the rewrite
        did (a method of a DSL variable, a name bound nowhere, a helper's argument count),
        quoting the rewritten code (`source_text`)."""
        self._jit_names = names
        self._jit_text = source_text
        self._jit_deps = deps

    def parse(self, node: ast.expr) -> Expr:
        # Dispatched on the exact class: `ast.parse` builds no subclasses of these.
        kind = type(node)
        if kind is ast.Name:
            return self._name(node)  # most often a DSL variable: no span to build
        if kind not in _EXPRESSION_KIND_SET and self._names is not None:
            raise unsupported(
                f"Unsupported expression type: {kind.__name__}",
                node,
                "Use supported expressions like variables, constants, operations, or function calls",
            )
        span = Span.of(node)
        if kind is ast.Call:
            return self._call(node, span)
        if kind is ast.Constant and node.value is None:
            # `None`, the "no producer yet" TaskId, is the call `system.task_invalid()`.
            return Call(span, "system.task_invalid", [], type=TaskIdType())
        if kind is ast.Constant:
            value = node.value
            if self._names is not None and not (value is None or type(value) in (bool, int, float)):
                raise type_error(
                    f"Unsupported constant type: {type(value)}",
                    node,
                    "Use int, float, bool, or None (TaskId sentinel) constants",
                )
            return self._constant(span, value, node)
        if kind is ast.List or kind is ast.Tuple:
            items = [self.parse(elt) for elt in node.elts]
            return MakeTuple(span, items, type=TupleType(tuple([item.type for item in items])))
        if kind is ast.Subscript:
            return self._subscript(node, span)
        if kind is ast.BinOp:
            return self._binary(node, span)
        if kind is ast.UnaryOp:
            return self._unary(node, span)
        if kind is ast.Compare:
            return self._compare(node, span)
        if kind is ast.BoolOp:
            operands = [self.parse(value) for value in node.values]
            return OpaqueExpr(span, ast.unparse(node), operands, type=ScalarType("BOOL"))
        if kind is ast.Attribute:
            self._check_attribute_of_variable(node)
        return OpaqueExpr(span, ast.unparse(node))

    def _check_attribute_of_variable(self, node: ast.Attribute) -> None:
        """`ta.shape` read as a value: the real parser evaluates an attribute in the closure
        (where a memory space is the one value it takes), and a DSL variable is not there."""
        base = node.value
        if (
            self._names is not None
            and self._jit_inlined is None
            and isinstance(base, ast.Name)
            and self._lookup_var(base.id) is not None
            and not self._names.closure_may_hold(base.id)
        ):
            raise unsupported(
                f"Standalone attribute access not supported: {ast.unparse(node)}",
                node,
                "Attribute access is only supported within function calls",
            )

    def condition(self, node: ast.expr, kind: str, statement: ast.stmt) -> Expr:
        """An `if`/`while` test: a Bool scalar, with no coercion (`if x:` on an int is refused)."""
        condition = self.parse(node)
        self.require_bool(condition, kind, statement)
        return condition

    def require_bool(self, condition: Expr, kind: str, at: ast.stmt) -> None:
        """The parser's refusal of a condition that is a scalar of another dtype than BOOL
        (`_check_condition_is_bool`), reported at `at`."""
        if self._names is None:
            return
        if isinstance(condition.type, ScalarType):
            dtype = condition.type.dtype
            got = None if dtype is None or dtype == "BOOL" else f"pl.Scalar[pl.{dtype}]"
        elif isinstance(condition.type, (TensorType, TileType)):
            got = format_type(condition.type)  # as the real parser prints it (None: not sure)
        else:
            got = None
        if got is not None:
            raise type_error(
                f"{kind} condition must be a Bool-typed scalar expression, got {got}",
                at,
                f"Use an explicit boolean comparison, e.g. `{kind} x != 0:` or `{kind} x > 0:`",
            )

    def _lenient(self, node: ast.expr) -> Expr:
        """An argument the real parser may read other than as an expression (an op's
        keyword or literal, an attrs value): parsed, its rejections not modelled."""
        if isinstance(node, ast.Constant) and node.value is None:
            return Const(Span.of(node), None)  # a Python value for the op, not a TaskId
        try:
            return self.parse(node)
        except FrontEndError:
            return OpaqueExpr(Span.of(node), ast.unparse(node))

    def _name(self, node: ast.Name) -> Expr:
        var = self._lookup_var(node.id)
        if var is not None:
            return var
        span = Span.of(node)
        if self._names is not None and (
            self._names.bound_only_later(node.id) or self._scoped_out_only(node.id)
        ):
            raise undefined(
                f"Undefined variable '{node.id}'",
                node,
                "Check if the variable is defined before using it or is available in the enclosing scope",
            )
        value = self._evaluator.eval(node)
        if isinstance(value, (bool, int, float)):
            return self._constant(span, value, node)
        if self._names is not None and (value is None or isinstance(value, (str, PythonObject))):
            # A closure value the real parser has no IR form for (`python_value_to_ir`).
            type_name = value.type_name if isinstance(value, PythonObject) else type(value).__name__
            raise type_error(
                f"Unsupported closure variable type: {type_name}",
                node,
                "Closure variables must be int, float, bool, list, tuple, or IR expressions",
            )
        if self._names is not None and self._names.is_unbound(node.id, node):
            raise undefined(
                f"Undefined variable '{node.id}'",
                node,
                "Check if the variable is defined before using it or is available in the enclosing scope",
            )
        return OpaqueExpr(span, node.id)

    def _call(self, node: ast.Call, span: Span) -> Expr:
        path = attribute_path(node.func)
        if path and path[0] == "pl" and len(path) >= 2:
            op_path = path[1:]
            split = self._pl_call_before_args(node, op_path)
            transfer = self._names is not None and split_transfers.is_transfer(op_path)
            if transfer:
                split_transfers.check_form(op_path[-1], node)
            if split is not None and split[0] in (None, "tile", "tensor"):
                self._check_positional_constants(node, split)
            args, kwargs = self._op_arguments(node, literal_ok=path[-1] != "yield_")
            if transfer:
                in_split_aiv = "split_aiv" in self.loop_kinds
                split_transfers.check_operand(op_path[-1], node, args[0].type, in_split_aiv)
            return self._pl_call(node, op_path, split, args, kwargs, span)
        if path and path[0] == "pld" and len(path) >= 2:
            checked = len(path) <= 3 and self._pld_context is not None
            if checked:
                distributed_calls.check_pld_call(node, path, self._pld_context)
            return self.distributed_call(node, span, checked)
        self._check_call_target(node)
        args = [self.parse(arg) for arg in node.args]
        kwargs = {
            kw.arg: self._kwarg(kw.arg, kw.value) for kw in node.keywords if kw.arg and kw.arg != "cache"
        }
        if path and path[0] == "self" and len(path) == 2:
            name = f"self.{path[1]}"
            return Call(span, name, args, kwargs, type=self._callee_return_type(path[1]))
        if isinstance(node.func, ast.Name):
            result = self._callee_return_type(node.func.id)
            unpacked = any(isinstance(arg, ast.Starred) for arg in node.args) or any(
                kw.arg is None for kw in node.keywords
            )
            if isinstance(result, UnknownType) and not unpacked:
                result = self._helper_call_type(node.func.id, args, kwargs) or result
            return Call(span, node.func.id, args, kwargs, type=result)
        return OpaqueExpr(span, ast.unparse(node), _operands(args, kwargs))

    def _helper_call_type(self, name: str, args: list[Expr], kwargs: dict[str, Expr]) -> IRType | None:
        """The type a call of a `@pl.jit` helper without a return annotation binds: the
        types of the tensors passed for the parameters it returns (`helper_returns`). The
        specializer types the helper from its first call: a later call passing tensors of
        other types (static shapes bound once) is left unknown rather than guessed."""
        callee = self._evaluator.lookup(name)
        inferred = callee.inferred_return if isinstance(callee, DslFunction) else None
        if inferred is None:
            return None
        if isinstance(inferred, BodyReturn):  # (typed from the helper's body, whatever is passed)
            found = self.body_types(inferred, callee) if self.body_types is not None else None
            if not found:
                return None
            return TupleType(found) if len(found) > 1 else found[0]
        passed = dict(zip(inferred.params, args, strict=False))
        passed.update((key, value) for key, value in kwargs.items() if key in inferred.params)
        types = []
        for position in inferred.returned:
            arg = passed.get(inferred.params[position])
            if arg is None or not isinstance(arg.type, TensorType):
                return None  # no tensor passed: the specializer has no type for it
            types.append(arg.type)
        first = self._first_helper_calls.setdefault(name, tuple(types))
        if first != tuple(types):
            return None
        return TupleType(tuple(types)) if inferred.as_tuple else types[0]

    def distributed_call(self, node: ast.Call, span: Span, checked: bool = False) -> Expr:
        """A distributed op: its arguments are read as an op's are (`mode="ring"` is an
        attribute, not a constant expression), then bound to its wrapper and, `checked`,
        judged by its rules (`distributed_calls.typed_call`)."""
        args, kwargs = self._op_arguments(node, literal_ok=True)
        path = distributed_calls.pld_path(node)
        if path is None or len(path) > 3:
            return OpaqueExpr(span, ast.unparse(node), _operands(args, kwargs))
        if checked:
            distributed_calls.check_pld_arguments(node, path)
        return distributed_calls.typed_call(node, path, args, kwargs, checked)

    def _op_arguments(self, node: ast.Call, literal_ok: bool) -> tuple[list[Expr], dict[str, Any]]:
        """An op call's arguments: literals may be read as attributes, not expressions
        (a yielded value is always an expression, hence `literal_ok`)."""
        # A positional `None` is read as an expression (`_parse_op_positional_arg`): the
        # TaskId sentinel `system.task_invalid()`, whatever slot of the op it lands in.
        # A constant (not `None`) may be taken as an attribute rather than an expression.
        constant = ast.Constant
        args = [
            self._lenient(arg)
            if literal_ok and arg.__class__ is constant and arg.value is not None  # type: ignore[attr-defined]
            else self.parse(arg)
            for arg in node.args
        ]
        kwargs: dict[str, Any] = {
            kw.arg: self._op_kwarg(kw.arg, kw.value) for kw in node.keywords if kw.arg and kw.arg != "cache"
        }
        return args, kwargs

    def _check_call_target(self, node: ast.Call) -> None:
        """The real parser's rejections of a call that is not a `pl.` op, raised before
        any argument is read: a method of anything but `pl`/`self`, a bare name whose
        closure value is not a DSL function, a `self.<kernel>(...)` that does not fit."""
        if self._names is None:
            if self._jit_names is not None:
                self._check_jit_call_target(node, self._jit_names)
            return
        func = node.func
        if isinstance(func, ast.Attribute):
            if func.attr == "yield_":
                return  # any `<x>.yield_(...)` is taken as pl.yield_
            if isinstance(func.value, ast.Name) and func.value.id == "self":
                if self._program is not None:
                    check_kernel_call(node, func.attr, self._program)
                return
            path = attribute_path(func)
            if path is not None and path[0] in ("pl", "pld"):
                return  # pl.<ns> spellings and the distributed ops: not modelled here
            raise unsupported(
                f"Unsupported operation call: {ast.unparse(node)}",
                node,
                "Use pl.*, pl.tensor.*, pl.tile.*, or pl.system.* operations",
            )
        if isinstance(func, ast.Name) and not self._names.call_is_unsupported(func.id):
            return
        raise unsupported(
            f"Unsupported function call: {ast.unparse(node)}",
            node,
            "Use pl.* operations, pl.yield_(), self.method() for cross-function calls, "
            "or call an external @pl.function / @pl.inline by name",
        )

    def _check_jit_call_target(self, node: ast.Call, names: ClosureNames) -> None:
        """In a `@pl.jit` entry: a method of anything but `pl` / `pld` / `self` (its
        parameters' `bind_dynamic` statements are deleted before), a call of a name bound
        nowhere, a helper's argument count."""
        func = node.func
        if isinstance(func, ast.Attribute):
            path = attribute_path(func)
            # `self.<f>(...)`: the rewrite's own spelling of a helper call (as dumps print it).
            if func.attr == "yield_" or path is None or path[0] in ("pl", "pld", "self"):
                return
            if isinstance(self._evaluator.eval(ast.Name(path[0])), ModuleRef):
                return  # a module's function (an alias of `pl`, another module): not judged here
            raise unsupported(
                f"Unsupported operation call: {self._jit_text(node)}",
                node,
                "Use pl.*, pl.tensor.*, pl.tile.*, or pl.system.* operations",
            )
        if not isinstance(func, ast.Name):
            return
        signature = self._jit_deps.get(func.id)
        count = jit_deps.rewritten_argument_count(node, signature) if signature is not None else None
        if signature is not None and count is not None and count != len(signature.params):
            raise type_error(
                f"Function '{func.id}' expects {len(signature.params)} argument(s), got {count}",
                node,
                f"Parameters: {list(signature.params)}",
            )
        if names.call_is_unsupported(func.id) and names.is_unbound(func.id, node):
            raise unsupported(
                f"Unsupported function call: {self._jit_text(node)}",
                node,
                "Use pl.* operations, pl.yield_(), self.method() for cross-function calls, "
                "or call an external @pl.function / @pl.inline by name",
            )

    def _op_kwarg(self, key: str, node: ast.expr) -> Any:
        """A `pl.` op keyword: literals, names, attributes, negated values and lists are
        first read as closure values by the real parser, so they are parsed leniently."""
        if key != "dtype" and isinstance(node, (ast.Name, ast.Attribute)):
            self._check_closure_kwarg(node)
        if key == "dtype" or isinstance(node, (ast.Constant, ast.Name, ast.Attribute, ast.UnaryOp, ast.List)):
            return self._kwarg(key, node, lenient=True)
        return self._kwarg(key, node)

    def _check_closure_kwarg(self, node: ast.Name | ast.Attribute) -> None:
        """A keyword's name (or attribute of one) outside the DSL scope is evaluated in the
        closure (`_resolve_name_kwarg` / `_resolve_attribute_kwarg`): a name bound nowhere
        is Python's NameError there."""
        root = node
        while isinstance(root, ast.Attribute):
            root = root.value
        if self._names is None or not isinstance(root, ast.Name) or root.id in ("True", "False"):
            return
        if isinstance(node, ast.Attribute) and (root.id == "pl" or self._lookup_var(root.id) is not None):
            return  # a dtype or a buffer's field is read before the closure is
        if self._lookup_var(root.id) is not None:
            return
        names = self._names
        if (
            names.is_unbound(root.id, root)
            or names.bound_only_later(root.id)
            or self._scoped_out_only(root.id)
        ):
            raise type_error(
                f"Cannot resolve expression '{ast.unparse(node)}': name '{root.id}' is not defined",
                node,
                "Make sure the variable is defined in the enclosing scope",
            )

    def _require_closure_condition(self, node: ast.Call, condition: ast.Name) -> None:
        """A static_assert condition the closure cannot evaluate is parsed: a DSL variable
        is an IR expression, never a constant."""
        names = self._names
        if names is None or names.closure_may_hold(condition.id) or condition.id in SAFE_BUILTINS:
            return
        raise FrontEndError(
            "ParserError",
            "static_assert condition must be compile-time evaluable",
            node,
            f"Condition `{condition.id}` produced a non-constant IR expression",
        )

    def _scoped_out_only(self, name: str) -> bool:
        """`name` was bound only inside a loop that kept it, and the closure has none."""
        assert self._names is not None
        return (
            name in self.scoped_out and not self._names.closure_may_hold(name) and name not in SAFE_BUILTINS
        )

    def _kwarg(self, key: str, node: ast.expr, lenient: bool = False) -> Any:
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
            return self._lenient(node)
        return self._lenient(node) if lenient else self.parse(node)

    def _attr_item(self, node: ast.expr) -> Any:
        try:
            return parse_attr_value(node, self._evaluator, self._lookup_var)
        except NotAnAttrValue:
            return self._lenient(node)

    def _check_positional_constants(self, node: ast.Call, split: tuple[str | None, str]) -> None:
        """An op's positional literal is read as an expression (`_parse_op_positional_arg`):
        a string there is no constant the IR has."""
        if self._names is None:
            return
        for arg in node.args:
            # (the literal first, the cheap and usual "no"; then whether the op is one)
            if (
                isinstance(arg, ast.Constant)
                and isinstance(arg.value, (str, bytes))
                and op_catalog.lookup(*split) is not None
            ):
                raise type_error(
                    f"Unsupported constant type: {type(arg.value)}",
                    arg,
                    "Use int, float, bool, or None (TaskId sentinel) constants",
                )

    def _pl_call_before_args(self, node: ast.Call, path: list[str]) -> tuple[str | None, str] | None:
        """What the real parser rejects before it reads any argument of a `pl.` call:
        `pl.const` / `pl.static_assert` argument rules and an unknown op name. Returns
        the op's (namespace, name), None when the path is no op call we check."""
        split = op_calls.split_op_path(path)
        if split is None:
            # `pl.<x>.<y>(...)` outside the op namespaces (and no `get_byte`) is dispatched
            # as the op `pl.<x>`: `pl.FP32.get_bytes()` is an unknown op `pl.FP32`.
            if path[0] not in op_catalog.NAMESPACES and path[0] != "const" and path[1:] != ["get_byte"]:
                op_calls.check_unified_op_name(path[0], node)
            return None
        if split[0] is None and split[1] == "const":
            names = self._names
            check_dtype = (
                None
                if names is None
                else functools.partial(
                    annotation_checks.check_dtype_node, evaluator=self._evaluator, is_unbound=names.is_unbound
                )
            )
            op_directives.check_const(node, self._jit_inlined, check_dtype)
        elif split[0] is None and split[1] == "static_assert":
            op_directives.check_static_assert(node, self._evaluator.eval)
            condition = node.args[0]
            if isinstance(condition, ast.Name) and self._lookup_var(condition.id) is not None:
                self._require_closure_condition(node, condition)
        else:
            op_calls.check_op_name(split[0], split[1], node)
        return split

    def _pl_call(
        self,
        node: ast.Call,
        path: list[str],
        split: tuple[str | None, str] | None,
        args: list[Expr],
        kwargs: dict[str, Any],
        span: Span,
    ) -> Expr:
        """`pl.<path>(...)`; `split` is the path as (namespace, op name), None when the
        path is no op call (`pl.<x>.<y>.<z>`, `pl.FP32.get_byte`)."""
        if len(path) == 2 and path[1] == "get_byte":
            value = self._evaluator.eval(node.func.value) if isinstance(node.func, ast.Attribute) else UNKNOWN
            size = ops.dtype_bytes(value.name) if isinstance(value, DType) else None
            if size is not None:  # folded at parse time, as the real parser does
                return Const(span, size, type=ScalarType("INDEX"))
            return OpaqueExpr(span, ast.unparse(node), _operands(args, kwargs))
        if split is None:
            return OpaqueExpr(span, ast.unparse(node), _operands(args, kwargs))
        namespace, name = split
        if namespace is None:
            if name == "const":
                value = self._evaluator.eval(node.args[0]) if node.args else None
                dtype = self._evaluator.eval(node.args[1]) if len(node.args) > 1 else None
                if not fits_int64(value):
                    return self._constant(span, value, node)
                return Const(
                    span,
                    value if isinstance(value, (bool, int, float)) else None,
                    type=ScalarType(dtype.name if isinstance(dtype, DType) else None),
                )
            if name == "yield_":
                return MakeTuple(span, args, type=_yield_type(args))
            if name in ("submit", "spmd_submit") and isinstance(kwargs.get("predicate"), OpaqueExpr):
                check_submit_predicate(node, kwargs["predicate"])
        if self._names is not None and node.keywords:  # their own rejections (`dtype=pl.fp32`, `k=pl.FP64`)
            type_checks.check_op_keywords(namespace, name, node, self._evaluator, self._names.is_unbound)
        # Unknown op, argument list, operand kinds: raised here as the real parser does.
        built: dict[str, Any] = {}
        deduced = op_calls.check_op_call(
            namespace, name, node, args, kwargs, self._evaluator.eval, self._is_dsl_var, built
        )
        written_op = ops.canonical_op(namespace, name, args)
        op = built.get("op") or written_op
        call = Call(span, op, built.get("args", args), built.get("kwargs", kwargs))
        if op in _ELEMENT_ACCESS and len(call.args) > 1 and not isinstance(call.args[1], MakeTuple):
            # `pl.read(t, i)`: the wrapper makes a bare index a one-element list
            call.args = [call.args[0], _index_list(call.args[1].span, [call.args[1]]), *call.args[2:]]
        if op == "tile.load" and namespace in (None, "tile"):
            self._load_cache_kwarg(node, call, "pl" if namespace is None else "pl.tile")
        # Not deduced: the coarse kind of the op as written (`pl.tpop_from_aiv` is a system
        # op whose result we do not type, though it builds `tile.tpop_from_aiv`).
        call.type = deduced if deduced is not None else ops.result_type(written_op, call)
        if op.rpartition(".")[2] in _SCALAR_MIN_MAX and len(call.args) == 2 and not call.kwargs:
            # The scalar Min / Max nodes promote their operands as the binary operators do.
            dtype = promoted_dtype(call.args[0], call.args[1])
            if dtype is not None:
                call.args = [cast_to(arg, dtype) for arg in call.args]
                call.type = ScalarType(dtype)
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
        if self._names is not None and isinstance(node.value, ast.Name) and isinstance(value, OpaqueExpr):
            self._check_closure_tuple_index(node)
        indices = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if self._names is not None:  # the value's kind, then the index count
            type_checks.check_subscript(value.type, len(indices), node)
        if isinstance(value.type, ArrayType):
            return self._array_element(node, value, span)
        self._check_slice_steps(node, indices, value.type)
        # The index expressions ride along as one operand, so that what they read is seen.
        index_operand = self.subscript_index(node)
        value_type = value.type
        if isinstance(value_type, TupleType):
            if self._names is not None:
                type_checks.check_tuple_index(node)
            position = self._evaluator.eval(node.slice)
            if isinstance(position, int):
                return TupleGetItem(span, value, position, type=ops.tuple_item_type(value_type, position))
            return OpaqueExpr(span, ast.unparse(node), [value, index_operand])
        if isinstance(value_type, (TensorType, TileType)):
            has_slice = any(isinstance(index, ast.Slice) for index in indices)
            rank = len(value_type.shape) if value_type.shape is not None else None
            level = "tensor" if isinstance(value_type, TensorType) else "tile"
            if has_slice and isinstance(value_type, TensorType):
                lowered = _real_tensor_slice(span, value, value_type, index_operand)
                if lowered is not None:
                    lowered.type = self._slice_type(node, indices, lowered)
                    return lowered
            if has_slice or (rank is not None and len(indices) < rank):
                slice_type = type(value_type)(None, value_type.dtype)
                return Call(span, f"{level}.slice", [value, index_operand], type=slice_type)
            if rank is not None and len(indices) == rank:
                return Call(span, f"{level}.read", [value, index_operand], type=ScalarType(value_type.dtype))
        if (
            isinstance(value, OpaqueExpr)
            and names_a_value(value.text)
            and all(isinstance(self._evaluator.eval(index), int) for index in indices)
        ):
            # An item of a closure value we could not fold (`valid_shape[0]` of a list the
            # test case builds at run time): Python reads it, as it reads the name; its
            # form is modelled, only its value is not known here.
            return OpaqueExpr(span, ast.unparse(node), [value, index_operand], modelled=True)
        return OpaqueExpr(span, ast.unparse(node), [value, index_operand])

    def _check_closure_tuple_index(self, node: ast.Subscript) -> None:
        """`SHAPE[2]` of a module list or tuple: the real parser builds it as a tuple and
        reads item 2 of it, which the IR refuses past the end (a CHECK its decorator wraps)."""
        container = self._evaluator.eval(node.value)
        position = self._evaluator.eval(node.slice) if isinstance(node.slice, ast.Constant) else None
        if isinstance(container, (list, tuple)) and type(position) is int and position >= len(container):
            raise FrontEndError(
                "ValueError",
                f"TupleGetItemExpr index {position} out of bounds for tuple with {len(container)} elements",
                node,
                in_function=True,
            )

    def _array_element(self, node: ast.Subscript, array: Expr, span: Span) -> Expr:
        """`arr[i]` on an Array reads one element: `array.get_element(arr, i)`, of one index
        only (an Array is rank 1)."""
        if isinstance(node.slice, ast.Tuple):
            if self._names is None:
                return OpaqueExpr(span, ast.unparse(node), [array])
            raise type_error(
                "Array subscript requires a single index (rank-1 in v1)", node, "Use arr[i], not arr[i, j]"
            )
        index = self.parse(node.slice)
        return Call(
            span, "array.get_element", [array, index], type=array_element_type(array.type) or UnknownType()
        )

    def _slice_type(self, node: ast.Subscript, indices: list[ast.expr], call: Call) -> IRType:
        """The type of the `tensor.slice` a subscript is, deduced as that of the explicit
        `pl.tensor.slice(x, [sizes], [offsets])` (its errors too): the real parser builds
        the op through the same deduction."""
        sizes = call.args[1].items  # type: ignore[attr-defined]
        lowers = [index.lower if isinstance(index, ast.Slice) else None for index in indices]
        lowers += [None] * (len(sizes) - len(lowers))
        offsets = [lower if lower is not None else ast.Constant(0) for lower in lowers]
        explicit = ast.Call(
            func=ast.Attribute(
                ast.Attribute(ast.Name("pl", ast.Load()), "tensor", ast.Load()), "slice", ast.Load()
            ),
            args=[
                node.value,
                ast.List([ast.Constant(size.value) for size in sizes], ast.Load()),
                ast.List(offsets, ast.Load()),
            ],
            keywords=[],
        )
        ast.fix_missing_locations(ast.copy_location(explicit, node))
        for part in ast.walk(explicit):
            if not hasattr(part, "lineno") or part.lineno is None:
                ast.copy_location(part, node)
        deduced = op_calls.check_op_call(
            "tensor", "slice", explicit, call.args, {}, self._evaluator.eval, self._is_dsl_var
        )
        return deduced if deduced is not None else call.type

    def _check_slice_steps(self, node: ast.Subscript, indices: list[ast.expr], value_type: IRType) -> None:
        """`x[...]` on a Tensor or Tile, its indices read in order: a slice's step is
        refused; on a tile, so are a lower bound that is no constant and a slice whose
        static extent is not positive (`_build_tile_alloc_extent`)."""
        if self._names is None or not isinstance(value_type, (TensorType, TileType)):
            return
        if value_type.shape is None or len(indices) > len(value_type.shape):
            return  # a rank error comes first
        is_tile = isinstance(value_type, TileType)
        if not is_tile and not any(isinstance(index, ast.Slice) and index.step for index in indices):
            return
        level = "tile" if is_tile else "tensor"
        for axis, index in enumerate(indices):
            if not isinstance(index, ast.Slice):
                self.parse(index)
                continue
            if index.step is not None:
                raise unsupported(
                    f"Slice step is not supported in {level} subscript",
                    node,
                    "Use A[start:stop] without step",
                )
            lower = self.parse(index.lower) if index.lower is not None else None
            upper = self.parse(index.upper) if index.upper is not None else None
            if not is_tile:
                continue
            if lower is not None and not _is_int_const(lower):
                raise unsupported(
                    "Dynamic lower bounds are not supported in tile subscript",
                    node,
                    "Use a constant tile slice lower bound or rewrite the logic with explicit tile ops",
                )
            start = lower.value if isinstance(lower, Const) else 0
            if _tile_slice_extent(start, upper, static_int(value_type.shape[axis])) is not None:
                continue
            raise unsupported(
                "Tile subscript must produce a positive static extent",
                node,
                "Keep tile slice bounds within the source static shape and ensure upper > lower",
            )

    def _folds_in_closure(self, node: ast.expr) -> bool:
        """The real parser first evaluates an operator tree of closure names and literals
        in Python; when every name may be bound there, that may succeed: no rejection.
        (Only in strict bodies: elsewhere the expression keeps its written form.)"""
        if self._names is None:
            return False
        # Every node of the tree, as `ast.walk` would give them, but only through the
        # foldable kinds (their operators and contexts are foldable too); the checks
        # are pure, so the order does not matter.
        pending: list[ast.expr] = [node]
        while pending:
            child = pending.pop()
            if isinstance(child, ast.Name):
                if self._lookup_var(child.id) is not None:
                    return False
                if self._names is not None and self._names.is_unbound(child.id, child):
                    return False
            elif isinstance(child, ast.BinOp):
                pending.append(child.left)
                pending.append(child.right)
            elif isinstance(child, ast.UnaryOp):
                pending.append(child.operand)
            elif not isinstance(child, ast.Constant):
                return False
        return True

    def _binary(self, node: ast.BinOp, span: Span) -> Expr:
        in_closure = self._folds_in_closure(node)
        folded = self._folded(node, span) if in_closure else None
        if folded is not None:
            return folded
        lhs = self.parse(node.left)
        rhs = self.parse(node.right)
        op = _BINARY_OPS.get(type(node.op))
        if in_closure:  # the Python evaluation may succeed where ours gave up: no rejection
            pass
        elif self._names is not None and not isinstance(node.op, _SCALAR_BINARY):
            raise unsupported(
                f"Unsupported binary operator: {type(node.op).__name__}",
                node,
                "Use supported operators: +, -, *, /, //, %, <<, >>",
            )
        else:
            self._require_scalars(lhs, rhs)
            self._require_one_category(op, lhs, rhs, node)
        if op is None:  # e.g. `a @ b`: not modelled
            return OpaqueExpr(span, ast.unparse(node), [lhs, rhs])
        for operand in (lhs, rhs):
            if isinstance(operand.type, (TensorType, TileType)):
                level = "tensor" if isinstance(operand.type, TensorType) else "tile"
                return Call(span, f"{level}.{op}", [lhs, rhs], type=type(operand.type)(None, None))
        dtype = promoted_dtype(lhs, rhs) if op in _INDEX_PRESERVING else None
        if dtype is not None:
            return BinaryExpr(span, op, cast_to(lhs, dtype), cast_to(rhs, dtype), type=ScalarType(dtype))
        return BinaryExpr(span, op, lhs, rhs, type=_arithmetic_type(op, lhs.type, rhs.type))

    def _unary(self, node: ast.UnaryOp, span: Span) -> Expr:
        literal = node.operand.value if isinstance(node.operand, ast.Constant) else None
        if isinstance(node.op, ast.USub) and type(literal) in (int, float):
            # `-1` is the literal -1, as a negative module constant is: one spelling, one IR.
            # (The real parser makes the literal's constant first, then folds the sign.)
            literal = self._constant(span, literal, node)
            return (
                literal if isinstance(literal, OpaqueExpr) else Const(span, -literal.value, type=literal.type)
            )
        in_closure = not isinstance(node.op, (ast.Not, ast.Invert)) and self._folds_in_closure(node)
        folded = self._folded(node, span) if in_closure else None
        if folded is not None:
            return folded
        operand = self.parse(node.operand)
        if self._names is not None and not in_closure and isinstance(node.op, ast.UAdd):
            raise unsupported(
                "Unsupported unary operator: UAdd", node, "Use supported unary operators: -, not, ~"
            )
        if isinstance(node.op, (ast.USub, ast.Invert)):
            self._require_scalars(operand)
        return UnaryExpr(span, _UNARY_OPS.get(type(node.op), "?"), operand, type=_value_kind(operand.type))

    def _compare(self, node: ast.Compare, span: Span) -> Expr:
        if self._names is not None and len(node.ops) != 1:
            raise syntax_error(
                "Only simple comparisons supported",
                node,
                "Use single comparison operators like: a < b, not chained comparisons",
            )
        operands = [self.parse(node.left), *(self.parse(item) for item in node.comparators)]
        if self._names is not None and not isinstance(node.ops[0], _COMPARISONS):
            raise unsupported(
                f"Unsupported comparison: {type(node.ops[0]).__name__}",
                node,
                "Use supported comparisons: ==, !=, <, <=, >, >=",
            )
        self._require_scalars(*operands)
        return OpaqueExpr(span, _promoted_comparison(node, operands), operands, type=ScalarType("BOOL"))

    def _folded(self, node: ast.expr, span: Span) -> Expr | None:
        """The closure evaluation's constant; None when ours cannot tell (the
        expression is then read as written, without rejections)."""
        value = self._evaluator.eval(node)
        if isinstance(value, complex) and self._names is not None:  # `K ** 0.5`, K < 0
            raise type_error(
                "Unsupported closure variable type: complex",
                node,
                "Closure variables must be int, float, bool, list, tuple, or IR expressions",
            )
        if isinstance(value, (bool, int, float)):
            return self._constant(span, value, node)
        return None

    def _constant(self, span: Span, value: bool | int | float | None, node: ast.expr) -> Expr:
        """A constant of the IR; an integer past 64 bits is the real parser's error (not
        raised where its rejections are not modelled: an opaque expression then)."""
        if fits_int64(value):
            return Const(span, value, type=_constant_type(value))
        if self._names is not None:
            raise past_int64(node)
        return OpaqueExpr(span, ast.unparse(node))

    def _require_scalars(self, *operands: Expr) -> None:
        """The IR's scalar operators take scalars only; the real compiler's error for a
        Tile or Tensor operand (checked left to right) escapes the parser, so its
        decorator reports it on the function. Silent while an operand's type is unknown."""
        if self._names is None:
            return
        for operand in operands:
            if isinstance(operand.type, (TileType, TensorType)) and isinstance(operand, (Var, Call)):
                kind = "Var" if isinstance(operand, Var) else "Call"
                raise FrontEndError(
                    "ParserSyntaxError",
                    "Expression must be ScalarExpr or Var with ScalarType, "
                    f"got {kind} with type {type(operand.type).__name__}",
                    operand.span,
                    "Check your function definition for errors",
                    in_function=True,
                )
            if not isinstance(operand.type, ScalarType):
                return  # unknown: it might fail first, with another message

    def _require_one_category(self, op: str | None, lhs: Expr, rhs: Expr, node: ast.BinOp) -> None:
        """`n * 0.5` with `n` an integer scalar: the IR's arithmetic promotes within one
        category only (integers, floats), and its error escapes the parser (reported by
        the decorator, on the function)."""
        if self._names is None or op not in _ONE_CATEGORY_OPS:
            return
        dtypes = [getattr(operand.type, "dtype", None) for operand in (lhs, rhs)]
        if not all(isinstance(operand.type, ScalarType) for operand in (lhs, rhs)) or None in dtypes:
            return
        categories = {_category(dtype) for dtype in dtypes}
        if categories == {"int", "float"}:
            raise FrontEndError(
                "ParserSyntaxError",
                f"Operator '{op}' requires same numeric dtype category, got {dtype_text(dtypes[0])} and "
                f"{dtype_text(dtypes[1])}",
                node,
                "Check your function definition for errors",
                in_function=True,
            )


# The scalar operators whose refusal of two categories is recorded with the real compiler.
_ONE_CATEGORY_OPS = frozenset({"add", "sub", "mul"})


def _category(dtype: str) -> str | None:
    if dtype == "INDEX" or dtype.startswith(("INT", "UINT")):
        return "int"
    if dtype.startswith(("FP", "BF")):
        return "float"
    return None


def _promoted_comparison(node: ast.Compare, operands: list[Expr]) -> str:
    """The comparison's text with its operands promoted to one dtype (`operands` take
    their casts): `pl.cast(cond, pl.INDEX) == 1` for an INT32 `cond`."""
    if len(operands) != 2:
        return ast.unparse(node)
    dtype = promoted_dtype(operands[0], operands[1])
    if dtype is None:
        return ast.unparse(node)
    nodes = [node.left, node.comparators[0]]
    for index, operand in enumerate(operands):
        cast = cast_to(operand, dtype)
        if cast is not operand:
            operands[index] = cast
            pl = ast.Name("pl", ast.Load())
            nodes[index] = ast.Call(
                ast.Attribute(pl, "cast", ast.Load()),
                [nodes[index], ast.Attribute(pl, dtype, ast.Load())],
                [],
            )
    return ast.unparse(ast.Compare(nodes[0], node.ops, nodes[1:]))


def _operands(args: list[Expr], kwargs: dict[str, Any]) -> list[Expr]:
    return [*args, *(value for value in kwargs.values() if isinstance(value, Expr))]


# UnknownType has no fields: one is shared. A type with fields is built per node: a
# unit's IR moved to other lines is copied with its sharing (`map_spans`), and an object
# shared between units would come out of such copies as several.
_UNKNOWN = UnknownType()


_CONSTANT_DTYPES = {bool: "BOOL", int: "INDEX", float: "FP32"}


def _constant_type(value: object) -> IRType:
    dtype = _CONSTANT_DTYPES.get(type(value))
    if dtype is not None:
        return ScalarType(dtype)
    if isinstance(value, bool):
        return ScalarType("BOOL")
    if isinstance(value, int):
        return ScalarType("INDEX")
    if isinstance(value, float):
        return ScalarType("FP32")
    return _UNKNOWN


# Integer arithmetic on two INDEX scalars is INDEX in the real IR (true division is not).
_INDEX_PRESERVING = frozenset({"add", "sub", "mul", "floordiv", "mod", "shl", "shr"})


def _arithmetic_type(op: str, lhs: IRType, rhs: IRType) -> IRType:
    """`k0 = kb * TILE` is an INDEX scalar (so `if k0:` is known not to be a Bool)."""
    if (
        op in _INDEX_PRESERVING
        and isinstance(lhs, ScalarType)
        and isinstance(rhs, ScalarType)
        and lhs.dtype == rhs.dtype == "INDEX"
    ):
        return ScalarType("INDEX")
    return _value_kind(lhs, rhs)


def _value_kind(*types: IRType) -> IRType:
    """Scalar arithmetic stays scalar; anything unmodelled stays unknown."""
    if all(isinstance(t, ScalarType) for t in types):
        return ScalarType(None)
    return _UNKNOWN


def _yield_type(args: list[Expr]) -> IRType:
    if len(args) == 1:
        return args[0].type
    return TupleType(tuple(arg.type for arg in args))


def _real_tensor_slice(span: Span, value: Expr, source: TensorType, index: SubscriptIndex) -> Call | None:
    """`x[a:b, :]` as the real parser builds it: `tensor.slice(x, [b - a, n], [a, 0])`, each
    extent folded, typed `Tensor[[b - a, n], dtype]`. None where that is not modelled (an
    integer index, which drops its dimension; a step; an extent that is not a constant; a
    source with a view): the subscript is then kept as written."""
    window = _static_window(span, source, index)
    if window is None:
        return None
    sizes, offsets = window
    size_consts: list[Expr] = [Const(span, size, type=ScalarType("INDEX")) for size in sizes]
    result = TensorType(tuple(sizes), source.dtype, view=None)
    return Call(
        span, "tensor.slice", [value, _index_list(span, size_consts), _index_list(span, offsets)], type=result
    )


def real_tensor_assemble(span: Span, target: Var, source: Expr, index: SubscriptIndex) -> Call | None:
    """`dst[a:b, :] = src` as the real parser builds it: `tensor.assemble(dst, src, [a, 0])`.
    None where that is not modelled (see `_real_tensor_slice`; a source whose rank is not
    the window's, which the real parser lifts): the store is then kept as written."""
    destination, value = target.type, source.type
    if not isinstance(destination, TensorType) or not isinstance(value, TensorType):
        return None
    window = _static_window(span, destination, index)
    if window is None or value.shape is None or len(value.shape) != len(window[0]):
        return None
    return Call(span, "tensor.assemble", [target, source, _index_list(span, window[1])], type=destination)


def _static_window(
    span: Span, source: TensorType, index: SubscriptIndex
) -> tuple[list[int], list[Expr]] | None:
    """The extents and offsets of a subscript of `source` made of slices alone whose
    extents fold (the dimensions it leaves out are `:`), None otherwise."""
    shape = source.shape
    if (
        shape is None
        or isinstance(source.view, TensorView)
        or source.distributed
        or len(index.items) > len(shape)
    ):
        return None
    items = [*index.items, *(Slice(span, None, None, None) for _ in shape[len(index.items) :])]
    sizes: list[int] = []
    offsets: list[Expr] = []
    for item, dim in zip(items, shape, strict=True):
        if not isinstance(item, Slice) or item.step is not None:
            return None
        size = static_extent(item.lower, item.upper, dim)
        if size is None:
            return None
        sizes.append(size)
        offsets.append(item.lower if item.lower is not None else Const(span, 0, type=ScalarType("INDEX")))
    return sizes, offsets


# The element reads and writes, whose wrappers take a bare index for a list of one.
_ELEMENT_ACCESS = frozenset({"tensor.read", "tile.read", "tensor.write", "tile.write"})


def _index_list(span: Span, items: list[Expr]) -> MakeTuple:
    """A list of indices, typed as the parser types the list of an explicit op call."""
    return MakeTuple(span, items, type=TupleType(tuple(item.type for item in items)))


def _is_int_const(expr: Expr) -> bool:
    return isinstance(expr, Const) and type(expr.value) is int


def _tile_slice_extent(lower: int, upper: Expr | None, static: int | None) -> int | None:
    """A tile slice's static extent as `_build_tile_alloc_extent` sizes it: the slice's
    own, clamped to what the source has past `lower`; None when it is not positive. (A
    symbolic upper bound or shape leaves it unknown: 1 stands for "positive".)"""
    most = max(static - lower, 0) if static is not None else None
    if upper is not None and _is_int_const(upper):
        extent = max(upper.value - lower, 0)  # type: ignore[attr-defined]
        if most is not None:
            extent = min(extent, most)
        return extent if extent > 0 else None
    if most is not None:
        return most if most > 0 else None
    return 1
