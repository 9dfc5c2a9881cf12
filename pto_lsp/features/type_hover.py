"""Hover on what the front end deduced: a variable's type, an op call's signature and
result type, the kernel a `pl.at` / `pl.spmd` scope becomes.

Vars in the IR carry the span of their definition, not of each use, so a use is found
by name: the identifier under the cursor, resolved among the variables the innermost
statement there reads or binds. Nothing is said of a name that resolves to no variable
or to more than one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from compiler.base.span import Span
from compiler.facts import GmRead
from compiler.ir import (
    Call,
    CommCtxType,
    Function,
    FunctionType,
    IRType,
    OpaqueExpr,
    Program,
    PtrType,
    ScalarType,
    ScopeStmt,
    Stmt,
    TensorType,
    TileType,
    TupleType,
    UnknownType,
    Var,
)
from compiler.ir.types import TensorView, TileView
from compiler.ir.views import implicit_tile_layout
from compiler.ir.visit import bound_vars, own_exprs, walk_expr, walk_stmts
from compiler.lowering.outlining import OutlinedScope, function_outlines, names_beside
from compiler.lowering.scope_interface import callee_directions_among
from compiler.ops.descriptions import DESCRIPTIONS
from compiler.parser import op_catalog
from compiler.parser.distributed_calls import wrapper_text
from compiler.printer.types import format_type
from pto_lsp.features.pl_catalogue import NAMESPACES, find_op

_IDENTIFIER = re.compile(rb"[A-Za-z_\x80-\xff][\w\x80-\xff]*")
_CALLEE = re.compile(rb"([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*\(")


def word_at(line_text: str, byte_col: int) -> tuple[str, int, int] | None:
    """The identifier covering a UTF-8 byte column of a line: (name, start, end) in bytes."""
    encoded = line_text.encode("utf-8")
    for match in _IDENTIFIER.finditer(encoded):
        if match.start() <= byte_col <= match.end():
            return match.group().decode("utf-8"), match.start(), match.end()
    return None


# ------------------------------------------------------------------ variables


def variable_at(functions: Sequence[Function], line: int, byte_col: int, name: str) -> Var | None:
    """The variable named `name` that the code at a position reads or binds."""
    for function in functions:
        if not function.span.start_line <= line <= function.span.end_line:
            continue
        for param in function.params:
            span = param.var.span
            if param.var.name == name and span.start_line == line and span.start_col <= byte_col:
                return param.var
        covering: list[tuple[Stmt, list[Var]]] = []
        for stmt in walk_stmts(function.body):
            bound = [
                var for var in bound_vars(stmt) if var.name == name and _covers(var.span, line, byte_col)
            ]
            if bound:
                return bound[0]
            if not _covers(stmt.span, line, byte_col):
                continue
            used = [node for expr in own_exprs(stmt) for node in walk_expr(expr) if isinstance(node, Var)]
            named = list({id(var): var for var in used if var.name == name}.values())
            if named:
                covering.append((stmt, named))
        if covering:
            _, named = min(covering, key=lambda found: _extent(found[0].span))
            return named[0] if len(named) == 1 else None
    return None


def type_summary(ir_type: IRType) -> str | None:
    """One line: Tensor/Tile, shape, dtype, memory space, layout where known."""
    if isinstance(ir_type, TensorType):
        head, memory = (
            ("**DistributedTensor**", "window-bound (each rank's slice, readable by the others)")
            if ir_type.distributed
            else ("**Tensor**", "memory DDR (global)")
        )
        parts = [head, _shape(ir_type.shape), ir_type.dtype or "dtype unknown", memory]
        layout = ir_type.layout or "ND"
        if isinstance(ir_type.view, TensorView) and ir_type.view.valid_shape:
            parts.append(f"valid {_shape(ir_type.view.valid_shape)}")
        parts.append(f"layout {layout}")
        return " · ".join(parts)
    if isinstance(ir_type, TileType):
        parts = ["**Tile**", _shape(ir_type.shape), ir_type.dtype or "dtype unknown"]
        parts.append(f"memory {ir_type.memory}" if ir_type.memory else "memory not resolved yet")
        layout = _tile_layout(ir_type)
        if layout:
            parts.append(layout)
        return " · ".join(parts)
    if isinstance(ir_type, TupleType):
        items = [type_summary(item) or "unknown" for item in ir_type.items]
        return "**Tuple** of " + "; ".join(items)
    if isinstance(ir_type, ScalarType):
        return f"**Scalar** · {ir_type.dtype}" if ir_type.dtype else None
    if isinstance(ir_type, CommCtxType):
        return (
            "**CommCtx** · a window-bound tensor's communication context (`pld.rank`, `pld.nranks` read it)"
        )
    if isinstance(ir_type, PtrType):
        return "**Ptr** · a window buffer's handle (`pld.window` views it as a DistributedTensor)"
    return None


def variable_markdown(var: Var) -> str:
    summary = type_summary(var.type)
    if summary is None:
        return f"`{var.name}` · type not deduced statically"
    annotation = format_type(var.type)
    head = f"`{var.name}`: {summary}"
    return f"{head}\n\n`{annotation}`" if annotation else head


def _shape(shape: Sequence[object] | None) -> str:
    if shape is None:
        return "shape unknown"
    return "[" + ", ".join(str(dim) if isinstance(dim, (int, str)) else "?" for dim in shape) + "]"


def _tile_layout(tile: TileType) -> str | None:
    view = tile.view
    if isinstance(view, TileView):
        layout = f"layout {view.blayout}/{view.slayout}"
        return f"{layout} · valid {_shape(view.valid_shape)}" if view.valid_shape else layout
    if view is None and tile.shape is not None:
        blayout, slayout, _ = implicit_tile_layout(tile.shape, tile.memory)
        return f"layout {blayout}/{slayout}"
    return None


# ------------------------------------------------------------------ op calls


def call_at(
    functions: Sequence[Function], line_text: str, line: int, byte_col: int
) -> tuple[Call, str] | None:
    """The op call whose callee (`pl.load`, `pl.tile.add`) is under the cursor, with its spelling."""
    best: tuple[Call, str] | None = None
    encoded = line_text.encode("utf-8")
    for call in calls_on_line(functions, line):
        span = call.span
        if span.start_line != line:
            continue
        callee = _CALLEE.match(encoded, span.start_col)
        if callee is None or not callee.start(1) <= byte_col <= callee.end(1):
            continue
        spelling = re.sub(r"\s+", "", callee.group(1).decode("utf-8"))
        if best is None or _extent(span) < _extent(best[0].span):
            best = (call, spelling)
    return best


def call_markdown(call: Call, spelling: str, aliases: Sequence[str]) -> str | None:
    parts = spelling.split(".")
    if len(parts) < 2 or parts[0] not in aliases:
        return None
    namespace, name = (None, parts[1]) if len(parts) == 2 else (parts[1], parts[2])
    if len(parts) > 3 or (namespace is not None and namespace not in NAMESPACES):
        return None
    op = find_op(namespace, name)
    signature = op_catalog.lookup(namespace, name)
    if op is None or signature is None:
        return None
    lines = [f"```python\n{spelling}({op.parameter_text()})\n```"]
    description = DESCRIPTIONS.get(signature.wrapper_key)
    if description:
        lines.append(description)
    result = format_type(call.type) or type_summary(call.type)
    if result:
        lines.append(f"Result for these operands: `{result}` (IR op `{call.op}`)")
    else:
        lines.append(f"Result for these operands: not deduced statically (IR op `{call.op}`)")
    return "\n\n".join(lines)


def distributed_call_at(
    functions: Sequence[Function], line_text: str, line: int, byte_col: int
) -> str | None:
    """A distributed op call (`pld.system.notify`, `pld.tensor.put`) whose callee is under
    the cursor: its wrapper's parameters and, where its rules are modelled, its result."""
    encoded = line_text.encode("utf-8")
    best: OpaqueExpr | None = None
    for function in functions:
        if not function.span.start_line <= line <= function.span.end_line:
            continue
        for stmt in walk_stmts(function.body):
            if not stmt.span.start_line <= line <= stmt.span.end_line:
                continue
            for expr in own_exprs(stmt):
                for node in walk_expr(expr):
                    if not (isinstance(node, OpaqueExpr) and node.text.startswith("pld.")):
                        continue
                    callee = (
                        _CALLEE.match(encoded, node.span.start_col) if node.span.start_line == line else None
                    )
                    if callee is None or not callee.start(1) <= byte_col <= callee.end(1):
                        continue
                    if best is None or _extent(node.span) < _extent(best.span):
                        best = node
    if best is None:
        return None
    signature = wrapper_text(best.text.split("(", 1)[0].replace(" ", "").split("."))
    if signature is None:
        return None
    lines = [f"```python\n{signature}\n```"]
    if not best.modelled:
        lines.append("Not analysed: pto-lsp does not model this op's rules yet")
    elif isinstance(best.type, UnknownType):
        lines.append("Result: none (a side-effect-only distributed op)")
    else:
        lines.append(f"Result for these operands: `{format_type(best.type) or type_summary(best.type)}`")
    return "\n\n".join(lines)


def calls_on_line(functions: Sequence[Function], line: int) -> Iterator[Call]:
    """Every call in the statements over `line` (1-based)."""
    for function in functions:
        if not function.span.start_line <= line <= function.span.end_line:
            continue
        for stmt in walk_stmts(function.body):
            if stmt.span.start_line <= line <= stmt.span.end_line:
                for expr in own_exprs(stmt):
                    yield from (node for node in walk_expr(expr) if isinstance(node, Call))


# ------------------------------------------------------------------ scope headers


@dataclass(frozen=True)
class ScopeAt:
    function: Function
    outline: OutlinedScope | None  # None: the scope is not outlined into a kernel
    scope: ScopeStmt


def scope_header_at(
    programs: Sequence[Program], functions: Sequence[Function], line: int, byte_col: int
) -> ScopeAt | None:
    """The scope whose header (`with pl.at(...):`, `for i in pl.spmd(...):`) is under the cursor."""
    groups = [(list(p.functions), True) for p in programs] + [([f], False) for f in functions]
    for group, in_program in groups:
        for function in group:
            if not function.span.start_line <= line <= function.span.end_line:
                continue
            headed = [
                stmt
                for stmt in walk_stmts(function.body)
                if isinstance(stmt, ScopeStmt)
                and stmt.header_span is not None
                and _covers(stmt.header_span, line, byte_col)
            ]
            if not headed:
                continue
            directions = callee_directions_among(group)
            taken = names_beside(function, group if in_program else None)
            outlines = {id(o.scope): o for o in function_outlines(function, directions, taken=taken)}
            # A `pl.spmd` body is carried by an InCore scope under the same header: the outlined one speaks.
            found = next((outlines[id(s)] for s in reversed(headed) if id(s) in outlines), None)
            return ScopeAt(function, found, found.scope if found else headed[-1])
    return None


def scope_markdown(found: ScopeAt, reads: Sequence[GmRead], policy_text: Callable[[GmRead], str]) -> str:
    header = f"`pl.{found.scope.kind.value.lower()}` scope" if found.outline is None else "scope"
    if found.outline is None:
        where = "an InCore function" if found.function.func_type is FunctionType.INCORE else "this function"
        return f"**{header}** · not outlined: its body stays in {where}."
    outline = found.outline
    kind = "InCore kernel" if found.scope.kind.value == "InCore" else f"{found.scope.kind.value} function"
    lines = [f"**Becomes {kind} `{outline.name}`**", ""]
    for index, param in enumerate(outline.interface.params):
        var = param.var
        line = f"- `{var.name}` · {param.direction.value}"
        annotation = format_type(var.type)
        if annotation:
            line += f" · `{annotation}`"
        if isinstance(var.type, TensorType):
            mine = [r for r in reads if r.kernel == outline.name and r.param_index == index]
            if mine:
                line += " · " + ", ".join(dict.fromkeys(policy_text(r) for r in mine))
            else:
                line += " · not read from global memory"
        lines.append(line)
    if not outline.interface.params:
        lines.append("No parameters.")
    return "\n".join(lines)


def _covers(span: Span, line: int, byte_col: int) -> bool:
    return (span.start_line, span.start_col) <= (line, byte_col) <= (span.end_line, span.end_col)


def _extent(span: Span) -> tuple[int, int]:
    return (span.end_line - span.start_line, span.end_col - span.start_col)
