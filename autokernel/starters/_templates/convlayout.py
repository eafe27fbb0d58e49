"""The library convolution's memory format (LIB_CONV_LAYOUT): where a convolution is a library call (CONV_ENGINE
"library", beside the generated kernels of its epilogue), its input and weight may go to cuDNN in channels-last
format, as inductor's layout optimisation does."""

from __future__ import annotations

from ._base import Family

CONVLAYOUT = Family(
    "convlayout",
    '''

def _conv_library(mod, x):
    """``mod(x)``, the library convolution. LIB_CONV_LAYOUT "channels_last": the input and the weight in channels-last
    format (cuDNN's NHWC kernels: 1.4x on L1/50's and L2/10's convolutions under PyTorch's default flags on the H200,
    benchmarks/library_knobs_probe.py), the output back in the contiguous format the generated kernels after it read.
    The weight's copy is kept on the module while the weight stays where and as it is (address, version)."""
    if LIB_CONV_LAYOUT != "channels_last" or x.dim() not in (4, 5) or mod.padding_mode != "zeros":
        return mod(x)
    fmt = torch.channels_last if x.dim() == 4 else torch.channels_last_3d
    w = mod.weight
    key = (w.data_ptr(), w._version, w.dim())
    kept = mod.__dict__.get("_ak_weight_cl")
    if kept is None or kept[0] != key:
        kept = mod.__dict__["_ak_weight_cl"] = (key, w.detach().contiguous(memory_format=fmt))
    xc = x.contiguous(memory_format=fmt)
    if isinstance(mod, nn.modules.conv._ConvTransposeNd):
        op = F.conv_transpose2d if x.dim() == 4 else F.conv_transpose3d
        y = op(xc, kept[1], mod.bias, mod.stride, mod.padding, mod.output_padding, mod.groups, mod.dilation)
    else:
        op = F.conv2d if x.dim() == 4 else F.conv3d
        y = op(xc, kept[1], mod.bias, mod.stride, mod.padding, mod.dilation, mod.groups)
    return y.contiguous()
''',
    {"LIB_CONV_LAYOUT": "contiguous"},
    {"LIB_CONV_LAYOUT": ["contiguous", "channels_last"]},
    launch_blind=("LIB_CONV_LAYOUT",),  # the same Triton launches; the library call's own cost changes
)
