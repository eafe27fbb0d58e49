"""Round trips through the real ``kernels`` 0.17.2 loaders: exported kernels load and match ModelNew.

On CPU torch, ``kernels`` detects the ``cpu`` backend and rejects ``build/torch-cuda`` (``backend=`` may only
be "cpu" or the detected backend). What works here, and is what these tests use:
- ``get_local_kernel(<out>/build/torch-cuda)``: a folder holding metadata.json *is* the variant, whatever
  the backend; the same goes for ``LOCAL_KERNELS=org/name=<out>/build/torch-cuda``;
- for the Hub path, the loading subprocess sets ``torch.version.cuda`` (the fact ``kernels`` reads to pick
  the backend) before calling ``get_kernel``, so variant selection behaves as on a CUDA build.
Triton runs under TRITON_INTERPRET=1 on CPU tensors in every case.
"""

from __future__ import annotations

import os

os.environ.setdefault("TRITON_INTERPRET", "1")  # before triton is imported anywhere in this process

import importlib.util
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from fakehub import FakeHub  # noqa: E402
from test_export import BIAS, RELU, make_run_dir, run_python  # noqa: E402

from export.export_hf import ExportConfig, export_kernels  # noqa: E402
from export.upload import upload  # noqa: E402

torch = pytest.importorskip("torch")


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("roundtrip")
    out = root / "out"
    export_kernels(ExportConfig(repo_id="acme/kb-kernels", out_dir=out, run_dir=make_run_dir(root)))
    return out


def test_get_local_kernel_matches_model_new(exported):
    import kernels

    kernel = kernels.get_local_kernel(exported / "build" / "torch-cuda")
    assert set(kernel.__all__) >= {"relu_scale", "bias_relu", "layers"}

    relu_new = _load(RELU / "solution.py", "_fixture_relu_solution").ModelNew(2.5)
    x = torch.randn(4, 64)
    torch.testing.assert_close(kernel.relu_scale(x), relu_new(x), rtol=0, atol=0)
    torch.testing.assert_close(kernel.relu_scale(x, scale=-1.0), torch.relu(x) * -1.0)

    bias_new = _load(BIAS / "solution.py", "_fixture_bias_solution").ModelNew(32, 0.5)
    y = torch.randn(8, 32)
    torch.testing.assert_close(
        kernel.bias_relu(y, shift=bias_new.shift.detach()), bias_new(y), rtol=0, atol=0
    )
    # a different feature count works too: the state is the caller's, the module is built on meta
    shift = torch.randn(16)
    z = torch.randn(3, 16)
    torch.testing.assert_close(kernel.bias_relu(z, shift=shift, features=16), torch.relu(z + shift) * 0.5)
    with pytest.raises(TypeError):
        kernel.bias_relu(y)  # state tensors are required keywords


def test_kernelize_replaces_the_reference_forward(exported):
    from kernels import LocalLayerRepository, Mode, kernelize, use_kernel_forward_from_hub, use_kernel_mapping

    problem = _load(BIAS / "problem.py", "_fixture_bias_problem")

    @use_kernel_forward_from_hub("BiasReLU")
    class MyBiasReLU(problem.Model):
        pass

    torch.manual_seed(0)
    model = MyBiasReLU(32, 0.5)
    x = torch.randn(8, 32)
    expected = model(x)
    repo = LocalLayerRepository(repo_path=exported / "build" / "torch-cuda", layer_name="BiasReLU")
    with use_kernel_mapping({"BiasReLU": {"cpu": repo}}):
        kernelize(model, mode=Mode.INFERENCE, device="cpu")
    assert model.forward.__func__.__qualname__ == "BiasReLU.forward"  # the Hub layer, not Model.forward
    with torch.no_grad():
        torch.testing.assert_close(model(x), expected)
    # forward-only kernels refuse training mode instead of silently dropping gradients
    with use_kernel_mapping({"BiasReLU": {"cpu": repo}}), pytest.raises(ValueError, match="does not support"):
        kernelize(MyBiasReLU(32, 0.5), mode=Mode.TRAINING, device="cpu", use_fallback=False)


_COMPARE = """
import importlib.util, json, sys, torch
def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
def max_diffs(kernel):
    relu = load(RELU / "solution.py", "fx_relu").ModelNew(2.5)
    bias = load(BIAS / "solution.py", "fx_bias").ModelNew(32, 0.5)
    x, y = torch.randn(4, 64), torch.randn(8, 32)
    return [
        (kernel.relu_scale(x) - relu(x)).abs().max().item(),
        (kernel.bias_relu(y, shift=bias.shift.detach()) - bias(y)).abs().max().item(),
    ]
"""


def _compare_prelude() -> str:
    return f"from pathlib import Path\nRELU = Path({str(RELU)!r})\nBIAS = Path({str(BIAS)!r})\n" + _COMPARE


@pytest.mark.slow  # a fresh interpreter importing torch, kernels and triton
def test_local_kernels_env_with_get_kernel(exported):
    code = (
        _compare_prelude()
        + f"""
import os, kernels
root = {str(exported)!r}
out = {{}}
os.environ["LOCAL_KERNELS"] = "acme/kb-kernels=" + root
try:  # the repo root: CPU torch picks no variant (only torch-cuda exists)
    kernels.get_kernel("acme/kb-kernels", version=1)
except FileNotFoundError as exc:
    out["root_on_cpu"] = "torch-cuda" in str(exc)
os.environ["LOCAL_KERNELS"] = "acme/kb-kernels=" + root + "/build/torch-cuda"
out["variant_dir"] = max_diffs(kernels.get_kernel("acme/kb-kernels", version=1))
print(json.dumps(out))
"""
    )
    result = run_python(code)
    assert result == {"root_on_cpu": True, "variant_dir": [0.0, 0.0]}


@pytest.fixture
def hub():
    server = FakeHub(token="hf_test", trusted_orgs={"trusted-org"}).start()
    yield server
    server.stop()


@pytest.mark.slow  # a fresh interpreter importing torch, kernels and triton
def test_upload_then_get_kernel_from_fake_hub(exported, hub, tmp_path):
    for repo in ("acme/kb-kernels", "trusted-org/kb-kernels"):
        upload(exported, repo_id=repo, version=1, endpoint=hub.url, token="hf_test")
    v1_sha = hub.repos["acme/kb-kernels"].branches["v1"]
    code = (
        _compare_prelude()
        + f"""
import kernels
out = {{}}
try:
    kernels.get_kernel("acme/kb-kernels", version=1)
except ValueError as exc:
    out["untrusted"] = "not from a trusted publisher" in str(exc)
try:  # CPU torch: the only variant is torch-cuda
    kernels.get_kernel("acme/kb-kernels", version=1, trust_remote_code=True)
except FileNotFoundError as exc:
    out["cpu_torch"] = "torch-cuda" in str(exc)
torch.version.cuda = "12.8"  # what a CUDA torch build reports; kernels picks the backend from it
kernel = kernels.get_kernel("acme/kb-kernels", version=1, trust_remote_code=True)
out["version"] = max_diffs(kernel)
out["revision"] = max_diffs(kernels.get_kernel("acme/kb-kernels", revision={v1_sha!r}, trust_remote_code=True))
out["trusted_org"] = max_diffs(kernels.get_kernel("trusted-org/kb-kernels", version=1))
try:
    kernels.get_kernel("acme/kb-kernels", version=2, trust_remote_code=True)
except Exception as exc:
    out["no_v2"] = type(exc).__name__
from kernels import LayerRepository, Mode, kernelize, use_kernel_forward_from_hub, use_kernel_mapping
problem = load(RELU / "problem.py", "fx_relu_problem")
@use_kernel_forward_from_hub("ReLUScale")
class Mine(problem.Model):
    pass
model = Mine(-2.0)
x = torch.randn(4, 64)
repo = LayerRepository("acme/kb-kernels", layer_name="ReLUScale", version=1, trust_remote_code=True)
with use_kernel_mapping({{"ReLUScale": {{"cpu": repo}}}}):  # a "cuda" key would query the (absent) GPU
    kernelize(model, mode=Mode.INFERENCE, device="cpu")
out["layer"] = [model.forward.__func__.__qualname__, (model(x) - torch.relu(x) * -2.0).abs().max().item()]
print(json.dumps(out))
"""
    )
    env = {"HF_ENDPOINT": hub.url, "HF_HOME": str(tmp_path / "hf-home"), "HF_TOKEN": "hf_test"}
    result = run_python(code, env=env)
    assert result["untrusted"] is True
    assert result["cpu_torch"] is True
    assert result["version"] == [0.0, 0.0]
    assert result["revision"] == [0.0, 0.0]
    assert result["trusted_org"] == [0.0, 0.0]
    assert result["no_v2"] in ("ValueError", "FileNotFoundError", "RevisionNotFoundError")
    assert result["layer"] == ["ReLUScale.forward", 0.0]
    assert any("/resolve/" in r and "build/torch-cuda/_k_relu_scale.py" in r for r in hub.requests)


@pytest.mark.gpu
def test_get_kernel_on_cuda_matches_model_new(exported):
    """On a CUDA machine: real variant selection from the repo root, compiled Triton, CUDA tensors."""
    if not torch.cuda.is_available():
        pytest.skip("needs a CUDA GPU")
    code = (
        _compare_prelude()
        .replace(
            "torch.randn(4, 64), torch.randn(8, 32)",
            "torch.randn(4, 64, device='cuda'), torch.randn(8, 32, device='cuda')",
        )
        .replace(".ModelNew(32, 0.5)", ".ModelNew(32, 0.5).cuda()")
        + f"""
import os, kernels
os.environ["LOCAL_KERNELS"] = "acme/kb-kernels=" + {str(exported)!r}
print(json.dumps(max_diffs(kernels.get_kernel("acme/kb-kernels", version=1))))
"""
    )
    assert run_python(code, interpret=False) == [0.0, 0.0]
