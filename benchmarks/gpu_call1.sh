#!/usr/bin/env bash
# GPU acceptance of the evaluation harness (issue 2). Run on the device machine from the repo root:
#   bash benchmarks/gpu_call1.sh   (expects .whl/ wheels and .gpu/kb = a KernelBench dataset copy; writes $OUT)
set -u
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/datasets-*.whl .whl/dill-*.whl .whl/multiprocess-*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD AUTOKERNEL_KB_DATASET=$PWD/.gpu/kb AUTOKERNEL_KB_DATASET_CONFIG=github_main PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv | tee "$OUT/gpu.txt"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, torch.cuda.get_device_name())" | tee -a "$OUT/gpu.txt"
stage() { local name=$1 limit=$2; shift 2; echo "=== $name"; local t0=$(date +%s); timeout "$limit" "$@" > "$OUT/$name.log" 2>&1; echo "rc=$? $(( $(date +%s) - t0 ))s"; tail -n 40 "$OUT/$name.log"; }
stage gallery 170 python3 benchmarks/gallery_run.py --device cuda --out "$OUT/gallery.jsonl"
stage handwritten 150 python3 benchmarks/eval_batch.py --problems L1/1-100 --candidates dir:benchmarks/kernels/level1 --out "$OUT/handwritten.jsonl"
stage repeat 50 python3 benchmarks/eval_batch.py --problems L1/19 --candidates dir:benchmarks/kernels/level1 --repeat 5 --out "$OUT/repeat.jsonl"
stage wrap 40 python3 benchmarks/eval_batch.py --problems L1/1-100 --candidates wrap --no-timing --out "$OUT/wrap.jsonl"
stage copy 150 python3 benchmarks/eval_batch.py --problems L1/1-100 --candidates copy --no-timing --workers 4 --out "$OUT/copy.jsonl"
