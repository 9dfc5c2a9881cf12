"""InlineFunctions (pass 1): every call of a `FunctionType.Inline` function is replaced by a
copy of its body, and the Inline functions leave the program, as the real pass does
(src/ir/transforms/inline_functions_pass.cpp).

A call is spliced where it is a whole statement: `x = self.f(...)`, `self.f(...)` or
`return self.f(...)`. The copy reads the call's arguments for the parameters (a
parameter the body rebinds rebinds the argument's variable), binds `<name>_inline<n>`
for each variable the body binds, and ends with `x = <returned value>` (left out when
that is `x` itself) or the return. Calls inside other Inline functions are spliced
too, until nothing changes.

The `<n>` comes from one counter the real compiler keeps for its whole process; it
is taken here to start at 0 for the program (one program compiled per process). The
real pass numbers a body's variables in the order a hash set of their addresses holds
them: for two, the reverse of their binding order. Where the real order of the numbers
is not fixed (a body binding three or more variables, whose order follows their
addresses; calls spliced in two functions, visited in hash order), the pass says it is
not modelled rather than guess (for a `@pl.jit` entry's program it splices all the same
and says so in `Program.inline_names_unknown`: the kernels' names are still known).
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    Call,
    Const,
    EvalStmt,
    Expr,
    ForStmt,
    Function,
    FunctionType,
    IfStmt,
    OpaqueExpr,
    Program,
    ReturnStmt,
    SeqStmts,
    Stmt,
    TupleGetItem,
    TupleType,
    Var,
    WhileStmt,
)
from compiler.ir.copying import copy_ir
from compiler.ir.opaque import respelled
from compiler.ir.substitute import substitute_uses
from compiler.ir.types import UnknownType
from compiler.ir.visit import child_stmts, own_calls, own_exprs, walk_expr, walk_stmts
from compiler.passes.not_modelled import PassNotModelled

PASS_NAME = "InlineFunctions"
# The most variables an Inline body may bind for the real numbering of them to be known.
_ORDERED_LOCALS = 2
CYCLE_MESSAGE = "Cycle detected in FunctionType::Inline call graph: {cycle}"


def inline_functions(program: Program) -> Program:
    inline = {f.name: f for f in program.functions if f.func_type is FunctionType.INLINE}
    if not inline or len(inline) == len(program.functions):
        # (A free `@pl.jit.inline` function, here a program of its own, is spliced into
        # the JIT entries that call it when they are compiled: it is shown as it is.)
        return program
    cycle = inline_cycle(inline)
    if cycle is not None:
        raise PassNotModelled(
            PASS_NAME, CYCLE_MESSAGE.format(cycle=" -> ".join(cycle)), inline[cycle[0]].span
        )
    splicer = _Splicer(defer_naming=program.jit_entry)
    if program.jit_entry and _calls_between(inline):
        # (Which splice the real pass makes first, and so which numbers each gets, when a
        # helper calls another, is not modelled.)
        splicer.naming_unknown = PassNotModelled(
            PASS_NAME, "an Inline function calling another", next(iter(inline.values())).span
        )
    for _ in range(len(inline) + 1):
        latest = {name: _Callee.of(function) for name, function in inline.items()}
        changed = False
        for function in program.functions:
            splicer.function = function.name
            splicer.callees = latest
            changed |= splicer.block(function.body)
        if not changed:
            break
    program.functions = [f for f in program.functions if f.func_type is not FunctionType.INLINE]
    if splicer.naming_unknown is not None:
        program.inline_names_unknown = str(splicer.naming_unknown)
    program.inline_numbers_taken = splicer.counter
    for function in program.functions:
        for stmt in walk_stmts(function.body):
            for call in own_calls(stmt):
                if _callee_name(call) in inline:
                    raise PassNotModelled(
                        PASS_NAME, "a call of an Inline function inside an expression", call.span
                    )
    return program


def _calls_between(inline: dict[str, Function]) -> bool:
    """Whether an Inline function calls another (or itself)."""
    return any(
        _callee_name(call) in inline
        for function in inline.values()
        for stmt in walk_stmts(function.body)
        for call in own_calls(stmt)
    )


def inline_cycle(inline: dict[str, Function]) -> list[str] | None:
    """An Inline function that calls itself (the path `f -> f`), else a longer cycle of
    Inline calls (its names in call order), else None."""
    calls: dict[str, list[str]] = {}
    for name, function in inline.items():
        found: list[str] = []
        for stmt in walk_stmts(function.body):
            for call in own_calls(stmt):
                callee = _callee_name(call)
                if callee in inline and callee not in found:
                    found.append(callee)
        calls[name] = found
    for name, callees in calls.items():
        if name in callees:
            return [name, name]
    for start in calls:
        path = [start]
        while path:
            successors = [c for c in calls[path[-1]] if c not in path[1:]]
            if start in successors:
                return [*path, start]
            unseen = [c for c in successors if c not in path]
            if not unseen:
                break
            path.append(unseen[0])
    return None


def _callee_name(call: Call) -> str:
    return call.op.removeprefix("self.")


@dataclass(frozen=True)
class _Callee:
    function: Function
    params: list[Var]
    # The names the body binds (its locals), each renamed at each splice.
    locals: list[str]

    @staticmethod
    def of(function: Function) -> _Callee:
        params = [param.var for param in function.params]
        names = {var.name for var in params}
        bound: list[str] = []
        for stmt in walk_stmts(function.body):
            if isinstance(stmt, AssignStmt) and stmt.var.name not in names and stmt.var.name not in bound:
                bound.append(stmt.var.name)
            elif isinstance(stmt, (ForStmt, WhileStmt, IfStmt)):
                loop_var = [stmt.loop_var] if isinstance(stmt, ForStmt) and stmt.loop_var is not None else []
                bound.extend(var.name for var in [*loop_var, *stmt.return_vars])
        return _Callee(function, params, bound)


class _Splicer:
    def __init__(self, defer_naming: bool = False) -> None:
        self.counter = 0
        self.function = ""
        self.callees: dict[str, _Callee] = {}
        self.naming_functions: set[str] = set()
        # `defer_naming`: a splice whose `_inline<n>` numbers are not known is made all the
        # same (numbered in binding order), and the first such one kept here.
        self.defer_naming = defer_naming
        self.naming_unknown: PassNotModelled | None = None

    def _naming_not_known(self, problem: PassNotModelled) -> None:
        if not self.defer_naming:
            raise problem
        if self.naming_unknown is None:
            self.naming_unknown = problem

    def block(self, body: SeqStmts) -> bool:
        changed = False
        out: list[Stmt] = []
        for index, stmt in enumerate(body.stmts):
            spliced = self.splice(stmt, body.stmts[index + 1 :])
            if spliced is not None:
                out.extend(spliced)
                changed = True
                continue
            for child in [stmt] if isinstance(stmt, SeqStmts) else child_stmts(stmt):
                assert isinstance(child, SeqStmts)  # (a nested sequence: a tuple unpacking)
                changed |= self.block(child)
            out.append(stmt)
        body.stmts = out
        return changed

    def splice(self, stmt: Stmt, rest: list[Stmt]) -> list[Stmt] | None:
        """The statements a whole-statement call of an Inline function becomes, else None."""
        if isinstance(stmt, AssignStmt):
            call = stmt.value
        elif isinstance(stmt, EvalStmt):
            call = stmt.expr
        elif isinstance(stmt, ReturnStmt) and len(stmt.values) == 1:
            call = stmt.values[0]
        else:
            return None
        if not isinstance(call, Call):
            return None
        callee = self.callees.get(_callee_name(call))
        if callee is None:
            return None
        if call.kwargs:
            raise PassNotModelled(PASS_NAME, "an Inline function called with keywords", call.span)
        stmts, returned = self.copy_body(callee, call.args, call.span)
        if isinstance(stmt, EvalStmt):
            return stmts
        if returned is None:
            raise PassNotModelled(PASS_NAME, "the value of an Inline function that returns none", call.span)
        if isinstance(stmt, ReturnStmt):
            return [*stmts, ReturnStmt(stmt.span, returned)]
        assert isinstance(stmt, AssignStmt)
        if len(returned) > 1:
            # `a, b = self.f(x)`: no tuple is made; each `tmp[i]` of the unpacking reads value i.
            _unpack(stmt.var, returned, rest, call.span)
            return stmts
        if isinstance(returned[0].type, TupleType):
            raise PassNotModelled(
                PASS_NAME, "an Inline function returning a tuple through a variable", call.span
            )
        value = returned[0]
        # (A name the @pl.jit specializer renamed, `x_v1 = f(x)`, is another name: kept.)
        if isinstance(value, Var) and value.name == stmt.var.name and stmt.jit_alias is None:
            # `x = self.f(x)` returning its argument: no `x = x` (the reads after it read it).
            for later in rest:
                substitute_uses(later, {id(stmt.var): value})
            return stmts
        if stmt.var.type is None or isinstance(stmt.var.type, UnknownType):
            stmt.var.type = value.type  # (the call's result had no type before the splice)
        return [*stmts, AssignStmt(stmt.span, stmt.var, value, stmt.jit_alias)]

    def copy_body(
        self, callee: _Callee, args: list[Expr], span: Span
    ) -> tuple[list[Stmt], list[Expr] | None]:
        """The callee's body for these arguments, renamed, and what its closing return returns."""
        function = callee.function
        if len(args) != len(callee.params):
            raise PassNotModelled(PASS_NAME, "an Inline call with another number of arguments", span)
        if len(callee.locals) > _ORDERED_LOCALS:
            self._naming_not_known(
                PassNotModelled(PASS_NAME, "an Inline function binding several variables", function.span)
            )
        if callee.locals:
            self.naming_functions.add(self.function)
            if len(self.naming_functions) > 1:
                self._naming_not_known(
                    PassNotModelled(PASS_NAME, "Inline calls spliced in several functions", span)
                )
        memo: dict[int, object] = {}
        texts: dict[str, str | int] = {}
        by_param = {param.name: (param, arg) for param, arg in zip(callee.params, args, strict=True)}
        for param, arg in by_param.values():
            if not isinstance(arg, (Var, Const)):
                raise PassNotModelled(PASS_NAME, "an Inline call whose argument is an expression", arg.span)
            memo[id(param)] = arg
            if isinstance(arg, Var):
                texts[param.name] = arg.name
        # The real pass numbers the vars in the order its hash set of their addresses holds
        # them: the reverse of their binding order while no two share a bucket, which two
        # never do (the second goes to the front of its bucket, or of the list).
        in_order = callee.locals[::-1] if len(callee.locals) <= _ORDERED_LOCALS else callee.locals
        renamed = {name: f"{name}_inline{self.counter + i}" for i, name in enumerate(in_order)}
        self.counter += len(callee.locals)
        texts.update(renamed)
        for stmt in walk_stmts(function.body):
            for var in _bound(stmt):
                if var.name in renamed:
                    memo[id(var)] = Var(var.span, renamed[var.name], type=var.type)
                elif var.name in by_param:
                    arg = by_param[var.name][1]
                    if not isinstance(arg, Var):
                        raise PassNotModelled(
                            PASS_NAME, "an Inline function rebinding a parameter", stmt.span
                        )
                    memo[id(var)] = Var(arg.span, arg.name, type=arg.type)
        body = copy_ir(function.body, memo)
        assert isinstance(body, SeqStmts)
        _respell(body, texts, {name for name, (_, arg) in by_param.items() if not isinstance(arg, Var)})
        stmts = list(body.stmts)
        returned: list[Expr] | None = None
        for index, stmt in enumerate(stmts):
            if isinstance(stmt, ReturnStmt):
                returned, stmts = list(stmt.values), stmts[:index]
                break
        if any(isinstance(s, ReturnStmt) for stmt in stmts for s in walk_stmts(stmt)):
            raise PassNotModelled(
                PASS_NAME, "an Inline function returning from inside a branch", function.span
            )
        return stmts, returned


def _unpack(temp: Var, values: list[Expr], rest: list[Stmt], span: Span) -> None:
    """The reads `temp[i]` in `rest` read `values[i]`; any other read of `temp` is not modelled."""
    items: dict[int, Expr] = {}
    for stmt in rest:
        for sub in walk_stmts(stmt):
            for expr in own_exprs(sub):
                for node in walk_expr(expr):
                    if (
                        isinstance(node, TupleGetItem)
                        and node.tuple_expr is temp
                        and node.index < len(values)
                    ):
                        items[id(node)] = values[node.index]
        substitute_uses(stmt, items)
        for sub in walk_stmts(stmt):
            if any(node is temp for expr in own_exprs(sub) for node in walk_expr(expr)):
                raise PassNotModelled(PASS_NAME, "a tuple an Inline function returns, read whole", span)


def _bound(stmt: Stmt) -> list[Var]:
    if isinstance(stmt, AssignStmt):
        return [stmt.var]
    if isinstance(stmt, ForStmt):
        return [*([stmt.loop_var] if stmt.loop_var is not None else []), *stmt.return_vars]
    if isinstance(stmt, (WhileStmt, IfStmt)):
        return list(stmt.return_vars)
    return []


def _respell(body: SeqStmts, texts: dict[str, str], unspellable: set[str]) -> None:
    """Kept source text names the callee's parameters and locals: it names what they became."""
    for stmt in walk_stmts(body):
        for expr in own_exprs(stmt):
            for node in walk_expr(expr):
                if not isinstance(node, OpaqueExpr):
                    continue
                if any(name in node.text for name in unspellable):
                    raise PassNotModelled(
                        PASS_NAME, "a constant argument read in kept source text", node.span
                    )
                node.text = respelled(node.text, texts)
