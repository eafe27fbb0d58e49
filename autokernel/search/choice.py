"""Which backend judges: this machine's devices (`LocalBackend`) or judges on a Ray cluster (`RayBackend`).

A search run (`RunConfig`) and the level-scale bench driver both name it with the same four settings, read
through `BackendChoice`; Ray is imported only when it is chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

BACKENDS = ("local", "ray")


class BackendChoice(Protocol):
    """The settings a configuration names its backend with.

    Attributes:
        backend: ``local`` (this machine's devices) or ``ray`` (judges on a Ray cluster).
        ray_address: the Ray cluster (None: a private instance on this machine).
        ray_workers: its judges (None: one per GPU times ``workers_per_device``, or one per CPU).
        workers_per_device: candidates judged at once per device.
    """

    backend: str
    ray_address: str | None
    ray_workers: int | None
    workers_per_device: int


def check_choice(choice: BackendChoice) -> None:
    """Flag errors, raised before anything is written."""
    if choice.backend not in BACKENDS:
        raise ValueError(f"backend must be local or ray, not {choice.backend!r}")
    if choice.backend != "ray" and (choice.ray_address is not None or choice.ray_workers is not None):
        raise ValueError("--ray-address and --ray-workers need --backend ray")
    if choice.ray_workers is not None and choice.ray_workers < 1:
        raise ValueError("--ray-workers must be at least 1")
    if choice.workers_per_device < 1:
        raise ValueError(f"--workers-per-device must be at least 1, not {choice.workers_per_device}")
    ahead = getattr(choice, "compile_ahead", 0)
    if ahead is not None and (ahead < 0 or (ahead and choice.backend == "ray")):
        raise ValueError(f"--compile-ahead must be 0 or more, and is for the local backend only (not {ahead} with "
                         f"--backend {choice.backend})")
    if getattr(choice, "split_screens", False) and choice.backend == "ray":
        raise ValueError("--split-screens is for the local backend only: a Ray judge screens a round whole")


def ready(choice: BackendChoice, device: str) -> None:
    """What the backend needs is there (Ray installed; a local GPU where ``device`` asks for one), else a
    ValueError that says what to do: called before a run writes anything."""
    if choice.backend == "ray":
        from autokernel.search.ray_backend import import_ray

        import_ray()
    else:
        from autokernel.search.backend import local_devices

        local_devices(device)


def record(choice: BackendChoice) -> dict[str, Any]:
    """What run.json records about the backend (nothing for the local pool, as before Ray existed)."""
    if choice.backend != "ray":
        return {}
    return {"backend": "ray", "ray_address": choice.ray_address, "ray_workers": choice.ray_workers}


def make_backend(eval_config, choice: BackendChoice, *, echo: Callable[[str], None] = print, screen=None,
                 keep_choices=None):
    """The backend ``choice`` names, started (Ray imported only then; without it, a ValueError says how to
    install it). ``screen``: how a local backend's screens run (`ScreenConfig`; Ray's take the defaults);
    ``keep_choices``: where a local GPU backend keeps its autotuners' choices between invocations."""
    if choice.backend == "ray":
        from autokernel.search.ray_backend import RayBackend, RayConfig

        ray_config = RayConfig(address=choice.ray_address, workers=choice.ray_workers,
                               workers_per_device=choice.workers_per_device)  # fmt: skip
        backend = RayBackend(eval_config, ray_config, log=echo)
        where = (f"the cluster at {choice.ray_address}" if choice.ray_address
                 else "a Ray instance started on this machine" if backend.owns_ray
                 else "the Ray instance this process had joined")
        echo(f"ray: {backend.workers} judge(s) ({eval_config.device}) on {where}")
        return backend
    from autokernel.search.backend import LocalBackend

    # a configuration whose backends share a device with others names them all (`kb.bench_kb.BenchConfig`)
    return LocalBackend(eval_config, workers_per_device=choice.workers_per_device,
                        sharers=getattr(choice, "device_sharers", None), screen=screen,
                        compile_ahead=getattr(choice, "compile_ahead", 0),  # None: the backend's default
                        keep_choices=keep_choices, split_screens=getattr(choice, "split_screens", False))
