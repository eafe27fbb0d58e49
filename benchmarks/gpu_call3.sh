#!/usr/bin/env bash
# GPU acceptance of the evaluation harness (issue 2), second pass. Run from the repo root on the device machine
# with .whl/ (datasets wheels) and .gpu/kb (KernelBench dataset copy) carried; writes $OUT.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/datasets-*.whl .whl/dill-*.whl .whl/multiprocess-*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD AUTOKERNEL_KB_DATASET=$PWD/.gpu/kb AUTOKERNEL_KB_DATASET_CONFIG=github_main PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv > "$OUT/gpu.txt"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, torch.cuda.get_device_name())" >> "$OUT/gpu.txt"
stage() { local name=$1 limit=$2; shift 2; echo "=== $name"; local t0=$(date +%s); timeout "$limit" "$@" > "$OUT/$name.log" 2>&1; echo "rc=$? $(( $(date +%s) - t0 ))s"; grep -E "^(L1|ok|BAD|done|[0-9]+ passed)" "$OUT/$name.log" | tail -n 30; }

stage handwritten 170 python3 benchmarks/eval_batch.py --problems L1/1-100 --candidates dir:benchmarks/kernels/level1 --compile-baseline --out "$OUT/handwritten.jsonl"
stage repeat 50 python3 benchmarks/eval_batch.py --problems L1/19 --candidates dir:benchmarks/kernels/level1 --repeat 5 --out "$OUT/repeat.jsonl"
stage copy 200 python3 benchmarks/eval_batch.py --problems L1/1-100 --candidates copy --no-timing --workers 2 --out "$OUT/copy.jsonl"
