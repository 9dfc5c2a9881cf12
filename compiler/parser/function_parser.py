"""One DSL function body -> IR `Function`, with the parser's cache-policy diagnostics.

Statements are visited in source order, as the real parser does, with one
binding table per function: names bound in loops, branches and scopes leak to
the enclosing body (the real scope manager exits them with `leak_vars=True`),
so "bound where the scope starts" is "bound by a statement parsed before it".
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from compiler.base.diagnostics import Diagnostic, Severity
from compiler.base.span import Span
from compiler.ir import (
    ArrayType,
    AssignStmt,
    BreakStmt,
    Call,
    ClusterScopeStmt,
    Const,
    ContinueStmt,
    Direction,
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
    PtrType,
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
    TensorType,
    TupleGetItem,
    TupleType,
    UnknownType,
    Var,
    WhileStmt,
    YieldStmt,
    is_index_literal,
)
from compiler.ir.visit import level_yields
from compiler.parser import (
    cache_policy,
    distributed_calls,
    dump_tags,
    jit_deps,
    jit_text,
    loop_rules,
    ops,
    scope_headers,
    scope_keywords,
    signature_checks,
    split_aiv_loops,
    subscript_writes,
    type_checks,
)
from compiler.parser.annotation_checks import LocalAnnotationChecker, is_skipped_annotation
from compiler.parser.annotations import AnnotationResolver
from compiler.parser.attr_values import NotAnAttrValue, parse_attr_dict, parse_attr_value
from compiler.parser.body_returns import body_return_types
from compiler.parser.closure_names import ClosureNames
from compiler.parser.comments import PendingComments
from compiler.parser.decorators import (
    DecoratorInfo,
    bool_keyword,
    enum_keyword_name,
    function_type_of,
    program_method_error,
)
from compiler.parser.errors import FrontEndError, bound_names, syntax_error, type_error, unsupported
from compiler.parser.expressions import ExpressionParser, real_tensor_assemble
from compiler.parser.jit_renames import mark_jit_renames
from compiler.parser.jit_scalars import call_tensor_annotations, specialised_scalars
from compiler.parser.kernel_calls import ProgramFunctions
from compiler.parser.rebinding import BlockPath, RebindingTable, first_type
from compiler.parser.scopes import (
    LEVELS,
    SPMD_SUFFIX,
    ScopeContext,
    ScopePlan,
    classify_for,
    classify_with,
    is_pl_call,
    keyword_value,
)
from compiler.syntax.environment import ModuleEnvironment
from compiler.syntax.subtree import subtree
from compiler.syntax.values import UNKNOWN, DslFunction, DynVar, StaticEvaluator

# UnknownType has no fields: one is shared (a type with fields is built per use: a
# unit's IR moved to other lines is copied with its sharing, see `map_spans`).
_UNKNOWN = UnknownType()

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
    # Names bound in the functions (and classes) the definition is nested in.
    enclosing_names: frozenset[str] = frozenset()
    # The program's functions, for `self.<kernel>(...)` calls (None outside a program).
    program: ProgramFunctions | None = None
    # ids of the annotations (and definitions, for a decorator) Python failed to evaluate:
    # the parser never sees them (see `python_eval`).
    python_failed: frozenset[int] = frozenset()
    # Set for a `@pl.program` method: its decorator is read from the source (see
    # `decorators.program_method_error`), and `self` is stripped from its parameters.
    in_program: bool = False
    # The return types the program already resolved, by id of the method's def.
    resolved_returns: dict[int, IRType] | None = None
    # The window buffers the program's functions declared so far (names unique per program).
    window_buffers: set[str] = field(default_factory=set)
    # The position among the module's statements of the one whose decorator parses the
    # function as the module runs (a `@pl.program` class, a `@pl.function`); None otherwise.
    decorated_at: int | None = None


class FunctionParser:
    def __init__(
        self,
        node: ast.FunctionDef,
        decorator: DecoratorInfo,
        context: FunctionContext,
        comments: PendingComments | None = None,
    ) -> None:
        self._node = node
        # The source comments of the function not yet attached to a statement (None: none kept).
        self._comments = comments
        self._decorator = decorator
        self._context = context
        self._env = context.env
        # `@pl.jit`: the scalar parameters the real specializer replaces by the call's values.
        self._specialised: dict[str, bool | int | float] = {}
        self._evaluator = (
            StaticEvaluator(self._static_value) if decorator.name == "jit" else context.env.evaluator()
        )
        self._bindings: dict[str, Var] = {}
        self._types = AnnotationResolver(self._evaluator, self._bindings.get)
        self._consumed_markers: set[int] = set()
        self._diagnostics: list[Diagnostic] = []
        self._manual_runtime_depth = 0
        # The tensor parameters (set once the signature is read).
        self._tensor_params: frozenset[str] = frozenset()
        # Local types are checked in a body the parser reads as written (see `_strict_types`).
        self._strict_types = decorator.name == "function"
        self._closure = ClosureNames(node, context.env, context.enclosing_names, context.decorated_at)
        # The type resolver's checks, seeing the closure and the names bound so far
        # (it keeps no state of its own: one serves every annotation).
        self._checker = LocalAnnotationChecker(
            self._evaluator, self._closure.is_unbound, self._bindings.__contains__
        )
        self._rebinding = RebindingTable()
        # The statement lists around the statement being parsed (see `rebinding`).
        self._block_path: BlockPath = ()
        # Kinds of the loops around the statement being parsed ("range", "while", "spmd", ...).
        self._loop_kinds: list[str] = []
        # Names bound only inside a loop whose scope did not leak (see `_close_loop_scope`).
        self._scoped_out: set[str] = set()
        # Loops with iteration arguments around the statement being parsed (see `_carried_body`).
        self._carrying_loops = 0
        # What the innermost loop or `if` around the statement being parsed gives a
        # yield's targets their types from: a loop, its iteration arguments (by
        # position); an `if`, None (the annotation, else the value yielded).
        self._yield_owners: list[list[Var] | None] = []
        self._auto_scope = bool_keyword(decorator, "auto_scope", True)
        self._exprs = ExpressionParser(
            self._expression_var if decorator.name == "jit" else self._bindings.get,
            self._evaluator,
            context.callee_return_type,
            self._diagnostics.append,
        )
        self._exprs.body_types = functools.partial(body_return_types, env=context.env)
        self._exprs.loop_kinds = self._loop_kinds
        self._exprs.scoped_out = self._scoped_out
        if decorator.name == "function":  # jit bodies are rewritten, inline ones parsed per call
            self._exprs.strict(self._closure, context.program)
        elif decorator.is_jit:
            # A function of the bindings and the module, not a method: the expression parser
            # this parser holds must not hold it back (no reference cycle).
            self._exprs.jit_body(functools.partial(_may_be_inlined_as_literal, self._bindings, self._env))
            if decorator.name == "jit":
                self._exprs.jit_calls(
                    self._closure, self._jit_source_text, jit_deps.dep_signatures(context.env)
                )
        # The function's level, and the InCore / SPMD scopes open around the statement being
        # parsed (counted in `_scope`): where a HOST-only distributed op may be.
        self._pld_context = _pld_context(decorator)
        self._exprs.distributed(self._pld_context)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self._diagnostics

    def parse(self) -> Function:
        node = self._node
        func_type = function_type_of(self._decorator)
        level, role = _level_and_role(self._decorator, func_type)
        # Python failed on a decorator (reported by `python_eval`), or `@pl.program`
        # rejects how it is written: the real parser never reads this function.
        unread = id(node) in self._context.python_failed
        if not unread and self._decorator.name == "jit":
            # The specializer binds the helpers' tensors before anything is parsed.
            unbound = jit_deps.unbound_tensor_error(node, jit_deps.dep_signatures(self._env))
            if unbound is not None:
                self.report(unbound)
                unread = True
        if not unread and self._context.in_program:
            error = program_method_error(node)
            if error is not None:
                self.report(error)
                unread = True
        params = self._params(check=not unread)
        for param in params:
            self._rebinding.note_parameter(param.var)
        self._tensor_params = frozenset(
            param.var.name for param in params if isinstance(param.var.type, TensorType)
        )
        unspecialised = ""
        if self._decorator.name == "jit" and not unread:
            self._specialised, unspecialised = specialised_scalars(node, params, self._env.values)
        if self._decorator.name in _SPECIALISED_JIT and not unread:
            # A bare `pl.Tensor` takes the shape and dtype of the call's torch tensor (of a
            # dependency: of the tensor its entry passes it).
            for name, annotation in call_tensor_annotations(node, params, self._env.values).items():
                var = self._bindings[name]
                var.type, _ = self._types.resolve_param(annotation)
        returns = self._return_types(check=not unread)
        span = Span.of(node)
        function = Function(
            name=node.name,
            params=params,
            return_types=returns,
            func_type=func_type,
            body=SeqStmts(span, []),
            span=span,
            level=level,
            role=role,
            decorator=self._decorator.name,
            jit_unspecialised=unspecialised,
        )
        if not unread and not function.has_dsl_body and _is_sub_worker(function):
            function.inline_body = _sub_worker_source(node)
        if not unread and function.has_dsl_body:
            function.attrs = self._func_attrs()
            function.body = self._block(node.body, span, None)
            if self._decorator.is_jit:
                mark_jit_renames(function)
        if not unread and self._decorator.name == "function":
            mismatch = _level_role_mismatch(self._decorator, func_type, node)
            if mismatch is not None:
                self.report(mismatch)
        return function

    # ------------------------------------------------------------ signature

    def _params(self, check: bool = True) -> list[Param]:
        """The parameters, each checked as the real parser does (`@pl.function` only:
        jit signatures are rewritten first, inline ones read per call). A parameter it
        rejects is reported and typed unknown."""
        posonly = self._node.args.posonlyargs
        args = [*posonly, *self._node.args.args] if posonly else self._node.args.args
        if self._context.is_method and args and args[0].arg == "self":
            args = args[1:]
        # The real parser reads `args.args` only (not the positional-only ones), and skips
        # an unannotated `self`.
        unchecked = {id(arg) for arg in posonly}
        check = check and self._decorator.name == "function"
        python_failed = self._context.python_failed
        params = []
        for arg in args:
            annotation = arg.annotation
            failed = annotation is not None and bool(python_failed) and id(annotation) in python_failed
            ir_type, direction = self._types.resolve_param(None if failed else annotation)
            if (
                check
                and not failed
                and not (arg.arg == "self" and annotation is None)
                and (not unchecked or id(arg) not in unchecked)
            ):
                try:
                    if annotation is None:
                        signature_checks.check_missing_annotation(arg)
                    assert annotation is not None
                    signature_checks.check_param_type(annotation, self._checker)
                    if direction is Direction.INOUT:  # the only direction `check_direction` refuses
                        signature_checks.check_direction(annotation, ir_type, direction)
                except FrontEndError as error:
                    self.report(error)
                    ir_type = UnknownType()
            var = Var(Span.of(arg), arg.arg, type=ir_type)
            self._bindings[arg.arg] = var
            params.append(Param(var, direction))
        return params

    def _return_types(self, check: bool = True) -> list[IRType]:
        returns = self._node.returns
        if returns is None or id(returns) in self._context.python_failed:
            return []
        if check and self._decorator.name == "function":
            try:
                signature_checks.check_type(returns, self._checker)
            except FrontEndError as error:
                self.report(error)
                return [UnknownType()]
        known = self._context.resolved_returns
        resolved = known.get(id(self._node)) if known is not None else None
        if resolved is None:
            resolved = self._types.resolve(returns)
        return list(resolved.items) if isinstance(resolved, TupleType) else [resolved]

    def _func_attrs(self) -> list[tuple[str, Any]]:
        """The decorator's `attrs={...}` (a `"split"` of NONE dropped, the two attrs the
        decorator prints itself left out), then the `pl.func_attr({...})` entries; a
        value we cannot read keeps its source text."""
        attrs: list[tuple[str, Any]] = []
        declared = self._decorator.keywords.get("attrs")
        if isinstance(declared, ast.Dict):
            for key, value in zip(declared.keys, declared.values):
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    continue
                if key.value in ("auto_scope", "external_source"):
                    continue
                if key.value == "split" and isinstance(value, ast.Attribute) and value.attr == "NONE":
                    continue
                attrs.append((key.value, self._attr_value(value)))
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

    def _block(self, stmts: list[ast.stmt], span: Span, last_line: int | None) -> SeqStmts:
        """A block's statements; `last_line` is the block's last line (its source
        comments left there are dropped; None: the function body, to its end)."""
        out: list[Stmt] = []
        outer = self._block_path
        self._block_path = (*outer, id(stmts))
        comments = self._comments
        first = True
        try:
            for stmt in stmts:
                # The real parser reads a `pl.func_attr` prologue and a while's `pl.cond`
                # apart from the body: they take no comments.
                taking = comments if comments is not None and not _is_directive(stmt) else None
                leading = taking.leading(stmt, first) if taking is not None else []
                first = first and taking is None
                try:
                    parsed = self._stmt(stmt)
                except FrontEndError as error:
                    parsed = self._rejected(stmt, error)
                if parsed is not None:
                    out.append(parsed)
                if taking is not None:
                    _attach_comments(taking, stmt, parsed, leading)
        finally:
            self._block_path = outer
        if comments is not None:
            comments.close_block(stmts, last_line)
        return SeqStmts(span, out)

    def report(self, error: FrontEndError) -> None:
        """Record a rejection; a non-parser error is the decorator's wrapped one."""
        if error.in_function:
            error = error.wrapped(self._node)
        self._diagnostics.append(error.diagnostic())

    def _rejected(self, stmt: ast.stmt, error: FrontEndError) -> OpaqueStmt:
        """A statement the real parser rejects: reported; what it binds becomes unknown.
        In a `@pl.jit` body the real parser reads the specializer's rewritten code, whose
        places it maps back per statement: an error inside one is at the statement's start."""
        if self._decorator.is_jit and not error.in_function:
            at = Span.of(stmt)
            if at.start_line <= error.span.start_line <= at.end_line:
                error.span = at
        self.report(error)
        for name in bound_names(stmt):
            self._bind(name, _UNKNOWN, Span.of(stmt))
        return _opaque(stmt)

    def _stmt(self, stmt: ast.stmt) -> Stmt | None:
        span = Span.of(stmt)
        kind = type(stmt)  # `ast.parse` builds no subclasses of statement kinds
        if kind is ast.Assign or kind is ast.AnnAssign:
            return self._assign(stmt, span)
        if isinstance(stmt, ast.Expr):
            return self._expr_stmt(stmt, span)
        if isinstance(stmt, ast.For):
            return self._for(stmt, span)
        if isinstance(stmt, ast.With):
            return self._with(stmt, span)
        if isinstance(stmt, ast.If):
            condition = self._exprs.condition(stmt.test, "if", stmt)
            then_end = self._comments.then_branch_end(stmt) if self._comments is not None else None
            then_body = self._yielding_to(None, lambda: self._block(stmt.body, span, then_end))
            else_body = (
                self._yielding_to(None, lambda: self._block(stmt.orelse, span, stmt.end_lineno))
                if stmt.orelse
                else None
            )
            for var in _share_return_vars(then_body, else_body):
                self._bindings[var.name] = var
            return IfStmt(span, condition, then_body, else_body)
        if isinstance(stmt, ast.While):
            condition = self._exprs.condition(stmt.test, "while", stmt)
            return WhileStmt(span, condition, self._loop_body("while", stmt, span))
        if isinstance(stmt, ast.Return):
            values = self._return_values(stmt.value)
            return ReturnStmt(span, values)
        if isinstance(stmt, ast.Break):
            loop_rules.check_loop_control("break", stmt, self._loop_kinds)
            return BreakStmt(span)
        if isinstance(stmt, ast.Continue):
            loop_rules.check_loop_control("continue", stmt, self._loop_kinds)
            return ContinueStmt(span)
        if isinstance(stmt, ast.Pass):
            return None
        error = unsupported(f"Unsupported statement type: {type(stmt).__name__}", stmt, _STATEMENT_HINT)
        error.data = _augassign_data(stmt)
        raise error

    def _expr_stmt(self, stmt: ast.Expr, span: Span) -> Stmt | None:
        if cache_policy.marker_call(stmt) is not None:
            if id(stmt) not in self._consumed_markers:
                self._diagnostics.append(cache_policy.position_error(stmt))
            return None
        if is_pl_call(stmt.value, "func_attr") or is_pl_call(stmt.value, "cond"):
            return None
        if self._decorator.is_jit and self._is_tensor_param_bind(stmt.value):
            if self._binds_a_dynamic_dim(stmt.value):
                return None  # the jit deletes it: the annotation already says the dim is dynamic
            # Deleted too, but it makes an annotated dim dynamic: the type change is not modelled.
            return _opaque(stmt)
        if isinstance(stmt.value, ast.Constant):
            return self._constant_stmt(stmt.value)
        if self._strict_types and is_pl_call(stmt.value, "dump_tag") and self._declared_type_known():
            dump_tags.check_dump_tag(stmt, function_type_of(self._decorator), self._bindings.get)
            return None  # the real parser reads no expression of it and emits no statement
        expr = self._exprs.parse(stmt.value)
        if is_pl_call(stmt.value, "yield_"):
            return YieldStmt(span, list(expr.items) if isinstance(expr, MakeTuple) else [expr])
        if any(is_pl_call(stmt.value, name) for name in _COMPILE_TIME_DIRECTIVES):
            return None  # checked as it is parsed; the real parser emits no statement for it
        return EvalStmt(span, expr)

    def _declared_type_known(self) -> bool:
        """The function's type is what the decorator says: no `type=`, or a literal member."""
        written = self._decorator.keywords.get("type")
        return written is None or isinstance(written, ast.Attribute)

    def _constant_stmt(self, node: ast.Constant) -> None:
        """A constant statement: a string is a comment; int/float/bool/None evaluate to
        nothing; any other constant (a `...` stub body) is refused by the constant parser."""
        value = node.value
        if value is None or isinstance(value, (str, bool, int, float)) or self._is_external_stub():
            return None
        raise type_error(
            f"Unsupported constant type: {type(value)}",
            node,
            "Use int, float, bool, or None (TaskId sentinel) constants",
        )

    def _is_external_stub(self) -> bool:
        """An external C++ kernel's `...` body is its signature only: never parsed."""
        attrs = self._decorator.keywords.get("attrs")
        in_attrs = isinstance(attrs, ast.Dict) and any(
            isinstance(key, ast.Constant) and key.value == "external_source" for key in attrs.keys
        )
        in_prologue = any(key == "external_source" for key, _ in self._func_attrs())
        return "external_source" in self._decorator.keywords or in_attrs or in_prologue

    def _assign(self, stmt: ast.Assign | ast.AnnAssign, span: Span) -> Stmt:
        """The real parser's assignment forms, checked in its order; any other is refused."""
        annotated_form = isinstance(stmt, ast.AnnAssign)
        # The called attribute's name (`pld.alloc_window_buffer`, `pl.submit`): the cheap and
        # usual "no" of the window-buffer and submit forms, found once.
        func = stmt.value.func if stmt.value.__class__ is ast.Call else None  # type: ignore[union-attr]
        called = func.attr if func.__class__ is ast.Attribute else None  # type: ignore[union-attr]
        if annotated_form:
            target = stmt.target
            if not isinstance(target, ast.Name):
                raise syntax_error(
                    "Only simple variable assignments supported",
                    stmt.target,
                    "Use a simple variable name for assignment targets",
                )
            if stmt.value is None:
                raise unsupported(
                    "Yield assignment with no value is not supported",
                    stmt,
                    "Provide a value for the assignment",
                )
        else:
            targets = stmt.targets  # type: ignore[union-attr]
            if (
                called == _ALLOC
                and len(targets) == 1
                and distributed_calls.is_alloc_window_buffer(stmt.value)
            ):
                return self._window_buffer(targets[0], stmt.value, span)  # type: ignore[arg-type]
            if len(targets) != 1 or not isinstance(targets[0], (ast.Name, ast.Tuple, ast.Subscript)):
                raise syntax_error(
                    f"Unsupported assignment: {ast.unparse(stmt)}",
                    stmt,
                    "Use simple variable assignments or tuple unpacking with pl.yield_()",
                )
            target = targets[0]
        assert stmt.value is not None
        # `dst[...] = src`: the target and its window are judged before the source is read.
        written = self._subscript_write_window(target) if isinstance(target, ast.Subscript) else None
        if (
            annotated_form
            and called == _ALLOC
            and _is_ptr_annotation(stmt)
            and distributed_calls.is_alloc_window_buffer(stmt.value)
        ):
            return self._window_buffer(target, stmt.value, span)  # type: ignore[arg-type]
        value = self._exprs.parse(stmt.value)
        submit = called in _SUBMITS and _is_submit(stmt.value)
        if submit and (
            not isinstance(target, ast.Tuple) or all(isinstance(e, ast.Name) for e in target.elts)
        ):
            self._type_submit(value, stmt.value)  # a flat tuple: the kernel's results, its TaskId
        # A plain assignment has no annotation: its type is the value's.
        annotated = self._local_annotation(stmt, value) if annotated_form else _UNKNOWN
        if _is_yield_call(stmt.value):
            names = _target_names(target)
            yielded = list(value.items) if isinstance(value, MakeTuple) else [value]
            types = self._yield_target_types(yielded, annotated if len(names) == 1 else _UNKNOWN, len(names))
            bound = [self._bind(name, ir_type, span) for name, ir_type in zip(names, types)]
            return YieldStmt(span, yielded, bound)
        if isinstance(target, ast.Name):
            if (
                isinstance(annotated, ScalarType)
                and annotated.dtype is not None
                and isinstance(value, Const)
                and type(value.value) is int
                and isinstance(value.type, ScalarType)
                and value.type.dtype == "INDEX"
            ):
                # `acc: pl.Scalar[pl.INT64] = 0`: the real parser stamps the bare literal
                # (an INDEX placeholder) with the annotated dtype.
                value = Const(value.span, value.value, type=ScalarType(annotated.dtype))
            ir_type = type_checks.annotated_var_type(annotated, value.type)
            var = self._bind_assigned(target.id, ir_type, Span.of(target), stmt, annotated, value)
            return AssignStmt(span, var, value)
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
            # `dst[...] = src` is `dst = pl.assemble(dst, src, [...])`: a new binding of dst.
            previous = self._bindings.get(target.value.id)
            if previous is None:
                return _opaque(stmt)
            if isinstance(previous.type, ArrayType) and not isinstance(target.slice, ast.Tuple):
                return self._array_element_update(target.value.id, previous, target.slice, value, span)
            type_checks.check_subscript_write(previous.type, value.type, target)
            if written is not None:
                subscript_writes.check_source(written, value.type, target)
            index = self._exprs.subscript_index(target)
            assembled = real_tensor_assemble(span, previous, value, index) or Call(
                span, "tensor.assemble", [previous, value, index], type=previous.type
            )
            return AssignStmt(
                span, self._bind(target.value.id, previous.type, Span.of(target.value)), assembled
            )
        if isinstance(target, ast.Tuple):
            if self._strict_types and not submit:
                type_checks.check_unpackable(value.type, target, stmt)
            elif self._decorator.name == "jit" and self._returns_a_tensor(stmt.value):
                type_checks.check_unpackable(TensorType(None, None), target, stmt)
            return self._assign_tuple(target, value, stmt.value, span)
        return _opaque(stmt)

    def _subscript_write_window(self, target: ast.Subscript) -> subscript_writes.WriteWindow | None:
        subscript_writes.check_target(target)
        assert isinstance(target.value, ast.Name)
        previous = self._bindings.get(target.value.id)
        if previous is None or isinstance(previous.type, ArrayType):
            return None
        type_checks.check_subscript_write_target(previous.type, target)
        return subscript_writes.window(previous.type, target, self._exprs.parse)

    def _window_buffer(self, target: ast.expr, call: ast.Call, span: Span) -> Stmt:
        """`buf = pld.alloc_window_buffer(size)`: its rules, its arguments read; the buffer
        itself is not modelled (its value stays opaque)."""
        declared = self._context.window_buffers
        distributed_calls.check_alloc_assignment(target, call, self._pld_context, declared)
        assert isinstance(target, ast.Name)
        value = self._exprs.distributed_call(call, Span.of(call))
        distributed_calls.check_alloc_name_keyword(target, call)
        path = distributed_calls.pld_path(call)
        assert path is not None
        distributed_calls.check_alloc_arguments(call, path)
        declared.add(target.id)
        return AssignStmt(span, self._bind(target.id, PtrType(), Span.of(target)), value)

    def _array_element_update(
        self, name: str, array: Var, index: ast.expr, value: Expr, span: Span
    ) -> AssignStmt:
        """`arr[i] = v` on an Array is `arr = array.update_element(arr, i, v)`, a bare int
        literal `v` taking the array's element dtype."""
        element = array.type.dtype if isinstance(array.type, ArrayType) else None
        if isinstance(value, Const) and type(value.value) is int and element is not None:
            value = Const(value.span, value.value, type=ScalarType(element))
        update = Call(span, "array.update_element", [array, self._exprs.parse(index), value], type=array.type)
        return AssignStmt(span, self._bind(name, array.type, span), update)

    def _yield_target_types(self, yielded: list[Expr], annotated: IRType, targets: int) -> list[IRType]:
        """The types of a yield's `targets` names, as the real parser gives the return vars
        they name: a loop's, its iteration arguments' (`return_var` infers them by index,
        however many values are yielded: a keyword one is none); an `if`'s, the annotation,
        else the value yielded."""
        owner = self._yield_owners[-1] if self._yield_owners else None
        if owner is not None:
            return [
                owner[i].type if i < len(owner) else yielded[i].type if i < len(yielded) else _UNKNOWN
                for i in range(max(targets, len(yielded)))
            ]
        if not isinstance(annotated, UnknownType):
            return [annotated]
        return [item.type for item in yielded]

    def _yielding_to(self, owner: list[Var] | None, parse_body: Callable[[], SeqStmts]) -> SeqStmts:
        self._yield_owners.append(owner)
        try:
            return parse_body()
        finally:
            self._yield_owners.pop()

    def _assign_tuple(self, target: ast.Tuple, value: Expr, value_node: ast.expr, span: Span) -> SeqStmts:
        """`a, b = call(...)` is `_tuple_tmp = call(...); a = _tuple_tmp[0]; b = _tuple_tmp[1]`.

        Only the `pl.submit` / `pl.spmd_submit` forms unpack into nested tuples;
        the general form takes plain names, checked after the value is parsed."""
        is_submit = is_pl_call(value_node, "submit") or is_pl_call(value_node, "spmd_submit")
        if not is_submit:
            for element in target.elts:
                if not isinstance(element, ast.Name):
                    raise syntax_error(
                        f"Tuple unpacking target must be a variable name, got {ast.unparse(element)}",
                        element,
                        "Use simple variable names in tuple unpacking: a, b, c = func()",
                    )
        flat_submit = is_submit and all(isinstance(element, ast.Name) for element in target.elts)
        # The real parser binds a submit's flat result tuple (the kernel's results, then
        # the TaskId) to `_submit_tmp`, any other unpacking to `_tuple_tmp`: a var of its
        # own each time (`builder.let`: the second prints `_tuple_tmp_1`).
        temp = Var(span, "_submit_tmp" if flat_submit else "_tuple_tmp", type=value.type, own=True)
        stmts: list[Stmt] = [AssignStmt(span, temp, value)]
        self._unpack(target, temp, span, stmts, task_id_last=is_submit)
        return SeqStmts(span, stmts)

    def _type_submit(self, value: Expr, value_node: ast.expr) -> None:
        """`pl.submit(self.kernel, ...)` returns a flat tuple: the kernel's results, then
        its TaskId (left untyped where the kernel's return type is not known)."""
        kernel = value_node.args[0] if isinstance(value_node, ast.Call) and value_node.args else None
        if not (isinstance(value, Call) and isinstance(value.type, UnknownType)):
            return
        if not (
            isinstance(kernel, ast.Attribute)
            and isinstance(kernel.value, ast.Name)
            and kernel.value.id == "self"
        ):
            return
        returned = self._context.callee_return_type(kernel.attr)
        results = list(returned.items) if isinstance(returned, TupleType) else [returned]
        if results and not any(isinstance(result, UnknownType) for result in results):
            value.type = TupleType((*results, TaskIdType()))

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

    # ---------------------------------------------------------- local types

    def _local_annotation(self, stmt: ast.Assign | ast.AnnAssign, value: Expr) -> IRType:
        """An annotated local's type. In a body read as written (a `@pl.function`; JIT
        bodies are rewritten first, inline ones parsed per call), the real resolver's
        rejections of the annotation, and of a value contradicting it, are raised."""
        if not isinstance(stmt, ast.AnnAssign):
            return UnknownType()
        target = stmt.target
        yields = isinstance(stmt.value, ast.Call) and _attribute_name(stmt.value.func) == "yield_"
        if not (self._strict_types and isinstance(target, ast.Name)) or yields:
            return self._types.resolve(stmt.annotation)
        if is_skipped_annotation(stmt.annotation):
            return UnknownType()  # the parser takes these types from the value
        self._checker.check(stmt.annotation)
        annotated = self._types.resolve(stmt.annotation)
        type_checks.check_annotation(annotated, value, target.id, stmt)
        return annotated

    def _bind_assigned(
        self, name: str, ir_type: IRType, span: Span, stmt: ast.stmt, annotated: IRType, value: Expr
    ) -> Var:
        """`name = value` (`_assign_or_let`): a reassignment must keep the name's type."""
        path = self._block_path
        first = self._rebinding.assign(self._bindings.get(name), path)
        assigned = type_checks.assigned_type(annotated, value.type)
        jit = self._decorator.is_jit
        if jit and first is not None and len(path) <= max(len(first[1]), 1):
            # The real specializer renames a rebinding at the depth of the first binding (a
            # parameter's is the body's: `jit_renames`): a new name, with no type to keep. A
            # deeper one keeps the name, which the real parser then finds.
            first = None
        if self._strict_types or jit:
            kept = first_type(first)
            if kept is not None:
                type_checks.check_rebind(name, kept, assigned, stmt)
        var = self._bind(name, ir_type, span)
        self._rebinding.note_assignment(first, var, assigned, path)
        return var

    def _return_values(self, value: ast.expr | None) -> list[Expr]:
        if value is None:
            return []
        if isinstance(value, ast.Tuple):
            return [self._exprs.parse(item) for item in value.elts]
        return [self._exprs.parse(value)]

    # ---------------------------------------------------------------- loops

    def _for(self, stmt: ast.For, span: Span) -> Stmt | None:
        call, iterator = loop_rules.loop_iterator(stmt)
        if iterator == "while_":
            return self._while_for(stmt, call, span)
        if iterator == "spmd":
            scope_headers.check_spmd_for(stmt, call)
            launch = self._spmd_launch(stmt, call, scope_headers.SPMD_FOR_HINT, allow_deps=False)
            plan = classify_for(stmt)
            return self._scope(stmt, plan, span, launch) if plan is not None else _opaque(stmt)
        if iterator == "split_aiv":
            if self._strict_types:
                split_aiv_loops.check_header(stmt, call, self._loop_kinds, self._exprs.parse)
            # Never a scan site: a marker inside is a position error (R1).
            # Like the real IR, the region body starts by binding the AIV index.
            prologue = [
                AssignStmt(
                    Span.of(stmt.target), var, Call(Span.of(call), "tile.get_subblock_idx", [], type=var.type)
                )
                for var in self._bind_loop_targets(stmt.target, [])[:1]
            ]
            body = self._loop_body("split_aiv", stmt, span)
            body.stmts[:0] = prologue
            mode = keyword_value(call, "mode")
            return SplitAivScopeStmt(
                span,
                body,
                header_span=Span.header_of(stmt),
                mode=mode.attr if isinstance(mode, ast.Attribute) else None,
            )
        return self._range_for(stmt, call, iterator, span)

    def _range_for(self, stmt: ast.For, call: ast.Call, iterator: str, span: Span) -> ForStmt:
        """`pl.range` / `parallel` / `unroll` / `pipeline`: the header checked and read in
        the real parser's order (target, bounds, keywords, then the cross-checks)."""
        loop_target, iter_args_node = loop_rules.range_target(stmt.target)
        loop_rules.require_stop(call, iterator)
        bounds = [self._exprs.parse(arg) for arg in call.args[:3]]
        init_values: list[Expr] = []
        stage: Expr | None = None
        for keyword in call.keywords:
            if keyword.arg == "init_values":
                init_values = [
                    self._exprs.parse(elt) for elt in loop_rules.init_values_sequence(keyword.value)
                ]
            elif keyword.arg == "stage":
                stage = self._exprs.parse(keyword.value)
            elif keyword.arg == "attrs":
                loop_rules.require_attrs_dict(keyword.value)
            else:
                raise loop_rules.unknown_keyword(keyword, iterator)
        loop_rules.require_tuple_target(stmt.target, iter_args_node is None, bool(init_values))
        loop_rules.require_yield_lhs(stmt.body, bool(init_values))
        if iterator == "unroll":
            # A bound naming a `pl.dynamic` size is a DynVar in the real parser: no constant.
            dynamic = any(isinstance(self._evaluator.eval(arg), DynVar) for arg in call.args[:3])
            loop_rules.check_unroll(
                call, [self._as_written(bound) for bound in bounds], bool(init_values), dynamic
            )
        loop_rules.check_stage(call, iterator, self._as_written(stage) if stage is not None else None)
        attrs = self._loop_attrs(call)
        outer_names = set(self._bindings)
        loop_var = self._bind(loop_target.id, _loop_var_type(bounds), Span.of(loop_target))
        iter_args: list[Var] = []
        if iter_args_node is not None:
            try:
                names = loop_rules.iter_arg_names(iter_args_node, len(init_values))
            except FrontEndError as error:
                self._hide_under_arity("For", _iter_args_made(iter_args_node, error), error)
                raise
            iter_args = [
                self._bind(name.id, value.type, Span.of(name)) for name, value in zip(names, init_values)
            ]
        body = self._carried_body(
            "For",
            len(iter_args),
            lambda: self._yielding_to(iter_args, lambda: self._loop_body(iterator, stmt, span)),
        )
        results = {target.name for y in level_yields(body) for target in y.targets}
        if iter_args_node is not None or results:
            self._close_loop_scope(outer_names, results)
        start, stop, step = _range_bounds(bounds)
        kind = _LOOP_KINDS[iterator]
        return ForStmt(span, kind, loop_var, start, stop, step, body, iter_args, init_values, attrs=attrs)

    def _while_for(self, stmt: ast.For, call: ast.Call, span: Span) -> WhileStmt:
        """`for (a, b) in pl.while_(init_values=(...)): pl.cond(c); ...`."""
        loop_rules.check_while_call(call)
        init_values: list[Expr] = []
        for keyword in call.keywords:
            if keyword.arg == "init_values":
                init_values += [self._exprs.parse(elt) for elt in loop_rules.while_init_values(keyword.value)]
        target = loop_rules.check_while_header(stmt, call, len(init_values))
        loop_rules.require_yield_lhs(stmt.body, True)
        outer_names = set(self._bindings)
        try:
            names = loop_rules.while_iter_arg_names(target)
        except FrontEndError as error:
            self._hide_under_arity("While", _iter_args_made(target, error), error)
            raise
        iter_args = [
            self._bind(name.id, value.type, Span.of(name)) for name, value in zip(names, init_values)
        ]
        try:
            # `pl.cond(c)` opens the body; the real parser lifts it onto the while.
            condition = self._exprs.parse(loop_rules.cond_argument(stmt.body[0]))
            loop_rules.reject_later_cond(stmt.body[1:])
        except FrontEndError as error:
            self._hide_under_arity("While", len(iter_args), error)
            raise
        body = self._carried_body(
            "While",
            len(iter_args),
            lambda: self._yielding_to(iter_args, lambda: self._loop_body("while", stmt, span)),
        )
        # Checked once the body is parsed, at the `pl.cond(...)` statement, as upstream does.
        self._exprs.require_bool(condition, "while", stmt.body[0])
        # The while's scope keeps its body's names to itself (no leak, as the real parser's).
        self._close_loop_scope(outer_names, {t.name for y in level_yields(body) for t in y.targets})
        return WhileStmt(span, condition, body, iter_args, init_values)

    def _close_loop_scope(self, outer_names: set[str], results: set[str]) -> None:
        """A loop with iteration arguments or yields keeps its body's names to itself
        (the real scope manager exits it with `leak_vars=False`): after it, only the names
        bound before it and its results are in scope."""
        for name in set(self._bindings) - outer_names - results:
            del self._bindings[name]
            self._scoped_out.add(name)

    def _hide_under_arity(self, loop: str, carried: int, error: FrontEndError) -> None:
        """An error raised while the real loop builder is open with `carried` iteration
        arguments and no results yet: the outermost such loop's arity error replaces it
        (see `_carried_body`, which does the same for the body's errors)."""
        if carried and self._carrying_loops == 0:
            self._diagnostics.append(
                _arity_error(loop, carried, 0, self._node).with_related(
                    error.span, f"The error this hides: {error.message}"
                )
            )

    def _carried_body(self, loop: str, carried: int, parse_body: Callable[[], SeqStmts]) -> SeqStmts:
        """A loop body under iteration arguments, and the real parser's masking of its errors.

        Upstream closes the loop builder in a `finally`: an error raised in the body
        reaches a loop that has iteration arguments but no return variables yet, and
        the builder's own arity error replaces it. The outermost such loop's error is
        what the decorator reports, on the `def` line; we report it too, pointing at
        the first error it hides, which stays reported where it is.
        """
        outermost = carried > 0 and self._carrying_loops == 0
        errors_before = len(self._diagnostics)
        self._carrying_loops += carried > 0
        try:
            body = parse_body()
        finally:
            self._carrying_loops -= carried > 0
        hidden = [d for d in self._diagnostics[errors_before:] if d.severity is Severity.ERROR]
        if outermost and hidden:
            first = hidden[0]
            self._diagnostics.append(
                _arity_error(loop, carried, 0, self._node).with_related(
                    first.span, f"The error this hides: {first.message}"
                )
            )
        elif carried and not hidden:
            # The names the body's yields bind are the loop's results (none: the builder
            # names them itself); the builder refuses another number than it carries.
            names = [target.name for y in level_yields(body) for target in y.targets]
            if len(names) > carried:
                # The builder names its results one by one, each typed as its iteration
                # argument: the first name past them has none.
                self._diagnostics.append(_untyped_result_error(names[carried], self._node))
            elif names and len(names) != carried:
                self._diagnostics.append(_arity_error(loop, carried, len(names), self._node))
        return body

    def _as_written(self, expr: Expr) -> Expr:
        """An expression as the real parser sees it for a constant check. An inline
        function's body is parsed per call, its parameters bound to the caller's
        arguments (a literal there is a constant): a parameter's value is unknown."""
        is_inline = self._decorator.name in ("inline", "jit.inline")
        arguments = [*self._node.args.posonlyargs, *self._node.args.args]
        if is_inline and isinstance(expr, Var) and any(Span.of(arg) == expr.span for arg in arguments):
            return OpaqueExpr(expr.span, expr.name)
        return expr

    def _loop_body(self, kind: str, loop: ast.For | ast.While, span: Span) -> SeqStmts:
        """A loop's body, with `break` / `continue` judged against this loop's kind."""
        self._loop_kinds.append(kind)
        try:
            return self._block(loop.body, span, loop.end_lineno)
        finally:
            self._loop_kinds.pop()

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

    def _with(self, stmt: ast.With, span: Span) -> Stmt:
        """`with pl.<scope>(...)`: the header checked as the real parser does, then
        classified for the cache-policy scan (None: a body we do not analyse)."""
        header = scope_headers.pl_scope_call(stmt, self._env.is_pl_alias)
        if header is None:
            return _opaque(stmt)
        call, name = header
        launch = None
        if name == "at":
            scope_headers.check_at_scope(stmt, call)
        elif name == "spmd":
            allow_deps = stmt.items[0].optional_vars is not None
            launch = self._spmd_launch(stmt, call, scope_headers.SPMD_WITH_HINT, allow_deps=allow_deps)
            scope_headers.check_spmd_with_body(stmt, call, self._dispatch_count)
        elif name == "cluster":
            scope_headers.check_cluster(stmt, call)
        else:
            scope_headers.check_runtime_scope(
                stmt,
                call,
                name,
                auto_scope=self._surely_auto_scope(),
                inside_manual=self._manual_runtime_depth > 0,
            )
        plan = classify_with(stmt, self._scope_context())
        return self._scope(stmt, plan, span, launch) if plan is not None else _opaque(stmt)

    def _surely_auto_scope(self) -> bool:
        """auto_scope=True for sure: not turned off by a keyword or an `attrs=` entry
        (upstream reads it from the function's attrs), nor set by a value we cannot read."""
        keyword = self._decorator.keywords.get("auto_scope")
        attrs = self._decorator.keywords.get("attrs")
        readable_attrs = attrs is None or (
            isinstance(attrs, ast.Dict)
            and all(isinstance(key, ast.Constant) and key.value != "auto_scope" for key in attrs.keys)
        )
        readable_keyword = keyword is None or (isinstance(keyword, ast.Constant) and keyword.value is True)
        return self._auto_scope and readable_attrs and readable_keyword

    def _dispatch_count(self, body: list[ast.stmt]) -> tuple[int, bool]:
        """Kernel dispatches in an SPMD body we are sure of, and whether a call of a
        name whose value we do not know may be one more."""
        count, unsure = 0, False
        for node in (node for stmt in body for node in subtree(stmt) if isinstance(node, ast.Call)):
            func = node.func
            if (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and func.value.id == "self"
            ):
                count += 1
            elif isinstance(func, ast.Name):
                dispatch = self._name_dispatches(func.id)
                unsure = unsure or dispatch is None
                count += dispatch is True
        return count, unsure

    def _name_dispatches(self, name: str) -> bool | None:
        """Whether `name(...)` dispatches a kernel; None when its value is not known here."""
        if name in self._bindings:
            return None
        if self._closure.call_is_unsupported(name):
            return False  # its closure value is certainly no DSL function (e.g. a method name)
        if name not in self._env.values:
            return False if hasattr(builtins, name) else None
        value = self._env.values[name]
        if value is UNKNOWN:
            return None
        return self._dispatches_kernel(name)

    def _dispatches_kernel(self, name: str) -> bool:
        """A bare-name call is a dispatch when its closure value is a DSL function
        (under `@pl.jit`, the specialiser rewrites sibling JIT calls to `self.<name>`)."""
        value = self._env.values.get(name)
        if not isinstance(value, DslFunction):
            return False
        return value.decorator in ("function", "inline") or (
            self._decorator.is_jit and value.decorator.startswith("jit")
        )

    def _scope(
        self, stmt: ast.With | ast.For, plan: ScopePlan, span: Span, launch: scope_headers.SpmdLaunch | None
    ) -> ScopeStmt:
        header = Span.header_of(stmt)
        # The header's keywords name the vars bound before it (`deps=[tid] ... as tid`).
        keywords = self._scope_keywords(stmt)
        attrs: list[tuple[str, Any]] = list(keywords.before_task_id)
        if isinstance(stmt, ast.With) and stmt.items[0].optional_vars is not None:
            for name in _target_names(stmt.items[0].optional_vars):
                attrs.append(("task_id_var", self._bind(name, TaskIdType(), header)))
        attrs += keywords.after_task_id
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
        device = plan.kind in (ScopeKind.IN_CORE, ScopeKind.SPMD)
        self._pld_context.device_scopes += device
        try:
            # `for i in pl.spmd(...)` is a Python loop but no DSL loop (see check_loop_control).
            if isinstance(stmt, ast.For):
                body = self._loop_body(loop_rules.SPMD_LOOP, stmt, span)
            else:
                body = self._block(stmt.body, span, stmt.end_lineno)
        finally:
            self._pld_context.device_scopes -= device
            if plan.manual:
                self._manual_runtime_depth -= 1
        body.stmts[:0] = prologue
        scope = _build_scope(plan, span, header, body, attrs, decls)
        if isinstance(scope, SpmdScopeStmt) and launch is not None:
            scope.core_num, scope.sync_start = launch.core_num, launch.sync_start
        carrier = scope.body.stmts[0] if plan.incore_carrier else scope
        assert isinstance(carrier, ScopeStmt)
        carrier.declaration_spans = declared_at
        first, last = Span.of(stmt.body[0]), Span.of(stmt.body[-1])
        scope.body_span = carrier.body_span = Span(
            first.start_line, first.start_col, last.end_line, last.end_col
        )
        return scope

    def _scope_keywords(self, stmt: ast.With | ast.For) -> scope_keywords.ScopeKeywords:
        call = stmt.items[0].context_expr if isinstance(stmt, ast.With) else stmt.iter
        if is_pl_call(call, "at"):
            assert isinstance(call, ast.Call)
            return scope_keywords.at_keywords(call, self._bindings.get)
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "spmd":
            return scope_keywords.spmd_keywords(call, self._bindings.get, self._exprs.parse)
        return scope_keywords.ScopeKeywords()

    def _spmd_launch(
        self, stmt: ast.With | ast.For, call: ast.Call, hint: str, *, allow_deps: bool
    ) -> scope_headers.SpmdLaunch:
        """`pl.spmd(core_num, sync_start=...)`: checked and read before the header binds anything."""
        return scope_headers.spmd_launch(stmt, call, self._exprs.parse, hint=hint, allow_deps=allow_deps)

    def _static_value(self, name: str) -> Any:
        """A name's static value in a `@pl.jit` body: a specialised scalar's, else the module's."""
        if name in self._specialised:
            return self._specialised[name]
        return self._env.lookup(name)

    def _expression_var(self, name: str) -> Var | None:
        """The DSL variable a name reads in a `@pl.jit` body: none for a specialised scalar
        parameter (the real specializer wrote its value in its place)."""
        return None if name in self._specialised else self._bindings.get(name)

    def _jit_source_text(self, node: ast.AST) -> str:
        """`node` as the real `@pl.jit` specializer rewrote it (`jit_text`)."""
        literals = {
            name: value
            for name, value in self._env.values.items()
            if isinstance(value, (bool, int, float)) and name.isidentifier()
        }
        anchors = jit_text.dynamic_anchors(self._node, self._env.evaluator())
        return jit_text.jit_source_text(node, literals, anchors, jit_text.body_names(self._node))

    def _returns_a_tensor(self, value: ast.expr | None) -> bool:
        """A call of a `@pl.jit.<kind>` helper whose body ends returning a tensor parameter:
        the specializer gives the call that tensor's type."""
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
            return False
        signature = jit_deps.dep_signatures(self._env).get(value.func.id)
        return signature is not None and signature.returns_tensor

    def _is_tensor_param_bind(self, call: ast.expr) -> bool:
        """`<tensor parameter>.bind_dynamic(...)`: a statement the real `@pl.jit` deletes."""
        return (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "bind_dynamic"
            and isinstance(call.func.value, ast.Name)
            and call.func.value.id in self._tensor_params
        )

    def _binds_a_dynamic_dim(self, call: ast.expr) -> bool:
        """`param.bind_dynamic(dim, var)` on a tensor parameter whose dim `dim` is not
        a concrete extent here (no shape yet, or already a dynamic one): the jit deletes
        the statement and the type is unchanged. Binding a dim annotated as an integer
        would change the type, which we do not model (the statement stays opaque)."""
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "bind_dynamic"
            and isinstance(call.func.value, ast.Name)
            and call.args
            and isinstance(call.args[0], ast.Constant)
            and type(call.args[0].value) is int
        ):
            return False
        param = self._bindings.get(call.func.value.id)
        if param is None or not isinstance(param.type, TensorType):
            return False
        shape, dim = param.type.shape, call.args[0].value
        return shape is None or (0 <= dim < len(shape) and not isinstance(shape[dim], int))

    def _inlined_as_literal(self, name: str) -> bool:
        """`@pl.jit` inlines module int/float/bool globals as literals before parsing."""
        if not self._decorator.is_jit or name in self._bindings:
            return False
        value = self._env.values.get(name)
        return isinstance(value, (bool, int, float))


def _may_be_inlined_as_literal(bindings: RebindingTable, env: ModuleEnvironment, name: str) -> bool:
    """Whether `@pl.jit` may write `name` in as a literal: not a local, and a module
    int/float/bool or a global whose value we cannot know (an import from another file)."""
    if name in bindings:
        return False
    value = env.values.get(name, UNKNOWN)
    return value is UNKNOWN or isinstance(value, (bool, int, float))


def _pld_context(decorator: DecoratorInfo) -> distributed_calls.PldContext:
    """The function's level as the real parser holds it: the decorator's `level=`, HOST
    for `@pl.jit.host`; not known for another jit form or a level alias."""
    if decorator.name == "jit.host":
        return distributed_calls.PldContext("HOST", True)
    level = enum_keyword_name(decorator, "level")
    known = decorator.name == "function" and (level is None or LEVELS.get(level, level) == level)
    return distributed_calls.PldContext(level, known)


# The JIT functions the real specializer gives tensor shapes from a call (an inline one is
# parsed at each call, with its arguments' types).
_SPECIALISED_JIT = frozenset({"jit", "jit.incore", "jit.opaque"})

# `pl.static_assert(...)`, `pl.static_print(...)`, `pl.dump_tag(x)`: parse-time directives.
_COMPILE_TIME_DIRECTIVES = ("static_assert", "static_print", "dump_tag")


def _is_sub_worker(function: Function) -> bool:
    return function.level == "HOST" and function.role == "SubWorker"


def _sub_worker_source(node: ast.FunctionDef) -> str | None:
    """A HOST SubWorker's body as the real parser keeps it: each statement unparsed (None:
    an abstract one, `...` after a docstring and `pl.func_attr` directives)."""
    rest = [
        stmt
        for stmt in node.body
        if not (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str)
        )
        and not _is_directive(stmt)
    ]
    only = rest[0] if len(rest) == 1 else None
    if isinstance(only, ast.Expr) and isinstance(only.value, ast.Constant) and only.value.value is Ellipsis:
        return None
    return "\n".join(ast.unparse(stmt) for stmt in node.body)


def _is_directive(stmt: ast.stmt) -> bool:
    """`pl.func_attr({...})` and `pl.cond(c)`: read with their function / loop header."""
    return isinstance(stmt, ast.Expr) and (
        is_pl_call(stmt.value, "func_attr") or is_pl_call(stmt.value, "cond")
    )


def _attach_comments(
    comments: PendingComments, stmt: ast.stmt, parsed: Stmt | None, leading: list[str]
) -> None:
    """The comments `stmt` took go on the first statement it made; a docstring's lines,
    and the comments of a statement that made none, wait for the next statement."""
    doc = comments.docstring_lines(stmt)
    if doc is not None:
        comments.unattached(stmt, [*leading, *doc])
        return
    if not leading:
        return
    while isinstance(parsed, SeqStmts):  # a tuple unpacking: its temporary's assignment first
        parsed = parsed.stmts[0] if parsed.stmts else None
    if parsed is None:
        comments.unattached(stmt, leading)
    else:
        parsed.comments = tuple(leading)


def _with_slot_num(attrs: list[tuple[str, Any]], plan: ScopePlan) -> list[tuple[str, Any]]:
    """The InCore scope's attrs, the cross-core slot count last (`slot_num`), as the real parser appends it."""
    return [*attrs, ("slot_num", plan.slot_num)] if plan.slot_num is not None else attrs


def _build_scope(
    plan: ScopePlan,
    span: Span,
    header: Span,
    body: SeqStmts,
    attrs: list[tuple[str, Any]],
    decls: list[tuple[Var, int]],
) -> ScopeStmt:
    if plan.kind is ScopeKind.IN_CORE:
        merged = cache_policy.merge_cache_policy_attr(_with_slot_num(attrs, plan), decls)
        return InCoreScopeStmt(span, body, merged, plan.name_hint, header, split=plan.split)
    if plan.kind is ScopeKind.HIERARCHY:
        merged = cache_policy.merge_cache_policy_attr(attrs, decls)
        return HierarchyScopeStmt(
            span, body, merged, plan.name_hint, header, level=plan.level or "", role=plan.role
        )
    if plan.kind is ScopeKind.SPMD:
        if plan.incore_carrier:
            # The real parser splits the hint: the Spmd scope `<hint>_spmd`, the kernel
            # scope it wraps `<hint>` (a hint that ends in `_spmd` already loses it there).
            incore_hint = plan.name_hint.removesuffix(SPMD_SUFFIX)
            carrier_attrs = cache_policy.merge_cache_policy_attr(_with_slot_num([], plan), decls)
            carrier = InCoreScopeStmt(span, body, carrier_attrs, incore_hint, header, split=plan.split)
            body = SeqStmts(span, [carrier])
            return SpmdScopeStmt(span, body, attrs, incore_hint and incore_hint + SPMD_SUFFIX, header)
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


def _level_role_mismatch(
    decorator: DecoratorInfo, func_type: FunctionType, node: ast.FunctionDef | ast.AsyncFunctionDef
) -> FrontEndError | None:
    """An explicit `level=` / `role=` other than the one the function type implies: the
    IR function's constructor refuses it once the body is built (a CHECK the decorator
    wraps, on the `def` line)."""
    implied = _DEFAULT_LEVEL_ROLE.get(func_type)
    if implied is None:
        return None
    for key, implied_value in zip(("level", "role"), implied):
        given = enum_keyword_name(decorator, key)
        if key == "level" and given is not None:
            given = LEVELS.get(given)
        if given is not None and given != implied_value:
            return FrontEndError(
                "ValueError",
                f"Function '{node.name}' has func_type={func_type.value} which implies "
                f"{key}={implied_value}, but explicit {key}={given} was provided",
                node,
                in_function=True,
            )
    return None


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


_STATEMENT_HINT = (
    "Only assignments, for loops, while loops, if statements, "
    "with statements, returns, break, continue, and pass are supported in DSL functions"
)
_AUGASSIGN_SYMBOLS = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.MatMult: "@",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
}


def _augassign_data(stmt: ast.stmt) -> dict[str, str]:
    """What the quick fix rewriting `x += y` as `x = x + y` / an op call needs."""
    if not isinstance(stmt, ast.AugAssign):
        return {}
    return {
        "operator": type(stmt.op).__name__,
        "operator_symbol": _AUGASSIGN_SYMBOLS.get(type(stmt.op), ""),
        "target": ast.unparse(stmt.target),
        "value": ast.unparse(stmt.value),
    }


def _is_yield_call(node: ast.expr | None) -> bool:
    """`<anything>.yield_(...)`: the right-hand sides the real parser treats as a yield."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "yield_"


def _iter_args_made(target: ast.expr, error: FrontEndError) -> int:
    """How many iteration arguments the real builder made before `error`: it makes them
    one by one, up to the first that is no simple name."""
    if error.message != "Iter arg must be a simple name" or not isinstance(target, ast.Tuple):
        return 0
    return next(i for i, element in enumerate(target.elts) if not isinstance(element, ast.Name))


def _arity_error(loop: str, carried: int, results: int, function: ast.FunctionDef) -> Diagnostic:
    """The loop builder's refusal when it closes (a RuntimeError the decorator wraps, on
    the `def` line)."""
    return (
        FrontEndError(
            "RuntimeError",
            f"{loop} loop has {carried} iteration arguments but {results} return variables. They must match.",
            function,
            "Check your function definition for errors",
        )
        .wrapped(function)
        .diagnostic()
    )


def _untyped_result_error(name: str, function: ast.FunctionDef) -> Diagnostic:
    """The loop builder's refusal of a result name with no iteration argument to take its
    type from (a ValueError the decorator wraps, on the `def` line)."""
    return (
        FrontEndError(
            "ValueError",
            f"Cannot infer type for return_var '{name}': no corresponding iter_arg found. "
            "Please provide explicit type.",
            function,
            "Check your function definition for errors",
        )
        .wrapped(function)
        .diagnostic()
    )


def _opaque(stmt: ast.stmt) -> OpaqueStmt:
    return OpaqueStmt(Span.of(stmt), ast.unparse(stmt))


def _share_return_vars(then_body: SeqStmts, else_body: SeqStmts | None) -> list[Var]:
    """`x = pl.yield_(...)` closing both arms binds one return var of the `if`: the
    else arm's yield takes the then arm's var of the same name (whose type wins, as
    the real parser's `setdefault` gives it). The vars read after the `if`."""
    if else_body is None or not then_body.stmts or not else_body.stmts:
        return []
    then_yield, else_yield = then_body.stmts[-1], else_body.stmts[-1]
    if not (isinstance(then_yield, YieldStmt) and isinstance(else_yield, YieldStmt)):
        return []
    by_name = {var.name: var for var in then_yield.targets}
    else_yield.targets = [by_name.get(var.name, var) for var in else_yield.targets]
    return [var for var in else_yield.targets if var.name in by_name]


def _attribute_name(node: ast.expr) -> str | None:
    return node.attr if isinstance(node, ast.Attribute) else None


def _is_submit(value: ast.expr | None) -> bool:
    # (asked of every assignment: the attribute's name first, the cheap and usual "no")
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in _SUBMITS
        and is_pl_call(value)
    )


_SUBMITS = ("submit", "spmd_submit")
_ALLOC = distributed_calls.ALLOC


def _target_names(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in _target_names(element)]
    return []


def _range_bounds(bounds: list[Expr]) -> tuple[Expr | None, Expr | None, Expr | None]:
    """(start, stop, step); a start of 0 and a step of 1 (INDEX literals) are None, as
    when left out: `pl.range(0, n)` and `pl.range(n)` are one loop in the real IR."""
    if not bounds:
        return None, None, None
    if len(bounds) == 1:
        return None, bounds[0], None
    start, stop = bounds[0], bounds[1]
    step = bounds[2] if len(bounds) >= 3 and not is_index_literal(bounds[2], 1) else None
    return (None if is_index_literal(start, 0) else start), stop, step


def _loop_var_type(bounds: list[Expr]) -> ScalarType:
    """The loop variable is INDEX unless a constant bound has another dtype (`pl.const(8,
    pl.INT32)`), which the real parser then gives it; that case is left unknown here (an
    INDEX variable is known not to be negative, which the op rules' proofs rely on)."""
    for bound in bounds:
        if isinstance(bound, Const) and isinstance(bound.type, ScalarType) and bound.type.dtype != "INDEX":
            return ScalarType(None)
    return ScalarType("INDEX")


def _is_ptr_annotation(stmt: ast.AnnAssign) -> bool:
    """`x: pl.Ptr = ...` / `x: Ptr = ...` (also `MemRefType`), as the real parser spells it."""
    annotation = stmt.annotation
    if isinstance(annotation, ast.Attribute):
        return (
            isinstance(annotation.value, ast.Name)
            and annotation.value.id == "pl"
            and annotation.attr in ("Ptr", "MemRefType")
        )
    return isinstance(annotation, ast.Name) and annotation.id in ("Ptr", "MemRefType")
