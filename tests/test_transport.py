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

    before = transport.shared_pool_retries()
    assert transport._in_shared_pool(make, torch.device("cuda", 0)) == "buffer"
    assert events == ["pool", "in pool", "empty_cache", "in pool"]  # the same pool, after the cache went back
    assert transport.shared_pool_retries() == before + 1  # counted: the verdict says its allocations were retried

    def never():
        raise torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 60.00 GiB.")

    events.clear()
    with pytest.raises(torch.OutOfMemoryError, match="60.00 GiB"):  # out of memory for real: raised after one retry
        transport._in_shared_pool(never, torch.device("cuda", 0))
    assert events == ["in pool", "empty_cache", "in pool"]


@pytest.mark.parametrize("settings, off", [
    ("", None),
    ("max_split_size_mb:512", None),
    ("expandable_segments:False", None),
    ("expandable_segments:True", "expandable_segments:False"),
    ("max_split_size_mb:512, expandable_segments:true", "max_split_size_mb:512,expandable_segments:False"),
])
def test_the_allocators_settings_are_read_for_expandable_segments(settings, off):
    from autokernel.evaluate import transport

    assert transport._with_expandable_off(settings) == off


def _fake_settings(monkeypatch, settings: str) -> list:
    """torch's allocator settings stood in for: a getter and a setter that record what they were given."""
    import torch

    state = {"now": settings}
    calls = []

    def set_settings(text):
        calls.append(text)
        state["now"] = text

    monkeypatch.setattr(torch._C, "_accelerator_getAllocatorSettings", lambda: state["now"], raising=False)
    monkeypatch.setattr(torch._C, "_accelerator_setAllocatorSettings", set_settings, raising=False)
    return calls


def _fake_pool(monkeypatch, events: list) -> None:
    import torch

    from autokernel.evaluate import transport

    class Pool:
        def __init__(self, **kwargs):
            pass

    @contextlib.contextmanager
    def use_mem_pool(pool, device=None):
        events.append(("in pool", torch._C._accelerator_getAllocatorSettings()))
        yield

    monkeypatch.setattr(torch.cuda, "MemPool", Pool)
    monkeypatch.setattr(torch.cuda, "use_mem_pool", use_mem_pool)
    monkeypatch.setattr(transport, "_POOLS", {})


def test_what_the_candidate_is_sent_is_never_allocated_in_expandable_segments(monkeypatch):
    # an expandable segment's CUDA IPC did not open in the candidate (H100, torch 2.11): the judge's allocations for
    # the candidate are made with them off, every other setting kept, and the settings are put back as found
    import torch

    from autokernel.evaluate import transport

    calls = _fake_settings(monkeypatch, "max_split_size_mb:512,expandable_segments:True")
    events: list = []
    _fake_pool(monkeypatch, events)
    assert transport._in_shared_pool(lambda: "buffer", torch.device("cuda", 0)) == "buffer"
    assert events == [("in pool", "max_split_size_mb:512,expandable_segments:False")]
    assert calls == ["max_split_size_mb:512,expandable_segments:False", "max_split_size_mb:512,expandable_segments:True"]

    def broken():
        raise ValueError("not memory")

    calls.clear()
    with pytest.raises(ValueError):  # put back on an error too
        transport._in_shared_pool(broken, torch.device("cuda", 0))
    assert calls[-1] == "max_split_size_mb:512,expandable_segments:True"
    assert torch._C._accelerator_getAllocatorSettings() == "max_split_size_mb:512,expandable_segments:True"


def test_settings_without_expandable_segments_are_left_alone(monkeypatch):
    import torch

    from autokernel.evaluate import transport

    calls = _fake_settings(monkeypatch, "max_split_size_mb:512")
    events: list = []
    _fake_pool(monkeypatch, events)
    assert transport._in_shared_pool(lambda: "buffer", torch.device("cuda", 0)) == "buffer"
    assert calls == [] and events == [("in pool", "max_split_size_mb:512")]


def test_a_candidates_death_says_when_the_judges_allocator_makes_expandable_segments(monkeypatch):
    from autokernel.evaluate import transport

    _fake_settings(monkeypatch, "expandable_segments:True")
    assert "unset that setting" in transport.expandable_segments_note()
    _fake_settings(monkeypatch, "")
    assert transport.expandable_segments_note() == ""
