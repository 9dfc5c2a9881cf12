"""What keeps a kernel from being emitted, said the way a user can act on it.

Names are the user's (`query`, not the SSA name `query__ssa_v0`); statements and ops
that have no PTO form in the reference outputs (`../shared/spec/pypto-examples/`)
are named with what the real compiler would need to lower them.

Shapes: the PTO module of a kernel needs every tensor parameter's shape as integers
(`pto.make_tensor_view ... shape = [%c64_index, ...]`) and every tile's rows and
columns (`!pto.tile_buf<... rows=64, cols=128 ...>`). A dimension is static when the
parser folded it: a literal, a module constant, a factory's straight-line local, or
arithmetic on those. Anything else (a factory's parameter, a value computed by a call,
`pl.dynamic`) stays a name or an expression in the IR, and is named here.
"""

from __future__ import annotations

from compiler.base.span import Span
from compiler.ir import Expr, ForStmt, Function, IfStmt, ScopeStmt, Stmt, Var, WhileStmt
from compiler.ir.types import Dim
from compiler.passes.ssa import base_name
from compiler.printer.expressions import format_expr

# The rank the emitter models: FlattenTileNdTo2D (which lowers N-D tiles) is not modelled.
MODELLED_RANK = 2


def format_dim(dim: Dim) -> str:
    if isinstance(dim, (int, str)):
        return str(dim)
    return format_expr(dim) if isinstance(dim, Expr) else "?"


def format_shape(shape: tuple[Dim, ...]) -> str:
    return "[" + ", ".join(format_dim(dim) for dim in shape) + "]"


def static_2d_problem(kind: str, name: str, shape: tuple[Dim, ...] | None) -> str | None:
    """Why the shape of `kind` `name` (a tensor, a tile) cannot be emitted; None when it can."""
    if shape is None:
        return f"{kind} '{name}' has no known shape"
    unfolded = [format_dim(dim) for dim in shape if not isinstance(dim, int)]
    if unfolded:
        names = ", ".join(f"'{dim}'" for dim in unfolded)
        return (
            f"the shape {format_shape(shape)} of {kind} '{name}' is not static: {names} "
            f"{'is' if len(unfolded) == 1 else 'are'} not a constant pto-lsp can fold "
            "(literals, module constants, a factory's straight-line locals and arithmetic on them are)"
        )
    if len(shape) != MODELLED_RANK:
        return (
            f"{kind} '{name}' has the {len(shape)}-D shape {format_shape(shape)}: only 2-D shapes are "
            "modelled (FlattenTileNdTo2D, which lowers the others, is not)"
        )
    return None


def user_name(var: Var) -> str:
    return base_name(var.name)


def statement_problem(stmt: Stmt) -> str:
    """A statement kind the emitter has no PTO form for."""
    if isinstance(stmt, IfStmt):
        return "an if/else is not modelled yet (its scf.if form is not in the reference outputs)"
    if isinstance(stmt, WhileStmt):
        return "a while loop is not modelled yet (its scf.while form is not in the reference outputs)"
    if isinstance(stmt, ForStmt):
        return f"a pl.{stmt.kind.name.lower()} loop is not modelled yet (only pl.range and pl.parallel are)"
    if isinstance(stmt, ScopeStmt):
        return f"a {type(stmt).__name__} inside the kernel is not modelled yet"
    return f"a {type(stmt).__name__} statement is not modelled yet"


def not_emitted_message(
    file_label: str, program: str | None, kernel: Function, problem: str, span: Span | None
) -> str:
    """`FILE:LINE: kernel 'k' (program 'P', line N) not emitted: <what is missing>`; LINE is
    where the missing piece is (the kernel's own line when it is the kernel as a whole)."""
    line = (span or kernel.span).start_line
    where = f"program '{program}', " if program else ""
    return (
        f"{file_label}:{line}: kernel '{kernel.name}' ({where}line {kernel.span.start_line}) "
        f"not emitted: {problem}"
    )
