"""Decide what each traced node becomes and in which order the pieces run.

* every node is classified (``_ops.classify``): a covered ``Op`` or a reason to stay a library call;
* heavy ops (matmul/linear/conv) stay library calls (cuBLAS/cuDNN) by default when lighter ops are covered,
  so their elementwise tails are fused instead; with ``heavy="auto"`` the generated kernel is written beside the
  library call and a tunable (``MM_ENGINE``, ``CONV_ENGINE``) picks one at run time, so the search can try the
  tensor-core kernels; when nothing else is covered they get kernels;
* elementwise nodes of one output shape are fused greedily into groups (one kernel each), never
  creating a cycle: a node joins a group only if none of its other inputs depends on that group;
* units (groups, single nodes) are ordered topologically, keeping the reference's order where possible;
* a group whose one output feeds only a sum / mean / max / min over adjacent dims takes that reduction in
  (``Unit.reduce``): its kernel reduces while it computes, and the elementwise result is never written;
* reverse, exclusive and masked scans spelled as several ops become one scan (``_scans.fold_scans``), and an
  RMS normalisation written out becomes one kernel (``_norms.fold_rms``).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from ._norms import fold_rms
from ._ops import Op, classify, is_heavy
from ._scans import fold_scans


@dataclass(kw_only=True)
class Unit:
    """One step of the generated forward: a fused elementwise group or a single node."""

    nodes: list  # fx Nodes, in graph order
    op: Op | None = None  # for single covered nodes
    reason: str = ""  # for library nodes: why no generated kernel
    reduce: object = None  # for groups: the reduction node folded into the group's kernel (prologue fusion)

    @property
    def is_group(self) -> bool:
        return self.op is not None and self.op.kind == "ew"

    @property
    def outputs(self) -> list:
        """The unit's nodes that something outside it reads (a group's values that must reach memory)."""
        members = set(self.nodes)
        return [n for n in self.nodes if any(x not in members for x in n.users)]


@dataclass(kw_only=True)
class Plan:
    units: list[Unit]
    ops: dict = field(default_factory=dict)  # node -> Op | reason
    switched: dict = field(default_factory=dict)  # heavy node -> why the library call is the default


def make_plan(gm, heavy: str = "auto") -> Plan:
    """Plan the forward of a traced GraphModule; ``heavy`` is ``auto``, ``library`` or ``kernel``."""
    modules = dict(gm.named_modules())
    nodes = list(gm.graph.nodes)
    ops: dict = {}
    for n in nodes:
        if n.op in ("call_module", "call_function", "call_method"):
            ops[n] = classify(n, modules)
    light = any(isinstance(o, Op) and not is_heavy(o) for o in ops.values())
    switched = {}
    if heavy == "library" or (heavy == "auto" and light):
        for n, o in ops.items():
            if is_heavy(o):
                where = f" (self.{o.module})" if o.module else ""
                reason = f"{o.name}{where}: kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated"
                if heavy == "auto":
                    switched[n] = reason + f" (the generated kernel is one tunable away: {engine_tunable(o)})"
                else:
                    ops[n] = reason
    groups = _group_elementwise(nodes, ops)
    units = _fold_reductions(_schedule(nodes, ops, groups), ops)
    return Plan(units=fold_rms(fold_scans(units, ops), ops), ops=ops, switched=switched)


# engine tunables: the heavy op kinds each one switches between library call (the default) and generated kernel
ENGINE_KINDS = {"MM_ENGINE": {"matmul", "linear"}, "CONV_ENGINE": {"conv"}}


def engine_tunable(op: Op) -> str:
    """The tunable that picks library call or generated kernel for a heavy op."""
    return next(engine for engine, kinds in ENGINE_KINDS.items() if op.kind in kinds)


_FOLDABLE = ("sum", "mean", "amax", "amin", "max", "min")


def _foldable(node, ops):
    """The reduction node that can be folded into the group whose one output is ``node``, or None.

    Only when that output is used by nothing but the reduction (so the elementwise result is
    never needed in memory), the reduction is a plain value reduction over adjacent dims (one (OUTER, R,
    INNER) view), and everything is fp32 (a half-precision intermediate would be rounded before reducing).
    """
    import torch

    users = list(node.users)
    if len(users) != 1:
        return None
    rn = users[0]
    op = ops.get(rn)
    if not (isinstance(op, Op) and op.kind == "reduce" and op.name in _FOLDABLE and not op.params["with_idx"]):
        return None
    if rn.all_input_nodes != [node] or op.operands[0] is not node:
        return None
    val, out = node.meta.get("ak_val"), rn.meta.get("ak_val")
    if not (isinstance(val, torch.Tensor) and isinstance(out, torch.Tensor)) or val.dtype != torch.float32:
        return None
    nd = val.dim()
    if nd == 0:
        return None
    dims = list(range(nd)) if op.params["dims"] is None else sorted({d % nd for d in op.params["dims"]})
    if dims != list(range(dims[0], dims[-1] + 1)):
        return None
    return rn


def _fold_reductions(units: list[Unit], ops) -> list[Unit]:
    """Fold each foldable reduction into the group that feeds it (see `_foldable`); its own unit goes."""
    folded = set()
    for u in units:
        if not u.is_group:
            continue
        outputs = u.outputs
        if len(outputs) == 1:
            rn = _foldable(outputs[0], ops)
            if rn is not None:
                u.reduce = rn
                folded.add(rn)
    return [u for u in units if not (len(u.nodes) == 1 and u.nodes[0] in folded and not u.is_group)]


def _shape(n):
    v = n.meta.get("ak_val")
    return tuple(v.shape) if hasattr(v, "shape") else None


def _group_elementwise(nodes, ops) -> dict:
    """Map each elementwise node to its group id (groups are lists of nodes)."""
    index = {n: i for i, n in enumerate(nodes)}
    ancestors: dict = {}
    for n in nodes:
        acc = set()
        for a in n.all_input_nodes:
            acc |= ancestors[a]
            acc.add(a)
        ancestors[n] = acc
    group_of: dict = {}
    members: dict[int, set] = {}
    for n in nodes:
        op = ops.get(n)
        if not (isinstance(op, Op) and op.kind == "ew"):
            continue
        same = list(dict.fromkeys(group_of[a] for a in sorted(n.all_input_nodes, key=index.get)
                                  if a in group_of and _shape(a) == _shape(n)))
        if len(same) > 1:  # n joins two chains (0.5 * x * (1 + tanh(...))): one kernel for all, if schedulable
            merged = set().union(*(members[gid] for gid in same)) | {n}
            if _convex(merged, ancestors):
                keep = same[0]
                for gid in same[1:]:
                    for m in members[gid]:
                        group_of[m] = keep
                    members[keep] |= members.pop(gid)
                members[keep].add(n)
                group_of[n] = keep
                continue
        chosen = None
        for a in sorted({a for a in n.all_input_nodes if a in group_of}, key=index.get):
            gid = group_of[a]
            g = members[gid]
            if _shape(nodes[index[next(iter(g))]]) != _shape(n):
                continue
            if any(x not in g and (ancestors[x] & g) for x in n.all_input_nodes):
                continue  # another input of n depends on this group: fusing would create a cycle
            chosen = gid
            break
        if chosen is None:
            chosen = len(members)
            members[chosen] = set()
        members[chosen].add(n)
        group_of[n] = chosen
    return group_of


def _convex(group: set, ancestors: dict) -> bool:
    """True when no node outside ``group`` lies on a path between two of its members (one kernel can
    then compute it: every outside input is ready before it starts, every outside user after it ends)."""
    outside = set().union(*(ancestors[m] for m in group)) - group
    return not any(ancestors[y] & group for y in outside)


def _schedule(nodes, ops, group_of) -> list[Unit]:
    index = {n: i for i, n in enumerate(nodes)}
    unit_of: dict = {}
    units: list[Unit] = []
    by_gid: dict[int, Unit] = {}
    for n in nodes:
        if n in group_of:
            gid = group_of[n]
            if gid not in by_gid:
                by_gid[gid] = Unit(nodes=[], op=Op("ew", "fused"))
                units.append(by_gid[gid])
            by_gid[gid].nodes.append(n)
            unit_of[n] = by_gid[gid]
        else:
            o = ops.get(n)
            u = Unit(nodes=[n], op=o if isinstance(o, Op) else None, reason=o if isinstance(o, str) else "")
            units.append(u)
            unit_of[n] = u
    deps = {id(u): set() for u in units}
    users = {id(u): set() for u in units}
    for u in units:
        for n in u.nodes:
            for a in n.all_input_nodes:
                v = unit_of[a]
                if v is not u:
                    deps[id(u)].add(id(v))
                    users[id(v)].add(id(u))
    by_id = {id(u): u for u in units}
    key = {id(u): max(index[n] for n in u.nodes) for u in units}
    ready = [(key[i], i) for i, d in deps.items() if not d]
    heapq.heapify(ready)
    order = []
    while ready:
        _, i = heapq.heappop(ready)
        order.append(by_id[i])
        for j in users[i]:
            deps[j].discard(i)
            if not deps[j]:
                heapq.heappush(ready, (key[j], j))
    if len(order) != len(units):  # cannot happen given the cycle check in grouping
        raise AssertionError("cycle in the starter plan")
    return order
