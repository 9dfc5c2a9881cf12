"""One DSL function body -> IR `Function`, with the parser's cache-policy diagnostics.

Statements are visited in source order, as the real parser does, with one
binding table per function: names bound in loops, branches and scopes leak to
the enclosing body (the real scope manager exits them with `leak_vars=True`),
so "bound where the scope starts" is "bound by a statement parsed before it".
"""

from __future__ import annotations

import ast
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from compiler.diagnostics import Diagnostic
from compiler.ir import (
    AssignStmt,
    BreakStmt,
    Call,
    ClusterScopeStmt,
    ContinueStmt,
    EvalStmt,
    Expr,
    ForKind,
    ForStmt,
    Function,
    FunctionType,
    HierarchyScopeStmt,
    IfStmt,
    InCoreScopeStmt,
    IRType,
    MakeTuple,
    OpaqueExpr,
    OpaqueStmt,
    Param,
    ReturnStmt,
    RuntimeScopeStmt,
    ScalarType,
    ScopeKind,
    ScopeStmt,
    SeqStmts,
    SplitAivScopeStmt,
    SpmdScopeStmt,
    Stmt,
    TaskIdType,
    TupleGetItem,
    TupleType,
    UnknownType,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.parser import cache_policy, ops
from compiler.parser.annotations import AnnotationResolver
from compiler.parser.attr_values import NotAnAttrValue, parse_attr_dict, parse_attr_value
from compiler.parser.decorators import DecoratorInfo, bool_keyword, enum_keyword_name, function_type_of
from compiler.parser.errors import FrontEndError, bound_names
from compiler.parser.expressions import ExpressionParser
from compiler.parser.scopes import (
    LEVELS,
    ScopeContext,
    ScopePlan,
    classify_for,
    classify_with,
    is_pl_call,
    keyword_value,
)
from compiler.span import Span
from compiler.syntax.environment import ModuleEnvironment
from compiler.syntax.values import DslFunction

_LOOP_KINDS = {
    "range": ForKind.RANGE,
    "parallel": ForKind.PARALLEL,
    "unroll": ForKind.UNROLL,
    "pipeline": ForKind.PIPELINE,
}


@dataclass
class FunctionContext:
    """What a function parse needs from the program and the module around it."""

    env: ModuleEnvironment
    # Return type of a sibling function called as `self.name(...)` or `name(...)`.
    callee_return_type: Callable[[str], IRType]
    is_method: bool


class FunctionParser:
    def __init__(self, node: ast.FunctionDef, decorator: DecoratorInfo, context: FunctionContext) -> None:
        self._node = node
        self._decorator = decorator
        self._context = context
        self._env = context.env
        self._evaluator = context.env.evaluator()
        self._types = AnnotationResolver(self._evaluator)
        self._bindings: dict[str, Var] = {}
        self._consumed_markers: set[int] = set()
        self._diagnostics: list[Diagnostic] = []
        self._manual_runtime_depth = 0
        self._auto_scope = bool_keyword(decorator, "auto_scope", True)
        self._exprs = ExpressionParser(
            self._bindings.get, self._evaluator, context.callee_return_type, self._diagnostics.append
        )

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self._diagnostics

    def parse(self) -> Function:
        node = self._node
        func_type = function_type_of(self._decorator)
        level, role = _level_and_role(self._decorator, func_type)
        params = self._params()
        returns = self._return_types()
        function = Function(
            name=node.name,
            params=params,
            return_types=returns,
            func_type=func_type,
            body=SeqStmts(Span.of(node), []),
            span=Span.of(node),
            level=level,
            role=role,
            decorator=self._decorator.name,
        )
        if has_dsl_body(function.decorator, function.level, function.role):
            function.attrs = self._func_attrs()
            function.body = self._block(node.body, Span.of(node))
        return function

    # ------------------------------------------------------------ signature

    def _params(self) -> list[Param]:
        args = [*self._node.args.posonlyargs, *self._node.args.args]
        if self._context.is_method and args and args[0].arg == "self":
            args = args[1:]
        params = []
        for arg in args:
            ir_type, direction = self._types.resolve_param(arg.annotation)
            var = Var(Span.of(arg), arg.arg, type=ir_type)
            self._bindings[arg.arg] = var
            params.append(Param(var, direction))
        return params

    def _return_types(self) -> list[IRType]:
        returns = self._node.returns
        if returns is None:
            return []
        resolved = self._types.resolve(returns)
        return list(resolved.items) if isinstance(resolved, TupleType) else [resolved]

    def _func_attrs(self) -> list[tuple[str, Any]]:
        """`pl.func_attr({...})` entries; a value we cannot read keeps its source text."""
        attrs: list[tuple[str, Any]] = []
        for stmt in self._node.body:
            if not (isinstance(stmt, ast.Expr) and is_pl_call(stmt.value, "func_attr")):
                continue
            call = stmt.value
            assert isinstance(call, ast.Call)
            if call.args and isinstance(call.args[0], ast.Dict):
                for key, value in zip(call.args[0].keys, call.args[0].values):
                    if isinstance(key, ast.Constant) and isinstance(key.value, str):
                        attrs.append((key.value, self._attr_value(value)))
        return attrs

    def _attr_value(self, node: ast.expr) -> Any:
        try:
            return parse_attr_value(node, self._evaluator, self._bindings.get)
        except NotAnAttrValue:
            return OpaqueExpr(Span.of(node), ast.unparse(node))

    # ----------------------------------------------------------- statements

    def _block(self, stmts: list[ast.stmt], span: Span) -> SeqStmts:
        out: list[Stmt] = []
        for stmt in stmts:
            try:
                parsed = self._stmt(stmt)
            except FrontEndError as error:
                parsed = self._rejected(stmt, error)
            if parsed is not None:
                out.append(parsed)
        return SeqStmts(span, out)

    def report(self, error: FrontEndError) -> None:
        """Record a rejection; a non-parser error is the decorator's wrapped one."""
        if error.in_function:
            error = error.wrapped(self._node)
        self._diagnostics.append(error.diagnostic())

    def _rejected(self, stmt: ast.stmt, error: FrontEndError) -> OpaqueStmt:
        """A statement the real parser rejects: reported; what it binds becomes unknown."""
        self.report(error)
        for name in bound_names(stmt):
            self._bind(name, UnknownType(), Span.of(stmt))
        return _opaque(stmt)

    def _stmt(self, stmt: ast.stmt) -> Stmt | None:
        span = Span.of(stmt)
        if isinstance(stmt, ast.Expr):
            return self._expr_stmt(stmt, span)
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            return self._assign(stmt, span)
        if isinstance(stmt, ast.For):
            return self._for(stmt, span)
        if isinstance(stmt, ast.With):
            plan = classify_with(stmt, self._scope_context())
            return self._scope(stmt, plan, span) if plan is not None else _opaque(stmt)
        if isinstance(stmt, ast.If):
            condition = self._exprs.parse(stmt.test)
            then_body = self._block(stmt.body, span)
            else_body = self._block(stmt.orelse, span) if stmt.orelse else None
            return IfStmt(span, condition, then_body, else_body)
        if isinstance(stmt, ast.While):
            condition = self._exprs.parse(stmt.test)
            return WhileStmt(span, condition, self._block(stmt.body, span))
        if isinstance(stmt, ast.Return):
            values = self._return_values(stmt.value)
            return ReturnStmt(span, values)
        if isinstance(stmt, ast.Break):
            return BreakStmt(span)
        if isinstance(stmt, ast.Continue):
            return ContinueStmt(span)
        if isinstance(stmt, ast.Pass):
            return None
        # Anything else is rejected by the real parser for reasons outside this
        # feature: not analysed.
        return _opaque(stmt)

    def _expr_stmt(self, stmt: ast.Expr, span: Span) -> Stmt | None:
        if cache_policy.marker_call(stmt) is not None:
            if id(stmt) not in self._consumed_markers:
                self._diagnostics.append(cache_policy.position_error(stmt))
            return None
        if is_pl_call(stmt.value, "func_attr") or is_pl_call(stmt.value, "cond"):
            return None
        if isinstance(stmt.value, ast.Constant):  # docstrings and string statements
            return None
        expr = self._exprs.parse(stmt.value)
        if is_pl_call(stmt.value, "yield_"):
            return YieldStmt(span, list(expr.items) if isinstance(expr, MakeTuple) else [expr])
        return EvalStmt(span, expr)

    def _assign(self, stmt: ast.Assign | ast.AnnAssign, span: Span) -> Stmt:
        if stmt.value is None:
            return _opaque(stmt)
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        if len(targets) != 1:
            return _opaque(stmt)
        target = targets[0]
        value = self._exprs.parse(stmt.value)
        annotated = self._types.resolve(stmt.annotation) if isinstance(stmt, ast.AnnAssign) else UnknownType()
        if is_pl_call(stmt.value, "yield_"):
            names = _target_names(target)
            yielded = list(value.items) if isinstance(value, MakeTuple) else [value]
            bound = [self._bind(name, item.type, span) for name, item in zip(names, yielded)]
            return YieldStmt(span, yielded, bound)
        if isinstance(target, ast.Name):
            ir_type = annotated if not isinstance(annotated, UnknownType) else value.type
            return AssignStmt(span, self._bind(target.id, ir_type, Span.of(target)), value)
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
            # `dst[...] = src` is `dst = pl.assemble(dst, src, [...])`: a new binding of dst.
            previous = self._bindings.get(target.value.id)
            if previous is None:
                return _opaque(stmt)
            index = self._exprs.subscript_index(target)
            assembled = Call(span, "tensor.assemble", [previous, value, index], type=previous.type)
            return AssignStmt(
                span, self._bind(target.value.id, previous.type, Span.of(target.value)), assembled
            )
        if isinstance(target, (ast.Tuple, ast.List)):
            return self._assign_tuple(target, value, stmt.value, span)
        return _opaque(stmt)

    def _assign_tuple(
        self, target: ast.Tuple | ast.List, value: Expr, value_node: ast.expr, span: Span
    ) -> SeqStmts:
        """`a, b = call(...)` is `_tuple_tmp = call(...); a = _tuple_tmp[0]; b = _tuple_tmp[1]`."""
        is_submit = is_pl_call(value_node, "submit") or is_pl_call(value_node, "spmd_submit")
        temp = Var(span, "_tuple_tmp", type=value.type)
        stmts: list[Stmt] = [AssignStmt(span, temp, value)]
        self._unpack(target, temp, span, stmts, task_id_last=is_submit)
        return SeqStmts(span, stmts)

    def _unpack(
        self, target: ast.Tuple | ast.List, source: Var, span: Span, out: list[Stmt], task_id_last: bool
    ) -> None:
        for index, element in enumerate(target.elts):
            is_task_id = task_id_last and index == len(target.elts) - 1
            item_type: IRType = TaskIdType() if is_task_id else ops.tuple_item_type(source.type, index)
            item = TupleGetItem(Span.of(element), source, index, type=item_type)
            if isinstance(element, ast.Name):
                out.append(
                    AssignStmt(Span.of(element), self._bind(element.id, item_type, Span.of(element)), item)
                )
            elif isinstance(element, (ast.Tuple, ast.List)):
                nested = Var(Span.of(element), "_tuple_tmp", type=item_type)
                out.append(AssignStmt(Span.of(element), nested, item))
                self._unpack(element, nested, span, out, task_id_last=False)

    def _bind(self, name: str, ir_type: IRType, span: Span) -> Var:
        var = Var(span, name, type=ir_type)
        self._bindings[name] = var
        return var

    def _return_values(self, value: ast.expr | None) -> list[Expr]:
        if value is None:
            return []
        if isinstance(value, ast.Tuple):
            return [self._exprs.parse(item) for item in value.elts]
        return [self._exprs.parse(value)]

    # ---------------------------------------------------------------- loops

    def _for(self, stmt: ast.For, span: Span) -> Stmt | None:
        call = stmt.iter
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
            return _opaque(stmt)  # e.g. the builtin range(): rejected by the real parser
        iterator = call.func.attr
        if iterator == "spmd":
            plan = classify_for(stmt)
            return self._scope(stmt, plan, span) if plan is not None else _opaque(stmt)
        if iterator == "split_aiv":
            # Never a scan site: a marker inside is a position error (R1).
            # Like the real IR, the region body starts by binding the AIV index.
            prologue = [
                AssignStmt(
                    Span.of(stmt.target), var, Call(Span.of(call), "tile.get_subblock_idx", [], type=var.type)
                )
                for var in self._bind_loop_targets(stmt.target, [])[:1]
            ]
            body = self._block(stmt.body, span)
            body.stmts[:0] = prologue
            mode = keyword_value(call, "mode")
            return SplitAivScopeStmt(
                span,
                body,
                header_span=Span.header_of(stmt),
                mode=mode.attr if isinstance(mode, ast.Attribute) else None,
            )
        if iterator == "while_":
            init_values = self._init_values(call)
            iter_args = self._bind_loop_targets(stmt.target, init_values)
            first = stmt.body[0] if stmt.body else None
            # `pl.cond(c)` opens the body; the real parser lifts it onto the while.
            cond_call = (
                first.value if isinstance(first, ast.Expr) and is_pl_call(first.value, "cond") else None
            )
            condition = (
                self._exprs.parse(cond_call.args[0])
                if isinstance(cond_call, ast.Call) and cond_call.args
                else None
            )
            return WhileStmt(span, condition, self._block(stmt.body, span), iter_args, init_values)
        kind = _LOOP_KINDS.get(iterator)
        if kind is None:
            return _opaque(stmt)
        bounds = [self._exprs.parse(arg) for arg in call.args]
        init_values = self._init_values(call)
        attrs = self._loop_attrs(call)
        loop_var, iter_args = self._bind_range_targets(stmt.target, init_values)
        body = self._block(stmt.body, span)
        start, stop, step = _range_bounds(bounds)
        return ForStmt(span, kind, loop_var, start, stop, step, body, iter_args, init_values, attrs=attrs)

    def _loop_attrs(self, call: ast.Call) -> list[tuple[str, Any]]:
        """`stage=` (kept as the real `pipeline_stages` attr) and a literal `attrs={...}`."""
        attrs: list[tuple[str, Any]] = []
        stage_node = keyword_value(call, "stage")
        stage = self._evaluator.eval(stage_node) if stage_node is not None else None
        if isinstance(stage, int) and not isinstance(stage, bool):
            attrs.append(("pipeline_stages", stage))
        node = keyword_value(call, "attrs")
        if node is not None:
            with contextlib.suppress(NotAnAttrValue):  # not a literal dict: not modelled
                attrs.extend(parse_attr_dict(node, self._evaluator, self._bindings.get))
        return attrs

    def _init_values(self, call: ast.Call) -> list[Expr]:
        node = next((kw.value for kw in call.keywords if kw.arg == "init_values"), None)
        if isinstance(node, (ast.Tuple, ast.List)):
            return [self._exprs.parse(elt) for elt in node.elts]
        return []

    def _bind_range_targets(self, target: ast.expr, init_values: list[Expr]) -> tuple[Var | None, list[Var]]:
        """`for i in ...` or `for i, (a, b) in pl.range(..., init_values=(a0, b0))`."""
        if isinstance(target, ast.Name):
            return self._bind(target.id, ScalarType("INDEX"), Span.of(target)), []
        if isinstance(target, ast.Tuple) and target.elts:
            first = target.elts[0]
            loop_var = (
                self._bind(first.id, ScalarType("INDEX"), Span.of(first))
                if isinstance(first, ast.Name)
                else None
            )
            rest = target.elts[1:]
            nested = rest[0] if len(rest) == 1 and isinstance(rest[0], (ast.Tuple, ast.List)) else None
            return loop_var, self._bind_loop_targets(nested or ast.Tuple(elts=rest), init_values)
        return None, []

    def _bind_loop_targets(self, target: ast.expr, init_values: list[Expr]) -> list[Var]:
        names = _target_names(target)
        types = [value.type for value in init_values]
        return [
            self._bind(name, types[index] if index < len(types) else ScalarType("INDEX"), Span.of(target))
            for index, name in enumerate(names)
        ]

    # --------------------------------------------------------------- scopes

    def _scope_context(self) -> ScopeContext:
        return ScopeContext(
            auto_scope=self._auto_scope,
            inside_manual_runtime=self._manual_runtime_depth > 0,
            is_dsl_function_name=self._dispatches_kernel,
        )

    def _dispatches_kernel(self, name: str) -> bool:
        """A bare-name call is a dispatch when its closure value is a DSL function
        (under `@pl.jit`, the specialiser rewrites sibling JIT calls to `self.<name>`)."""
        value = self._env.values.get(name)
        if not isinstance(value, DslFunction):
            return False
        return value.decorator in ("function", "inline") or (
            self._decorator.is_jit and value.decorator.startswith("jit")
        )

    def _scope(self, stmt: ast.With | ast.For, plan: ScopePlan, span: Span) -> ScopeStmt:
        header = Span.header_of(stmt)
        launch = self._spmd_launch(stmt) if plan.kind is ScopeKind.SPMD else None
        attrs: list[tuple[str, Any]] = []
        if isinstance(stmt, ast.With) and stmt.items[0].optional_vars is not None:
            for name in _target_names(stmt.items[0].optional_vars):
                attrs.append(("task_id_var", self._bind(name, TaskIdType(), header)))
        decls: list[tuple[Var, int]] = []
        declared_at: list[Span] = []
        if plan.scan_kind is not None:
            lookup = cache_policy.MarkerLookup(self._bindings.get, self._inlined_as_literal)
            decls, declared_at = cache_policy.scan_scope_markers(
                stmt.body, plan.scan_kind, lookup, self._diagnostics.append, self._consumed_markers
            )
        prologue: list[Stmt] = []
        if isinstance(stmt, ast.For) and isinstance(stmt.target, ast.Name):
            block_idx = self._bind(stmt.target.id, ScalarType("INDEX"), Span.of(stmt.target))
            get_idx = Call(Span.of(stmt.iter), "tile.get_block_idx", [], type=ScalarType("INDEX"))
            prologue.append(AssignStmt(Span.of(stmt.target), block_idx, get_idx))
        if plan.manual:
            self._manual_runtime_depth += 1
        try:
            body = self._block(stmt.body, span)
        finally:
            if plan.manual:
                self._manual_runtime_depth -= 1
        body.stmts[:0] = prologue
        scope = _build_scope(plan, span, header, body, attrs, decls)
        if isinstance(scope, SpmdScopeStmt) and launch is not None:
            scope.core_num, scope.sync_start = launch
        carrier = scope.body.stmts[0] if plan.incore_carrier else scope
        assert isinstance(carrier, ScopeStmt)
        carrier.declaration_spans = declared_at
        first, last = Span.of(stmt.body[0]), Span.of(stmt.body[-1])
        scope.body_span = carrier.body_span = Span(
            first.start_line, first.start_col, last.end_line, last.end_col
        )
        return scope

    def _spmd_launch(self, stmt: ast.With | ast.For) -> tuple[Expr | None, bool]:
        """`pl.spmd(core_num, sync_start=...)`: read before the header binds anything."""
        call = stmt.iter if isinstance(stmt, ast.For) else stmt.items[0].context_expr
        if not isinstance(call, ast.Call):
            return None, False
        core_num = call.args[0] if call.args else keyword_value(call, "core_num")
        sync_start = keyword_value(call, "sync_start")
        return (
            self._exprs.parse(core_num) if core_num is not None else None,
            isinstance(sync_start, ast.Constant) and sync_start.value is True,
        )

    def _inlined_as_literal(self, name: str) -> bool:
        """`@pl.jit` inlines module int/float/bool globals as literals before parsing."""
        if not self._decorator.is_jit or name in self._bindings:
            return False
        value = self._env.values.get(name)
        return isinstance(value, (bool, int, float))


def _build_scope(
    plan: ScopePlan,
    span: Span,
    header: Span,
    body: SeqStmts,
    attrs: list[tuple[str, Any]],
    decls: list[tuple[Var, int]],
) -> ScopeStmt:
    if plan.kind is ScopeKind.IN_CORE:
        merged = cache_policy.merge_cache_policy_attr(attrs, decls)
        return InCoreScopeStmt(span, body, merged, plan.name_hint, header)
    if plan.kind is ScopeKind.HIERARCHY:
        merged = cache_policy.merge_cache_policy_attr(attrs, decls)
        return HierarchyScopeStmt(
            span, body, merged, plan.name_hint, header, level=plan.level or "", role=plan.role
        )
    if plan.kind is ScopeKind.SPMD:
        if plan.incore_carrier:
            carrier_attrs = cache_policy.merge_cache_policy_attr([], decls)
            carrier = InCoreScopeStmt(span, body, carrier_attrs, "", header)
            body = SeqStmts(span, [carrier])
        return SpmdScopeStmt(span, body, attrs, plan.name_hint, header)
    if plan.kind is ScopeKind.CLUSTER:
        return ClusterScopeStmt(span, body, attrs, plan.name_hint, header)
    return RuntimeScopeStmt(span, body, attrs, plan.name_hint, header, manual=plan.manual)


# `FunctionTypeToLevel`: the level and role every typed function carries when the
# decorator does not state them (pypto-language.md §1.2); the printer spells them out.
_DEFAULT_LEVEL_ROLE: dict[FunctionType, tuple[str, str]] = {
    FunctionType.ORCHESTRATION: ("CHIP", "Orchestrator"),
    FunctionType.GRAPH: ("CHIP", "Orchestrator"),
    FunctionType.INCORE: ("CHIP_DIE", "SubWorker"),
    FunctionType.AIC: ("AIC", "SubWorker"),
    FunctionType.AIV: ("AIV", "SubWorker"),
    FunctionType.GROUP: ("CORE_GROUP", "SubWorker"),
}


def has_dsl_body(decorator: str, level: str | None, role: str | None) -> bool:
    """HOST SubWorker bodies are plain Python; `@pl.jit.extern` bodies are stubs."""
    return decorator != "jit.extern" and not (level == "HOST" and role == "SubWorker")


def _level_and_role(decorator: DecoratorInfo, func_type: FunctionType) -> tuple[str | None, str | None]:
    """The decorator's `level=`/`role=` (level aliases made canonical); when it states
    neither, the pair the function type implies."""
    if decorator.name == "jit.host":  # rewritten to `@pl.function(level=HOST, role=Orchestrator)`
        return "HOST", "Orchestrator"
    level = enum_keyword_name(decorator, "level")
    role = enum_keyword_name(decorator, "role")
    if level is None and role is None:
        return _DEFAULT_LEVEL_ROLE.get(func_type, (None, None))
    return (LEVELS.get(level, level) if level is not None else None), role


def _opaque(stmt: ast.stmt) -> OpaqueStmt:
    return OpaqueStmt(Span.of(stmt), ast.unparse(stmt))


def _target_names(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in _target_names(element)]
    return []


def _range_bounds(bounds: list[Expr]) -> tuple[Expr | None, Expr | None, Expr | None]:
    if len(bounds) == 1:
        return None, bounds[0], None
    if len(bounds) == 2:
        return bounds[0], bounds[1], None
    if len(bounds) >= 3:
        return bounds[0], bounds[1], bounds[2]
    return None, None, None
