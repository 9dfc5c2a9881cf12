"""NormalizeStmtStructure (pass 6): a statement list holds no statement list.

A `SeqStmts` nested directly in another is replaced by its statements, at every
depth (loop, branch and scope bodies included). The real pass also unwraps a body
of one statement from its list; our bodies are always lists, and a list of one
prints as that one statement, so that changes nothing we print.
"""

from __future__ import annotations

from compiler.ir import Program, SeqStmts, Stmt
from compiler.ir.visit import child_stmts


def normalize_stmt_structure(program: Program) -> Program:
    for function in program.functions:
        _flatten(function.body)
    return program


def _flatten(block: Stmt) -> None:
    for child in child_stmts(block):
        _flatten(child)
    if isinstance(block, SeqStmts) and any(isinstance(stmt, SeqStmts) for stmt in block.stmts):
        block.stmts = [
            inner for stmt in block.stmts for inner in (stmt.stmts if isinstance(stmt, SeqStmts) else [stmt])
        ]
