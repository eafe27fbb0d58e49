#!/usr/bin/env bash
# One device call that continues the H200 work where the committed runs stopped (see the closing notes):
#   0. calibrate the GPU, and run the split-reduction starter GPU tests,
#   1. export round trip of the runs' kernels through the Hub code path (issue 6),
#   2. resume the level-2 and level-1 runs in leaderboards/runs/h200-2026-11-29 (issues 2-5).
# Carry .whl: datasets, dill, multiprocess (KernelBench loading) and kernels, tomlkit, huggingface_hub 2.4,
# httpx2, httpcore2, truststore (Hub export); fetch them with the `pip download` line in the device README.
# Carry .gpu/kb: a copy of ../shared/kernelbench. Usage: bash benchmarks/gpu_next.sh L2_SECONDS L1_SECONDS
# Bring back $OUT/runs.tgz and unpack it over leaderboards/runs/ (it holds no .git folders).
set -u
L2_S=${1:-200}; L1_S=${2:-200}
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl || exit 1
RUNS=leaderboards/runs/h200-2026-11-29
export PYTHONPATH=/tmp/site:$PWD AUTOKERNEL_KB_DATASET=$PWD/.gpu/kb AUTOKERNEL_KB_DATASET_CONFIG=github_main \
  AUTOKERNEL_KB_TEST_DATASET=$PWD/.gpu/kb AUTOKERNEL_KB_CACHE=$PWD/$RUNS/cache PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,temperature.gpu,power.draw --format=csv > "$OUT/gpu.txt"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)" >> "$OUT/gpu.txt"
pack() { tar czf "$OUT/runs.tgz" --exclude=.git --exclude=.gitignore -C leaderboards runs; }

python3 -c "import kernels, huggingface_hub; print('kernels', kernels.__version__, 'hub', huggingface_hub.__version__)" >> "$OUT/gpu.txt" 2>&1
# measured ceilings (cached with the runs; they win over the datasheet table for % of floor)
timeout 120 python3 -m autokernel calibrate --json > "$OUT/calibrate.json" 2> "$OUT/calibrate.log"; echo "calibrate rc=$?"
# the split reduction / row-norm starters compiled for real (CPU tests use the interpreter)
TRITON_INTERPRET=0 timeout -k 5 90 python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_starters_split.py \
  > "$OUT/split-gpu.log" 2>&1; echo "split gpu tests rc=$?"; tail -n 3 "$OUT/split-gpu.log"
( unset HF_HUB_DISABLE_TELEMETRY DISABLE_TELEMETRY DO_NOT_TRACK LOCAL_KERNELS TRITON_INTERPRET
  timeout -k 10 200 python3 benchmarks/export_roundtrip.py --run $RUNS/L1 --run $RUNS/L2 --device cuda \
    --out "$OUT/export" --limit 8 > "$OUT/export.log" 2>&1
  echo "export rc=$?"; tail -n 20 "$OUT/export.log" )
level() {  # level seconds workers
  [ "$2" -gt 0 ] || return 0
  local t0=$(date +%s)
  timeout -s INT -k 60 $(( $2 + 90 )) python3 -m autokernel run --level "$1" --rounds 0 --device cuda \
    --workers-per-gpu "$3" --stop-after "$2" --out "$RUNS/L$1" --no-progress > "$OUT/L$1.log" 2>&1
  echo "L$1 rc=$? $(( $(date +%s) - t0 ))s"; grep -E "^(problems_with|problems_faster|candidates_)" "$OUT/L$1.log"
  pack
}
level 2 "$L2_S" 4
level 1 "$L1_S" 2
