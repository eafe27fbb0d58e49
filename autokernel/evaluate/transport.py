"""Moving tensors between the judge and the candidate process without trusting the candidate.

Direction judge -> candidate: tensors travel as handles the candidate opens (CPU: a file in the
scratch directory mapped by both; CUDA: an IPC handle through torch's own reduction). The judge
owns every buffer, so it can check inputs afterwards and NaN-fill output buffers before each call.

Direction candidate -> judge: only JSON. The judge never unpickles anything the candidate sent.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import pickle
import threading
from dataclasses import dataclass

_counter = itertools.count()


@dataclass(frozen=True)
class FileTensor:
    """A CPU tensor backed by a file both processes map (shared=True)."""

    path: str
    dtype: str
    shape: tuple[int, ...]


_POOLS: dict = {}  # CUDA device index -> the allocator pool of what the candidate is sent
_SETTINGS_LOCK = threading.RLock()
_RETRIED = [0]  # allocations in that pool made again after running out (`_in_shared_pool`), for the verdict


def shared_pool_retries() -> int:
    """How many allocations of what the candidate is sent ran out and were made again after the cache went back
    (in this process, so far): an evaluation that saw the count grow says so in its verdict."""
    return _RETRIED[0]


def _allocator_settings() -> str:
    """The CUDA allocator's settings as torch holds them (PYTORCH_CUDA_ALLOC_CONF or PYTORCH_ALLOC_CONF, or set at
    run time); the variables themselves where this torch cannot say (torch 2.11 sets them at run time but has no
    call that reads them)."""
    import torch

    get = getattr(torch._C, "_accelerator_getAllocatorSettings", None)
    if get is not None:
        try:
            return get() or ""
        except RuntimeError:
            pass
    return ",".join(v for v in (os.environ.get(k, "") for k in ("PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_ALLOC_CONF")) if v)


def _with_expandable_off(settings: str) -> str | None:
    """``settings`` with expandable segments off; None where they are not on."""
    parts = [p.strip() for p in settings.split(",") if p.strip()]
    on = [p for p in parts if p.replace(" ", "").lower() == "expandable_segments:true"]
    if not on:
        return None
    return ",".join(["expandable_segments:False" if p in on else p for p in parts])


def expandable_segments_note() -> str:
    """A sentence for a candidate's death where the judge's allocator makes expandable segments, whose CUDA IPC the
    candidate could not open on an H100 (torch 2.11): the death may be the judge's setting, not the candidate."""
    if _with_expandable_off(_allocator_settings()) is None:
        return ""
    return ("; the judge's CUDA allocator makes expandable segments (expandable_segments:True in "
            "PYTORCH_CUDA_ALLOC_CONF or PYTORCH_ALLOC_CONF), and a candidate may fail to open the judge's tensors "
            "through CUDA IPC with them: unset that setting and judge again")


@contextlib.contextmanager
def _regular_segments():
    """Expandable segments off while the judge allocates what it shares: torch's CUDA IPC of an expandable segment
    did not open in the candidate (the candidate's ``pickle.loads`` failed on an H100, torch 2.11), and the setting
    is read per new segment, so it is turned off for these allocations and back on after. Under a lock, the
    settings read inside it: a prefetching thread shares tensors too, and must not read another's toggle."""
    import torch

    setter = (getattr(torch._C, "_accelerator_setAllocatorSettings", None)  # the current name
              or getattr(torch.cuda.memory, "_set_allocator_settings", None))  # before it (deprecated since)
    with _SETTINGS_LOCK:
        settings = _allocator_settings()
        off = _with_expandable_off(settings)
        if off is None or setter is None:
            yield
            return
        setter(off)
        try:
            yield
        finally:
            setter(settings)


def _in_shared_pool(make, device):
    """``make()`` allocated in the device's pool for tensors sent to the candidate: apart from every tensor the judge
    keeps to itself, one segment per tensor where torch can (``MemPool(no_split=True)``), never an expandable one
    (`_regular_segments`). CUDA IPC maps the sender's whole allocator segment, not the tensor alone, so an input
    carved from a segment that also held the reference output would hand the candidate the expected answer
    (tests/fixtures/rogues/h15_ipc_segment_scan.py)."""
    import torch

    index = device.index if device.index is not None else torch.cuda.current_device()
    pool = _POOLS.get(index)
    if pool is None:
        try:
            pool = torch.cuda.MemPool(no_split=True)
        except TypeError:  # an older torch: apart from the judge's tensors, though shared ones may share a segment
            pool = torch.cuda.MemPool()
        _POOLS[index] = pool
    with _regular_segments():
        with torch.cuda.use_mem_pool(pool, device=index):
            try:
                return make()
            except torch.OutOfMemoryError:
                pass  # out of the handler before retrying: the error's frames would keep what they hold
        # Running out inside a private pool, torch frees that pool's cache alone, not the default pool's whole free
        # segments: on an H100 L1/30's judge failed a 6 GiB output buffer here beside 52.5 GiB of them (its trials'
        # freed inputs and reference temporaries). Given back, the allocation is tried once more.
        torch.cuda.empty_cache()
        _RETRIED[0] += 1
        with torch.cuda.use_mem_pool(pool, device=index):
            return make()


def renew_shared_pools() -> None:
    """New pools from here on: an old pool's segments go back to the driver once its tensors are gone and the cache
    is emptied (a live pool keeps its free segments, which nothing else could use)."""
    _POOLS.clear()


def share(tensor, scratch: str):
    """Return (judge-side tensor, handle): writes by either side are visible to the other."""
    if tensor.is_cuda:
        shared = _in_shared_pool(tensor.clone, tensor.device)
        return shared, _CudaHandle(shared)
    return _share_file(tensor, scratch)


def _share_file(tensor, scratch: str):
    import torch

    path = os.path.join(scratch, f"t{next(_counter)}.bin")
    numel = max(tensor.numel(), 1)
    flat = torch.from_file(path, shared=True, size=numel, dtype=tensor.dtype)
    shared = flat[: tensor.numel()].view(tensor.shape)
    shared.copy_(tensor)
    return shared, FileTensor(path, str(tensor.dtype).removeprefix("torch."), tuple(tensor.shape))


def empty_shared(shape, dtype, device, scratch: str):
    """A judge-owned output buffer shared with the candidate."""
    import torch

    device = torch.device(device)
    if device.type == "cuda":
        out = _in_shared_pool(lambda: torch.empty(shape, dtype=dtype, device=device), device)
        return out, _CudaHandle(out)
    return _share_file(torch.empty(shape, dtype=dtype, device=device), scratch)


class _CudaHandle:
    """Pickles through torch's CUDA IPC reduction (``torch.multiprocessing``)."""

    def __init__(self, tensor):
        self.tensor = tensor


def open_handle(handle):
    """Candidate side: the tensor a handle names."""
    import torch

    if isinstance(handle, FileTensor):
        numel = 1
        for d in handle.shape:
            numel *= d
        dtype = getattr(torch, handle.dtype)
        flat = torch.from_file(handle.path, shared=True, size=max(numel, 1), dtype=dtype)
        return flat[:numel].view(handle.shape)
    if isinstance(handle, _CudaHandle):
        return handle.tensor
    return handle  # a plain Python value (int, float, list ...)


def dumps_for_candidate(obj) -> bytes:
    """Pickle a judge message; CUDA tensors inside become IPC handles."""
    from multiprocessing.reduction import ForkingPickler

    import torch.multiprocessing  # noqa: F401  (registers the CUDA tensor reductions)

    buf = io.BytesIO()
    ForkingPickler(buf, pickle.HIGHEST_PROTOCOL).dump(obj)
    return buf.getvalue()


def loads_from_judge(data: bytes):
    import torch.multiprocessing  # noqa: F401

    return pickle.loads(data)


def encode_reply(obj) -> bytes:
    return json.dumps(obj, default=str).encode()


def decode_reply(data: bytes) -> dict:
    """Parse a candidate reply: JSON only, and it must be an object."""
    obj = json.loads(data.decode("utf-8", errors="replace"))
    if not isinstance(obj, dict):
        raise ValueError("candidate reply is not a JSON object")
    return obj
