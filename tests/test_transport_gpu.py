"""What the candidate is sent over CUDA IPC maps the judge's whole allocator segment, so a shared tensor must not sit
in a segment that holds anything the judge keeps to itself (the reference output above all). GPU only."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gpu


def _segment_of(ptr: int) -> dict:
    import torch

    for seg in torch.cuda.memory_snapshot():
        if seg["address"] <= ptr < seg["address"] + seg["total_size"]:
            return seg
    raise AssertionError(f"no allocator segment holds {ptr:#x}")


def _active_blocks(seg: dict) -> int:
    return sum(1 for b in seg["blocks"] if b["state"] == "active_allocated")


@pytest.mark.parametrize("size", [1200, 3 * 2**20 // 4, 40 * 2**20 // 4])  # small pool, 20 MB segments, large
def test_shared_tensors_never_share_a_segment_with_the_judges_own(tmp_path, size):
    import torch

    from autokernel.evaluate import transport

    x = torch.rand(size, device="cuda")
    expected = x * 0.75 + 1  # the judge's own: the reference output
    control = x.clone()  # what sharing did before: carved from the allocator's common segments
    shared, _ = transport.share(x, str(tmp_path))
    out, _ = transport.empty_shared(x.shape, x.dtype, x.device, str(tmp_path))
    for t in (shared, out):
        seg = _segment_of(t.data_ptr())
        assert not seg["address"] <= expected.data_ptr() < seg["address"] + seg["total_size"]
        assert _active_blocks(seg) == 1, f"{seg['total_size']} B segment holds {_active_blocks(seg)} live tensors"
    if size == 1200:  # the attack surface is real: a plain clone lands beside the reference output
        seg = _segment_of(control.data_ptr())
        assert seg["address"] <= expected.data_ptr() < seg["address"] + seg["total_size"]
    torch.testing.assert_close(shared, x)
    del shared, out
    transport.renew_shared_pools()
    torch.cuda.empty_cache()
