"""transport's shared pool on CPU: torch's CUDA allocator calls stood in for (the GPU side is test_transport_gpu.py)."""

from __future__ import annotations

import contextlib

import pytest


def test_running_out_in_the_shared_pool_gives_back_the_default_pools_cache_and_tries_again(monkeypatch):
    # torch frees only the private pool's own cache when an allocation in it runs out: on an H100 L1/30's judge
    # failed a 6 GiB output buffer there beside 52.5 GiB of whole free segments in the default pool
    import torch

    from autokernel.evaluate import transport

    events = []

    class Pool:
        def __init__(self, **kwargs):
            events.append("pool")

    @contextlib.contextmanager
    def use_mem_pool(pool, device=None):
        events.append("in pool")
        yield

    monkeypatch.setattr(torch.cuda, "MemPool", Pool)
    monkeypatch.setattr(torch.cuda, "use_mem_pool", use_mem_pool)
    monkeypatch.setattr(torch.cuda, "empty_cache", lambda: events.append("empty_cache"))
    monkeypatch.setattr(transport, "_POOLS", {})
    tries = []

    def make():
        tries.append(len(events))
        if len(tries) == 1:
            raise torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 6.00 GiB.")
        return "buffer"

    assert transport._in_shared_pool(make, torch.device("cuda", 0)) == "buffer"
    assert events == ["pool", "in pool", "empty_cache", "in pool"]  # the same pool, after the cache went back

    def never():
        raise torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 60.00 GiB.")

    events.clear()
    with pytest.raises(torch.OutOfMemoryError, match="60.00 GiB"):  # out of memory for real: raised after one retry
        transport._in_shared_pool(never, torch.device("cuda", 0))
    assert events == ["in pool", "empty_cache", "in pool"]
