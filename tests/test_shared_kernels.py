"""Compiled kernels shared between candidate processes (`autokernel.evaluate.shared_kernels`): what is harvested,
from whom, and that a process reading the folder finds a kernel instead of compiling it. Triton compiles for an H200's
target (sm_90) here without a GPU, with the ptxas its wheel carries."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from autokernel.evaluate import shared_kernels
from autokernel.evaluate.sandbox import CandidateProcess

KERNEL = '''
import triton
import triton.language as tl


@triton.jit
def add_kernel(x, y, o, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    tl.store(o + i, tl.load(x + i, mask=m) + tl.load(y + i, mask=m), mask=m)
'''


COMPILE = KERNEL + """

import json
import sys

from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

src = ASTSource(fn=add_kernel, signature={"x": "*fp32", "y": "*fp32", "o": "*fp32", "n": "i32", "BLOCK": "constexpr"},
                constexprs={"BLOCK": 256})
kernel = triton.compile(src, target=GPUTarget("cuda", 90, 32))
print(json.dumps({"hash": kernel.hash, "cubin": kernel.asm["cubin"].hex()}))
"""


def _compile(tmp_path: Path, cache: Path, *, shared: Path | None = None) -> dict:
    """Compile `KERNEL` for sm_90 in a fresh interpreter (no Triton interpreter) with ``cache`` as Triton's cache,
    and ``shared`` read through when given, as a candidate process on a GPU would."""
    triton = pytest.importorskip("triton")
    if shutil.which("ptxas") is None and not list(Path(triton.__file__).parent.glob("backends/nvidia/bin/ptxas")):
        pytest.skip("no ptxas to compile for a GPU target")
    script = tmp_path / "compile_kernel.py"
    script.write_text(COMPILE)
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRITON_")}
    path = os.pathsep.join(p for p in (str(Path(__file__).resolve().parents[1]), os.environ.get("PYTHONPATH")) if p)
    env |= {"TRITON_CACHE_DIR": str(cache), "PYTHONPATH": path,
            **shared_kernels.candidate_env(str(shared) if shared else None, "cuda:0")}
    proc = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _cubins(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.cubin")) if folder.exists() else []


def test_a_harvested_kernel_is_found_by_the_next_process_not_compiled_again(tmp_path):
    first, second, folder = tmp_path / "first", tmp_path / "second", tmp_path / "shared"
    folder.mkdir()
    compiled = _compile(tmp_path, first)
    assert len(_cubins(first)) == 1
    assert shared_kernels.harvest(first, folder) == 1
    assert shared_kernels.harvest(first, folder) == 0  # kept once
    found = _compile(tmp_path, second, shared=folder)
    assert found == compiled
    assert _cubins(second) == []  # read from the shared folder, nothing compiled here
    assert [p.parent.parent for p in _cubins(folder)] == [folder]
    # without the folder the same process would have compiled it
    third = tmp_path / "third"
    _compile(tmp_path, third)
    assert len(_cubins(third)) == 1


def test_only_whole_entries_are_shared(tmp_path):
    private, folder = tmp_path / "private", tmp_path / "shared"
    folder.mkdir()
    whole = private / "AAAA"
    whole.mkdir(parents=True)
    (whole / "k.cubin").write_bytes(b"\x7fELF")
    (whole / "k.json").write_text("{}")
    (whole / "__grp__k.json").write_text(json.dumps({"child_paths": {"k.cubin": "/gone/k.cubin",
                                                                     "k.json": "/gone/k.json"}}))
    (whole / "lock").write_text("")
    cut = private / "BBBB"  # a compile killed before its index was written
    cut.mkdir()
    (cut / "k.ttir").write_text("module {}")
    missing = private / "CCCC"  # an index naming a file that is not there
    missing.mkdir()
    (missing / "__grp__k.json").write_text(json.dumps({"child_paths": {"k.cubin": "/x/k.cubin"}}))
    launcher = private / "DDDD"  # Triton's built launcher: one shared object, no index
    launcher.mkdir()
    (launcher / "__triton_launcher.so").write_bytes(b"\x7fELF")
    tuned = private / "EEEE"  # an autotuner's record of its configs' timings
    tuned.mkdir()
    (tuned / "k.autotune.json").write_text(json.dumps({"key": [4096], "configs_timings": [
        [{"kwargs": {"XBLOCK": 256}, "num_warps": 4}, [0.01, 0.01, 0.01]]]}))
    (tuned / "lock").write_text("")
    torn = private / "FFFF"  # a record that does not read as one
    torn.mkdir()
    (torn / "k.autotune.json").write_text('{"key": [40')
    stray = private / "GGGG"  # any other file without an index
    stray.mkdir()
    (stray / "k.autotune.json.txt").write_text("{}")
    assert shared_kernels.harvest(private, folder) == 3
    assert sorted(p.name for p in folder.iterdir()) == ["AAAA", "DDDD", "EEEE"]
    assert [p.name for p in (folder / "EEEE").iterdir()] == ["k.autotune.json"]
    assert sorted(p.name for p in (folder / "AAAA").iterdir()) == ["__grp__k.json", "k.cubin", "k.json"]
    assert shared_kernels.harvest(private, tmp_path / "no-such-folder") == 0


def test_the_read_through_cache_finds_shared_files_by_name_and_writes_only_its_own(tmp_path, monkeypatch):
    pytest.importorskip("triton")
    from autokernel.evaluate._triton_cache import ReadThroughCache

    own, folder = tmp_path / "own", tmp_path / "shared"
    entry = folder / "KEY"
    entry.mkdir(parents=True)
    (entry / "k.cubin").write_bytes(b"cubin")
    (entry / "__grp__k.json").write_text(json.dumps({"child_paths": {"k.cubin": "/elsewhere/k.cubin"}}))
    (entry / "only.so").write_bytes(b"so")
    monkeypatch.setenv("TRITON_CACHE_DIR", str(own))
    monkeypatch.setenv(shared_kernels.ENV, str(folder))
    cache = ReadThroughCache("KEY")
    assert cache.get_group("k.json") == {"k.cubin": str(entry / "k.cubin")}
    assert cache.get_file("only.so") == str(entry / "only.so")
    assert cache.get_group("other.json") is None and cache.get_file("other.so") is None
    tuned = folder / "TUNED"  # an autotuner's record, under a key of its own
    tuned.mkdir()
    (tuned / "k.autotune.json").write_text('{"configs_timings": []}')
    assert ReadThroughCache("TUNED").get_file("k.autotune.json") == str(tuned / "k.autotune.json")
    written = cache.put(b"mine", "mine.so")
    assert Path(written).parent == own / "KEY" and not (entry / "mine.so").exists()
    (entry / "k.cubin").unlink()  # an index whose file is gone is no hit
    assert cache.get_group("k.json") is None


def test_only_a_process_that_ran_our_own_code_gives_its_compiles(tmp_path):
    """`CandidateProcess.remove_scratch` harvests only while ``own_code`` held for every load, and only on a GPU."""
    folder = tmp_path / "shared"
    folder.mkdir()

    def finished(name: str, loads: list[bool]):
        scratch = tmp_path / name
        entry = scratch / shared_kernels.CACHE_SUBDIR / f"KEY_{name}"
        entry.mkdir(parents=True)
        (entry / "k.cubin").write_bytes(b"cubin")
        (entry / "__grp__k.json").write_text(json.dumps({"child_paths": {"k.cubin": "k.cubin"}}))
        proc = types.SimpleNamespace(scratch=str(scratch), shared_kernels=str(folder), own_code=True,
                                     proc=types.SimpleNamespace(poll=lambda: 0))
        for own in loads:
            CandidateProcess.loading(proc, own)
        CandidateProcess.remove_scratch(proc)
        assert not scratch.exists()

    finished("ours", [True, True])
    finished("mixed", [True, False, True])
    finished("foreign", [False])
    assert sorted(p.name for p in folder.iterdir()) == ["KEY_ours"]
    assert shared_kernels.candidate_env(str(folder), "cpu") == {}
    assert shared_kernels.candidate_env(None, "cuda:0") == {}
    assert shared_kernels.candidate_env(str(folder), "cuda:1") == {
        "TRITON_CACHE_MANAGER": shared_kernels.MANAGER, shared_kernels.ENV: str(folder),
        "TRITON_CACHE_AUTOTUNING": "1"}


def test_the_compile_sharing_benchmark_runs_on_cpu(tmp_path):
    """`benchmarks/compile_sharing.py`: on the CPU every leg but "ahead" runs (the interpreter compiles nothing, so
    the legs only show the script works; the GPU gives the figures)."""
    repo = Path(__file__).resolve().parents[1]
    res = subprocess.run([sys.executable, "benchmarks/compile_sharing.py", "autokernel/suite/relu_scale.py",
                          "--device", "cpu", "--trials", "1", "--out", str(tmp_path)], cwd=repo, capture_output=True,
                         text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-3000:]
    (row,) = json.loads((tmp_path / "compile_sharing.json").read_text())["problems"].values()
    assert {"cold", "shared", "cold_b"} <= set(row) and "ahead" not in row
    assert all(row[leg]["ok"] and row[leg]["compile_s"] >= 0 for leg in ("cold", "shared", "cold_b"))
    assert "first-call seconds" in res.stdout


def _choice(folder: Path, key: str, name: str = "k") -> Path:
    entry = folder / key
    entry.mkdir(parents=True)
    (entry / f"{name}.autotune.json").write_text(json.dumps({"key": [4096], "configs_timings": [
        [{"kwargs": {"XBLOCK": 256}, "num_warps": 4}, [0.01, 0.01, 0.01]]]}))
    return entry


def _compiled(folder: Path, key: str) -> Path:
    entry = folder / key
    entry.mkdir(parents=True)
    (entry / "k.cubin").write_bytes(b"\x7fELF")
    (entry / "__grp__k.json").write_text(json.dumps({"child_paths": {"k.cubin": "/gone/k.cubin"}}))
    return entry


def test_only_the_autotuners_choices_are_kept_and_a_new_folder_starts_from_them(tmp_path):
    folder, keep, fresh = tmp_path / "shared", tmp_path / "run" / "autotune" / "NVIDIA_H200", tmp_path / "fresh"
    _choice(folder, "TUNED")
    _compiled(folder, "COMPILED")
    (folder / "MIXED").mkdir()  # a compile and a choice under one key: not a choice alone
    (folder / "MIXED" / "k.cubin").write_bytes(b"\x7fELF")
    (folder / "MIXED" / "k.autotune.json").write_text('{"configs_timings": []}')
    (folder / ".incoming-1234").mkdir()  # another judge's harvest in flight
    (folder / ".incoming-1234" / "k.autotune.json").write_text('{"configs_timings": []}')
    assert shared_kernels.keep_choices(folder, keep) == 1  # the keep folder is made
    assert [p.name for p in keep.iterdir()] == ["TUNED"]
    assert shared_kernels.keep_choices(folder, keep) == 0  # kept once
    fresh.mkdir()
    assert shared_kernels.restore_choices(keep, fresh) == 1
    assert (fresh / "TUNED" / "k.autotune.json").read_text() == (folder / "TUNED" / "k.autotune.json").read_text()
    assert shared_kernels.restore_choices(tmp_path / "never-kept", fresh) == 0
    assert shared_kernels.restore_choices(None, fresh) == 0


def test_choices_are_kept_per_gpu_model():
    run = Path("/runs/panel")
    assert shared_kernels.choices_folder(run, ["NVIDIA H200", "NVIDIA H200"]) == run / "autotune" / "NVIDIA_H200"
    assert shared_kernels.choices_folder(run, ["NVIDIA H100 80GB HBM3"]) == run / "autotune" / "NVIDIA_H100_80GB_HBM3"
    assert shared_kernels.choices_folder(run, ["NVIDIA H200", "NVIDIA H100 80GB HBM3"]) is None  # a mix: none
    assert shared_kernels.choices_folder(run, []) is None  # CPU, or a Ray cluster's


class _NoWorkers:
    """A `LocalBackend` pool without processes: the backend's kept choices need no GPU and no judge."""

    def __init__(self, *args, **kwargs):
        pass

    def close(self):
        pass


def test_a_gpu_backend_starts_from_kept_choices_and_keeps_its_own(tmp_path, monkeypatch):
    """`LocalBackend` with ``keep_choices``: its shared folder starts with the kept choices; when it closes, the
    choices its processes made are kept and its folder is gone (no GPU needed: the workers are a stub)."""
    from autokernel.evaluate import EvalConfig
    from autokernel.search import backend as backend_mod

    monkeypatch.setattr(backend_mod, "_ProcessPool", _NoWorkers)
    keep = tmp_path / "run" / "autotune" / "GPU"
    _choice(keep, "EARLIER")
    backend = backend_mod.LocalBackend(EvalConfig(device="cuda"), devices=["cuda:0"], compile_ahead=0,
                                       keep_choices=keep)
    folder = Path(backend.config.shared_kernels)
    assert backend.restored_choices == 1 and (folder / "EARLIER").is_dir()
    _choice(folder, "NEW")  # as a judge harvests a process that autotuned
    _compiled(folder, "COMPILED")
    backend.close()
    assert not folder.exists()
    assert sorted(p.name for p in keep.iterdir()) == ["EARLIER", "NEW"] and backend.kept_choices == 1
    plain = backend_mod.LocalBackend(EvalConfig(device="cuda"), devices=["cuda:0"], compile_ahead=0)
    plain.close()
    assert plain.restored_choices == plain.kept_choices == 0


def test_a_gpu_backend_keeps_its_choices_while_it_runs(tmp_path, monkeypatch):
    """A run killed before its backend closes (a device call past its limit) still has the choices kept up to the
    last interval; the close keeps the rest, each choice counted once."""
    import time

    from autokernel.evaluate import EvalConfig
    from autokernel.search import backend as backend_mod

    monkeypatch.setattr(backend_mod, "_ProcessPool", _NoWorkers)
    keep = tmp_path / "run" / "autotune" / "GPU"
    backend = backend_mod.LocalBackend(EvalConfig(device="cuda"), devices=["cuda:0"], compile_ahead=0,
                                       keep_choices=keep, keep_every_s=0.05)
    folder = Path(backend.config.shared_kernels)
    _choice(folder, "FIRST")
    deadline = time.monotonic() + 10
    while not (keep / "FIRST").is_dir() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert (keep / "FIRST").is_dir() and backend.kept_choices == 1  # kept before any close
    _choice(folder, "LAST")
    backend.close()
    assert sorted(p.name for p in keep.iterdir()) == ["FIRST", "LAST"] and backend.kept_choices == 2
    assert not backend._keeper.is_alive()
