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


def test_a_judge_whose_allocator_makes_expandable_segments_still_sends_what_a_candidate_opens(tmp_path, monkeypatch):
    # with expandable_segments:True the candidate's pickle.loads failed to open the judge's tensors (H100, torch
    # 2.11); the shared pool's allocations are now made with them off
    import os
    import subprocess
    import sys

    import torch

    from autokernel.evaluate import transport

    setter = getattr(torch._C, "_accelerator_setAllocatorSettings", None)
    if setter is None:
        pytest.skip("this torch cannot change its allocator's settings at run time")
    # as a user sets it (read by the judge where torch has no call that reads the settings: torch 2.11), and made
    # to hold in this process, whose allocator began before the variable was set
    monkeypatch.setenv("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True")
    setter("expandable_segments:True")
    try:
        probe = torch.empty(64 << 20, dtype=torch.uint8, device="cuda")  # a new segment: expandable, as asked
        expandable = _segment_of(probe.data_ptr()).get("is_expandable")
        x = torch.full((1 << 20,), 2.0, device="cuda")
        shared, handle = transport.share(x, str(tmp_path))
        if expandable is not None:  # this torch's snapshot says which segments are expandable
            assert expandable and not _segment_of(shared.data_ptr())["is_expandable"]
        data = transport.dumps_for_candidate({"t": handle})
        code = ("import sys; from autokernel.evaluate import transport; "
                "t = transport.open_handle(transport.loads_from_judge(sys.stdin.buffer.read())['t']); "
                "print(float(t.sum()))")
        env = {k: v for k, v in os.environ.items() if k != "PYTORCH_CUDA_ALLOC_CONF"}  # the candidate's own is not
        done = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, timeout=120, env=env)
        assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
        assert float(done.stdout.decode().split()[-1]) == 2.0 * (1 << 20)
        if expandable is not None:  # put back as found: a new segment of the judge's own is expandable again
            again = torch.empty(96 << 20, dtype=torch.uint8, device="cuda")
            assert _segment_of(again.data_ptr())["is_expandable"]
            del again
        del probe
    finally:
        setter("expandable_segments:False")
        transport.renew_shared_pools()
        torch.cuda.empty_cache()
