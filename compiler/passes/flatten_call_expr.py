"""FlattenCallExpr (pass 7): no call is an operand of another expression.

A call nested as an argument of a call, as an operand of scalar arithmetic or a
comparison, as an `if`/`while` condition, as a `for` bound, or returned or
yielded, moves into an assignment `t__tmp_v<n> = <call>` just before the
statement that used it, in the order the calls complete (innermost first), and
the use reads the temporary. The counter `n` runs over each function from 0.

What stays: a call that is a statement's whole value (`x = call(...)`, a bare
call statement), a call's keyword arguments (attributes in the real IR, never
visited), the calls inside a literal list (`[pl.tensor.dim(x, 0), 0]`: the list
is walked, its items are not taken out), loop init values, a scope's `core_num`.

Scalar `pl.min`/`pl.max`/`pl.cast` are arithmetic nodes in the real IR, not
calls: they are walked like `+` and never taken out themselves.

A temporary is declared with the call's type as far as we computed it (what the
printer then writes of a type it does not know is the printer's policy, as for
every other var): refusing the program here would also take it from the memory
planner and codegen, which need the flattened form the real passes after this
one see.
"""

from __future__ import annotations

from compiler.ir import (
    AssignStmt,
    BinaryExpr,
    Call,
    EvalStmt,
    Expr,
    ForStmt,
    Function,
    IfStmt,
    MakeTuple,
    OpaqueExpr,
    Program,
    ReturnStmt,
    ScopeStmt,
    SeqStmts,
    Stmt,
    TupleGetItem,
    UnaryExpr,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.passes.not_modelled import PassNotModelled
from compiler.passes.scalar_nodes import COMPARISONS, is_scalar_arith_call, kind_of, make

PASS_NAME = "FlattenCallExpr"


def flatten_call_expr(program: Program) -> Program:
    for function in program.functions:
        _Flattener(function).run()
    return program


def is_real_call(expr: Expr) -> bool:
    """A call node of the real IR (an op, a function of the program, `pl.submit`)."""
    return isinstance(expr, Call) and not is_scalar_arith_call(expr)


class _Flattener:
    def __init__(self, function: Function) -> None:
        self.function = function
        self.counter = 0
        self.pending: list[Stmt] = []

    def run(self) -> None:
        self.function.body = self._block(self.function.body)

    def _block(self, block: SeqStmts) -> SeqStmts:
        """The statements of `block`, each preceded by the temporaries it hoisted."""
        outer, out = self.pending, []
        for stmt in block.stmts:
            self.pending = []
            self._stmt(stmt)
            out.extend(self.pending)
            out.append(stmt)
        self.pending = outer
        block.stmts = out
        return block

    def _stmt(self, stmt: Stmt) -> None:
        if isinstance(stmt, AssignStmt):
            stmt.value = self._expr(stmt.value)
        elif isinstance(stmt, EvalStmt):
            stmt.expr = self._expr(stmt.expr)
        elif isinstance(stmt, (ReturnStmt, YieldStmt)):
            stmt.values = [self._operand(value) for value in stmt.values]
        elif isinstance(stmt, IfStmt):
            stmt.condition = self._operand(stmt.condition)
            stmt.then_body = self._block(stmt.then_body)
            if stmt.else_body is not None:
                stmt.else_body = self._block(stmt.else_body)
        elif isinstance(stmt, ForStmt):
            stmt.start, stmt.stop, stmt.step = (
                None if bound is None else self._operand(bound)
                for bound in (stmt.start, stmt.stop, stmt.step)
            )
            stmt.body = self._block(stmt.body)
        elif isinstance(stmt, WhileStmt):
            if stmt.condition is not None:
                stmt.condition = self._operand(stmt.condition)
            stmt.body = self._block(stmt.body)
        elif isinstance(stmt, ScopeStmt):
            stmt.body = self._block(stmt.body)
        elif isinstance(stmt, SeqStmts):
            self._block(stmt)

    def _operand(self, expr: Expr) -> Expr:
        """`expr` walked, and taken out into a temporary if it is a call."""
        expr = self._expr(expr)
        return self._hoist(expr) if is_real_call(expr) else expr

    def _expr(self, expr: Expr) -> Expr:
        """`expr` with the calls nested in it taken out (not `expr` itself)."""
        if isinstance(expr, Call):
            expr.args = [self._operand(arg) for arg in expr.args]
        elif isinstance(expr, BinaryExpr):
            expr.lhs, expr.rhs = self._operand(expr.lhs), self._operand(expr.rhs)
        elif isinstance(expr, UnaryExpr):
            expr.operand = self._operand(expr.operand)
        elif isinstance(expr, OpaqueExpr):
            kind = kind_of(expr)
            if kind in COMPARISONS or kind in ("and", "or"):
                # Kept as its text: the text is made again from the operands taken out.
                parts = [self._operand(operand) for operand in expr.operands]
                if any(new is not old for new, old in zip(parts, expr.operands, strict=True)):
                    return make(kind, parts, "BOOL", expr.span)
            elif any(is_real_call(operand) for operand in expr.operands):
                raise PassNotModelled(PASS_NAME, f"a call inside `{expr.text}`", expr.span)
        elif isinstance(expr, MakeTuple):
            expr.items = [self._expr(item) for item in expr.items]
        elif isinstance(expr, TupleGetItem):
            expr.tuple_expr = self._expr(expr.tuple_expr)
        return expr

    def _hoist(self, call: Expr) -> Var:
        temp = Var(call.span, f"t__tmp_v{self.counter}", type=call.type)
        self.counter += 1
        self.pending.append(AssignStmt(call.span, temp, call))
        return temp
