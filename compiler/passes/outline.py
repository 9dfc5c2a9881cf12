"""The three outliners: scopes become functions of their own, called where they were.

OutlineHierarchyScopes (non-CORE_GROUP `pl.at` in Opaque functions -> Opaque
functions with that level/role), OutlineIncoreScopes (CORE_GROUP `pl.at` and
`pl.spmd` bodies in Opaque/Orchestration functions -> InCore functions; an
Opaque parent that outlines one becomes Orchestration) and OutlineClusterScopes
(`pl.cluster` -> Group, a standalone `pl.spmd` -> Spmd function whose body is the
kernel call; the launch spec rides the call's attrs).

Parameters are the scope's captured inputs in first-use order, with the
directions `scope_interface` infers; values defined inside and used after the
scope are returned, each tensor as the parameter it traces back to
(`return_lineage`), and a captured tensor the body stores into is returned too
(`outline_store_targets`). `with pl.at(...) as tid:` becomes a `pl.submit`.
The functions are held in the real printer's order (`printed_order`). The scope's `cache_policy_vars` become the function attr
`cache_policy`, sorted (param index, policy) pairs; a declaration the outliner
rejects (E1/E2, reported by `cache_policy_checks`) is left out.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable

from compiler.ir import (
    AssignStmt,
    BinaryExpr,
    Call,
    ClusterScopeStmt,
    Const,
    Direction,
    EvalStmt,
    Expr,
    ForStmt,
    Function,
    FunctionType,
    HierarchyScopeStmt,
    InCoreScopeStmt,
    MakeTuple,
    OpaqueExpr,
    Param,
    Program,
    ReturnStmt,
    ScalarType,
    ScopeStmt,
    SeqStmts,
    SpmdScopeStmt,
    Stmt,
    TaskIdType,
    TensorType,
    TupleGetItem,
    TupleType,
    Var,
    WhileStmt,
)
from compiler.ir.cache_policy import BYPASS
from compiler.ir.copying import copy_ir
from compiler.ir.visit import bound_vars, child_stmts, own_calls, own_exprs, vars_read, walk_stmts
from compiler.lowering.outlining import candidate_names, printed_order, unique_function_name
from compiler.lowering.return_lineage import ReturnLineage
from compiler.lowering.scope_interface import ScopeInterface, callee_directions_among, scope_interface
from compiler.parser.scopes import SPMD_SUFFIX
from compiler.passes.not_modelled import PassNotModelled
from compiler.passes.outline_store_targets import (
    STORE_ORDER_UNKNOWN,
    bind_store_result,
    fresh_name,
    fresh_version,
    names_in,
    rename_after,
    store_results,
    store_statements,
    store_targets,
)
from compiler.syntax.values import EnumMember


def outline_hierarchy_scopes(program: Program) -> Program:
    return _outline(program, _is_hierarchy_site, _hierarchy_function, sees_callees=False)


def outline_incore_scopes(program: Program) -> Program:
    return _outline(program, _is_incore_site, _incore_function, sees_callees=False)


def outline_cluster_scopes(program: Program) -> Program:
    return _outline(program, _is_cluster_site, _cluster_function, sees_callees=True)


Site = Callable[[Function, ScopeStmt], bool]
Maker = Callable[[Function, ScopeStmt, str, list[Param]], Function]


def _outline(program: Program, is_site: Site, make: Maker, sees_callees: bool) -> Program:
    """Outline every site of every function; an outlined function comes before its caller.
    `sees_callees`: the real outliner is given the program (OutlineClusterScopes), so a
    returned tensor is traced through the calls of the program's functions too."""
    ordered: list[Function] = []
    # The names of the program's functions and of those outlined so far, in any function.
    reserved = {function.name for function in program.functions}

    def process(function: Function) -> None:
        for callee in _outline_function(program, function, is_site, make, sees_callees, reserved):
            process(callee)  # a nested site moved into the callee: outline it from there
        ordered.append(function)

    for function in list(program.functions):
        process(function)
    process = None  # type: ignore[assignment]  # it refers to itself: break the cycle (the analysis runs this)
    program.functions = printed_order(ordered)
    return program


def _outline_function(
    program: Program,
    function: Function,
    is_site: Site,
    make: Maker,
    sees_callees: bool,
    reserved: set[str],
    enclosing: _Enclosing | None = None,
) -> list[Function]:
    """Outline the outermost sites of `function`; returns the functions made, each after
    those outlined from inside it. `enclosing`: `function` stands for the body of a CORE_GROUP
    scope being outlined (`_outline_nested_first`)."""
    sites = _outermost_sites(function, is_site)
    if not sites:
        return []  # (most functions, for each of the three outliners)
    names = _site_names(function)
    # The real InCore and Hierarchy outliners are not given the program: they see no callee.
    directions = callee_directions_among(program.functions if sees_callees else [])
    iter_args = frozenset(
        id(var)
        for stmt in walk_stmts(function.body)
        if isinstance(stmt, (ForStmt, WhileStmt))
        for var in stmt.iter_args
    )
    created: list[Function] = []
    made: list[Function] = []  # created, each after the functions outlined from inside it
    # (the fresh versions of stored tensors avoid them)
    used_names = set(enclosing.used_names) if enclosing else names_in(function)
    local = set(used_names)  # the names the function holds: an outlined one avoids them too
    renames: list[tuple[Stmt, dict[int, Var]]] = []
    stored: set[int] = set()
    for scope in sites:
        interface = scope_interface(scope, directions, iter_args=iter_args)
        params = [Param(p.var, p.direction) for p in interface.params]
        name = unique_function_name(
            names.get(id(scope)) or f"{function.name}_{scope.kind.value.lower()}_{len(created)}",
            function.name,
            reserved,
            local,
        )
        reserved.add(name)
        local.add(name)
        targets: list[Var] = []
        if not isinstance(scope, HierarchyScopeStmt):  # (a Hierarchy scope's stores stay In)
            targets, order_known = store_targets(scope, [p.var for p in params], iter_args)
            for target in targets:
                if id(target) in stored:
                    raise PassNotModelled(
                        scope_pass_name(scope),
                        f"'{target.name}' stored into by two scopes of one function",
                        scope.span,
                    )
            if not order_known:
                program.outputs_order_unknown = STORE_ORDER_UNKNOWN
        required = enclosing.required if enclosing else frozenset()
        nested, aliases = [], None
        if isinstance(scope, InCoreScopeStmt):
            nested, aliases = _outline_nested_first(
                program, function, scope, name, targets, (is_site, make, sees_callees, reserved), used_names
            )
        callee = make(function, scope, name, params)
        callee.attrs = [*callee.attrs, *_cache_policy_attr(scope, interface)]
        lineage = ReturnLineage([*program.functions, *created] if sees_callees else [])
        callee.body, call, renamed = _body_and_call(
            function, scope, callee, interface, lineage, targets, used_names, required, aliases
        )
        if targets:
            stored.update(id(target) for target in targets)
            renames.append((call, renamed))
        if callee.func_type is FunctionType.GROUP:
            _unwrap_spmd(callee, call)
        _own_vars(callee)
        _replace(function.body, scope, call)
        _drop_task_id_placeholder(function.body, call, scope.attr("task_id_var"))
        created.append(callee)
        made += [*nested, callee]
    # Applied once every scope is a call: a later scope's body keeps its own names.
    for call, renamed in renames:
        rename_after(function.body, call, renamed)
    if (
        created
        and function.func_type is FunctionType.OPAQUE
        and any(f.func_type is FunctionType.INCORE for f in created)
    ):
        function.func_type = FunctionType.ORCHESTRATION
        function.level, function.role = "CHIP", "Orchestrator"
    return made


@dataclasses.dataclass(frozen=True)
class _Enclosing:
    """What the outlining of the CORE_GROUP scopes inside another scope's body knows of it:
    `required`, the ids of the vars the outer scope's function returns (what follows it
    reads, and the tensors it stores into), which an inner scope defining one returns too;
    `used_names`, the names of the function the outer scope is in (the inner call's fresh
    versions of stored tensors avoid them)."""

    required: frozenset[int]
    used_names: frozenset[str]


def _outline_nested_first(
    program: Program,
    function: Function,
    scope: InCoreScopeStmt,
    name: str,
    targets: list[Var],
    outliner: tuple[Site, Maker, bool, set[str]],
    used_names: set[str],
) -> tuple[list[Function], dict[int, list[Var]] | None]:
    """The CORE_GROUP scopes inside `scope`, outlined before it is, from its body, as the real
    outliner does (it outlines the scope's body first, as if it were a function named as the
    scope's kernel will be: `main_incore_0_incore_0` in `main_incore_0`, which codegen later
    refuses to call). Returns those functions, and per store target of `scope`, the results of
    its stores in the body as it was (the stores may have moved into an inner function: the
    caller's later reads of them still read the call's fresh version); None: nothing nested."""
    if not any(isinstance(stmt, InCoreScopeStmt) for stmt in walk_stmts(scope.body) if stmt is not scope):
        return [], None
    is_site, make, sees_callees, reserved = outliner
    outputs = _live_outs(function, scope)
    before = {id(var) for stmt in walk_stmts(scope.body) for var in bound_vars(stmt)}
    aliases = {id(target): store_results(scope.body, target) for target in targets}
    body = Function(name, [], [], FunctionType.OPAQUE, scope.body, scope.span, decorator=function.decorator)
    required = frozenset(id(var) for var in [*outputs, *targets])
    inner = _Enclosing(required, frozenset(used_names))
    made = _outline_function(program, body, is_site, make, sees_callees, reserved, inner)
    after = {id(var) for stmt in walk_stmts(scope.body) for var in bound_vars(stmt)}
    stored = {id(var) for results in aliases.values() for var in results}  # (returned as their target)
    if any(id(var) in before and id(var) not in after and id(var) not in stored for var in outputs):
        # The real outer kernel then returns a var no statement of its own binds (printed
        # `out__ssa_v2__FREE_VAR`): not shown.
        raise PassNotModelled(
            "OutlineIncoreScopes",
            "a value of a nested CORE_GROUP scope returned by the outer one",
            scope.span,
        )
    return made, aliases


def _own_vars(callee: Function) -> None:
    """The outlined function's vars made its own: the real outliner makes each parameter
    anew (and the body moves into the function), so a later pass renaming a var in one
    function leaves the caller's alone. Ours took the scope's body and captured vars as
    they were, shared with the caller (its arguments, the values the call binds)."""
    callee.params, callee.body = copy_ir((callee.params, callee.body))


def _site_names(function: Function) -> dict[int, str]:
    names = candidate_names(function)
    counters: dict[str, int] = {}
    # A pl.spmd inside a pl.cluster is unwrapped in its Group, not outlined: it takes no number.
    in_cluster = {
        id(inner)
        for stmt in walk_stmts(function.body)
        if isinstance(stmt, ClusterScopeStmt)
        for inner in walk_stmts(stmt.body)
        if isinstance(inner, SpmdScopeStmt)
    }
    for stmt in walk_stmts(function.body):
        if (
            isinstance(stmt, (SpmdScopeStmt, ClusterScopeStmt))
            and id(stmt) not in names
            and id(stmt) not in in_cluster
        ):
            kind = "spmd" if isinstance(stmt, SpmdScopeStmt) else "cluster"
            index = counters.get(kind, 0)
            counters[kind] = index + 1
            hint = (
                f"{stmt.name_hint.removesuffix(SPMD_SUFFIX)}{SPMD_SUFFIX}"
                if isinstance(stmt, SpmdScopeStmt) and stmt.name_hint
                else stmt.name_hint
            )
            names[id(stmt)] = hint or f"{function.name}_{kind}_{index}"
    return names


def _outermost_sites(function: Function, is_site: Site) -> list[ScopeStmt]:
    sites: list[ScopeStmt] = []

    def visit(stmt: Stmt) -> None:
        if isinstance(stmt, ScopeStmt) and is_site(function, stmt):
            sites.append(stmt)
            return  # nested sites move into the outlined function and are outlined from there
        for child in child_stmts(stmt):
            visit(child)

    visit(function.body)
    visit = None  # type: ignore[assignment]  # it refers to itself: break the cycle (the analysis runs this)
    return sites


# ------------------------------------------------------------------ sites


def _is_hierarchy_site(function: Function, scope: ScopeStmt) -> bool:
    return isinstance(scope, HierarchyScopeStmt) and function.func_type in (
        FunctionType.OPAQUE,
        FunctionType.INLINE,
    )


def _is_incore_site(function: Function, scope: ScopeStmt) -> bool:
    scanned = (FunctionType.OPAQUE, FunctionType.ORCHESTRATION, FunctionType.INLINE)
    return isinstance(scope, InCoreScopeStmt) and function.func_type in scanned


def _is_cluster_site(function: Function, scope: ScopeStmt) -> bool:
    # (A pl.spmd inside a pl.cluster goes into the Group, which unwraps it: `_unwrap_spmd`.)
    scanned = (FunctionType.OPAQUE, FunctionType.ORCHESTRATION, FunctionType.GRAPH, FunctionType.INLINE)
    return isinstance(scope, (ClusterScopeStmt, SpmdScopeStmt)) and function.func_type in scanned


def _hierarchy_function(parent: Function, scope: ScopeStmt, name: str, params: list[Param]) -> Function:
    assert isinstance(scope, HierarchyScopeStmt)
    return Function(
        name, params, [], FunctionType.OPAQUE, scope.body, scope.span, level=scope.level, role=scope.role
    )


def _incore_function(parent: Function, scope: ScopeStmt, name: str, params: list[Param]) -> Function:
    # Outlined from a JIT function, the kernel is a JIT kernel too: its tensors have the
    # shapes of the call, unknown here, which only a JIT signature may leave unwritten.
    decorator = "jit.incore" if parent.decorator.startswith("jit") else "function"
    # The scope's cross-core split (`optimizations=[pl.split(...)]`) becomes the kernel's.
    split = scope.split if isinstance(scope, InCoreScopeStmt) else None
    attrs: list[tuple[str, object]] = (
        [("split", EnumMember("SplitMode", split))] if split and split != "NONE" else []
    )
    if scope.attr("windowize"):
        attrs.append(("windowize", True))
    return Function(
        name,
        params,
        [],
        FunctionType.INCORE,
        scope.body,
        scope.span,
        level="CHIP_DIE",
        role="SubWorker",
        attrs=attrs,
        decorator=decorator,
    )


def _cluster_function(parent: Function, scope: ScopeStmt, name: str, params: list[Param]) -> Function:
    func_type = FunctionType.SPMD if isinstance(scope, SpmdScopeStmt) else FunctionType.GROUP
    level, role = (None, None) if func_type is FunctionType.SPMD else ("CORE_GROUP", "SubWorker")
    return Function(name, params, [], func_type, scope.body, scope.span, level=level, role=role)


# ------------------------------------------------------- body and call site


def _cache_policy_attr(scope: ScopeStmt, interface: ScopeInterface) -> list[tuple[str, object]]:
    pairs = []
    for var, policy in scope.attr("cache_policy_vars") or []:
        param = interface.param_of(var)
        index = interface.index_of(var)
        if param is None or index is None:
            continue  # E1: not captured
        if policy == BYPASS and param.direction is not Direction.IN:
            continue  # E2: BYPASS on a tensor the scope writes
        pairs.append((index, policy))
    return [("cache_policy", sorted(pairs))] if pairs else []


def _body_and_call(
    parent: Function,
    scope: ScopeStmt,
    callee: Function,
    interface: ScopeInterface,
    lineage: ReturnLineage,
    targets: list[Var],
    used_names: set[str],
    required: frozenset[int] = frozenset(),
    aliases_before: dict[int, list[Var]] | None = None,
) -> tuple[SeqStmts, Stmt, dict[int, Var]]:
    """The callee's body (with a return of what the parent uses later), the call replacing
    the scope, and the caller's vars later reads take the call's fresh version of instead
    (`targets`: the captured tensors the body stores into, see `outline_store_targets`;
    `required`, `aliases_before`: see `_Enclosing` and `_outline_nested_first`)."""
    outputs = _live_outs(parent, scope, required)
    args = [param.var for param in interface.params]
    kwargs = _launch_attrs(scope)
    call = Call(scope.span, f"self.{callee.name}", list(args), kwargs)
    body = SeqStmts(scope.body.span, list(scope.body.stmts))
    bound = list(outputs)  # what the call binds in the caller
    renamed: dict[int, Var] = {}
    if targets:
        scope_names = {var.name for var in args} | {
            var.name for stmt in walk_stmts(scope.body) for var in bound_vars(stmt)
        }
        fresh_ones = []
        for target in targets:
            if aliases_before is not None and not store_statements(body, target):
                aliases = aliases_before[id(target)]  # (its stores moved into a nested scope's function)
            else:
                aliases = bind_store_result(body, target, scope_names, scope_pass_name(scope))
            outputs = [var for var in outputs if not any(var is alias for alias in aliases)]
            fresh = fresh_version(target, used_names)
            renamed.update({id(var): fresh for var in [target, *aliases]})
            fresh_ones.append(fresh)
        bound = [*outputs, *fresh_ones]
        outputs += targets
    params = [param.var for param in interface.params]
    returned = [_returned_value(var, interface, body, params, lineage) for var in outputs]
    if outputs:
        body.stmts.append(ReturnStmt(scope.span, returned))
    callee.return_types = [var.type for var in outputs]  # the outputs' types, whatever is returned
    for key in _DISPATCH_ATTRS_NOT_MODELLED:
        if scope.attr(key):
            raise PassNotModelled(scope_pass_name(scope), f"a scope's `{key}` on the dispatch", scope.span)
    task_id = scope.attr("task_id_var")
    forces_submit = (
        scope.attr("manual_dep_edges") or scope.attr("allow_early_resolve") or scope.attr("predicate")
    )
    if not isinstance(task_id, Var) and forces_submit:
        # A submit without `as tid` binds a TaskId var of the outliner's making.
        task_id = Var(scope.span, fresh_name("tid", used_names), type=TaskIdType())
    if isinstance(task_id, Var):
        return body, _submit(scope, callee, args, bound, task_id), renamed
    if not outputs:
        return body, EvalStmt(scope.span, call), renamed
    if len(outputs) == 1:
        call.type = outputs[0].type
        return body, AssignStmt(scope.span, bound[0], call), renamed
    call.type = TupleType(tuple(var.type for var in outputs))
    # (the real outliner's name, a var of its own at each call it makes)
    temp = Var(scope.span, "ret__tmp_v0", type=call.type, own=True)
    unpack: list[Stmt] = [AssignStmt(scope.span, temp, call)]
    unpack += [
        AssignStmt(scope.span, var, TupleGetItem(scope.span, temp, i, type=var.type))
        for i, var in enumerate(bound)
    ]
    return body, SeqStmts(scope.span, unpack), renamed


# Scope attrs the real outliner turns into the dispatch's attrs or Submit fields (no_dep_args=
# as argument indices, dumps= as arguments): not modelled.
_DISPATCH_ATTRS_NOT_MODELLED = ("arg_direction_overrides_vars", "dump_vars")


def _submit(
    scope: ScopeStmt, callee: Function, args: list[Var], outputs: list[Var], task_id: Var
) -> SeqStmts:
    """`with pl.at(...) as tid:` becomes a submit of the kernel whose results end in the
    TaskId, always unpacked from `ret__tmp_v0` (the real outliner's `Submit`)."""
    deps = list(scope.attr("manual_dep_edges") or [])
    kwargs: dict[str, object] = {}
    if deps:
        kwargs["deps"] = MakeTuple(scope.span, deps, type=TupleType(tuple(TaskIdType() for _ in deps)))
    # An SPMD launch is a `pl.spmd_submit` with its launch spec.
    launch = isinstance(scope, SpmdScopeStmt) and scope.core_num is not None
    if isinstance(scope, SpmdScopeStmt) and scope.core_num is not None:
        kwargs["core_num"] = scope.core_num
        if scope.sync_start:
            kwargs["sync_start"] = Const(scope.span, True, type=ScalarType("BOOL"))
    if scope.attr("allow_early_resolve"):
        kwargs["allow_early_resolve"] = Const(scope.span, True, type=ScalarType("BOOL"))
    predicate = scope.attr("predicate")
    if isinstance(predicate, Expr):  # moved off the scope onto the dispatch, read in the caller
        kwargs["predicate"] = predicate
    call_type = TupleType((*(var.type for var in outputs), TaskIdType()))
    op = "pl.spmd_submit" if launch else "pl.submit"
    submit = Call(scope.span, op, [OpaqueExpr(scope.span, f"self.{callee.name}"), *args], kwargs)
    temp = Var(scope.span, "ret__tmp_v0", type=call_type, own=True)
    unpack: list[Stmt] = [AssignStmt(scope.span, temp, submit)]
    unpack += [
        AssignStmt(scope.span, var, TupleGetItem(scope.span, temp, i, type=var.type))
        for i, var in enumerate(outputs)
    ]
    unpack.append(
        AssignStmt(scope.span, task_id, TupleGetItem(scope.span, temp, len(outputs), type=task_id.type))
    )
    return SeqStmts(scope.span, unpack)


def scope_pass_name(scope: ScopeStmt) -> str:
    """The outliner that takes `scope` out."""
    if isinstance(scope, HierarchyScopeStmt):
        return "OutlineHierarchyScopes"
    return "OutlineIncoreScopes" if isinstance(scope, InCoreScopeStmt) else "OutlineClusterScopes"


def _drop_task_id_placeholder(body: Stmt, replacement: Stmt, task_id: object) -> None:
    """`with pl.at(...) as tid:` right after `tid = system.task_invalid()` (the parser's
    placeholder binding of the same var): the submit's unpacking binds it instead."""
    for stmt in walk_stmts(body):
        if isinstance(stmt, SeqStmts) and replacement in stmt.stmts:
            index = next(i for i, child in enumerate(stmt.stmts) if child is replacement)
            before = stmt.stmts[index - 1] if index > 0 else None
            if (
                isinstance(before, AssignStmt)
                and before.var is task_id
                and isinstance(before.value, Call)
                and before.value.op == "system.task_invalid"
            ):
                del stmt.stmts[index - 1]
            return


def _unwrap_spmd(group: Function, dispatch: Stmt) -> None:
    """A `pl.spmd` inside the cluster: its body takes its place in the Group, which is
    marked `spmd_unwrapped`, and its launch spec rides the Group's dispatch."""
    nested = [stmt for stmt in walk_stmts(group.body) if isinstance(stmt, SpmdScopeStmt)]
    if not nested:
        return
    if len(nested) > 1:
        raise PassNotModelled(
            "OutlineClusterScopes", "two pl.spmd() blocks in one pl.cluster()", nested[1].span
        )
    spmd = nested[0]
    for stmt in walk_stmts(group.body):
        if isinstance(stmt, SeqStmts) and spmd in stmt.stmts:
            index = next(i for i, child in enumerate(stmt.stmts) if child is spmd)
            stmt.stmts[index : index + 1] = spmd.body.stmts
            break
    else:
        _replace(group.body, spmd, spmd.body)
    group.attrs = [*group.attrs, ("spmd_unwrapped", True)]
    call_name = f"self.{group.name}"
    for stmt in walk_stmts(dispatch):
        for call in own_calls(stmt):
            if call.op == call_name:
                # The Group's params are the caller's vars: the count reads as it is.
                call.kwargs = {**call.kwargs, **_launch_attrs(spmd)}


def _live_outs(parent: Function, scope: ScopeStmt, required: frozenset[int] = frozenset()) -> list[Var]:
    """Vars bound inside the scope that the parent reads outside it, in binding order
    (`required`: the ids of vars read beyond the parent, see `_Enclosing`).

    When nothing after the scope reads any var at all (it ends a function that returns
    nothing), the real outliner has no context to go by and keeps every var the scope
    binds (unless the scope sits directly in another scope's body)."""
    inside = {id(stmt) for stmt in walk_stmts(scope)}
    defined = [var for stmt in walk_stmts(scope.body) for var in bound_vars(stmt)]
    used_outside = {
        id(var)
        for stmt in walk_stmts(parent.body)
        if id(stmt) not in inside
        for var in vars_read(own_exprs(stmt))
    } | required
    live = [var for var in dict.fromkeys(defined) if id(var) in used_outside]
    where = _enclosing(parent.body, scope)
    if not live and not required and where is not None and not where[1] and not _reads_after(where[0]):
        return list(dict.fromkeys(defined))
    return live


def _enclosing(body: Stmt, target: Stmt) -> tuple[list[tuple[SeqStmts, int]], bool] | None:
    """The statement lists on the way down to `target` (each with the index taken), and
    whether `target` sits directly in another scope's body (its nearest enclosing statement
    that is not a list is a scope)."""
    chain = _ancestors(body, target)
    if chain is None:
        return None
    blocks = [
        (node, node.stmts.index(next_node))  # type: ignore[attr-defined]
        for node, next_node in zip(chain, [*chain[1:], target])
        if isinstance(node, SeqStmts)
    ]
    owner = next((node for node in reversed(chain) if not isinstance(node, SeqStmts)), None)
    return blocks, isinstance(owner, ScopeStmt)


def _ancestors(node: Stmt, target: Stmt) -> list[Stmt] | None:
    """The statements from `node` down to `target`'s parent, or None when it is not there."""
    for child in child_stmts(node):
        if child is target:
            return [node]
        found = _ancestors(child, target)
        if found is not None:
            return [node, *found]
    return None


def _reads_after(path: list[tuple[SeqStmts, int]]) -> bool:
    """Whether a statement after the scope (at its level or an enclosing one) reads a var."""
    return any(
        vars_read(own_exprs(nested))
        for block, index in path
        for stmt in block.stmts[index + 1 :]
        for nested in walk_stmts(stmt)
    )


def _returned_value(
    var: Var, interface: ScopeInterface, body: SeqStmts, params: list[Var], lineage: ReturnLineage
) -> Var:
    """A tensor output is returned as the parameter whose buffer it is, when it traces back
    to one (the real outliner returns params, not SSA results); else itself."""
    if isinstance(var.type, TensorType):
        param = lineage.trace_to_param(var, body, params)
        if param is not None:
            return param
    for param in interface.params:
        if param.direction is not Direction.IN and param.var.name == var.name:
            return param.var
    return var


def _launch_attrs(scope: ScopeStmt) -> dict[str, object]:
    if isinstance(scope, SpmdScopeStmt) and scope.core_num is not None:
        attrs: list[tuple[str, object]] = [("core_num", _folded(scope.core_num))]
        if scope.sync_start:
            attrs.append(("sync_start", True))
        return {"attrs": attrs}  # the launch spec rides the call
    return {}


_FOLD = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "floordiv": operator.floordiv,
    "mod": operator.mod,
}


def _folded(expr: Expr) -> object:
    """A constant launch size as the int it is (the printer writes it, the parser reads it back)."""
    if isinstance(expr, Const) and isinstance(expr.value, int):
        return expr.value
    if isinstance(expr, BinaryExpr) and expr.op in _FOLD:
        lhs, rhs = _folded(expr.lhs), _folded(expr.rhs)
        if (
            isinstance(lhs, int)
            and isinstance(rhs, int)
            and not (expr.op in ("floordiv", "mod") and rhs == 0)
        ):
            return _FOLD[expr.op](lhs, rhs)
    return expr


def _replace(body: Stmt, target: ScopeStmt, replacement: Stmt) -> None:
    for stmt in walk_stmts(body):
        if isinstance(stmt, SeqStmts):
            for index, child in enumerate(stmt.stmts):
                if child is target:
                    stmt.stmts[index] = replacement
                    return
        for field in ("body", "then_body", "else_body"):
            if getattr(stmt, field, None) is target:
                setattr(stmt, field, SeqStmts(target.span, [replacement]))
                return
