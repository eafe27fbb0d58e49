"""Whole models: recording a forward, the per-operation table, extraction as problems, and kernels swapped back
into the model (CPU, tiny shapes; Triton through the interpreter)."""

from __future__ import annotations

import csv
import dataclasses
import json

import pytest
import torch

from autokernel.problem import Problem
from autokernel.profile.emit import body_of, chain, emit, make_tensor
from autokernel.profile.extract import extract
from autokernel.profile.profile import ProfileConfig, profile_model, write_chart, write_csv
from autokernel.profile.record import TensorArg, record_calls
from autokernel.profile.source import problem_source
from autokernel.profile.verify import KernelFile, VerifyConfig, format_report, verify_model
from tests.conftest import FIXTURES

TINY = FIXTURES / "models" / "tiny_mlp.py"

TWO_BLOCKS = '''
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        h = self.fc(x)
        return torch.tanh(h) * 0.5 + x


class Model(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.blocks = nn.ModuleList([Block(d), Block(d)])

    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return torch.softmax(x, dim=-1)


def get_inputs():
    return [torch.randn(4, 16)]


def get_init_inputs():
    return [16]
'''


@pytest.fixture(scope="module")
def tiny_profile():
    torch.set_num_threads(1)
    source = problem_source(Problem.from_file(TINY))
    return source, profile_model(source, ProfileConfig(repeats=2, warmup=1, floor_gpu="NVIDIA H200"))


def test_the_forward_is_recorded_call_by_call_with_modules_and_kinds(tiny_profile):
    _, prof = tiny_profile
    calls = [(c.name, c.kind, c.module) for c in prof.trace.calls]
    assert calls == [("linear", "heavy", "fc1"), ("relu", "pointwise", ""), ("linear", "heavy", "fc2"),
                     ("relu", "pointwise", ""), ("layer_norm", "other", "norm"), ("linear", "heavy", "head"),
                     ("softmax", "other", "")]
    weight = prof.trace.calls[0].args[1]
    assert weight.param == "fc1.weight" and weight.shape == (64, 32)
    assert prof.trace.calls[0].args[0].model_input == 0
    assert prof.trace.calls[1].args[0].producer == 0


def test_the_table_groups_by_op_and_shape_with_floors_and_amdahl(tiny_profile, tmp_path):
    _, prof = tiny_profile
    relu = [r for r in prof.rows if r.op == "F.relu"]
    assert len(relu) == 1 and relu[0].calls == [1, 3]  # same shapes in two places: one row, two calls
    assert len([r for r in prof.rows if r.op == "F.linear"]) == 3  # three shapes
    assert all(r.time_ms > 0 for r in prof.rows) and prof.total_ms >= prof.attributed_ms * 0.99
    assert prof.time_label.startswith("CPU wall time")
    for r in prof.rows:  # a floor on the H200 is far below a CPU's time: Amdahl bound above 1
        assert r.floor_ms is not None and 0 < r.floor_ms < r.time_ms
        assert r.amdahl(prof.total_ms) > 1.0
    write_csv(prof, tmp_path / "p.csv")
    rows = list(csv.DictReader(open(tmp_path / "p.csv")))
    assert len(rows) == len(prof.rows) and float(rows[0]["amdahl_speedup"]) >= float(rows[-1]["amdahl_speedup"])
    assert write_chart(prof, tmp_path / "p.png") and (tmp_path / "p.png").stat().st_size > 1000
    for r in prof.rows:
        r.time_ms = 0.0
    assert not write_chart(prof, tmp_path / "empty.png") and not (tmp_path / "empty.png").exists()


def test_a_call_and_its_epilogue_become_one_problem_with_the_models_shapes():
    source = problem_source(Problem.from_source(TWO_BLOCKS, name="two_blocks"))
    model = source.instantiate("cpu")
    trace = record_calls(model, source.inputs("cpu", seed=0))
    members = chain(trace, 0)
    # linear -> tanh -> mul; the residual add reads the block's input, which the linear also reads: included
    assert [trace.calls[m].name for m in members] == ["linear", "tanh", "mul", "add"]
    emitted = emit(trace, members)
    assert [s[0] for s in emitted.inputs] == ["arg", "param", "param"]
    problem = Problem.from_source(emitted.body, name="chain")
    ns: dict = {}
    exec(problem.source, ns)
    x = torch.randn(4, 16)
    w, b = model.blocks[0].fc.weight, model.blocks[0].fc.bias
    with torch.no_grad():
        expected = torch.tanh(torch.nn.functional.linear(x, w, b)) * 0.5 + x
        assert torch.equal(ns["Model"]()(x, w, b), expected)
    assert [tuple(t.shape) for t in ns["get_inputs"]()] == [(4, 16), (16, 16), (16,)]


def test_layouts_and_value_classes_are_kept():
    t = TensorArg(shape=(3, 4), dtype="float32", stride=(1, 3))
    assert make_tensor(t) == "torch.randn((4, 3)).permute(1, 0)"
    e = TensorArg(shape=(2, 5), dtype="float32", stride=(0, 1), values="nonneg")
    assert make_tensor(e) == "torch.rand((1, 5)).expand(2, 5)"
    i = TensorArg(shape=(7,), dtype="int64", stride=(1,), values="int:0:49")
    assert make_tensor(i) == "torch.randint(0, 50, (7,), dtype=torch.int64)"
    for arg in (t, e, i):
        made = eval(make_tensor(arg), {"torch": torch})  # noqa: S307 - our own generated expression
        assert tuple(made.shape) == arg.shape and tuple(made.stride()) == arg.stride


def test_extract_writes_each_shape_once_naming_every_origin(tmp_path):
    source = problem_source(Problem.from_source(TWO_BLOCKS, name="two_blocks"))
    prof = profile_model(source, ProfileConfig(repeats=1, warmup=0))
    written, skipped = extract(prof, tmp_path, top=5)
    assert not skipped
    ops = [e.ops for e in written]
    assert ("F.linear", "torch.tanh", ".mul", ".add") in ops and ("torch.softmax",) in ops
    assert len(written) == 2  # the two blocks' chains are one problem
    chain_file = next(e for e in written if len(e.ops) == 4)
    assert chain_file.origins == ("blocks.0.fc", "blocks.1.fc")
    text = chain_file.path.read_text()
    assert "blocks.0.fc, blocks.1.fc" in text and "2 call(s) per forward" in text
    Problem.from_file(chain_file.path)  # a valid KernelBench-format problem


def _reference_kernel(path, name, scale: float = 1.0, raises: bool = False) -> KernelFile:
    """A kernel that is the problem's own reference (pure PyTorch), optionally wrong or raising."""
    src = path.read_text()
    body = src.replace("class Model(", "class ModelNew(")
    if scale != 1.0:
        body = body.replace("        return v", f"        return {scale} * v")
    if raises:
        body = body.replace("        return v", "        raise RuntimeError('boom')\n        return v")
    return KernelFile(name=name, problem_source=src, solution_source=body, speedup=2.0)


def test_verify_keeps_correct_kernels_and_names_the_failing_ones(tmp_path):
    source = problem_source(Problem.from_source(TWO_BLOCKS, name="two_blocks"))
    prof = profile_model(source, ProfileConfig(repeats=1, warmup=0))
    written, _ = extract(prof, tmp_path, top=5)
    chain_file = next(e.path for e in written if len(e.ops) == 4)
    softmax_file = next(e.path for e in written if len(e.ops) == 1)
    other = tmp_path / "other.py"
    other.write_text(chain_file.read_text().replace("(4, 16)", "(8, 16)"))
    kernels = [_reference_kernel(chain_file, "chain"), _reference_kernel(softmax_file, "softmax", scale=1.01),
               _reference_kernel(other, "other")]
    report = verify_model(source, kernels, VerifyConfig(compile=False, repeats=2, warmup=0, trials=2))
    status = {k.name: (k.status, k.reason) for k in report.kernels}
    assert status["chain"][0] == "kept"
    assert status["softmax"][0] == "failed" and "outside atol=rtol=0.0001" in status["softmax"][1]
    assert status["other"][0] == "unmatched"
    chain = next(k for k in report.kernels if k.name == "chain")
    assert chain.calls == 8 and set(chain.scopes) == {"blocks.0", "blocks.1"}
    assert report.eager_ms > 0 and report.swapped_ms > 0 and report.predicted_speedup > 1.0
    assert chain.in_model_ms > 0  # the kernel's own time inside the swapped model, on the profile's clock
    assert "kept      chain" in format_report(report) and "in the model" in format_report(report)

    broken = [_reference_kernel(chain_file, "chain", raises=True)]
    report = verify_model(source, broken, VerifyConfig(compile=False, repeats=1, warmup=0, trials=1,
                                                       extra_distributions=False))
    assert report.kernels[0].status == "failed" and "boom" in report.kernels[0].reason


def test_verify_leaves_out_a_kernel_slower_than_eager_on_its_problem(tmp_path):
    """A validated kernel that lost to eager on its own problem would slow the model: left out, named, unless asked."""
    source = problem_source(Problem.from_source(TWO_BLOCKS, name="two_blocks"))
    prof = profile_model(source, ProfileConfig(repeats=1, warmup=0))
    written, _ = extract(prof, tmp_path, top=5)
    chain_file = next(e.path for e in written if len(e.ops) == 4)
    slow = dataclasses.replace(_reference_kernel(chain_file, "chain"), speedup=0.8)
    config = VerifyConfig(compile=False, repeats=1, warmup=0, trials=1, extra_distributions=False, min_speedup=1.0)
    report = verify_model(source, [slow], config)
    assert report.kernels[0].status == "slower" and "0.8x" in report.kernels[0].reason
    assert report.swapped_ms is None and "no kernel kept" in " ".join(report.notes)
    report = verify_model(source, [slow], VerifyConfig(compile=False, repeats=1, warmup=0, trials=1,
                                                       extra_distributions=False, min_speedup=0))
    assert report.kernels[0].status == "kept"


def test_the_swapped_kernel_really_runs_in_place_of_the_calls(tmp_path):
    """A kernel that counts its calls: the model's output is its output, the replaced calls do not run."""
    source = problem_source(Problem.from_source(TWO_BLOCKS, name="two_blocks"))
    prof = profile_model(source, ProfileConfig(repeats=1, warmup=0))
    written, _ = extract(prof, tmp_path, top=5)
    chain_file = next(e.path for e in written if len(e.ops) == 4)
    k = _reference_kernel(chain_file, "chain")
    counted = k.solution_source.replace("    def forward(self, x0, x1, x2):",
                                        "    calls = 0\n\n    def forward(self, x0, x1, x2):\n"
                                        "        type(self).calls += 1")
    from autokernel.profile import verify as V

    model = source.instantiate("cpu")
    trace = record_calls(model, source.inputs("cpu", seed=0))
    sites, _ = V.find_sites(trace, [KernelFile(name="chain", problem_source=k.problem_source,
                                               solution_source=counted)])
    kernel = V.load_solution(KernelFile(name="chain", problem_source=k.problem_source, solution_source=counted),
                             "cpu", 42)
    # each block's forward is the whole chain: its forward is replaced outright (nothing intercepted); the same
    # sites without that knowledge go through the scoped mode; both give the kernel's output, once per block
    assert all(s.forward_args is not None for s in sites["chain"])
    by_mode = [dataclasses.replace(s, forward_args=None, forward_sigs=()) for s in sites["chain"]]
    x = source.inputs("cpu", seed=1)
    for chosen, replaced in ((sites["chain"], True), (by_mode, False)):
        type(kernel).calls = 0
        handles = V.swap_kernels(model, chosen, {"chain": kernel})
        assert ("forward" in vars(model.get_submodule(sites["chain"][0].scope))) is replaced
        with torch.no_grad():
            swapped = model(*x)
        for h in handles:
            h.remove()
        assert "forward" not in vars(model.get_submodule(sites["chain"][0].scope))
        with torch.no_grad():
            assert torch.allclose(swapped, model(*x), atol=1e-6)
        assert type(kernel).calls == 2  # once per block
    assert body_of(chain_file.read_text()) == emit(trace, sites["chain"][0].members).body

    wrong = torch.randn(3, 16)  # a block called with another shape than its problem's: named, not run
    handles = V.swap_kernels(model, sites["chain"], {"chain": kernel})
    try:
        with pytest.raises(V.KernelDeviation, match="other shapes"), torch.no_grad():
            model.get_submodule(sites["chain"][0].scope)(wrong)
    finally:
        for h in handles:
            h.remove()


def test_cli_profile_extract_starter_eval_run_verify(tmp_path, capsys):
    """The whole workflow through the CLI on a tiny model, Triton kernels in the interpreter."""
    from kb.cli import main

    ext, run = tmp_path / "ext", tmp_path / "run"
    assert main(["profile", str(TINY), "--device", "cpu", "--top", "6", "--extract", str(ext), "--repeats", "1",
                 "--out", str(tmp_path / "prof")]) == 0
    out = capsys.readouterr().out
    assert "CPU wall time" in out and (tmp_path / "prof" / "profile.csv").is_file()
    files = sorted(ext.glob("*.py"))
    assert len(files) == 5  # 3 linears (2 with their relu), the layer norm, the softmax
    chain_file = next(f for f in files if "linear_relu_8x32" in f.name)
    assert main(["starter", str(chain_file), "-o", str(tmp_path / "sol.py")]) == 0
    assert "fused elementwise: relu" in capsys.readouterr().out
    assert main(["eval", str(chain_file), str(tmp_path / "sol.py"), "--device", "cpu", "--no-timing",
                 "--trials", "2"]) == 0
    assert main(["run", str(chain_file), "--device", "cpu", "--rounds", "0", "--proposer", "tuner",
                 "--no-timing", "--trials", "2", "--out", str(run)]) == 0
    capsys.readouterr()
    code = main(["verify", str(TINY), "--kernels", str(run), "--device", "cpu", "--no-compile", "--repeats", "2",
                 "--trials", "2", "--json", str(tmp_path / "v.json")])
    out = capsys.readouterr().out
    assert code == 0, out
    report = json.loads((tmp_path / "v.json").read_text())
    kept = [k for k in report["kernels"] if k["status"] == "kept"]
    assert len(kept) == 1 and kept[0]["calls"] == 2 and kept[0]["scopes"] == ["<forward>"]  # fc1's linear + relu


def test_a_transformers_decoder_from_its_config_profiles_extracts_and_verifies(tmp_path):
    pytest.importorskip("transformers")
    from autokernel.profile.source import HFSpec, hf_source

    source = hf_source(HFSpec(arch="gpt2", layers=2, seq_len=8, overrides={
        "n_embd": 32, "n_head": 2, "vocab_size": 100, "n_positions": 64, "eos_token_id": 0, "bos_token_id": 0}))
    prof = profile_model(source, ProfileConfig(repeats=1, warmup=0))
    modules = {m for r in prof.rows for m in r.modules}
    assert "model.transformer.h.1.mlp.c_fc" in modules and prof.trace.calls[0].args[0].values.startswith("int:")
    written, skipped = extract(prof, tmp_path, top=20)
    assert not skipped
    # GPT-2's MLP: the c_fc addmm, its view and the tanh-GELU written out, fused into one problem
    gelu = [e for e in written if e.ops[0] == "torch.addmm" and ".tanh" in e.ops or "torch.tanh" in e.ops]
    assert gelu and gelu[0].origins == ("model.transformer.h.0.mlp.c_fc", "model.transformer.h.1.mlp.c_fc")
    kernels = [_reference_kernel(e.path, e.path.stem) for e in written]
    report = verify_model(source, kernels, VerifyConfig(compile=False, repeats=1, warmup=0, trials=2))
    assert all(k.status == "kept" for k in report.kernels), format_report(report)
    assert "the model takes no floating inputs" in " ".join(report.notes)


def test_the_live_signature_equals_the_recorded_one_call_by_call():
    """The swap matches live calls against recorded ones by `_sig_now`, built in one walk without the recorder's
    pytree round trip: on a transformers decoder (views with torch.Size, keyword arguments, nested lists) every
    call's live signature must equal the recorded one."""
    pytest.importorskip("transformers")
    from torch.overrides import TorchFunctionMode

    from autokernel.profile.record import _QUERIES, call_name
    from autokernel.profile.source import HFSpec, hf_source
    from autokernel.profile.verify import _sig_now

    source = hf_source(HFSpec(arch="gpt2", overrides={"n_embd": 32, "n_head": 2, "n_positions": 64,
                                                      "vocab_size": 100}, seq_len=8))
    model, inputs = source.instantiate("cpu", seed=0), source.inputs("cpu", seed=0)
    trace = record_calls(model, inputs)
    live = []

    class Live(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if call_name(func) not in _QUERIES:
                live.append(_sig_now(func, args, kwargs))
            return func(*args, **kwargs)

    with torch.no_grad(), Live():
        model(*inputs)
    recorded = {c.signature() for c in trace.calls}
    assert len(trace.calls) > 50 and recorded <= set(live)


def test_extracted_problems_never_claim_one_call_twice(tmp_path, monkeypatch):
    """The ranking orders the candidates by measured time, so a lone operation can come before the chain that ends
    in it: GPT-2's mask `ne` was once extracted alone and again as the epilogue of `diff` (CI), and verify found the
    second problem's calls taken ("unmatched"). Here every lone operation comes first: each later chain stops
    before a call already written, and every problem is kept."""
    pytest.importorskip("transformers")
    from autokernel.profile import extract as extract_mod
    from autokernel.profile.source import HFSpec, hf_source

    source = hf_source(HFSpec(arch="gpt2", layers=2, seq_len=8, overrides={
        "n_embd": 32, "n_head": 2, "vocab_size": 100, "n_positions": 64, "eos_token_id": 0, "bos_token_id": 0}))
    prof = profile_model(source, ProfileConfig(repeats=1, warmup=0))
    ranked = list(extract_mod.candidates(prof))
    assert any(len(members) > 1 for _, members in ranked)
    monkeypatch.setattr(extract_mod, "candidates", lambda profile: sorted(ranked, key=lambda rm: len(rm[1])))
    written, _ = extract(prof, tmp_path, top=30)
    kernels = [_reference_kernel(e.path, e.path.stem) for e in written]
    report = verify_model(source, kernels, VerifyConfig(compile=False, repeats=1, warmup=0, trials=2))
    assert all(k.status == "kept" for k in report.kernels), format_report(report)
