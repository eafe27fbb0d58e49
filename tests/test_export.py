"""Exporter: source checks, run-directory selection, repository layout, card, CLI and upload errors.

Round trips through ``kernels`` loaders live in test_export_roundtrip.py; the helpers here are shared.
"""

from __future__ import annotations

import os

os.environ.setdefault("TRITON_INTERPRET", "1")  # before triton is imported anywhere in this process

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fakehub import FakeHub  # noqa: E402

from export.entries import entries_from_run, validated_backend  # noqa: E402
from export.export_hf import ExportConfig, export_kernels  # noqa: E402
from export.layout import file_digests, kernel_name  # noqa: E402
from export.source import ExportError, read_solution  # noqa: E402
from export.upload import upload  # noqa: E402
from kb.cli import main  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "export"
RELU = FIXTURES / "relu_scale"
BIAS = FIXTURES / "bias_relu"
REPO_ROOT = Path(__file__).resolve().parent.parent

# Environment variables that break kernels 0.17.2 Hub calls (hub_kernels.md §10.1): never pass them on.
_TELEMETRY_OPT_OUTS = ("HF_HUB_DISABLE_TELEMETRY", "DISABLE_TELEMETRY", "DO_NOT_TRACK")


# -- helpers shared with test_export_roundtrip.py ---------------------------------------------------


def make_run_dir(root: Path) -> Path:
    """A run directory with two publishable kernels and three that must be skipped."""
    run = root / "run"
    for slug, src in (("901_ReLU_Scale", RELU), ("902_Bias_ReLU", BIAS)):
        _problem(run, slug, src, json.loads((src / "verdict.json").read_text()))
    base = json.loads((RELU / "verdict.json").read_text())
    _problem(run, "903_Wrong", RELU, base | {"verdict": "incorrect", "reason": "max abs error 3.1"})
    _problem(run, "904_Quarantined", RELU, base | {"quarantined": True})
    cpu_env = {
        "torch": "2.13.0+cpu",
        "cuda_runtime": "None",
        "device": "cpu",
        "gpu": "none (CPU, Triton interpreter)",
    }
    _problem(run, "905_Cpu_Only", RELU, base | {"device": "cpu", "environment": cpu_env})
    return run


def _problem(run: Path, slug: str, src: Path, verdict: dict) -> None:
    folder = run / "problems" / slug
    folder.mkdir(parents=True)
    shutil.copy(src / "solution.py", folder / "best.py")
    shutil.copy(src / "problem.py", folder / "problem.py")
    (folder / "best.json").write_text(json.dumps(verdict))


def export_relu(out: Path, **kw) -> object:
    return export_kernels(
        ExportConfig(
            repo_id=kw.pop("repo_id", "acme/relu-kernels"),
            out_dir=out,
            solution=RELU / "solution.py",
            problem=RELU / "problem.py",
            verdict=RELU / "verdict.json",
            name="901_ReLU_Scale",
            **kw,
        )
    )


def run_python(code: str, *, env: dict[str, str] | None = None, timeout: int = 120, interpret: bool = True):
    """Run ``code`` in a fresh interpreter (HF_ENDPOINT etc. set before any import); parse its last stdout line."""
    full_env = {k: v for k, v in os.environ.items() if k not in _TELEMETRY_OPT_OUTS}
    full_env.update(env or {})
    if interpret:
        full_env["TRITON_INTERPRET"] = "1"
    else:
        full_env.pop("TRITON_INTERPRET", None)
    full_env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT), full_env.get("PYTHONPATH", "")])
    proc = subprocess.run(
        [sys.executable, "-c", code],
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO_ROOT,
    )
    if proc.returncode != 0:
        raise AssertionError(
            f"subprocess failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-6000:]}"
        )
    return json.loads(proc.stdout.strip().splitlines()[-1])


# -- source checks ----------------------------------------------------------------------------------


def test_read_solution_signatures():
    info = read_solution((BIAS / "solution.py").read_text())
    assert [p.name for p in info.init_params] == ["features", "scale"]
    assert info.init_params[1].default == "1.0"
    assert [(p.name, p.annotation) for p in info.forward_params] == [("x", "torch.Tensor")]
    assert info.forward_returns == "torch.Tensor"
    assert info.python_depends == ()


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("import torch\nclass ModelNew: pass\n", "no @triton.jit"),
        ("from torch.utils.cpp_extension import load_inline\n", "CUDA C++"),
        (
            "import triton\nimport mylib\n@triton.jit\ndef k(): pass\nclass ModelNew: pass\n",
            "imports 'mylib'",
        ),
        ("import triton\n@triton.jit\ndef k(): pass\n", "no top-level `class ModelNew`"),
        ("import triton\nfrom . import x\n@triton.jit\ndef k(): pass\n", "relative import"),
    ],
)
def test_read_solution_rejects(source, message):
    with pytest.raises(ExportError, match=message):
        read_solution(source)


def test_einops_becomes_a_python_dependency():
    source = (RELU / "solution.py").read_text().replace("import torch\n", "import torch\nimport einops\n", 1)
    assert read_solution(source).python_depends == ("einops",)


def test_validated_backend_from_verdict():
    assert validated_backend({"device": "cuda", "environment": {"gpu": "NVIDIA H200"}}) == "cuda"
    assert validated_backend({"device": "cuda:1", "environment": {"torch": "2.13.0+cu130"}}) == "cuda"
    assert validated_backend({"device": "cuda", "environment": {"torch": "2.13.0+rocm7.1"}}) == "rocm"
    assert validated_backend({"device": "cuda", "environment": {"gpu": "AMD Instinct MI300X"}}) == "rocm"
    cpu_env = {"torch": "2.13.0+rocm7.1", "gpu": "none (CPU, Triton interpreter)", "cuda_runtime": "None"}
    assert validated_backend({"device": "cpu", "environment": cpu_env}) is None
    assert validated_backend({"device": "", "environment": {}}) is None


def test_kernel_name_is_valid_metadata_name():
    assert kernel_name("acme/My_Kernels") == "my-kernels"
    assert kernel_name("acme/2fast") == "k-2fast"


# -- run directories --------------------------------------------------------------------------------


def test_run_dir_selects_correct_unquarantined_gpu_kernels(tmp_path):
    entries, skipped = entries_from_run(make_run_dir(tmp_path))
    assert sorted(e.problem_name for e in entries) == ["Bias_ReLU", "ReLU_Scale"]
    reasons = {s.name: s.reason for s in skipped}
    assert set(reasons) == {"903_Wrong", "904_Quarantined", "905_Cpu_Only"}
    assert "incorrect" in reasons["903_Wrong"]
    assert "quarantined" in reasons["904_Quarantined"]
    assert "GPU" in reasons["905_Cpu_Only"]


def test_export_run_dir_layout_and_metadata(tmp_path):
    from kernels._rust import Metadata

    out = tmp_path / "out"
    result = export_kernels(
        ExportConfig(repo_id="acme/kb-kernels", out_dir=out, run_dir=make_run_dir(tmp_path))
    )
    assert sorted(fn for fn, _, _ in result.exported) == ["bias_relu", "relu_scale"]
    assert len(result.skipped) == 3
    assert [p.name for p in (out / "build").iterdir()] == ["torch-cuda"]  # only the validated backend
    variant = out / "build" / "torch-cuda"
    meta = json.loads((variant / "metadata.json").read_text())
    assert meta["name"] == "kb-kernels" and meta["version"] == 1 and meta["python-depends"] == []
    assert meta["backend"] == {"type": "cuda"}
    assert meta["id"].startswith("_kb_kernels_cuda_") and len(meta["id"]) == len("_kb_kernels_cuda_") + 7
    assert meta["id"] in (variant / "_ops.py").read_text()
    assert meta["digest"]["files"] == file_digests(variant)
    assert set(meta["digest"]["files"]) == {p.name for p in variant.iterdir()} - {
        "metadata.json",
        "__pycache__",
    }
    parsed = Metadata.read_from_file(str(variant / "metadata.json"))  # the library's own parser accepts it
    assert parsed.id == meta["id"]
    # solutions ship verbatim: what was validated is what is published
    assert (variant / "_k_relu_scale.py").read_text() == (RELU / "solution.py").read_text()
    assert (out / "provenance" / "bias_relu" / "verdict.json").is_file()


def test_build_id_changes_with_the_kernel_source(tmp_path):
    export_relu(tmp_path / "a")
    changed = tmp_path / "changed"
    changed.mkdir()
    for name in ("problem.py", "verdict.json"):
        shutil.copy(RELU / name, changed / name)
    (changed / "solution.py").write_text((RELU / "solution.py").read_text().replace("128", "256"))
    export_kernels(
        ExportConfig(
            repo_id="acme/relu-kernels",
            out_dir=tmp_path / "b",
            solution=changed / "solution.py",
            problem=changed / "problem.py",
            verdict=changed / "verdict.json",
            name="901_ReLU_Scale",
        )
    )
    ids = [
        json.loads((tmp_path / d / "build/torch-cuda/metadata.json").read_text())["id"] for d in ("a", "b")
    ]
    assert ids[0] != ids[1]


def test_generated_api_signatures(tmp_path):
    export_kernels(ExportConfig(repo_id="acme/kb", out_dir=tmp_path / "out", run_dir=make_run_dir(tmp_path)))
    functions = (tmp_path / "out/build/torch-cuda/_functions.py").read_text()
    assert "def relu_scale(x, *, scale=2.5):" in functions
    assert (
        "def bias_relu(x: torch.Tensor, *, shift: torch.Tensor, features=32, scale=0.5) -> torch.Tensor:"
        in functions
    )
    layers = (tmp_path / "out/build/torch-cuda/layers.py").read_text()
    assert "class BiasReLU(nn.Module):" in layers and "class ReLUScale(nn.Module):" in layers
    assert '_attr_path(self, "bias")' in layers  # reference `bias` feeds ModelNew's `shift`, matched by value
    assert "features=32" in layers  # not stored on Model: fixed to the validated value, and said so
    assert "fixed to the validated values" in layers


def test_card(tmp_path):
    export_kernels(
        ExportConfig(
            repo_id="acme/kb",
            out_dir=tmp_path / "out",
            run_dir=make_run_dir(tmp_path),
            dataset="kernelbench@test",
            commit="abc123",
        )
    )
    card = (tmp_path / "out" / "README.md").read_text()
    assert card.startswith("---\nlibrary_name: kernels\n")
    assert 'get_kernel("acme/kb", version=1, trust_remote_code=True)' in card
    assert "return torch.relu(x + self.bias) * self.scale" in card  # the reference it was validated against
    assert (
        "| `relu_scale` | NVIDIA H200 | 0.01 | 0.02 | 0.015 | 2.00× | 1.50× | tolerance=fp32, atol=1e-05"
        in card
    )
    assert "torch 2.13.0+cu130, cuda_runtime 13.0, triton 3.9.0, driver 580.95.05" in card
    assert "kernelbench@test" in card and "abc123" in card
    for skipped in ("903_Wrong", "904_Quarantined", "905_Cpu_Only"):
        assert skipped in card


def test_the_card_says_when_a_kernel_is_tied_to_a_torch_version(tmp_path):
    run = make_run_dir(tmp_path)
    best = run / "problems" / "902_Bias_ReLU" / "best.json"
    best.write_text(json.dumps(json.loads(best.read_text()) | {"tied_to_torch": "2.11.0+cu130"}))
    export_kernels(ExportConfig(repo_id="acme/kb", out_dir=tmp_path / "out", run_dir=run))
    card = (tmp_path / "out" / "README.md").read_text()
    assert card.count("**Tied to torch 2.11.0+cu130:**") == 1  # the one kernel that imports inductor's helpers


def test_no_verdict_exports_with_a_warning_in_the_card(tmp_path):
    export_kernels(
        ExportConfig(
            repo_id="acme/xk", out_dir=tmp_path, solution=RELU / "solution.py", problem=RELU / "problem.py"
        )
    )
    card = (tmp_path / "README.md").read_text()
    assert "not validated by autokernel-kb" in card
    assert "not measured (no verdict)" in card


def test_solution_alone_needs_the_problem_for_constructor_values(tmp_path):
    with pytest.raises(ExportError, match="needs scale.*--problem"):
        export_kernels(ExportConfig(repo_id="acme/xk", out_dir=tmp_path, solution=RELU / "solution.py"))


def test_incorrect_single_file_is_refused(tmp_path):
    verdict = json.loads((RELU / "verdict.json").read_text()) | {"verdict": "incorrect"}
    (tmp_path / "v.json").write_text(json.dumps(verdict))
    with pytest.raises(ExportError, match="not 'correct'"):
        export_kernels(
            ExportConfig(
                repo_id="acme/xk",
                out_dir=tmp_path / "o",
                solution=RELU / "solution.py",
                verdict=tmp_path / "v.json",
            )
        )


def test_cpu_backend_is_refused(tmp_path):
    with pytest.raises(ExportError, match="torch-cpu variant importing triton"):
        export_relu(tmp_path, backend="cpu")


def test_cli_dry_run(tmp_path, capsys):
    argv = ["export", str(make_run_dir(tmp_path)), "--repo", "acme/kb", "--out", str(tmp_path / "o"), "--dry-run"]
    # the fixtures' verdicts record no protocol (judged before protocols were recorded: strict), and the
    # export's default is the kernelbench protocol
    assert main(argv) == 2
    assert "judged under the strict protocol, not kernelbench (export it with --protocol strict)" in capsys.readouterr().err
    assert main([*argv, "--protocol", "strict"]) == 0
    out = capsys.readouterr().out
    assert "v1  build/torch-cuda/metadata.json" in out and "main  README.md" in out
    assert "skipped 904_Quarantined" in out
    card = (tmp_path / "o" / "README.md").read_text()
    assert "Judging protocol: `strict` — fp32 truth (TF32 off)" in card and "- judging protocol: `strict`" in card


def test_export_takes_the_kernels_of_one_protocol(tmp_path, capsys):
    run = make_run_dir(tmp_path)
    verdict = run / "problems" / "902_Bias_ReLU" / "best.json"
    verdict.write_text(json.dumps(json.loads(verdict.read_text()) | {"protocol": "kernelbench"}))
    assert main(["export", str(run), "--repo", "acme/kb", "--out", str(tmp_path / "o"), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "exported bias_relu (L1/902) in build/torch-cuda" in out and out.count(" exported ") == 1
    assert "skipped 901_ReLU_Scale: judged under the strict protocol, not kernelbench" in out
    card = (tmp_path / "o" / "README.md").read_text()
    assert "Judging protocol: `kernelbench` — KernelBench's own protocol" in card
    # no filter: both, and the card says the two protocols differ
    result = export_kernels(ExportConfig(repo_id="acme/kb", out_dir=tmp_path / "all", run_dir=run))
    assert len(result.exported) == 2
    card = (tmp_path / "all" / "README.md").read_text()
    assert "judged under different protocols" in card and "- `kernelbench`: " in card and "- `strict`: " in card


def test_cli_reports_errors(tmp_path, capsys):
    assert main(["export", str(tmp_path), "--repo", "acme/kb", "--out", str(tmp_path / "o")]) == 2
    assert "not a run directory" in capsys.readouterr().err


# -- upload errors (against the loopback fake Hub) -------------------------------------------------


@pytest.fixture
def hub():
    server = FakeHub(token="hf_test").start()
    yield server
    server.stop()


def test_upload_403_says_where_to_get_kernel_access(tmp_path, hub):
    hub.forbid_create = True
    export_relu(tmp_path)
    with pytest.raises(ExportError, match=r"kernel-creation access.*huggingface.co/settings/account"):
        upload(tmp_path, repo_id="acme/relu-kernels", version=1, endpoint=hub.url, token="hf_test")


def test_upload_without_login_says_how_to_log_in(tmp_path, hub, monkeypatch):
    export_relu(tmp_path)
    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "empty-home"))  # no stored token
    with pytest.raises(ExportError, match="hf auth login.*HF_TOKEN"):
        upload(tmp_path, repo_id="acme/relu-kernels", version=1, endpoint=hub.url)
    with pytest.raises(ExportError, match="401.*hf auth login"):
        upload(tmp_path, repo_id="acme/relu-kernels", version=1, endpoint=hub.url, token="hf_wrong")


def test_upload_creates_branch_and_replaces_only_uploaded_variants(tmp_path, hub):
    export_relu(tmp_path / "a")
    done = upload(tmp_path / "a", repo_id="acme/relu-kernels", version=1, endpoint=hub.url, token="hf_test")
    assert "acme/relu-kernels" in done.repo_url
    v1 = hub.files("acme/relu-kernels", "v1")
    assert "build/torch-cuda/metadata.json" in v1 and "README.md" not in v1
    main = hub.files("acme/relu-kernels", "main")
    assert "README.md" in main and not any(p.startswith("build/") for p in main)
    # a stale file in the uploaded variant disappears on re-upload
    hub.repos["acme/relu-kernels"].commits[hub.repos["acme/relu-kernels"].branches["v1"]][
        "build/torch-cuda/old.py"
    ] = b""
    upload(tmp_path / "a", repo_id="acme/relu-kernels", version=1, endpoint=hub.url, token="hf_test")
    assert "build/torch-cuda/old.py" not in hub.files("acme/relu-kernels", "v1")


def test_create_pr_opens_pull_requests_and_leaves_branches(tmp_path, hub):
    export_relu(tmp_path)
    with pytest.raises(ExportError, match="no branch v2"):
        hub.repos.clear()
        upload(tmp_path, repo_id="acme/relu-kernels", version=1, endpoint=hub.url, token="hf_test")
        upload(
            tmp_path,
            repo_id="acme/relu-kernels",
            version=2,
            endpoint=hub.url,
            token="hf_test",
            create_pr=True,
        )
    before = dict(hub.repos["acme/relu-kernels"].branches)
    done = upload(
        tmp_path, repo_id="acme/relu-kernels", version=1, endpoint=hub.url, token="hf_test", create_pr=True
    )
    assert len(done.pr_urls) == 2 and all("/discussions/" in u for u in done.pr_urls)
    assert hub.repos["acme/relu-kernels"].branches == before
    assert hub.repos["acme/relu-kernels"].pr_targets == {1: "v1", 2: "main"}


def test_cli_upload_to_fake_hub(tmp_path, hub, monkeypatch, capsys):
    monkeypatch.setenv("HF_TOKEN", "hf_test")
    argv = ["export", str(make_run_dir(tmp_path)), "--repo", "acme/kb", "--out", str(tmp_path / "o"), "--upload",
            "--protocol", "strict"]
    assert main([*argv, "--endpoint", hub.url]) == 0
    assert "uploaded:" in capsys.readouterr().out
    assert {"build/torch-cuda/_k_relu_scale.py", "build/torch-cuda/_k_bias_relu.py"} <= set(
        hub.files("acme/kb", "v1")
    )
    hub.forbid_create = True
    hub.repos.clear()
    assert main([*argv, "--endpoint", hub.url]) == 2
    assert "kernel-creation access" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("problem", "function"),
    [
        ("19_ReLU", "relu"),
        ("98_KLDivLoss", "kl_div_loss"),
        ("88_MinGPTNewGelu", "min_gpt_new_gelu"),
        ("36_RMSNorm_", "rms_norm"),
        ("Conv3D_LeakyReLU", "conv3d_leaky_relu"),
        ("1_Square_matrix_multiplication_", "square_matrix_multiplication"),
    ],
)
def test_function_names_follow_torch_functional_style(problem, function):
    from export.codegen import function_name

    assert function_name(problem) == function


def test_layer_finds_constructor_values_inside_submodules():
    import torch

    from export.introspect import _attr_holding

    class Ref(torch.nn.Module):
        def __init__(self, normalized_shape, dim):
            super().__init__()
            self.ln = torch.nn.LayerNorm(normalized_shape)
            self.dim = dim

    ref = Ref((4, 8), 1)
    assert _attr_holding(ref, "normalized_shape", (4, 8)) == "ln.normalized_shape"  # nn.LayerNorm keeps it
    assert _attr_holding(ref, "dim", 1) == "dim"
    assert (
        _attr_holding(ref, "axis", 1) is None
    )  # a small int found only by value is a coincidence, not a binding


def test_a_state_tensor_named_like_a_constructor_argument_gets_its_own_keyword():
    """KernelBench L2/3 has `sum_weight` as a constructor argument and as a parameter: both stay inputs."""
    from export.codegen import build_spec
    from export.introspect import ModelFacts, StateTensor
    from export.source import Param, SolutionInfo

    info = SolutionInfo(
        init_params=(Param(name="channels", kind="positional"), Param(name="sum_weight", kind="positional")),
        forward_params=(Param(name="x", kind="positional"),),
        forward_returns=None,
        python_depends=(),
    )
    facts = ModelFacts(
        init_values={"channels": 4, "sum_weight": 1.5},
        state=(StateTensor(name="sum_weight", shape=(), dtype="float32", kind="parameter"),),
    )
    spec = build_spec(fn_name="f", cls_name="F", info=info, facts=facts, reference_forward=None)
    assert [(s.arg, s.state) for s in spec.state_args] == [("sum_weight_state", "sum_weight")]
    assert [i.name for i in spec.init_args] == ["channels", "sum_weight"]
