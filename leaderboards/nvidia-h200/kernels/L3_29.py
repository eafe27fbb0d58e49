"""Starter ModelNew for 29_SwinMLP, generated from the reference by autokernel-kb.

Generated Triton kernels: conv layers: Conv2d x1, Conv1d x12, rownorm layers: LayerNorm x29, linear layers: Linear x28
Library calls kept: whole model: tracing failed (torch.fx.symbolic_trace failed: TraceError: symbolically traced variables cannot be used as inputs to control flow); the reference's forward runs as written, its other operations in PyTorch
Tunables are the UPPER_CASE constants below; the file runs without autokernel-kb.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

# ---- tunables (the search varies these) ----
CONV_PRECISION = 'ieee'
CONV_ALGO = 'im2col'
CONV_DEPTHWISE = 'direct'
CONV_DW_BLOCK = 256
CONV_BLOCK_M = 64
CONV_BLOCK_N = 32
CONV_BLOCK_K = 32
CONV_NUM_WARPS = 4
CONV_NUM_STAGES = 2
NORM_BLOCK = 1024
NORM_NUM_WARPS = 4
NORM_SPLIT_PROGRAMS = 264
NORM_SPLIT_MIN_R = 16384
NORM_SPLIT_CHUNK = 16384
MM_PRECISION = 'tf32x3'
MM_SPLIT_K = 0
MM_BLOCK_M = 128
MM_BLOCK_N = 128
MM_BLOCK_K = 32
MM_NUM_WARPS = 8
MM_NUM_STAGES = 3
MM_GROUP_M = 8

# ---- the problem's module-level definitions (used by __init__) ----
import torch

import torch.nn as nn

import torch.nn.functional as F

from itertools import repeat

import collections.abc

class Mlp(nn.Module):
    def __init__(self, in_features, hidden_features=None, out_features=None, act_layer=nn.GELU, drop=0.):
        super().__init__()
        out_features = out_features or in_features
        hidden_features = hidden_features or in_features
        self.fc1 = nn.Linear(in_features, hidden_features)
        self.act = act_layer()
        self.fc2 = nn.Linear(hidden_features, out_features)
        self.drop = nn.Dropout(drop)

    def forward(self, x):
        x = self.fc1(x)
        x = self.act(x)
        x = self.drop(x)
        x = self.fc2(x)
        x = self.drop(x)
        return x

def window_partition(x, window_size):
    """
    Args:
        x: (B, H, W, C)
        window_size (int): window size

    Returns:
        windows: (num_windows*B, window_size, window_size, C)
    """
    B, H, W, C = x.shape
    x = x.view(B, H // window_size, window_size, W // window_size, window_size, C)
    windows = x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window_size, window_size, C)
    return windows

def window_reverse(windows, window_size, H, W):
    """
    Args:
        windows: (num_windows*B, window_size, window_size, C)
        window_size (int): Window size
        H (int): Height of image
        W (int): Width of image

    Returns:
        x: (B, H, W, C)
    """
    B = int(windows.shape[0] / (H * W / window_size / window_size))
    x = windows.view(B, H // window_size, W // window_size, window_size, window_size, -1)
    x = x.permute(0, 1, 3, 2, 4, 5).contiguous().view(B, H, W, -1)
    return x

class SwinMLPBlock(nn.Module):
    r""" Swin MLP Block.

    Args:
        dim (int): Number of input channels.
        input_resolution (tuple[int]): Input resulotion.
        num_heads (int): Number of attention heads.
        window_size (int): Window size.
        shift_size (int): Shift size for SW-MSA.
        mlp_ratio (float): Ratio of mlp hidden dim to embedding dim.
        drop (float, optional): Dropout rate. Default: 0.0
        drop_path (float, optional): Stochastic depth rate. Default: 0.0
        act_layer (nn.Module, optional): Activation layer. Default: nn.GELU
        norm_layer (nn.Module, optional): Normalization layer.  Default: nn.LayerNorm
    """

    def __init__(self, dim, input_resolution, num_heads, window_size=7, shift_size=0,
                 mlp_ratio=4., drop=0., drop_path=0.,
                 act_layer=nn.GELU, norm_layer=nn.LayerNorm):
        super().__init__()
        self.dim = dim
        self.input_resolution = input_resolution
        self.num_heads = num_heads
        self.window_size = window_size
        self.shift_size = shift_size
        self.mlp_ratio = mlp_ratio
        if min(self.input_resolution) <= self.window_size:
            # if window size is larger than input resolution, we don't partition windows
            self.shift_size = 0
            self.window_size = min(self.input_resolution)
        assert 0 <= self.shift_size < self.window_size, "shift_size must in 0-window_size"

        self.padding = [self.window_size - self.shift_size, self.shift_size,
                        self.window_size - self.shift_size, self.shift_size]  # P_l,P_r,P_t,P_b

        self.norm1 = norm_layer(dim)
        # use group convolution to implement multi-head MLP
        self.spatial_mlp = nn.Conv1d(self.num_heads * self.window_size ** 2,
                                     self.num_heads * self.window_size ** 2,
                                     kernel_size=1,
                                     groups=self.num_heads)

        self.drop_path = nn.Identity()
        self.norm2 = norm_layer(dim)
        mlp_hidden_dim = int(dim * mlp_ratio)
        self.mlp = Mlp(in_features=dim, hidden_features=mlp_hidden_dim, act_layer=act_layer, drop=drop)

    def forward(self, x):
        H, W = self.input_resolution
        B, L, C = x.shape
        assert L == H * W, "input feature has wrong size"

        shortcut = x
        x = self.norm1(x)
        x = x.view(B, H, W, C)

        # shift
        if self.shift_size > 0:
            P_l, P_r, P_t, P_b = self.padding
            shifted_x = F.pad(x, [0, 0, P_l, P_r, P_t, P_b], "constant", 0)
        else:
            shifted_x = x
        _, _H, _W, _ = shifted_x.shape

        # partition windows
        x_windows = window_partition(shifted_x, self.window_size)  # nW*B, window_size, window_size, C
        x_windows = x_windows.view(-1, self.window_size * self.window_size, C)  # nW*B, window_size*window_size, C

        # Window/Shifted-Window Spatial MLP
        x_windows_heads = x_windows.view(-1, self.window_size * self.window_size, self.num_heads, C // self.num_heads)
        x_windows_heads = x_windows_heads.transpose(1, 2)  # nW*B, nH, window_size*window_size, C//nH
        x_windows_heads = x_windows_heads.reshape(-1, self.num_heads * self.window_size * self.window_size,
                                                  C // self.num_heads)
        spatial_mlp_windows = self.spatial_mlp(x_windows_heads)  # nW*B, nH*window_size*window_size, C//nH
        spatial_mlp_windows = spatial_mlp_windows.view(-1, self.num_heads, self.window_size * self.window_size,
                                                       C // self.num_heads).transpose(1, 2)
        spatial_mlp_windows = spatial_mlp_windows.reshape(-1, self.window_size * self.window_size, C)

        # merge windows
        spatial_mlp_windows = spatial_mlp_windows.reshape(-1, self.window_size, self.window_size, C)
        shifted_x = window_reverse(spatial_mlp_windows, self.window_size, _H, _W)  # B H' W' C

        # reverse shift
        if self.shift_size > 0:
            P_l, P_r, P_t, P_b = self.padding
            x = shifted_x[:, P_t:-P_b, P_l:-P_r, :].contiguous()
        else:
            x = shifted_x
        x = x.view(B, H * W, C)

        # FFN
        x = shortcut + self.drop_path(x)
        x = x + self.drop_path(self.mlp(self.norm2(x)))

        return x

class PatchMerging(nn.Module):
    r""" Patch Merging Layer.

    Args:
        input_resolution (tuple[int]): Resolution of input feature.
        dim (int): Number of input channels.
        norm_layer (nn.Module, optional): Normalization layer.  Default: nn.LayerNorm
    """

    def __init__(self, input_resolution, dim, norm_layer=nn.LayerNorm):
        super().__init__()
        self.input_resolution = input_resolution
        self.dim = dim
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)
        self.norm = norm_layer(4 * dim)

    def forward(self, x):
        """
        x: B, H*W, C
        """
        H, W = self.input_resolution
        B, L, C = x.shape
        assert L == H * W, "input feature has wrong size"
        assert H % 2 == 0 and W % 2 == 0, f"x size ({H}*{W}) are not even."

        x = x.view(B, H, W, C)

        x0 = x[:, 0::2, 0::2, :]  # B H/2 W/2 C
        x1 = x[:, 1::2, 0::2, :]  # B H/2 W/2 C
        x2 = x[:, 0::2, 1::2, :]  # B H/2 W/2 C
        x3 = x[:, 1::2, 1::2, :]  # B H/2 W/2 C
        x = torch.cat([x0, x1, x2, x3], -1)  # B H/2 W/2 4*C
        x = x.view(B, -1, 4 * C)  # B H/2*W/2 4*C

        x = self.norm(x)
        x = self.reduction(x)

        return x

class BasicLayer(nn.Module):
    """ A basic Swin MLP layer for one stage.

    Args:
        dim (int): Number of input channels.
        input_resolution (tuple[int]): Input resolution.
        depth (int): Number of blocks.
        num_heads (int): Number of attention heads.
        window_size (int): Local window size.
        mlp_ratio (float): Ratio of mlp hidden dim to embedding dim.
        drop (float, optional): Dropout rate. Default: 0.0
        drop_path (float | tuple[float], optional): Stochastic depth rate. Default: 0.0
        norm_layer (nn.Module, optional): Normalization layer. Default: nn.LayerNorm
        downsample (nn.Module | None, optional): Downsample layer at the end of the layer. Default: None
        use_checkpoint (bool): Whether to use checkpointing to save memory. Default: False.
    """

    def __init__(self, dim, input_resolution, depth, num_heads, window_size,
                 mlp_ratio=4., drop=0., drop_path=0.,
                 norm_layer=nn.LayerNorm, downsample=None, use_checkpoint=False):

        super().__init__()
        self.dim = dim
        self.input_resolution = input_resolution
        self.depth = depth
        self.use_checkpoint = use_checkpoint

        # build blocks
        self.blocks = nn.ModuleList([
            SwinMLPBlock(dim=dim, input_resolution=input_resolution,
                         num_heads=num_heads, window_size=window_size,
                         shift_size=0 if (i % 2 == 0) else window_size // 2,
                         mlp_ratio=mlp_ratio,
                         drop=drop,
                         drop_path=drop_path[i] if isinstance(drop_path, list) else drop_path,
                         norm_layer=norm_layer)
            for i in range(depth)])

        # patch merging layer
        if downsample is not None:
            self.downsample = downsample(input_resolution, dim=dim, norm_layer=norm_layer)
        else:
            self.downsample = None

    def forward(self, x):
        for blk in self.blocks:
            if self.use_checkpoint:
                x = checkpoint.checkpoint(blk, x)
            else:
                x = blk(x)
        if self.downsample is not None:
            x = self.downsample(x)
        return x

def _ntuple(n):
    def parse(x):
        if isinstance(x, collections.abc.Iterable) and not isinstance(x, str):
            return tuple(x)
        return tuple(repeat(x, n))
    return parse

to_2tuple = _ntuple(2)

class PatchEmbed(nn.Module):
    r""" Image to Patch Embedding

    Args:
        img_size (int): Image size.  Default: 224.
        patch_size (int): Patch token size. Default: 4.
        in_chans (int): Number of input image channels. Default: 3.
        embed_dim (int): Number of linear projection output channels. Default: 96.
        norm_layer (nn.Module, optional): Normalization layer. Default: None
    """

    def __init__(self, img_size=224, patch_size=4, in_chans=3, embed_dim=96, norm_layer=None):
        super().__init__()
        img_size = to_2tuple(img_size)
        patch_size = to_2tuple(patch_size)
        patches_resolution = [img_size[0] // patch_size[0], img_size[1] // patch_size[1]]
        self.img_size = img_size
        self.patch_size = patch_size
        self.patches_resolution = patches_resolution
        self.num_patches = patches_resolution[0] * patches_resolution[1]

        self.in_chans = in_chans
        self.embed_dim = embed_dim

        self.proj = nn.Conv2d(in_chans, embed_dim, kernel_size=patch_size, stride=patch_size)
        if norm_layer is not None:
            self.norm = norm_layer(embed_dim)
        else:
            self.norm = None

    def forward(self, x):
        B, C, H, W = x.shape
        # FIXME look at relaxing size constraints
        assert H == self.img_size[0] and W == self.img_size[1], \
            f"Input image size ({H}*{W}) doesn't match model ({self.img_size[0]}*{self.img_size[1]})."
        x = self.proj(x).flatten(2).transpose(1, 2)  # B Ph*Pw C
        if self.norm is not None:
            x = self.norm(x)
        return x

    def flops(self):
        Ho, Wo = self.patches_resolution
        flops = Ho * Wo * self.embed_dim * self.in_chans * (self.patch_size[0] * self.patch_size[1])
        if self.norm is not None:
            flops += Ho * Wo * self.embed_dim
        return flops

class Model(nn.Module):
    r""" Swin MLP

    Args:
        img_size (int | tuple(int)): Input image size. Default 224
        patch_size (int | tuple(int)): Patch size. Default: 4
        in_chans (int): Number of input image channels. Default: 3
        num_classes (int): Number of classes for classification head. Default: 1000
        embed_dim (int): Patch embedding dimension. Default: 96
        depths (tuple(int)): Depth of each Swin MLP layer.
        num_heads (tuple(int)): Number of attention heads in different layers.
        window_size (int): Window size. Default: 7
        mlp_ratio (float): Ratio of mlp hidden dim to embedding dim. Default: 4
        drop_rate (float): Dropout rate. Default: 0
        drop_path_rate (float): Stochastic depth rate. Default: 0.1
        norm_layer (nn.Module): Normalization layer. Default: nn.LayerNorm.
        patch_norm (bool): If True, add normalization after patch embedding. Default: True
        use_checkpoint (bool): Whether to use checkpointing to save memory. Default: False
    """

    def __init__(self, img_size=224, patch_size=4, in_chans=3, num_classes=1000,
                 embed_dim=96, depths=[2, 2, 6, 2], num_heads=[3, 6, 12, 24],
                 window_size=7, mlp_ratio=4., drop_rate=0., drop_path_rate=0.1,
                 norm_layer=nn.LayerNorm, patch_norm=True,
                 use_checkpoint=False, **kwargs):
        super().__init__()

        self.num_classes = num_classes
        self.num_layers = len(depths)
        self.embed_dim = embed_dim
        self.patch_norm = patch_norm
        self.num_features = int(embed_dim * 2 ** (self.num_layers - 1))
        self.mlp_ratio = mlp_ratio

        # split image into non-overlapping patches
        self.patch_embed = PatchEmbed(
            img_size=img_size, patch_size=patch_size, in_chans=in_chans, embed_dim=embed_dim,
            norm_layer=norm_layer if self.patch_norm else None)
        num_patches = self.patch_embed.num_patches
        patches_resolution = self.patch_embed.patches_resolution
        self.patches_resolution = patches_resolution

        self.pos_drop = nn.Dropout(p=drop_rate)

        # stochastic depth
        dpr = [x.item() for x in torch.linspace(0, drop_path_rate, sum(depths))]  # stochastic depth decay rule

        # build layers
        self.layers = nn.ModuleList()
        for i_layer in range(self.num_layers):
            layer = BasicLayer(dim=int(embed_dim * 2 ** i_layer),
                               input_resolution=(patches_resolution[0] // (2 ** i_layer),
                                                 patches_resolution[1] // (2 ** i_layer)),
                               depth=depths[i_layer],
                               num_heads=num_heads[i_layer],
                               window_size=window_size,
                               mlp_ratio=self.mlp_ratio,
                               drop=drop_rate,
                               drop_path=dpr[sum(depths[:i_layer]):sum(depths[:i_layer + 1])],
                               norm_layer=norm_layer,
                               downsample=PatchMerging if (i_layer < self.num_layers - 1) else None,
                               use_checkpoint=use_checkpoint)
            self.layers.append(layer)

        self.norm = norm_layer(self.num_features)
        self.avgpool = nn.AdaptiveAvgPool1d(1)
        self.head = nn.Linear(self.num_features, num_classes) if num_classes > 0 else nn.Identity()

    def forward_features(self, x):
        x = self.patch_embed(x)
        x = self.pos_drop(x)

        for layer in self.layers:
            x = layer(x)

        x = self.norm(x)  # B L C
        x = self.avgpool(x.transpose(1, 2))  # B C 1
        x = torch.flatten(x, 1)
        return x

    def forward(self, x):
        x = self.forward_features(x)
        x = self.head(x)
        return x

batch_size = 10

image_size = 224


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
def _tf32_split_kernel(src_ptr, hi_ptr, lo_ptr, R, C, R_OUT, C_OUT, s_b, s_r, s_c, d_b, d_r, d_c,
                       BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    # x = hi + lo exactly, hi = x rounded to the nearest TF32 value (10 mantissa bits): the split of 3xTF32,
    # done once per operand instead of once per tile visit. Rounding, not truncation: |lo| <= 2^-11 |x|, which
    # cuts the split's error about 2.5x (emulated, signed inputs, K = 4096); the tensor cores may drop lo's low
    # bits, an error of 2^-21 |x| at most. The destination strides may transpose (B is
    # written K-major, the layout the TF32 tensor-core instructions read without a shuffle), and the destination
    # may be larger (R_OUT x C_OUT): the padding is written as zeros.
    b = tl.program_id(2).to(tl.int64)
    r = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    c = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)
    mask = (r[:, None] < R) & (c[None, :] < C)
    x = tl.load(src_ptr + b * s_b + r[:, None].to(tl.int64) * s_r + c[None, :] * s_c, mask=mask, other=0.0)
    x = x.to(tl.float32)
    bits = x.to(tl.int32, bitcast=True)
    hi = ((bits + 4096) & -8192).to(tl.float32, bitcast=True)  # -8192 = 0xFFFFE000: mantissa bits 0-12 cleared
    hi = tl.where(tl.abs(hi) < float("inf"), hi, (bits & -8192).to(tl.float32, bitcast=True))  # no overflow to inf
    off = b * d_b + r[:, None].to(tl.int64) * d_r + c[None, :] * d_c
    out = (r[:, None] < R_OUT) & (c[None, :] < C_OUT)
    tl.store(hi_ptr + off, hi, mask=out)
    tl.store(lo_ptr + off, x - hi, mask=out)


@triton.jit
def _dot_acc(acc, a, b, a2_ptrs, a_mask, b2_ptrs, b_mask, PRECISION: tl.constexpr):
    # acc + a @ b at PRECISION: "ieee" fp32, "tf32x3" (Triton splits in the loop), or "tf32x3s": a and b are the
    # high parts split beforehand, their low parts are loaded here, and the product is three plain TF32 dots,
    # the small cross terms first.
    if PRECISION == "tf32x3s":
        a2 = tl.load(a2_ptrs, mask=a_mask, other=0.0)
        b2 = tl.load(b2_ptrs, mask=b_mask, other=0.0)
        acc = tl.dot(a2, b, acc, input_precision="tf32")
        acc = tl.dot(a, b2, acc, input_precision="tf32")
        acc = tl.dot(a, b, acc, input_precision="tf32")
    else:
        acc += tl.dot(a, b, input_precision=PRECISION)
    return acc


def _tf32_split(x, transpose, k_multiple=1):
    """(hi, lo) fp32 copies of a 3-D tensor (B, R, C) with x == hi + lo, hi the nearest TF32 value: (B, R, C') or, when
    transposed, (B, C, R') contiguous, the last dim zero-padded to a multiple of ``k_multiple`` (when it is the
    matmul's K, every row then starts aligned and no K block is partial)."""
    bt, r, c = x.shape
    r_out, c_out = (triton.cdiv(r, k_multiple) * k_multiple, c) if transpose else (r, triton.cdiv(c, k_multiple) * k_multiple)
    shape = (bt, c_out, r_out) if transpose else (bt, r_out, c_out)
    hi = torch.empty(shape, dtype=torch.float32, device=x.device)
    lo = torch.empty_like(hi)
    d_b, d_r, d_c = (hi.stride(0), 1, r_out) if transpose else hi.stride()
    grid = (triton.cdiv(r_out, 64), triton.cdiv(c_out, 64), bt)
    _tf32_split_kernel[grid](x, hi, lo, r, c, r_out, c_out, *x.stride(), d_b, d_r, d_c, BLOCK_R=64, BLOCK_C=64)
    return hi, lo



@triton.jit
def _split_dhw(offs, OD, OH, OW):
    # flat index over (..., OD, OH, OW) -> (leading index, od, oh, ow)
    ow = offs % OW
    t = offs // OW
    oh = t % OH
    t = t // OH
    return t // OD, t % OD, oh, ow


@triton.jit
def _conv_in(od, oh, ow, kd, kh, kw, D, H, W, SD, SH, SW, PD, PH, PW, DD, DH, DW, TRANSPOSED: tl.constexpr):
    # Input position read by output (od, oh, ow) through tap (kd, kh, kw), and whether it exists (any shapes that
    # broadcast). Forward: in = out * stride - pad + k * dil. Transposed: in = (out + pad - k * dil) / stride when
    # that divides exactly.
    if TRANSPOSED:
        td = od + PD - kd * DD
        th = oh + PH - kh * DH
        tw = ow + PW - kw * DW
        valid = (td >= 0) & (th >= 0) & (tw >= 0)
        td = tl.where(valid, td, 0)
        th = tl.where(valid, th, 0)
        tw = tl.where(valid, tw, 0)
        valid = valid & (td % SD == 0) & (th % SH == 0) & (tw % SW == 0)
        i_d = td // SD
        i_h = th // SH
        i_w = tw // SW
    else:
        i_d = od * SD - PD + kd * DD
        i_h = oh * SH - PH + kh * DH
        i_w = ow * SW - PW + kw * DW
        valid = (i_d >= 0) & (i_h >= 0) & (i_w >= 0)
    return i_d, i_h, i_w, valid & (i_d < D) & (i_h < H) & (i_w < W)


@triton.jit
def _conv_store(acc, y_ptr, b_ptr, n, co, sp, m_mask, n_mask, COUT, OSP, HAS_BIAS: tl.constexpr):
    # The epilogue of every implicit-GEMM kernel: bias, then rows (n, output position sp) x output channels co
    # stored into y (N, COUT, OD, OH, OW), OSP = OD * OH * OW.
    if HAS_BIAS:
        acc += tl.load(b_ptr + co, mask=n_mask, other=0.0).to(tl.float32)[None, :]
    y_off = (n[:, None] * COUT + co[None, :]) * OSP + sp[:, None]
    tl.store(y_ptr + y_off, acc.to(y_ptr.dtype.element_ty), mask=m_mask[:, None] & n_mask[None, :])


@triton.jit
def _tap_channels(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, row, valid, w_row, n_mask, CIN_G,
                  BLOCK_K: tl.constexpr, PRECISION: tl.constexpr):
    # One tap of the channels-last implicit GEMM: its input channels in BLOCK_K runs, contiguous in x (rows
    # ``row``) and in w (rows ``w_row``).
    for c0 in range(0, CIN_G, BLOCK_K):
        ci = c0 + tl.arange(0, BLOCK_K)
        k_mask = ci < CIN_G
        a_mask = valid[:, None] & k_mask[None, :]
        b_mask = k_mask[:, None] & n_mask[None, :]
        a = tl.load(x_ptr + row[:, None] + ci[None, :], mask=a_mask, other=0.0).to(tl.float32)
        b = tl.load(w_ptr + w_row + ci[:, None], mask=b_mask, other=0.0).to(tl.float32)
        acc = _dot_acc(acc, a, b, x2_ptr + row[:, None] + ci[None, :], a_mask, w2_ptr + w_row + ci[:, None], b_mask,
                       PRECISION)
    return acc


@triton.jit
def _conv_kernel(x_ptr, x2_ptr, w_ptr, w2_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, M,
                 KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW, CIN_G, COUT_G,
                 HAS_BIAS: tl.constexpr, TRANSPOSED: tl.constexpr,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, PRECISION: tl.constexpr):
    # Implicit-GEMM convolution on 5-D (N, C, D, H, W) tensors (1-D/2-D convs use size-1 dims).
    # GEMM rows = output positions (n, od, oh, ow); cols = output channels of group g;
    # reduction = (ci, kd, kh, kw); input positions from `_conv_in`. PRECISION "tf32x3s": x2/w2 hold the low parts
    # of x and w split beforehand (see _tf32_split and _dot_acc).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    g = tl.program_id(2)
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    m_mask = offs_m < M
    n, od, oh, ow = _split_dhw(offs_m, OD, OH, OW)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    n_mask = offs_n < COUT_G
    co = g * COUT_G + offs_n
    KK = KD * KH * KW
    K = CIN_G * KK
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for k0 in range(0, K, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        k_mask = offs_k < K
        kw = offs_k % KW
        t2 = offs_k // KW
        kh = t2 % KH
        t2 = t2 // KH
        kd = t2 % KD
        ci = t2 // KD
        i_d, i_h, i_w, valid = _conv_in(od[:, None], oh[:, None], ow[:, None], kd[None, :], kh[None, :], kw[None, :],
                                        D, H, W, SD, SH, SW, PD, PH, PW, DD, DH, DW, TRANSPOSED)
        valid = valid & m_mask[:, None] & k_mask[None, :]
        cin = g * CIN_G + ci
        x_off = ((n[:, None] * CIN + cin[None, :]) * D + i_d) * (H * W) + i_h * W + i_w
        a = tl.load(x_ptr + x_off, mask=valid, other=0.0).to(tl.float32)
        if TRANSPOSED:  # weight (CIN, COUT_G, KD, KH, KW)
            w_off = ((g * CIN_G + ci[:, None]).to(tl.int64) * COUT_G + offs_n[None, :]) * KK + (offs_k % KK)[:, None]
        else:  # weight (COUT, CIN_G, KD, KH, KW)
            w_off = co[None, :].to(tl.int64) * K + offs_k[:, None]
        b_mask = k_mask[:, None] & n_mask[None, :]
        b = tl.load(w_ptr + w_off, mask=b_mask, other=0.0).to(tl.float32)
        acc = _dot_acc(acc, a, b, x2_ptr + x_off, valid, w2_ptr + w_off, b_mask, PRECISION)
    _conv_store(acc, y_ptr, b_ptr, n, co, offs_m % (OD * OH * OW), m_mask, n_mask, COUT, OD * OH * OW, HAS_BIAS)


@triton.jit
def _conv_taps_kernel(x_ptr, x2_ptr, w_ptr, w2_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, M,
                      KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW, CIN_G, COUT_G,
                      HAS_BIAS: tl.constexpr, TRANSPOSED: tl.constexpr,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, PRECISION: tl.constexpr):
    # The same implicit GEMM with the reduction walked tap by tap: the input rows of one tap (kd, kh, kw) are
    # found once, then its channels are read in BLOCK_K runs. x is channels-last (N, D, H, W, CIN), so a run is
    # contiguous; w is (G, taps, COUT_G, CIN_G), so B is K-major too (what the TF32 tensor-core path reads best).
    # Index arithmetic per tap instead of per element and K block.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    g = tl.program_id(2)
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    m_mask = offs_m < M
    n, od, oh, ow = _split_dhw(offs_m, OD, OH, OW)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    n_mask = offs_n < COUT_G
    co = g * COUT_G + offs_n
    KK = KD * KH * KW
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for tap in range(0, KK):
        kw = tap % KW
        kh = (tap // KW) % KH
        kd = tap // (KW * KH)
        i_d, i_h, i_w, valid = _conv_in(od, oh, ow, kd, kh, kw, D, H, W, SD, SH, SW, PD, PH, PW, DD, DH, DW, TRANSPOSED)
        valid = valid & m_mask
        row = tl.where(valid, (((n * D + i_d) * H + i_h) * W + i_w) * CIN + g * CIN_G, 0)
        w_row = ((g * KK + tap) * COUT_G + offs_n[None, :]).to(tl.int64) * CIN_G
        acc = _tap_channels(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, row, valid, w_row, n_mask, CIN_G, BLOCK_K, PRECISION)
    _conv_store(acc, y_ptr, b_ptr, n, co, offs_m % (OD * OH * OW), m_mask, n_mask, COUT, OD * OH * OW, HAS_BIAS)


@triton.jit
def _convt_taps_kernel(x_ptr, x2_ptr, w_ptr, w2_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, CD, CH, CW, MC,
                       KD, KH, KW, SD, SH, SW, PD, PH, PW, CIN_G, COUT_G,
                       HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       BLOCK_K: tl.constexpr, PRECISION: tl.constexpr):
    # Transposed convolution (dilation 1) by residue class: output o receives input i through tap k only when
    # o + pad - k = i * stride, so the outputs with one (o + pad) mod stride share their taps: k = that residue,
    # + stride, + 2 stride... Each program takes a tile of one class (program_id(2) = group * classes + class)
    # and visits only those taps, not all KD * KH * KW with the others masked (stride^3 times fewer for 3-D).
    # x channels-last, w (G, taps, COUT_G, CIN_G), as in _conv_taps_kernel. CD/CH/CW: positions per class and dim.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    ncls = SD * SH * SW
    g = tl.program_id(2) // ncls
    cls = tl.program_id(2) % ncls
    rd = cls // (SH * SW)
    rh = (cls // SW) % SH
    rw = cls % SW
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    n, td, th, tw = _split_dhw(offs_m, CD, CH, CW)
    od = (rd - PD % SD + SD) % SD + td * SD  # the first output of the class, then every stride-th
    oh = (rh - PH % SH + SH) % SH + th * SH
    ow = (rw - PW % SW + SW) % SW + tw * SW
    m_mask = (offs_m < MC) & (od < OD) & (oh < OH) & (ow < OW)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    n_mask = offs_n < COUT_G
    co = g * COUT_G + offs_n
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for kd in range(rd, KD, SD):
        i_d = (od + PD - kd) // SD
        for kh in range(rh, KH, SH):
            i_h = (oh + PH - kh) // SH
            for kw in range(rw, KW, SW):
                i_w = (ow + PW - kw) // SW
                valid = m_mask & (od + PD - kd >= 0) & (oh + PH - kh >= 0) & (ow + PW - kw >= 0)
                valid = valid & (i_d < D) & (i_h < H) & (i_w < W)
                row = tl.where(valid, (((n * D + i_d) * H + i_h) * W + i_w) * CIN + g * CIN_G, 0)
                tap = (kd * KH + kh) * KW + kw
                w_row = ((g * KD * KH * KW + tap) * COUT_G + offs_n[None, :]).to(tl.int64) * CIN_G
                acc = _tap_channels(acc, x_ptr, x2_ptr, w_ptr, w2_ptr, row, valid, w_row, n_mask, CIN_G, BLOCK_K,
                                    PRECISION)
    _conv_store(acc, y_ptr, b_ptr, n, co, (od * OH + oh) * OW + ow, m_mask, n_mask, COUT, OD * OH * OW, HAS_BIAS)


@triton.jit
def _dwconv_kernel(x_ptr, w_ptr, b_ptr, y_ptr, CIN, D, H, W, COUT, OD, OH, OW, TOTAL,
                   KD, KH, KW, SD, SH, SW, PD, PH, PW, DD, DH, DW, MULT,
                   HAS_BIAS: tl.constexpr, BLOCK: tl.constexpr):
    # Depthwise convolution (groups == in channels): output channel co reads input channel co // MULT only,
    # so there is no GEMM to feed the tensor cores; each program computes BLOCK outputs directly, one
    # kernel tap at a time (neighbouring taps hit the cache). Memory-bound, fp32 accumulation.
    offs = (tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)).to(tl.int64)
    mask = offs < TOTAL
    t, od, oh, ow = _split_dhw(offs, OD, OH, OW)
    co = t % COUT
    n = t // COUT
    x_base = (n * CIN + co // MULT) * D
    acc = tl.zeros((BLOCK,), tl.float32)
    for kd in range(0, KD):
        i_d = od * SD - PD + kd * DD
        ok_d = mask & (i_d >= 0) & (i_d < D)
        for kh in range(0, KH):
            i_h = oh * SH - PH + kh * DH
            ok_h = ok_d & (i_h >= 0) & (i_h < H)
            for kw in range(0, KW):
                i_w = ow * SW - PW + kw * DW
                ok = ok_h & (i_w >= 0) & (i_w < W)
                xv = tl.load(x_ptr + ((x_base + i_d) * H + i_h) * W + i_w, mask=ok, other=0.0).to(tl.float32)
                wv = tl.load(w_ptr + ((co * KD + kd) * KH + kh) * KW + kw, mask=mask, other=0.0).to(tl.float32)
                acc += xv * wv
    if HAS_BIAS:
        acc += tl.load(b_ptr + co, mask=mask, other=0.0).to(tl.float32)
    tl.store(y_ptr + offs, acc.to(y_ptr.dtype.element_ty), mask=mask)


def _conv(x, conv):
    """Forward of an nn.Conv{1,2,3}d / nn.ConvTranspose{1,2,3}d module with a generated kernel."""
    nd = len(conv.kernel_size)
    transposed = isinstance(conv, nn.modules.conv._ConvTransposeNd)
    k = _pad3(conv.kernel_size, nd, 1)
    s = _pad3(conv.stride, nd, 1)
    p = _pad3(0 if conv.padding == "valid" else conv.padding, nd, 0)
    d = _pad3(conv.dilation, nd, 1)
    op = _pad3(conv.output_padding, nd, 0) if transposed else (0, 0, 0)
    n = x.shape[0]
    spatial = (1,) * (3 - nd) + tuple(x.shape[2:])
    x5 = x.reshape(n, x.shape[1], *spatial).contiguous()
    w = conv.weight.contiguous()
    g = conv.groups
    if transposed:
        cin_g, cout_g = x.shape[1] // g, w.shape[1]
        out_sp = [(spatial[i] - 1) * s[i] - 2 * p[i] + d[i] * (k[i] - 1) + op[i] + 1 for i in range(3)]
    else:
        cin_g, cout_g = w.shape[1], w.shape[0] // g
        out_sp = [(spatial[i] + 2 * p[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1 for i in range(3)]
    cout = cout_g * g
    y = torch.empty((n, cout, *out_sp), dtype=x.dtype, device=x.device)
    m = n * math.prod(out_sp)
    if y.numel() > 0 and not transposed and cin_g == 1 and CONV_DEPTHWISE == "direct":
        total = y.numel()
        _dwconv_kernel[(triton.cdiv(total, CONV_DW_BLOCK),)](
            x5, w, conv.bias if conv.bias is not None else w, y, x.shape[1], *spatial, cout, *out_sp, total,
            *k, *s, *p, *d, cout_g, HAS_BIAS=conv.bias is not None, BLOCK=CONV_DW_BLOCK,
            num_warps=CONV_NUM_WARPS)
    elif y.numel() > 0 and CONV_ALGO == "taps":
        _conv_taps(x5, w, conv.bias, y, transposed, g, cin_g, cout_g, spatial, out_sp, m, k, s, p, d)
    elif y.numel() > 0:
        x2 = w2 = None
        if CONV_PRECISION == "tf32x3s":
            x5, x2 = (t.view(x5.shape) for t in _tf32_split(x5.view(1, -1, x5.shape[-1]), transpose=False))
            w, w2 = (t.view(w.shape) for t in _tf32_split(w.view(1, -1, w.shape[-1]), transpose=False))
        grid = (triton.cdiv(m, CONV_BLOCK_M), triton.cdiv(cout_g, CONV_BLOCK_N), g)
        _conv_kernel[grid](x5, x5 if x2 is None else x2, w, w if w2 is None else w2, conv.bias if conv.bias is not None else w, y, x.shape[1], *spatial, cout,
                           *out_sp, m, *k, *s, *p, *d, cin_g, cout_g, HAS_BIAS=conv.bias is not None,
                           TRANSPOSED=transposed, BLOCK_M=CONV_BLOCK_M, BLOCK_N=CONV_BLOCK_N,
                           BLOCK_K=CONV_BLOCK_K, PRECISION=CONV_PRECISION, num_warps=CONV_NUM_WARPS,
                           num_stages=CONV_NUM_STAGES)
    return y.reshape(n, cout, *out_sp[3 - nd:])


def _conv_taps(x5, w, bias, y, transposed, g, cin_g, cout_g, spatial, out_sp, m, k, s, p, d):
    """CONV_ALGO "taps": x to channels-last and w to (G, taps, COUT_G, CIN_G), split for 3xTF32 on the way when
    CONV_PRECISION is "tf32x3s", then `_conv_taps_kernel` (or, for a strided transposed convolution without
    dilation, `_convt_taps_kernel`: each output class visits only its own taps)."""
    n, cin = x5.shape[0], x5.shape[1]
    taps = k[0] * k[1] * k[2]
    if transposed:  # (CIN, COUT_G, taps) -> (G, taps, COUT_G, CIN_G)
        wt = w.reshape(g, cin_g, cout_g, taps).permute(0, 3, 2, 1)
    else:  # (COUT, CIN_G, taps) -> (G, taps, COUT_G, CIN_G)
        wt = w.reshape(g, cout_g, cin_g, taps).permute(0, 3, 1, 2)
    wt = wt.contiguous()
    x3 = x5.reshape(n, cin, -1)  # (N, CIN, DHW)
    x2 = w2 = None
    if CONV_PRECISION == "tf32x3s":  # one pass each: the layout change and the split together
        xc, x2 = _tf32_split(x3, transpose=True)  # (N, DHW, CIN)
        wt, w2 = (t.view(wt.shape) for t in _tf32_split(wt.view(1, -1, cin_g), transpose=False))
    else:
        xc = x3.transpose(1, 2).contiguous()
    if transposed and tuple(d) == (1, 1, 1) and math.prod(s) > 1:  # only the taps each output class receives
        per_class = [triton.cdiv(out_sp[i], s[i]) for i in range(3)]
        mc = n * math.prod(per_class)
        grid = (triton.cdiv(mc, CONV_BLOCK_M), triton.cdiv(cout_g, CONV_BLOCK_N), g * math.prod(s))
        _convt_taps_kernel[grid](xc, xc if x2 is None else x2, wt, wt if w2 is None else w2,
                                 bias if bias is not None else wt, y, cin, *spatial, cout_g * g, *out_sp, *per_class,
                                 mc, *k, *s, *p, cin_g, cout_g, HAS_BIAS=bias is not None, BLOCK_M=CONV_BLOCK_M,
                                 BLOCK_N=CONV_BLOCK_N, BLOCK_K=CONV_BLOCK_K, PRECISION=CONV_PRECISION,
                                 num_warps=CONV_NUM_WARPS, num_stages=CONV_NUM_STAGES)
        return
    grid = (triton.cdiv(m, CONV_BLOCK_M), triton.cdiv(cout_g, CONV_BLOCK_N), g)
    _conv_taps_kernel[grid](xc, xc if x2 is None else x2, wt, wt if w2 is None else w2,
                            bias if bias is not None else wt, y, cin, *spatial, cout_g * g, *out_sp, m, *k, *s, *p,
                            *d, cin_g, cout_g, HAS_BIAS=bias is not None, TRANSPOSED=transposed,
                            BLOCK_M=CONV_BLOCK_M, BLOCK_N=CONV_BLOCK_N, BLOCK_K=CONV_BLOCK_K,
                            PRECISION=CONV_PRECISION, num_warps=CONV_NUM_WARPS, num_stages=CONV_NUM_STAGES)



@triton.jit
def _chan_combine(mean_a, m2_a, n_a, mean_b, m2_b, n_b):
    # (mean, M2, count) of two sets merged (Chan et al.); empty sets (count 0) merge as nothing
    n = n_a + n_b
    w_b = tl.where(n > 0, n_b / tl.maximum(n, 1.0), 0.0)
    delta = mean_b - mean_a
    return mean_a + delta * w_b, m2_a + m2_b + delta * delta * n_a * w_b, n


@triton.jit
def _lane_stats(s1, s2, k, krow, n):
    # per-lane (mean - krow, M2) from sums of (x - k) and (x - k)^2, k the lane's first value: shifting by a
    # sample keeps the one-pass form accurate (|mean - k| is of the order of the spread, not of the mean).
    # Means stay relative to the row's first value krow, so merging them never rounds at the data's scale.
    # An empty lane (past the row's end) has mean 0: merging it then leaves the others' means exact.
    safe = tl.maximum(n, 1.0)
    return tl.where(n > 0, (k - krow) + s1 / safe, 0.0), tl.maximum(s2 - s1 * s1 / safe, 0.0)


@triton.jit
def _rownorm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, ROWS, R, G, CPG, S, eps,
                    HAS_W: tl.constexpr, HAS_B: tl.constexpr, BLOCK_ROWS: tl.constexpr, BLOCK: tl.constexpr):
    # Normalises BLOCK_ROWS contiguous rows of R elements per program: one pass for the statistics (per-lane
    # shifted sums merged with Chan's formula, fp32), one to normalise; the row is read twice, written once.
    # Affine index of element r of row `row`: (row % G) * CPG + r // S
    #   layer_norm: G=1, S=1 -> r;  group_norm: G groups, CPG channels/group, S spatial;  instance: CPG=1
    rows = tl.program_id(0).to(tl.int64) * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    rmask = rows < ROWS
    base = rows * R
    cols0 = tl.arange(0, BLOCK)
    m0 = rmask[:, None] & (cols0[None, :] < R)
    k = tl.load(x_ptr + base[:, None] + cols0[None, :], mask=m0, other=0.0).to(tl.float32)
    krow = tl.load(x_ptr + base, mask=rmask, other=0.0).to(tl.float32)
    s1 = tl.zeros((BLOCK_ROWS, BLOCK), tl.float32)
    s2 = tl.zeros((BLOCK_ROWS, BLOCK), tl.float32)
    n = tl.zeros((BLOCK_ROWS, BLOCK), tl.float32)
    for r0 in range(0, R, BLOCK):
        c = r0 + cols0
        m = rmask[:, None] & (c[None, :] < R)
        d = tl.where(m, tl.load(x_ptr + base[:, None] + c[None, :], mask=m, other=0.0).to(tl.float32) - k, 0.0)
        s1 += d
        s2 += d * d
        n += m.to(tl.float32)
    lane_mean, lane_m2 = _lane_stats(s1, s2, k, krow[:, None], n)
    mean, m2, cnt = tl.reduce((lane_mean, lane_m2, n), 1, _chan_combine)  # mean relative to krow
    rstd = 1.0 / tl.sqrt(m2 / tl.maximum(cnt, 1.0) + eps)
    for r0 in range(0, R, BLOCK):
        c = r0 + cols0
        m = rmask[:, None] & (c[None, :] < R)
        v = tl.load(x_ptr + base[:, None] + c[None, :], mask=m, other=0.0).to(tl.float32)
        y = ((v - krow[:, None]) - mean[:, None]) * rstd[:, None]
        widx = (rows % G)[:, None] * CPG + c[None, :] // S
        if HAS_W:
            y = y * tl.load(w_ptr + widx, mask=m, other=1.0).to(tl.float32)
        if HAS_B:
            y = y + tl.load(b_ptr + widx, mask=m, other=0.0).to(tl.float32)
        tl.store(y_ptr + base[:, None] + c[None, :], y.to(y_ptr.dtype.element_ty), mask=m)


@triton.jit
def _rownorm_row_stats(mean_ptr, m2_ptr, row, NCHUNK, CHUNK, R, eps, BLOCK_P: tl.constexpr):
    # (mean, rstd) of a row from its NCHUNK chunks' (mean, M2), merged with Chan's formula (means relative to
    # the row's first value, as stored by stage 1)
    p_offs = tl.arange(0, BLOCK_P)
    mean = tl.zeros((BLOCK_P,), tl.float32)
    m2 = tl.zeros((BLOCK_P,), tl.float32)
    n = tl.zeros((BLOCK_P,), tl.float32)
    for p0 in range(0, NCHUNK, BLOCK_P):
        p = p0 + p_offs
        pm = p < NCHUNK
        cnt = tl.where(pm, tl.minimum(CHUNK, R - p.to(tl.int64) * CHUNK), 0).to(tl.float32)
        mean, m2, n = _chan_combine(mean, m2, n, tl.load(mean_ptr + row * NCHUNK + p, mask=pm, other=0.0),
                                    tl.load(m2_ptr + row * NCHUNK + p, mask=pm, other=0.0), cnt)
    mean, m2, n = tl.reduce((mean, m2, n), 0, _chan_combine)
    return mean, 1.0 / tl.sqrt(m2 / tl.maximum(n, 1.0) + eps)


@triton.jit
def _rownorm_split_kernel(x_ptr, w_ptr, b_ptr, y_ptr, mean_ptr, m2_ptr, R, G, CPG, S, eps, CHUNK, NCHUNK,
                          STAGE: tl.constexpr, HAS_W: tl.constexpr, HAS_B: tl.constexpr,
                          BLOCK: tl.constexpr, BLOCK_P: tl.constexpr):
    # Split row normalisation, program (chunk j, row): elements [j * CHUNK, (j + 1) * CHUNK) of the row.
    # STAGE 1: the chunk's (mean, M2) in one pass (shifted per-lane sums, as _rownorm_kernel);
    # STAGE 2: merge the row's chunks, normalise + affine (same index as _rownorm_kernel). Reads x twice.
    j = tl.program_id(0).to(tl.int64)
    row = tl.program_id(1).to(tl.int64)
    if STAGE == 2:  # in reverse: the first programs re-read what stage 1 read last, likely still in L2
        j = NCHUNK - 1 - j
        row = tl.num_programs(1) - 1 - row
    base = row * R
    start = j * CHUNK
    end = tl.minimum(start + CHUNK, R)
    offs = tl.arange(0, BLOCK)
    krow = tl.load(x_ptr + base).to(tl.float32)  # every chunk's means are relative to the row's first value
    if STAGE == 1:
        k = tl.load(x_ptr + base + start + offs, mask=start + offs < end, other=0.0).to(tl.float32)
        s1 = tl.zeros((BLOCK,), tl.float32)
        s2 = tl.zeros((BLOCK,), tl.float32)
        n = tl.zeros((BLOCK,), tl.float32)
        for c0 in range(0, CHUNK, BLOCK):
            c = start + c0 + offs
            m = c < end
            d = tl.where(m, tl.load(x_ptr + base + c, mask=m, other=0.0).to(tl.float32) - k, 0.0)
            s1 += d
            s2 += d * d
            n += m.to(tl.float32)
        lane_mean, lane_m2 = _lane_stats(s1, s2, k, krow, n)
        mean, m2, _ = tl.reduce((lane_mean, lane_m2, n), 0, _chan_combine)
        tl.store(mean_ptr + row * NCHUNK + j, mean)
        tl.store(m2_ptr + row * NCHUNK + j, m2)
    else:
        mean, rstd = _rownorm_row_stats(mean_ptr, m2_ptr, row, NCHUNK, CHUNK, R, eps, BLOCK_P)
        for c0 in range(0, CHUNK, BLOCK):
            c = start + c0 + offs
            m = c < end
            v = tl.load(x_ptr + base + c, mask=m, other=0.0).to(tl.float32)
            y = ((v - krow) - mean) * rstd
            widx = (row % G) * CPG + c // S
            if HAS_W:
                y = y * tl.load(w_ptr + widx, mask=m, other=1.0).to(tl.float32)
            if HAS_B:
                y = y + tl.load(b_ptr + widx, mask=m, other=0.0).to(tl.float32)
            tl.store(y_ptr + base + c, y.to(y_ptr.dtype.element_ty), mask=m)


_NORM_SPLIT_MAX_PARTS = 256  # cap on chunks per row (the chunk grows instead): every program reads them all


def _rownorm_split(x, y, w, b, rows, r, g, cpg, s, eps, has_w, has_b):
    # two launches over (chunks, rows) programs for few, long rows; False when it would not add programs
    block = min(NORM_BLOCK, triton.next_power_of_2(min(r, NORM_SPLIT_CHUNK)))
    chunk = max(NORM_SPLIT_CHUNK, triton.cdiv(r, _NORM_SPLIT_MAX_PARTS))
    chunk = triton.cdiv(chunk, block) * block
    nchunk = triton.cdiv(r, chunk)
    if nchunk < 2 or rows > 65535:  # grid axis 1 limit
        return False
    means = torch.empty((rows, nchunk), dtype=torch.float32, device=x.device)
    m2 = torch.empty((rows, nchunk), dtype=torch.float32, device=x.device)
    block_p = min(1024, triton.next_power_of_2(nchunk))
    for stage in (1, 2):
        _rownorm_split_kernel[(nchunk, rows)](x, w, b, y, means, m2, r, g, cpg, s, eps, chunk, nchunk,
                                              STAGE=stage, HAS_W=has_w, HAS_B=has_b, BLOCK=block,
                                              BLOCK_P=block_p, num_warps=NORM_NUM_WARPS)
    return True


def _rownorm(x, rows, r, g, cpg, s, weight, bias, eps):
    x = x.contiguous()
    y = torch.empty_like(x)
    w = weight.contiguous() if weight is not None else x
    b = bias.contiguous() if bias is not None else x
    block = min(NORM_BLOCK, triton.next_power_of_2(max(r, 1)))
    block_rows = max(1, min(NORM_BLOCK // block, triton.next_power_of_2(max(rows, 1))))
    # few programs, each normalising a long row: split the rows into chunks (two stages)
    if (y.numel() > 0 and triton.cdiv(rows, block_rows) < NORM_SPLIT_PROGRAMS and r >= NORM_SPLIT_MIN_R
            and _rownorm_split(x, y, w, b, rows, r, g, cpg, s, eps, weight is not None, bias is not None)):
        return y
    if y.numel() > 0:
        _rownorm_kernel[(triton.cdiv(rows, block_rows),)](x, w, b, y, rows, r, g, cpg, s, eps,
                                                          HAS_W=weight is not None, HAS_B=bias is not None,
                                                          BLOCK_ROWS=block_rows, BLOCK=block,
                                                          num_warps=NORM_NUM_WARPS)
    return y


def _layer_norm(x, normalized_ndim, weight, bias, eps):
    r = math.prod(x.shape[x.dim() - normalized_ndim:])
    return _rownorm(x, x.numel() // max(r, 1), r, 1, 0, 1, weight, bias, eps)


def _group_norm(x, num_groups, weight, bias, eps):
    n, c = x.shape[0], x.shape[1]
    s = math.prod(x.shape[2:])
    return _rownorm(x, n * num_groups, (c // num_groups) * s, num_groups, c // num_groups, s, weight, bias, eps)


def _instance_norm(x, weight, bias, eps):
    n, c = x.shape[0], x.shape[1]
    s = math.prod(x.shape[2:])
    return _rownorm(x, n * c, s, c, 1, s, weight, bias, eps)



@triton.jit
def _matmul_kernel(a_ptr, a2_ptr, b_ptr, b2_ptr, c_ptr, bias_ptr, M, N, K, K_PER_SPLIT, BATCH,
                   s_ab, s_am, s_ak, s_bb, s_bk, s_bn, s_cs, s_cb, s_cm, s_cn,
                   HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                   GROUP_M: tl.constexpr, PRECISION: tl.constexpr, COMPENSATED: tl.constexpr):
    # C[b] = A[b] @ B[b] (+ bias[n]); any strides (transposed views need no copy); fp32 accumulation.
    # PRECISION "ieee" is exact fp32; "tf32x3" splits each operand into two TF32 parts on the tensor cores,
    # about fp32-accurate (well inside KernelBench's 1e-4) and usually faster than fp32 without tensor cores;
    # "tf32x3s" reads parts split beforehand (a2/b2 hold the low parts), so the loop is three plain TF32 dots.
    # Split K: program (tile, s * BATCH + b) sums K range s into partial s of an fp32 workspace.
    # COMPENSATED (long K ranges): each block's product is added with Kahan summation, so the running sum's
    # rounding does not grow with the range (a 64 Ki-long plain fp32 chain misses 1e-4 on signed inputs).
    # Tiles are visited GROUP_M rows of tiles at a time, so neighbouring programs share A and B tiles in L2.
    pid = tl.program_id(0)
    grid_m = tl.cdiv(M, BLOCK_M)
    grid_n = tl.cdiv(N, BLOCK_N)
    group = pid // (GROUP_M * grid_n)
    rows = tl.minimum(grid_m - group * GROUP_M, GROUP_M)
    pid_m = group * GROUP_M + (pid % (GROUP_M * grid_n)) % rows
    pid_n = (pid % (GROUP_M * grid_n)) // rows
    pid_s = tl.program_id(1) // BATCH
    pid_b = (tl.program_id(1) % BATCH).to(tl.int64)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_off = pid_b * s_ab + rm[:, None].to(tl.int64) * s_am
    b_off = pid_b * s_bb + rn[None, :].to(tl.int64) * s_bn
    k_lo = pid_s * K_PER_SPLIT
    k_hi = tl.minimum(K, k_lo + K_PER_SPLIT)
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    comp = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)  # Kahan: the low part lost by the last addition
    for k0 in range(k_lo, k_hi, BLOCK_K):
        k = k0 + rk
        a_idx = a_off + k[None, :].to(tl.int64) * s_ak
        b_idx = b_off + k[:, None].to(tl.int64) * s_bk
        a_mask = (rm[:, None] < M) & (k[None, :] < k_hi)
        b_mask = (k[:, None] < k_hi) & (rn[None, :] < N)
        a = tl.load(a_ptr + a_idx, mask=a_mask, other=0.0).to(tl.float32)
        b = tl.load(b_ptr + b_idx, mask=b_mask, other=0.0).to(tl.float32)
        part = _dot_acc(tl.zeros((BLOCK_M, BLOCK_N), tl.float32), a, b, a2_ptr + a_idx, a_mask, b2_ptr + b_idx,
                        b_mask, PRECISION)
        if COMPENSATED:
            y = part - comp
            t = acc + y
            comp = (t - acc) - y
            acc = t
        else:
            acc += part
    if HAS_BIAS:
        acc += tl.load(bias_ptr + rn, mask=rn < N, other=0.0).to(tl.float32)[None, :]
    c = c_ptr + pid_s.to(tl.int64) * s_cs + pid_b * s_cb + rm[:, None].to(tl.int64) * s_cm + rn[None, :] * s_cn
    tl.store(c, acc.to(c_ptr.dtype.element_ty), mask=(rm[:, None] < M) & (rn[None, :] < N))


# K per split from which the matmul kernel's running sums are compensated (Kahan): shorter chains stay exact
# enough with a plain sum, and compensation costs a few additions per output element and K block.
_MM_COMPENSATED_CHAIN = 16384


def _mm_splits(m, n, k, batch, device):
    """K splits: MM_SPLIT_K, or when it is 0 (auto) enough to give every SM two tiles when the output alone is
    too small (matrix-vector, large K), each split at least 16 K-blocks long. Shorter fp32 accumulation chains
    are also more accurate (a 1M-long K misses 1e-4 in one chain)."""
    if MM_SPLIT_K > 0:
        return MM_SPLIT_K
    tiles = triton.cdiv(m, MM_BLOCK_M) * triton.cdiv(n, MM_BLOCK_N) * batch
    sms = torch.cuda.get_device_properties(device).multi_processor_count if device.type == "cuda" else 4
    split = 1
    while split < 64 and tiles * split < 2 * sms and k >= 2 * split * 16 * MM_BLOCK_K:
        split *= 2
    return split


def _mm3(a, b, bias=None):
    """Batched (B, M, K) @ (B, K, N) with batch stride 0 allowed (broadcast)."""
    batch = max(a.shape[0], b.shape[0])
    m, k = a.shape[1], a.shape[2]
    n = b.shape[2]
    c = torch.empty((batch, m, n), dtype=_promote(a.dtype, b.dtype), device=a.device)
    if c.numel() == 0:
        return c
    a2 = b2 = None
    if MM_PRECISION == "tf32x3s" and k > 0:
        # K zero-padded to whole blocks: aligned rows, no partial block (the padding adds zeros to the sums)
        a, a2 = _tf32_split(a, transpose=False, k_multiple=MM_BLOCK_K)
        b, b2 = _tf32_split(b, transpose=True, k_multiple=MM_BLOCK_K)  # (B, N, K'): B[k, n] via swapped strides
        b_strides = (b.stride(0), b.stride(2), b.stride(1))
        k = a.shape[2]
    else:
        b_strides = b.stride()
    sab = a.stride(0) if a.shape[0] > 1 else 0
    sbb = b_strides[0] if b.shape[0] > 1 else 0
    split = _mm_splits(m, n, k, batch, a.device)
    k_per_split = max(1, triton.cdiv(triton.cdiv(k, split), MM_BLOCK_K)) * MM_BLOCK_K  # K = 0: one empty split
    split = max(1, triton.cdiv(k, k_per_split))
    # partial sums in fp32, summed after the kernel (bias added once, after the sum)
    out = c if split == 1 else torch.empty((split, batch, m, n), dtype=torch.float32, device=a.device)
    s_cs = 0 if split == 1 else out.stride(0)
    s_cb, s_cm, s_cn = out.stride(-3), out.stride(-2), out.stride(-1)
    grid = (triton.cdiv(m, MM_BLOCK_M) * triton.cdiv(n, MM_BLOCK_N), batch * split)
    _matmul_kernel[grid](a, a if a2 is None else a2, b, b if b2 is None else b2, out,
                         bias if bias is not None and split == 1 else out, m, n, k, k_per_split, batch,
                         sab, a.stride(1), a.stride(2), sbb, b_strides[1], b_strides[2], s_cs, s_cb, s_cm, s_cn,
                         HAS_BIAS=bias is not None and split == 1,
                         BLOCK_M=MM_BLOCK_M, BLOCK_N=MM_BLOCK_N, BLOCK_K=MM_BLOCK_K, GROUP_M=MM_GROUP_M,
                         PRECISION=MM_PRECISION, COMPENSATED=k_per_split >= _MM_COMPENSATED_CHAIN,
                         num_warps=MM_NUM_WARPS, num_stages=MM_NUM_STAGES)
    if split > 1:
        total = out.sum(0)
        if bias is not None:
            total += bias.to(torch.float32)
        c.copy_(total)
    return c


def _matmul(a, b):
    """torch.matmul for the shapes KernelBench uses: vectors, matrices, batches, (..., K) @ (K, N)."""
    if b.dim() == 1:
        return _matmul(a, b.unsqueeze(-1)).squeeze(-1)
    if a.dim() == 1:
        return _matmul(a.unsqueeze(0), b).squeeze(-2)
    if b.dim() == 2:
        lead = a.shape[:-1]
        a2 = a.reshape(math.prod(lead), a.shape[-1])  # explicit sizes: -1 is ambiguous when K = 0
        return _mm3(a2.unsqueeze(0), b.unsqueeze(0))[0].reshape(*lead, b.shape[-1])
    batch = torch.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a3 = a.expand(*batch, *a.shape[-2:]).reshape(math.prod(batch), *a.shape[-2:])
    b3 = b.expand(*batch, *b.shape[-2:]).reshape(math.prod(batch), *b.shape[-2:])
    return _mm3(a3, b3).reshape(*batch, a.shape[-2], b.shape[-1])


def _linear(x, weight, bias):
    """F.linear: x @ weight.T + bias, with the bias added in the matmul epilogue."""
    lead = x.shape[:-1]
    x2 = x.reshape(math.prod(lead), x.shape[-1])
    out = _mm3(x2.unsqueeze(0), weight.t().unsqueeze(0), bias)[0]
    return out.reshape(*lead, weight.shape[0])




class _KConv2d(nn.Conv2d):
    """nn.Conv2d through the generated kernel."""

    @staticmethod
    def fits(m):
        return m.padding_mode == "zeros" and not (isinstance(m.padding, str) and m.padding != "valid")

    def forward(self, x, *args, **kwargs):
        if args or kwargs or x.dim() != 4:
            return super().forward(x, *args, **kwargs)
        return _conv(x, self)


class _KLayerNorm(nn.LayerNorm):
    """nn.LayerNorm through the generated kernel."""

    @staticmethod
    def fits(m):
        return True

    def forward(self, x, *args, **kwargs):
        if args or kwargs:
            return super().forward(x, *args, **kwargs)
        return _layer_norm(x, len(self.normalized_shape), self.weight, self.bias, self.eps)


class _KConv1d(nn.Conv1d):
    """nn.Conv1d through the generated kernel."""

    @staticmethod
    def fits(m):
        return m.padding_mode == "zeros" and not (isinstance(m.padding, str) and m.padding != "valid")

    def forward(self, x, *args, **kwargs):
        if args or kwargs or x.dim() != 3:
            return super().forward(x, *args, **kwargs)
        return _conv(x, self)


class _KLinear(nn.Linear):
    """nn.Linear through the generated kernel."""

    @staticmethod
    def fits(m):
        return True

    def forward(self, x, *args, **kwargs):
        if args or kwargs:
            return super().forward(x, *args, **kwargs)
        return _linear(x, self.weight, self.bias)


_KERNEL_CLASSES = {nn.Conv2d: _KConv2d, nn.LayerNorm: _KLayerNorm, nn.Conv1d: _KConv1d, nn.Linear: _KLinear}


class ModelNew(Model):
    """The reference's forward as written; its supported layers run through the generated kernels."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for m in self.modules():
            k = _KERNEL_CLASSES.get(type(m))
            if k is not None and k.fits(m):
                m.__class__ = k  # same parameters and buffers, under the same names
