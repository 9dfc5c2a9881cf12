"""The `InOutUseValid` property at pipeline_input (verify_inout_use.cpp, through the
InOut-use discipline of stmt_dependency_analysis.cpp): once a variable has been passed to a
function of the program as an `InOut` or `Out` argument, reading it again is an error until
it is bound anew — the call's result holds the written value, the variable the old one:

    variable 'out' was passed as InOut/Out at FILE:22:18; read the post-call return value
    instead of the pre-call variable

In upstream's order: a call's arguments are read before the call marks its InOut/Out
arguments; an assignment reads its value, then its name is live again; the two branches of
an `if` start alike and a variable is marked after it if either branch marked it; a loop
body starts with what any iteration of it leaves marked (the back edge), its iteration
arguments excepted. The error is at the read; the call that marked it is its related
location, whose place the message names (`ORIGIN_PLACEHOLDER`, filled in with the file's
path where the diagnostic is shown).

The real parser keeps one Var per name while the name is visible, so variables are told
apart by name here; a name bound again in any way (an assignment, a loop variable, a
loop's or an `if`'s result) is a new value. A function holding something our IR does not
model (an opaque statement or expression) is not judged. Group and Spmd wrappers are
skipped, as upstream skips them.
"""

from __future__ import annotations

from compiler.base import codes
from compiler.base.diagnostics import ORIGIN_PLACEHOLDER, Diagnostic, RelatedInfo, Stage
from compiler.base.span import Span
from compiler.ir import Function, Program
from compiler.ir.nodes import (
    AssignStmt,
    Call,
    Direction,
    Expr,
    ForStmt,
    FunctionType,
    IfStmt,
    OpaqueExpr,
    OpaqueStmt,
    ScopeStmt,
    SeqStmts,
    Stmt,
    Var,
    WhileStmt,
)
from compiler.ir.visit import own_exprs, sub_exprs, walk_stmts

_MARKING = (Direction.INOUT, Direction.OUT)
_SELF = "self."


class _NotModelled(Exception):
    pass


def inout_use_errors(function: Function, program: Program) -> list[Diagnostic]:
    if function.func_type in (FunctionType.GROUP, FunctionType.SPMD):
        return []
    if any(isinstance(stmt, OpaqueStmt) for stmt in walk_stmts(function.body)):
        return []
    checker = _Checker({f.name: f for f in program.functions})
    try:
        checker.visit_body(function.body)
    except _NotModelled:
        return []
    return checker.found


class _Checker:
    def __init__(self, callees: dict[str, Function], inits: dict[str, Expr] | None = None) -> None:
        self._callees = callees
        self.dead: dict[str, Span] = {}  # a marked name -> the first call that marked it
        self.found: list[Diagnostic] = []
        # The iteration arguments in scope -> their init values: upstream's visitor, reading
        # an IterArg, goes on into its init value (a read of that too).
        self._inits: dict[str, Expr] = dict(inits or {})

    # ------------------------------------------------------------------ statements

    def visit_body(self, body: SeqStmts) -> None:
        for stmt in body.stmts:
            self.visit_stmt(stmt)

    def visit_stmt(self, stmt: Stmt) -> None:
        if isinstance(stmt, AssignStmt):
            self.visit_expr(stmt.value)
            self._bound([stmt.var])
        elif isinstance(stmt, ForStmt):
            for expr in [stmt.start, stmt.stop, stmt.step, *stmt.init_values]:
                self.visit_expr(expr)
            self._loop_body(stmt.body, stmt.iter_args, stmt.init_values)
            self._bound([*stmt.iter_args, *stmt.return_vars, *([stmt.loop_var] if stmt.loop_var else [])])
        elif isinstance(stmt, WhileStmt):
            self.visit_expr(stmt.condition)
            for expr in stmt.init_values:
                self.visit_expr(expr)
            self._loop_body(stmt.body, stmt.iter_args, stmt.init_values)
            self._bound([*stmt.iter_args, *stmt.return_vars])
        elif isinstance(stmt, IfStmt):
            self.visit_expr(stmt.condition)
            before = dict(self.dead)
            self.visit_body(stmt.then_body)
            after_then = self.dead
            self.dead = before
            if stmt.else_body is not None:
                self.visit_body(stmt.else_body)
            for name, origin in after_then.items():
                self.dead.setdefault(name, origin)
            self._bound(stmt.return_vars)
        elif isinstance(stmt, (ScopeStmt, SeqStmts)):
            self.visit_body(stmt.body if isinstance(stmt, ScopeStmt) else stmt)
        else:
            for expr in own_exprs(stmt):
                self.visit_expr(expr)
            self._bound(getattr(stmt, "targets", []))

    def _loop_body(self, body: SeqStmts, iter_args: list[Var], init_values: list[Expr]) -> None:
        """The body, entered with what an earlier iteration leaves marked (the back edge)."""
        outer_inits = self._inits
        self._inits = {**outer_inits, **{var.name: init for var, init in zip(iter_args, init_values)}}
        kills = _Checker(self._callees, self._inits)
        kills.visit_body(body)
        carried = {var.name for var in iter_args}
        for name, origin in kills.dead.items():
            if name not in carried:
                self.dead.setdefault(name, origin)
        self.visit_body(body)
        self._inits = outer_inits

    def _bound(self, variables: list[Var]) -> None:
        for var in variables:
            self.dead.pop(var.name, None)
            self._inits.pop(var.name, None)  # the name is another Var from here on
            # An init value whose name is bound anew may be another Var than the one read
            # through the IterArg: not followed (a missed error at worst).
            for name, init in list(self._inits.items()):
                if isinstance(init, Var) and init.name == var.name:
                    del self._inits[name]

    # ------------------------------------------------------------------ expressions

    def visit_expr(self, expr: Expr | None) -> None:
        if expr is None:
            return
        if isinstance(expr, OpaqueExpr):
            raise _NotModelled
        if isinstance(expr, Var):
            origin = self.dead.get(expr.name)
            if origin is not None:
                self.found.append(_error(expr, origin))
            init = self._inits.get(expr.name)
            if init is not None:
                self.visit_expr(init)
            return
        if isinstance(expr, Call):
            for arg in expr.args:
                self.visit_expr(arg)
            self._mark(expr)
            return
        for sub in sub_exprs(expr):
            self.visit_expr(sub)

    def _mark(self, call: Call) -> None:
        callee = self._callees.get(call.op[len(_SELF) :]) if call.op.startswith(_SELF) else None
        if callee is None:
            return
        for param, arg in zip(callee.params, call.args):
            if param.direction in _MARKING and isinstance(arg, Var):
                self.dead.setdefault(arg.name, call.span)


def _error(read: Var, origin: Span) -> Diagnostic:
    message = (
        f"variable '{read.name}' was passed as InOut/Out at {ORIGIN_PLACEHOLDER}; "
        "read the post-call return value instead of the pre-call variable"
    )
    return Diagnostic(
        codes.VERIFY_INOUT_USE,
        message,
        read.span,
        stage=Stage.VERIFIER,
        exception="VerificationError",
        related=(RelatedInfo(origin, f"'{read.name}' passed as InOut/Out here"),),
    )
