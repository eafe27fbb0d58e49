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
from .elementwise import EW
from .loss import LOSS
from .matmul import MATMUL
from .pool import POOL
from .reduce import REDUCE
from .rownorm import ROWNORM
from .scan import SCAN
from .softmax import SOFTMAX

FAMILIES = {f.name: f for f in (EW, REDUCE, SOFTMAX, ROWNORM, BATCHNORM, MATMUL, CONV, POOL, SCAN, LOSS, ATTENTION)}

# the families an operation kind needs in the file (attention reuses matmul and softmax)
KIND_FAMILIES = {
    "ew": ("elementwise",),
    "reduce": ("reduce",),
    "softmax": ("softmax",),
    "rownorm": ("rownorm",),
    "batchnorm": ("batchnorm",),
    "matmul": ("matmul",),
    "linear": ("matmul",),
    "conv": ("conv",),
    "pool": ("pool",),
    "scan": ("scan",),
}
KIND_FAMILIES.update({"loss": ("reduce", "loss"), "attention": ("matmul", "softmax", "attention")})

__all__ = ["COMMON", "FAMILIES", "HEADER", "KIND_FAMILIES", "Family"]
