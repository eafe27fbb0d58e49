"""Scaled dot-product attention (matmul + softmax families)."""

from __future__ import annotations

from ._base import Family

ATTENTION = Family(
    "attention",
    '''

def _sdpa(q, k, v, scale=None):
    """F.scaled_dot_product_attention without mask/dropout: generated matmul -> softmax -> matmul."""
    scale = 1.0 / math.sqrt(q.shape[-1]) if scale is None else scale
    scores = _matmul(q, k.transpose(-2, -1))
    return _matmul(_softmax(scores * scale, -1), v)
''',
)
