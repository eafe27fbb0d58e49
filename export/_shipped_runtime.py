"""Runtime shared by the functions of an exported kernel (copied verbatim into each Hub build).

Each exported function runs the validated ``ModelNew`` forward: the module is built once per
constructor arguments and cached; when it holds parameters or buffers, it is built on the ``meta``
device (no allocation) and the caller's tensors are swapped in with ``torch.func.functional_call``.
Every call runs under the numerics the kernel was validated with: TF32 off for PyTorch's own
matmuls and convolutions (the judge's setting), so a library call inside a kernel gives the same
results and speed in the caller's process as in the run, whatever the caller's global TF32 flags.
Imports only torch, so it is safe in any variant.
"""

import contextlib

import torch

_MODULES = {}


def _build(cls, init_kwargs, holds_state):
    key = (cls, repr(sorted(init_kwargs.items())))
    module = _MODULES.get(key)
    if module is None:
        if holds_state:
            try:
                with torch.device("meta"):
                    module = cls(**init_kwargs)
            except Exception:  # a constructor that needs real tensors
                module = cls(**init_kwargs)
        else:
            module = cls(**init_kwargs)
        _MODULES[key] = module
    return module


@contextlib.contextmanager
def validated_precision():
    """TF32 off for the call (as when the kernel was judged); the caller's flags are restored after it."""
    matmul, cudnn = torch.backends.cuda.matmul, torch.backends.cudnn
    saved = (matmul.allow_tf32, cudnn.allow_tf32)
    matmul.allow_tf32 = cudnn.allow_tf32 = False
    try:
        yield
    finally:
        matmul.allow_tf32, cudnn.allow_tf32 = saved


def run_model(cls, init_kwargs, args, kwargs, state):
    """``cls(**init_kwargs)(*args, **kwargs)`` with ``state`` (name -> tensor) as its parameters and buffers."""
    module = _build(cls, init_kwargs, bool(state))
    with validated_precision():
        if not state:
            return module(*args, **kwargs)
        return torch.func.functional_call(module, state, tuple(args), kwargs, strict=True)


def attr_path(obj, path):
    """``obj.a.b`` for ``path == "a.b"``."""
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj
