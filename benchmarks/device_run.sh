#!/usr/bin/env bash
# One autokernel-kb command (or one of our Python scripts) on a lent GPU machine, run from the repository root, e.g.
#   bash benchmarks/device_run.sh bench --generations gens --level 1 --out "$OUT/bench"
#   bash benchmarks/device_run.sh benchmarks/model_pipeline.py run --model L3/44 --out "$OUT/models"
#   bash benchmarks/device_run.sh bench --problems L1/19 L1/40 --candidates dir:benchmarks/kernels/level1 --repeat 5 --out "$OUT/rep"
# Carry .whl/ (wheels the machine lacks, e.g. pydantic for KernelBench's evaluator, jsonschema for Ray: installed into
# /tmp/site without the network; .tar.xz files there are slimmed wheels, benchmarks/slim_wheel.py) and .gpu/kb (a
# KernelBench copy, files or dataset: the dataset unless AUTOKERNEL_KB_DATASET is set). Writes $OUT/gpu.txt
# (GPU, driver, clocks, versions, cores) and $OUT/command.log (the command's output); exits with its status. Where
# $OUT then holds more than a call brings back (8 files, 2 folders down), its folders are packed: <folder>.tgz.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
if compgen -G ".whl/*.whl" > /dev/null; then
  python3 -m pip install -q --no-index --no-deps --no-compile --upgrade --target /tmp/site .whl/*.whl || exit 1
fi
for t in .whl/*.tar.xz; do  # wheels slimmed to fit a call (benchmarks/slim_wheel.py): unpacked as they are
  [ -e "$t" ] && { mkdir -p /tmp/site && tar -xJf "$t" -C /tmp/site || exit 1; }
done
export PYTHONPATH=/tmp/site:$PWD${PYTHONPATH:+:$PYTHONPATH} PYTHONUNBUFFERED=1
if [ -d .gpu/kb ]; then
  export AUTOKERNEL_KB_DATASET=${AUTOKERNEL_KB_DATASET:-$PWD/.gpu/kb}
  export AUTOKERNEL_KB_DATASET_CONFIG=${AUTOKERNEL_KB_DATASET_CONFIG:-github_main}
fi
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv
  python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)"
  echo "cpus $(nproc)"; } > "$OUT/gpu.txt" 2>&1
case "${1:-}" in
  *.py) python3 "$@" 2>&1 | tee "$OUT/command.log" ;;
  *) python3 -m kb "$@" 2>&1 | tee "$OUT/command.log" ;;
esac
status=${PIPESTATUS[0]}
# A call brings back at most 8 files of $OUT, none more than 2 folders down: where more were written (a bench
# folder holds hundreds), each folder directly in $OUT is packed into <folder>.tgz, so none is left behind.
# DEVICE_RUN_PACK=0 leaves them (a later command of the same call resuming into one of them).
if [ "${DEVICE_RUN_PACK:-1}" != 0 ] && { [ "$(find "$OUT" -type f | wc -l)" -gt 8 ] \
    || [ -n "$(find "$OUT" -mindepth 4 -type f -print -quit)" ]; }; then
  for d in "$OUT"/*/; do
    [ -d "$d" ] || continue
    name=$(basename "$d")
    tar -czf "$OUT/$name.tgz" -C "$OUT" "$name" && rm -rf "${OUT:?}/$name"
  done
fi
exit "$status"
