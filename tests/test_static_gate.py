from autokernel.evaluate.static import inspect_source

KERNEL = """import torch, triton
import triton.language as tl
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
"""


def test_triton_backend_and_kernel_names():
    r = inspect_source(KERNEL + "class ModelNew(torch.nn.Module):\n    pass\n")
    assert r.check.passed and r.backend == "triton" and r.kernel_names == ("k",)


def test_cuda_backend_detected():
    src = ('from torch.utils.cpp_extension import load_inline\nSRC = """__global__ void add_kernel(float* x) {}"""\n'
           "class ModelNew:\n    pass\n")
    r = inspect_source(src)
    assert r.check.passed and r.backend == "cuda" and r.kernel_names == ("add_kernel",)


def test_pure_pytorch_is_rejected():
    r = inspect_source("import torch\nclass ModelNew(torch.nn.Module):\n    def forward(self, x):\n        return x.relu()\n")
    assert not r.check.passed and "no kernel of its own" in r.check.reason


def test_harness_reaching_code_is_rejected():
    for bad in ("import threading\n", "import gc\nx = gc.get_objects()\n", "import os\nos.environ['A']\n",
                "import torch\ntorch.cuda.synchronize = lambda: None\n", "import time\ntime.perf_counter = len\n",
                "import sys\nf = sys._getframe(1)\n", "import ctypes\n"):
        r = inspect_source(KERNEL + bad + "class ModelNew:\n    pass\n")
        assert not r.check.passed, bad
        assert r.check.reason.startswith("rejected"), bad


def test_mentions_in_strings_and_comments_are_not_offences():
    r = inspect_source(KERNEL + '# gc.get_objects() is forbidden\nDOC = "import threading"\nclass ModelNew:\n    pass\n')
    assert r.check.passed


def test_syntax_error_and_missing_model_new():
    assert inspect_source("def (:").syntax_error
    assert not inspect_source(KERNEL).has_model_new
