"""Which of a reference's operations PyTorch runs in TF32 under its default flags.

Only those make the two baseline precisions (`EvalConfig.baseline_precision`) differ: PyTorch's defaults
run cuDNN convolutions and RNNs in TF32 (``torch.backends.cudnn.allow_tf32 = True``) and matmuls in full
fp32 (``torch.backends.cuda.matmul.allow_tf32 = False``). A reference with none of them is the same
computation under either precision, so its baselines need not be timed twice.

Found by a dry run on the meta device (no memory, no kernel) with a dispatch mode recording every aten
operation, plus the RNN modules, whose cuDNN path the meta device never takes.
"""

from __future__ import annotations

# aten operations that reach cuDNN's convolution (conv_transpose and the functional forms included).
CUDNN_CONV_OPS = frozenset({"convolution", "_convolution", "cudnn_convolution", "cudnn_convolution_transpose",
                            "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d"})
# matmul-family operations: TF32 only where the process enables it for matmuls.
MATMUL_OPS = frozenset({"mm", "bmm", "addmm", "baddbmm", "addbmm", "matmul", "linear", "_scaled_dot_product_attention_math",
                        "_scaled_dot_product_efficient_attention", "_scaled_dot_product_flash_attention"})
RNN_MODULES = ("RNN", "LSTM", "GRU")


def tf32_ops(problem) -> tuple[str, ...] | None:
    """The reference's operations that run in TF32 under the current process's flags (PyTorch's defaults
    unless changed), sorted; ``()`` when there are none; None when the dry run fails (host code that needs
    data, a model the meta device cannot build): then nothing is known and the caller must assume the worst."""
    import torch

    from autokernel.starters.launches import reference_ops

    dry = reference_ops(problem)
    if dry is None:  # unknown, not an error: the caller times both precisions
        return None
    model, ops = dry
    seen = set(ops)
    found = set()
    if torch.backends.cudnn.allow_tf32:
        found |= {f"cudnn:{op}" for op in seen & CUDNN_CONV_OPS}
        found |= {f"cudnn:{type(m).__name__}" for m in model.modules() if type(m).__name__ in RNN_MODULES}
    if torch.backends.cuda.matmul.allow_tf32:
        found |= {f"cublas:{op}" for op in seen & MATMUL_OPS}
    return tuple(sorted(found))
