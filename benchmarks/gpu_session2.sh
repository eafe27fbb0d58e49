#!/usr/bin/env bash
# Level-1 and level-2 runs with the built-in proposer on one GPU, resumable across device calls.
# Carry .whl (datasets wheels) and .gpu (kb = KernelBench copy; state.tgz = run dirs + baseline cache of
# the previous call). Usage, from the repository root: bash THIS_FILE ROUNDS L1_SECONDS L2_SECONDS [TEST_SECONDS [WORKERS]]
# (a level with 0 seconds is skipped). Results come back in $OUT/state.tgz: unpack into .gpu/ to resume.
set -u
ROUNDS=${1:-0}; L1_S=${2:-250}; L2_S=${3:-150}; TEST_S=${4:-0}; WORKERS=${5:-1}
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/datasets-*.whl .whl/dill-*.whl .whl/multiprocess-*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD AUTOKERNEL_KB_DATASET=$PWD/.gpu/kb AUTOKERNEL_KB_DATASET_CONFIG=github_main \
  AUTOKERNEL_KB_TEST_DATASET=$PWD/.gpu/kb AUTOKERNEL_KB_CACHE=$PWD/.gpu/cache PYTHONUNBUFFERED=1
mkdir -p .gpu/runs .gpu/cache
[ -f .gpu/state.tgz ] && tar xzf .gpu/state.tgz -C .gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv > "$OUT/gpu.txt"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, torch.cuda.get_device_name())" >> "$OUT/gpu.txt"
nproc >> "$OUT/gpu.txt"
pack() { tar czf "$OUT/state.tgz" -C .gpu runs cache; }
level() {  # level seconds
  [ "$2" -gt 0 ] || return 0
  local t0=$(date +%s)
  timeout -s INT -k 60 $(( $2 + 90 )) python3 -m kb run --level "$1" --rounds "$ROUNDS" --ideas 2 --branches 1 \
    --device cuda --workers-per-gpu $WORKERS --stop-after "$2" --out ".gpu/runs/L$1" --no-progress > "$OUT/L$1-r$ROUNDS.log" 2>&1
  echo "L$1 rc=$? $(( $(date +%s) - t0 ))s"; tail -n 14 "$OUT/L$1-r$ROUNDS.log" | head -n 12
  pack
}
level 1 "$L1_S"
level 2 "$L2_S"
if [ "$TEST_S" -gt 0 ]; then
  timeout -k 10 "$TEST_S" python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_gallery.py -k "h01 or h04 or h16 or h07_patch_cuda or cuda_inline" > "$OUT/gpu-tests.log" 2>&1
  echo "gpu tests rc=$?"; tail -n 15 "$OUT/gpu-tests.log"
fi
