"""Source text of the kernel families a starter file may contain, with their tunables.

Each family (one module here) is a block of Python/Triton source that is copied into the generated file when
one of its operations is covered. Tunables are module-level constants of that file; ``FAMILIES`` lists their
default values and the values the search may try (powers of two where Triton needs them).
"""

from __future__ import annotations

from ._base import COMMON, HEADER, Family
from .attention import ATTENTION
from .batchnorm import BATCHNORM
from .conv import CONV
from .convlayout import CONVLAYOUT
from .elementwise import EW
from .gemv import GEMV
from .graph import GRAPH
from .loss import LOSS, LOSS_ROWS
from .matmul import MATMUL
from .pool import POOL
from .reduce import REDUCE
from .rmsdim import RMSDIM
from .rnn import RNN
from .rownorm import ROWNORM
from .scan import SCAN
from .softmax import SOFTMAX
from .tf32split import TF32SPLIT

FAMILIES = {f.name: f for f in (EW, REDUCE, SOFTMAX, ROWNORM, RMSDIM, BATCHNORM, MATMUL, CONV, POOL, SCAN, LOSS,
                                     LOSS_ROWS, ATTENTION, TF32SPLIT, GEMV, RNN, GRAPH,
                                     CONVLAYOUT)}

# the families an operation kind needs in the file (attention reuses matmul and softmax)
KIND_FAMILIES = {
    "ew": ("elementwise",),
    "reduce": ("reduce",),
    "softmax": ("softmax",),
    "rownorm": ("rownorm",),
    "rmsdim": ("rmsdim",),
    "batchnorm": ("batchnorm",),
    "matmul": ("tf32split", "matmul"),
    "linear": ("tf32split", "matmul"),
    "conv": ("tf32split", "conv"),
    "pool": ("pool",),
    "scan": ("scan",),
    "rnn": ("tf32split", "matmul", "rnn"),  # the input projection is a generated matmul
}
KIND_FAMILIES.update({"loss": ("loss",), "attention": ("tf32split", "matmul", "softmax", "attention")})

# operations that need other families than their kind's (so that a starter carries only the tunables it uses)
OP_FAMILIES = {("loss", "cross_entropy"): ("reduce", "loss_rows"), ("loss", "triplet_margin_loss"): ("reduce", "loss_rows"),
               ("matmul", "gemv"): ("gemv",)}


def families_for(kind: str, name: str) -> tuple[str, ...]:
    """The families an operation needs in the generated file."""
    return OP_FAMILIES.get((kind, name), KIND_FAMILIES[kind])


__all__ = ["COMMON", "FAMILIES", "HEADER", "KIND_FAMILIES", "OP_FAMILIES", "Family", "families_for"]
