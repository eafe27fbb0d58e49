"""Starter ModelNew for 28_VisionTransformer, generated from the reference by autokernel-kb.

Generated Triton kernels: fused elementwise: add, fused elementwise: gelu
Library calls kept: unfold: no generated kernel; linear (self.patch_to_embedding): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; cat: no generated kernel; Dropout: no generated kernel; TransformerEncoder: no generated kernel; linear (self.mlp_head.0): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated; linear (self.mlp_head.3): kept as a library call (cuBLAS/cuDNN); lighter ops around it are generated
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
BLOCK_SIZE = 1024
NUM_WARPS = 4

# ---- the problem's module-level definitions (used by __init__) ----
import torch
import torch.nn as nn
import torch.nn.functional as F
image_size = 224
patch_size = 16
num_classes = 10
dim = 512
depth = 6
heads = 8
mlp_dim = 2048
channels = 3
dropout = 0.0
emb_dropout = 0.0


def _promote(*dtypes):
    """Result dtype of an elementwise op (torch promotion; float when only ints/bools met floats)."""
    out = dtypes[0]
    for dt in dtypes[1:]:
        out = torch.promote_types(out, dt)
    return out if out.is_floating_point else torch.get_default_dtype()


def _bcast_operand(t, shape):
    """(tensor, inner, size, broadcast?) so that element i of the output reads t[(i // inner) % size].

    Covers same-shape, scalar and "one contiguous block of dims" broadcasts (per-channel bias,
    per-column vectors) without copying; any other pattern is materialised once.
    """
    shape = tuple(shape)
    if tuple(t.shape) == shape and t.is_contiguous():
        return t, 1, 1, False
    padded = (1,) * (len(shape) - t.dim()) + tuple(t.shape)
    real = [d for d, s in enumerate(padded) if s != 1]
    if t.is_contiguous() and (not real or real == list(range(real[0], real[-1] + 1))):
        if not real:
            return t, 1, 1, True
        if all(padded[d] == shape[d] for d in real):
            inner = math.prod(shape[real[-1] + 1:])
            return t, inner, math.prod(padded[d] for d in real), True
    return t.expand(shape).contiguous(), 1, 1, False


def _pad3(v, nd, fill):
    v = (v,) * nd if isinstance(v, int) else tuple(v)
    return (fill,) * (3 - nd) + v


def _tile(r, inner, ncols, tile, block_inner):
    """(BLOCK_R, BLOCK_I) for a reduction of length r over ncols columns (inner = column stride 1 run).

    Rows (inner == 1): walk each row along memory, several short rows per program.
    Columns (inner > 1): BLOCK_I neighbouring columns are contiguous in memory, so loads coalesce.
    """
    if inner == 1:
        block_r = min(triton.next_power_of_2(max(r, 1)), tile)
        return block_r, max(1, min(tile // block_r, triton.next_power_of_2(ncols)))
    block_i = min(block_inner, triton.next_power_of_2(ncols))
    return max(1, min(tile // block_i, triton.next_power_of_2(max(r, 1)))), block_i


@triton.jit
def _tanh(x):
    # tanh from exp (portable across Triton backends); |error| ~1e-7 in fp32
    e = tl.exp(-2.0 * tl.abs(x))
    t = (1.0 - e) / (1.0 + e)
    return tl.where(x >= 0, t, -t)


@triton.jit
def _softplus(x, beta, threshold):
    bx = x * beta
    return tl.where(bx > threshold, x, tl.log(1.0 + tl.exp(tl.minimum(bx, threshold))) / beta)


@triton.jit
def _mul_combine(a, b):
    return a * b



@triton.jit
def _fused0_kernel(in0_ptr, in0_inner, in0_size, in1_ptr, in1_inner, in1_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, IN1_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: add
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    if IN1_BCAST:
        i1 = (offs // in1_inner) % in1_size
    else:
        i1 = offs
    a1 = tl.load(in1_ptr + i1, mask=mask, other=0.0).to(tl.float32)
    t0 = (a0 + a1)  # add: add
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused0(cat, pos_embedding):
    """add"""
    shape = torch.broadcast_shapes(cat.shape, pos_embedding.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(cat, shape)
    in1, in1_inner, in1_size, in1_b = _bcast_operand(pos_embedding, shape)
    out0 = torch.empty(shape, dtype=_promote(cat.dtype, pos_embedding.dtype), device=cat.device)
    if n > 0:
        _fused0_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, in1, in1_inner, in1_size, out0, n, IN0_BCAST=in0_b, IN1_BCAST=in1_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0


@triton.jit
def _fused1_kernel(in0_ptr, in0_inner, in0_size, out0_ptr, n_elements, IN0_BCAST: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    # fused elementwise: gelu
    offs = tl.program_id(0).to(tl.int64) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    if IN0_BCAST:
        i0 = (offs // in0_inner) % in0_size
    else:
        i0 = offs
    a0 = tl.load(in0_ptr + i0, mask=mask, other=0.0).to(tl.float32)
    t0 = 0.5 * a0 * (1.0 + tl.erf(a0 * 0.7071067811865476))  # mlp_head_1: gelu
    tl.store(out0_ptr + offs, t0.to(out0_ptr.dtype.element_ty), mask=mask)


def _fused1(mlp_head_0):
    """gelu"""
    shape = torch.broadcast_shapes(mlp_head_0.shape)
    n = math.prod(shape)
    in0, in0_inner, in0_size, in0_b = _bcast_operand(mlp_head_0, shape)
    out0 = torch.empty(shape, dtype=_promote(mlp_head_0.dtype), device=mlp_head_0.device)
    if n > 0:
        _fused1_kernel[(triton.cdiv(n, BLOCK_SIZE),)](in0, in0_inner, in0_size, out0, n, IN0_BCAST=in0_b, BLOCK_SIZE=BLOCK_SIZE, num_warps=NUM_WARPS)
    return out0

class ModelNew(nn.Module):

    def __init__(self, image_size, patch_size, num_classes, dim, depth, heads, mlp_dim, channels=3, dropout=0.1, emb_dropout=0.1):
        """
        Vision Transformer (ViT) model.

        :param image_size: The size of the input image (assumed to be square).
        :param patch_size: The size of each patch (assumed to be square).
        :param num_classes: The number of output classes.
        :param dim: The dimensionality of the embedding space.
        :param depth: The number of transformer layers.
        :param heads: The number of attention heads.
        :param mlp_dim: The dimensionality of the MLP (Multi-Layer Perceptron) in the transformer.
        :param channels: The number of channels in the input image (default is 3 for RGB).
        :param dropout: Dropout rate applied in the MLP.
        :param emb_dropout: Dropout rate applied to the embedded patches.
        """
        super().__init__()
        assert image_size % patch_size == 0, 'Image dimensions must be divisible by the patch size.'
        num_patches = (image_size // patch_size) ** 2
        patch_dim = channels * patch_size ** 2
        self.patch_size = patch_size
        self.pos_embedding = nn.Parameter(torch.randn(1, num_patches + 1, dim))
        self.patch_to_embedding = nn.Linear(patch_dim, dim)
        self.cls_token = nn.Parameter(torch.randn(1, 1, dim))
        self.dropout = nn.Dropout(emb_dropout)
        self.transformer = nn.TransformerEncoder(nn.TransformerEncoderLayer(d_model=dim, nhead=heads, dim_feedforward=mlp_dim, dropout=dropout), num_layers=depth)
        self.to_cls_token = nn.Identity()
        self.mlp_head = nn.Sequential(nn.Linear(dim, mlp_dim), nn.GELU(), nn.Dropout(dropout), nn.Linear(mlp_dim, num_classes))

    def forward(self, img):
        unfold = img.unfold(2, 16, 16)
        unfold_1 = unfold.unfold(3, 16, 16)
        getattr_1 = img.shape
        getitem = getattr_1[0]
        getattr_2 = img.shape
        getitem_1 = getattr_2[1]
        mul = (256 * getitem_1)
        reshape = unfold_1.reshape(getitem, -1, mul)
        patch_to_embedding = self.patch_to_embedding(reshape)
        cls_token = self.cls_token
        getattr_3 = img.shape
        getitem_2 = getattr_3[0]
        expand = cls_token.expand(getitem_2, -1, -1)
        cat = torch.cat((expand, patch_to_embedding), dim=1)
        pos_embedding = self.pos_embedding
        add = _fused0(cat, pos_embedding)
        dropout = self.dropout(add)
        transformer = self.transformer(dropout)
        getitem_3 = transformer[(slice(None, None, None), 0)]
        to_cls_token = self.to_cls_token(getitem_3)
        mlp_head_0 = self.get_submodule('mlp_head.0')(to_cls_token)
        mlp_head_1 = _fused1(mlp_head_0)
        mlp_head_2 = self.get_submodule('mlp_head.2')(mlp_head_1)
        mlp_head_3 = self.get_submodule('mlp_head.3')(mlp_head_2)
        return mlp_head_3
