#!/usr/bin/env bash
# Sessions 3 to 6 device calls, for one or several H200s (session 3 had nvidia-h200-x4 and x2, session 4 one GPU).
# Every call starts from this checkout's leaderboards/runs (copied to the ignored .gpurun/): a warm machine's
# ignored folders were not reliably kept between calls (session 3 lost a run directory that way). Bring back
# $OUT/runs.tgz and unpack it over leaderboards/runs/ after every call, before the next one.
# Carry .whl: datasets, dill, multiprocess (KernelBench loading) and kernels, tomlkit, huggingface_hub 2.4, httpx2,
# httpcore2, truststore (Hub export), fetched with the `pip download` line in the device README; and .gpu/kb, a copy
# of ../shared/kernelbench.
#   bash benchmarks/gpu_session3.sh a   # last GPU: calibrate, split tests, export round trip, then L2 round 0;
#                                       # the others: L1 round 0 (every problem's generated starter)
#   bash benchmarks/gpu_session3.sh d S     # L1 round 0 on GPU 0, L2 round 0 on the others
#   bash benchmarks/gpu_session3.sh next S R IDEAS W REP  # repeatability, then both levels with R rounds (see the phase)
#   bash benchmarks/gpu_session3.sh search LEVEL S R IDEAS W  # one level on every GPU, resuming its run directory
#   bash benchmarks/gpu_session3.sh fix S IDS  # re-judge L1 rows recorded incorrect for problems IDS (e.g. 4,93,97)
#   bash benchmarks/gpu_session3.sh spread S  # benchmarks/timing_spread.py on L1/40 and L1/19 (S seconds each at most)
#   bash benchmarks/gpu_session3.sh s5 S R1 R2 IDEAS W SP  # GPU 0: `spread` (SP s each), then level 1 to round R1; others: level 2 to R2
#   bash benchmarks/gpu_session3.sh s5b S JIT L1P L2P  # jitter A/B + 5-repeat judge, changed starters (session 5)
#   bash benchmarks/gpu_session3.sh s5c S JIT  # the same on 3+ GPUs: L1 on GPU 1, L2 on GPUs 2.. (session 5)
#   bash benchmarks/gpu_session3.sh placement S  # L1/40 reseg diagnostic, then the 5-repeat judge, 1 vs 3 placements
#   bash benchmarks/gpu_session3.sh s6 S  # placement A/B on GPU 0; round 0 of L1, L2, L3 re-judged on the others
#   bash benchmarks/gpu_session3.sh s6b S  # 5-repeat judge, jitter + 10 vs 25 placements on 2 GPUs; then round 0
#   bash benchmarks/gpu_session3.sh s6c  # 5-repeat judge: L2 emptied by reading vs by writing, 2 GPUs
#   bash benchmarks/gpu_session3.sh s6d  # 5-repeat judge of the generated L1/40 and L1/88 kernels (controls)
#   bash benchmarks/gpu_session3.sh s6e  # 5-repeat judge with a 1 ms GPU lead before each timed call
#   bash benchmarks/gpu_session3.sh s7 S  # GPU tests, then L1 (GPU 0..) and L2 (last GPU): round 0 + 1 tuning round
#   bash benchmarks/gpu_session3.sh s7a S # tensor-core config screen on every GPU; GPU tests on the last one
#   bash benchmarks/gpu_session3.sh s7b S # L1 1-18 (GPU 0..) and L2's GEMMs (last GPU): round 0 + the presets
#   bash benchmarks/gpu_session3.sh s7c S # L3's matmul-heavy problems; the rest of L2's GEMMs; L1 1-18 round 2
#   bash benchmarks/gpu_session3.sh s7d S # L1's near-compile memory-bound problems under the lead, 2 ideas
#   bash benchmarks/gpu_session3.sh s8 S  # session 8: GPU tests + conv screen, then L2 convs (last GPU); L1 rest (GPU 0..)
#   bash benchmarks/gpu_session3.sh s8b S # session 8: grids of the rewritten starters (last GPU); those judged (GPU 0..)
#   bash benchmarks/gpu_session3.sh s8c S # session 8: L1 reductions/pools/gemv with the new defaults; L3 under the lead
#   bash benchmarks/gpu_session3.sh s8d S # session 8: L1 compensated sums + near-compile problems; L2 under the lead
#   bash benchmarks/gpu_session3.sh s9 S  # best kernels with fp32 baselines (JOBS, SH, ACC_S/ACC1/ACC2)
#   bash benchmarks/gpu_session3.sh s10 S # next: fp32-baseline searches seeded from the old runs (L3_IDS, L2_IDS)
#   bash benchmarks/gpu_session3.sh launch S # host time per launch and per forward call (LO_IDS, LO_CAND)
#   bash benchmarks/gpu_session3.sh s11 S # session 11, one GPU: recurrent-layer kernels (GPU tests, RNN_* screen, judge)
#   bash benchmarks/gpu_session3.sh s11b S # session 11: the same with the wavefront, its screen's winners judged
#   bash benchmarks/gpu_session3.sh s11c S # session 11: the new RNN defaults tested; the GRUs' own screen, winners judged
#   bash benchmarks/gpu_session3.sh rep S   # hand-written L1/19, L1/23, L1/40 judged 5 times each: spread, wall/candidate
#   bash benchmarks/gpu_session3.sh scale S # throughput on 1 GPU, then on every GPU: same problems, fresh runs
#   bash benchmarks/gpu_session3.sh c L2_S S  # last GPU: export round trip; the others: L2 round 0; then `scale S`
set -u
PHASE=${1:-a}
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --upgrade --target /tmp/site .whl/*.whl || exit 1
rm -rf .gpurun && mkdir -p .gpurun && cp -r leaderboards/runs .gpurun/
RUNS=$PWD/.gpurun/runs/h200-2026-11-29
export PYTHONPATH=/tmp/site:$PWD AUTOKERNEL_KB_DATASET=$PWD/.gpu/kb AUTOKERNEL_KB_DATASET_CONFIG=github_main \
  AUTOKERNEL_KB_TEST_DATASET=$PWD/.gpu/kb AUTOKERNEL_KB_CACHE=${CACHE:-$RUNS/cache} PYTHONUNBUFFERED=1
# CACHE: another baseline cache (an empty folder measures every baseline again, e.g. in a quieter machine)
nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm,temperature.gpu,power.draw --format=csv > "$OUT/gpu.txt"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, 'gpus', torch.cuda.device_count())" >> "$OUT/gpu.txt"
nproc >> "$OUT/gpu.txt"; cat "$OUT/gpu.txt"
LOGS=$OUT/logs; mkdir -p "$LOGS"
NGPU=$(nvidia-smi -L | wc -l)
# level 2's matmul/GEMM problems (names with Matmul, Gemm or BMM)
L2_GEMMS=9,12,14,18,22,28,29,30,33,37,39,40,41,45,51,53,55,56,59,62,63,64,66,68,70,75,76,80,81,84,86,88,94,95,97,98,99
upto() { seq -s, 0 $(( $1 - 1 )); }  # the first N GPUs, as a CUDA_VISIBLE_DEVICES list
rest() { if [ "$NGPU" -gt 1 ]; then seq -s, 1 $(( NGPU - 1 )); else echo 0; fi; }  # all but GPU 0 (0 if alone)
pack() { tar czf "$OUT/runs.tgz" --exclude=.git --exclude=.gitignore -C .gpurun runs; tar czf "$OUT/logs.tgz" --exclude=.git -C "$OUT" logs; }

level() {  # LEVEL GPUS SECONDS WORKERS ROUNDS OUTDIR [extra run flags]
  local lv=$1 gpus=$2 secs=$3 w=$4 r=$5 out=$6; shift 6
  [ "$secs" -gt 30 ] || { echo "L$lv gpus=$gpus: no time left"; return 0; }
  local t0=$(date +%s)
  CUDA_VISIBLE_DEVICES=$gpus timeout -s INT -k 40 $(( secs + 60 )) python3 -m kb run --level "$lv" \
    --rounds "$r" --device cuda --workers-per-gpu "$w" --stop-after "$secs" --out "$out" --no-progress "$@" \
    > "$LOGS/$(basename "$out")-L$lv-g${gpus//,/}.log" 2>&1
  echo "L$lv gpus=$gpus rc=$? $(( $(date +%s) - t0 ))s"
}

gpu_tests() {  # SECONDS TEST_FILES...: the GPU-marked tests, compiled Triton, on the GPUs this shell sees
  local secs=$1; shift
  TRITON_INTERPRET=0 timeout -k 5 "$secs" python3 -m pytest -q -m gpu -p no:cacheprovider "$@" > "$LOGS/gpu-tests.log" 2>&1
  echo "gpu tests rc=$?"; tail -n 5 "$LOGS/gpu-tests.log"
}

tc_screen() {  # SECONDS PER_PROBLEM_S GPUS PROBLEMS...: benchmarks/starter_configs.py, one worker per listed GPU;
              # GRID="NAME=v1,v2 ..." measures those combinations instead of the tensor-core variants
  local secs=$1 per=$2 gpus=$3; shift 3
  timeout -k 10 "$secs" python3 benchmarks/starter_configs.py --gpus ${gpus//,/ } --timeout-s "$per" \
    --out "$LOGS/starter_configs.jsonl" --problems "$@" ${GRID:+--grid $GRID} >> "$LOGS/starter_configs.log" 2>&1
  echo "screen rc=$?"; tail -n 12 "$LOGS/starter_configs.log"
}

roundtrip() {
  ( unset HF_HUB_DISABLE_TELEMETRY DISABLE_TELEMETRY DO_NOT_TRACK LOCAL_KERNELS TRITON_INTERPRET
    timeout -k 10 200 python3 benchmarks/export_roundtrip.py --run "$RUNS/L1" --run "$RUNS/L2" --device cuda \
      --out "$LOGS/export" --limit 8 > "$LOGS/export.log" 2>&1; echo "export rc=$?"; tail -n 14 "$LOGS/export.log" )
}
scale() {  # SECONDS: the same 40 level-1 starters judged on one GPU, then on every GPU (cached baselines)
  level 1 0 "$1" 2 0 "$LOGS/scale-1gpu" --problems 1-40; pack
  level 1 "$(upto "$NGPU")" "$1" 2 0 "$LOGS/scale-${NGPU}gpu" --problems 1-40
  grep -hE "^(devices|candidates_evaluated|candidates_per|wall_s)" "$LOGS"/scale-*gpu/summary.txt
}

repeat() {  # SECONDS [eval_batch flags]: issue 2's repeatability on GPU ${GPU:-0}, hand-written kernels judged 5
  local secs=$1 t=${TAG:-}; shift  # times each (fresh process and compile each time): spread of the medians, wall
  CUDA_VISIBLE_DEVICES=${GPU:-0} timeout -k 10 "$secs" python3 benchmarks/eval_batch.py --problems ${PROBS:-L1/19 L1/23 L1/40} \
    --candidates "dir:${CANDS:-benchmarks/kernels/level1}" --repeat 5 --out "$LOGS/repeat$t.jsonl" "$@" > "$LOGS/repeat$t.log" 2>&1
  echo "repeat$t rc=$?"; tail -n 5 "$LOGS/repeat$t.log"
}

spread_diag() {  # SECONDS [KERNELS] [flags]: timing_spread.py (default on L1/40 and L1/19), each in 5 fresh processes
  local secs=$1 kernels=${2:-"40_LayerNorm 19_ReLU"} tag=${3:-}; shift 3 2>/dev/null || shift $#
  nvidia-smi -i 0 --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv -lms 250 \
    > "$LOGS/spread-clocks.csv" 2>&1 & local smi=$!
  for k in $kernels; do
    CUDA_VISIBLE_DEVICES=0 timeout -k 10 "$secs" python3 benchmarks/timing_spread.py --problem "L1/${k%%_*}" \
      --solution "benchmarks/kernels/level1/$k.py" --processes 5 --repeats 3 --out "$LOGS/spread-$k$tag.json" \
      "$@" > "$LOGS/spread-$k$tag.log" 2>&1; echo "spread $k$tag rc=$?"; tail -n 6 "$LOGS/spread-$k$tag.log"
  done
  kill "$smi" 2>/dev/null
}

placement_ab() {  # SPREAD_S REPEAT_S: L1/40's reseg diagnostic, then the 5-repeat judge at 1 and at 3 placements
  spread_diag "$1" 40_LayerNorm -reseg
  TAG=-pl1 repeat "$2"
  repeat "$2" --placements 3
}

case $PHASE in
c)
  if [ "$NGPU" -gt 1 ]; then
    ( export CUDA_VISIBLE_DEVICES=$(( NGPU - 1 )); roundtrip ) > "$LOGS/gpu-last.log" 2>&1 &
    level 2 "$(upto $(( NGPU - 1 )))" "${2:-180}" 2 0 "$RUNS/L2"
  else
    roundtrip > "$LOGS/gpu-last.log" 2>&1; level 2 0 "${2:-180}" 2 0 "$RUNS/L2"
  fi
  wait; cat "$LOGS/gpu-last.log"; pack
  scale "${3:-80}" ;;
a)
  [ "$NGPU" -gt 1 ] || { echo "phase a needs 2 or more GPUs"; exit 2; }
  ( export CUDA_VISIBLE_DEVICES=$(( NGPU - 1 ))
    python3 -c "import kernels, huggingface_hub; print('kernels', kernels.__version__, 'hub', huggingface_hub.__version__)"
    timeout 120 python3 -m kb calibrate --json > "$LOGS/calibrate.json" 2> "$LOGS/calibrate.log"; echo "calibrate rc=$?"
    TRITON_INTERPRET=0 timeout -k 5 90 python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_starters_split.py \
      > "$LOGS/split-gpu.log" 2>&1; echo "split gpu tests rc=$?"; tail -n 2 "$LOGS/split-gpu.log"
    roundtrip
    left=$(( 500 - SECONDS )); [ $left -gt 60 ] && level 2 $(( NGPU - 1 )) $left 2 0 "$RUNS/L2"
  ) > "$LOGS/gpu-last.log" 2>&1 &
  level 1 "$(upto $(( NGPU - 1 )))" 470 2 0 "$RUNS/L1"
  wait; cat "$LOGS/gpu-last.log" ;;
d)  # L1 round 0 on GPU 0 (re-judges what failed in the harness), L2 round 0 on the others (on GPU 0 too if alone)
  level 1 0 "${2:-400}" 2 0 "$RUNS/L1" &
  level 2 "$(rest)" "${2:-400}" 2 0 "$RUNS/L2"
  wait ;;
next)  # session 4 (any GPU count): GPU 0 measures repeatability (unless REP=0), then searches level 1 with
        # R rounds of IDEAS ideas x 1 branch, W workers per GPU; the other GPUs, if any, search level 2.
        # Both re-judge rows recorded incorrect (the conditioning check is new) and re-run the starters that
        # changed (split-K, depthwise). Resuming the same run directories, so a second call continues the first.
  S=${2:-420}; R=${3:-1}; IDEAS=${4:-1}; W=${5:-2}; REP=${6:-1}  # REP 2: also with --spin-up-s
  ( [ "$REP" = 0 ] || repeat 200
    if [ "$REP" = 2 ]; then  # the same again with the clocks spun up before each timed loop (A/B, same call)
      mv "$LOGS/repeat.log" "$LOGS/repeat-plain.log"; mv "$LOGS/repeat.jsonl" "$LOGS/repeat-plain.jsonl"
      repeat 200 --spin-up-s 0.1
    fi
    level 1 0 $(( S - SECONDS )) "$W" "$R" "$RUNS/L1" --ideas "$IDEAS" --branches 1 --rejudge incorrect
  ) &
  [ "$NGPU" -gt 1 ] && level 2 "$(rest)" "$S" "$W" "$R" "$RUNS/L2" --ideas "$IDEAS" --branches 1 --rejudge incorrect
  wait ;;
search)  # search LEVEL S R IDEAS W: one level on every GPU, R rounds of IDEAS ideas x 1 branch, resuming its run
  level "${2:-2}" "$(upto "$NGPU")" "${3:-420}" "${6:-2}" "${4:-1}" "$RUNS/L${2:-2}" --ideas "${5:-2}" --branches 1 \
    --rejudge incorrect ;;
fix)  # FIX S IDS: re-judge level-1 rows recorded incorrect for the listed problems (round 0 only), stopping after S
  level 1 0 "${2:-60}" 2 0 "$RUNS/L1" --problems "${3:-4,93,97}" --rejudge incorrect ;;
spread) spread_diag "${2:-200}" ;;
s5)  # session 5: GPU 0 runs the spread diagnostic, then searches level 1; the other GPUs search level 2 meanwhile
  S=${2:-520}; R1=${3:-2}; R2=${4:-1}; IDEAS=${5:-1}; W=${6:-2}; SP=${7:-150}  # SP 0: no spread diagnostic
  ( [ "$SP" = 0 ] || spread_diag "$SP"
    level 1 0 $(( S - SECONDS )) "$W" "$R1" "$RUNS/L1" --ideas "$IDEAS" --branches 1 --rejudge incorrect ) &
  [ "$NGPU" -gt 1 ] && level 2 "$(rest)" "$S" "$W" "$R2" "$RUNS/L2" --ideas "$IDEAS" --branches 1 --rejudge incorrect
  wait ;;
s5b)  # session 5, call 2: GPU 0: placement-jitter A/B on L1/40 (spread diagnostic) and the 5-repeat judge with
      # jitter; GPU 1 (or GPU 0 afterwards, if alone): level 1, then level 2, on the problems whose starters changed
  S=${2:-520}; JIT=${3:-16384}; L1P=${4:-33,41,42,43,44,45,46,96,98}; L2P=${5:-3,6,8,10,11,15,33,35,38}
  ( spread_diag 120 40_LayerNorm -j0 --jitter-kib 0
    spread_diag 120 40_LayerNorm -j$JIT --jitter-kib "$JIT"
    repeat 200 --jitter-kib "$JIT" ) &
  [ "$NGPU" -gt 1 ] || wait
  level 1 "$(rest)" $(( (S - SECONDS) / 2 )) 2 1 "$RUNS/L1" --problems "$L1P" --ideas 1 --branches 1 --rejudge incorrect
  level 2 "$(rest)" $(( S - SECONDS )) 2 1 "$RUNS/L2" --problems "$L2P" --ideas 1 --branches 1 --rejudge incorrect
  wait ;;
s5c)  # session 5, last call, 3+ GPUs: GPU 0 the jitter A/B and 5-repeat judge; GPU 1 level 1 and GPUs 2.. level 2 on
      # the problems whose starters changed (batch norm, pooling, losses)
  S=${2:-400}; JIT=${3:-16384}
  L1P=33,41,42,43,44,45,46,96,98; L2P=3,6,8,10,11,15,33,35,38,39,41,43,46,50,55,65,72,73,74,77,78,82,84,85,89,96,97,98
  ( spread_diag 100 40_LayerNorm -j0 --jitter-kib 0
    spread_diag 100 40_LayerNorm -j$JIT --jitter-kib "$JIT"
    repeat 180 --jitter-kib "$JIT" ) &
  level 1 1 "$S" 2 1 "$RUNS/L1" --problems "$L1P" --ideas 1 --branches 1 --rejudge incorrect &
  level 2 "$(seq -s, 2 $(( NGPU - 1 )))" "$S" 2 0 "$RUNS/L2" --problems "$L2P" --rejudge incorrect
  wait ;;
placement)  # where L1/40's per-process state comes from (spread diagnostic, incl. its reseg condition),
            # then the 5-repeat judge with one placement and with 3 (timing.Relocator), same call
  placement_ab "${2:-120}" 200 ;;
s6)  # session 6, call 1, 2+ GPUs: GPU 0 the placement A/B (issue 2); the others re-judge round 0 of levels 1 and 2
     # (every starter changed in session 5: folded reductions, int32 indexing) and then finish level 3
  S=${2:-480}
  placement_ab 100 170 &
  [ "$NGPU" -gt 1 ] || wait
  level 1 "$(rest)" $(( (S - SECONDS) / 2 )) 2 0 "$RUNS/L1" --rejudge incorrect
  level 2 "$(rest)" $(( (S - SECONDS) * 2 / 3 )) 2 0 "$RUNS/L2" --rejudge incorrect
  level 3 "$(rest)" $(( S - SECONDS )) 2 0 "$RUNS/L3" --rejudge incorrect
  wait ;;
s6b)  # session 6, call 2, 2 GPUs: the 5-repeat judge with 16 MiB jitter and 10 vs 25 placements, each setting on
      # both GPUs (swapped halfway, so a GPU's own speed does not pick the winner); then round 0 of L1..L3 continues
  S=${2:-520}; J="--jitter-kib 16384"
  ( export GPU=0; TAG=-p10-g0 repeat 130 $J --placements 10; TAG=-p25-g0 repeat 130 $J --placements 25 ) &
  ( export GPU=1; TAG=-p25-g1 repeat 130 $J --placements 25; TAG=-p10-g1 repeat 130 $J --placements 10 ) &
  wait; G=$(upto "$NGPU")
  level 1 "$G" $(( (S - SECONDS) / 4 )) 2 0 "$RUNS/L1" --rejudge incorrect
  level 2 "$G" $(( (S - SECONDS) * 2 / 3 )) 2 0 "$RUNS/L2" --rejudge incorrect
  level 3 "$G" $(( S - SECONDS )) 2 0 "$RUNS/L3" --rejudge incorrect ;;
s6c)  # session 6, call 3, 2 GPUs: the 5-repeat judge with 16 MiB jitter, L2 emptied by reading vs by writing (the
      # default), each on both GPUs, swapped halfway
  J="--jitter-kib 16384"
  ( export GPU=0; TAG=-read-g0 repeat 140 $J --l2-flush read; TAG=-write-g0 repeat 140 $J ) &
  ( export GPU=1; TAG=-write-g1 repeat 140 $J; TAG=-read-g1 repeat 140 $J --l2-flush read ) &
  wait ;;
s6d)  # session 6, last call, 2 GPUs: controls for the hand-written L1/40's spread: the search's own (generated)
      # L1/40 and L1/88 kernels judged 5 times, without (GPU 0) and with 16 MiB jitter (GPU 1)
  C=/tmp/controls; mkdir -p $C
  for p in 40_LayerNorm 88_MinGPTNewGelu; do cp leaderboards/runs/h200-2026-11-29/L1/problems/L1_${p%%_*}_$p/best.py $C/$p.py; done
  export CANDS=$C PROBS="L1/40 L1/88"
  ( export GPU=0; TAG=-gen-g0 repeat 150 ) &
  ( export GPU=1; TAG=-gen-jit-g1 repeat 150 --jitter-kib 16384 ) &
  wait ;;
s6e)  # session 6, last call, 2 GPUs: the 5-repeat judge with the GPU held busy 1 ms before each start event (host
      # launch work outside the timed interval): hand-written L1/19, L1/40, generated L1/88; GPU 1 with 16 MiB jitter
  C=/tmp/controls; mkdir -p $C; cp benchmarks/kernels/level1/{19_ReLU,40_LayerNorm}.py $C/
  cp leaderboards/runs/h200-2026-11-29/L1/problems/L1_88_88_MinGPTNewGelu/best.py $C/88_MinGPTNewGelu.py
  export CANDS=$C PROBS="L1/19 L1/40 L1/88"
  ( export GPU=0; TAG=-lead-g0 repeat 140 --gpu-lead-ms 1 ) &
  ( export GPU=1; TAG=-lead-jit-g1 repeat 140 --gpu-lead-ms 1 --jitter-kib 16384 ) &
  wait ;;
s7)  # session 7, 2+ GPUs: the last GPU runs the GPU-marked tests (the timing lead, the generated kernels compiled for
     # real), then level 2; GPU 0 (and any between) level 1. Both re-judge round 0 (new timing, session-6 starters)
     # and run one tuning round with the tuner's move prior, resuming their runs
  S=${2:-520}; LAST=$(( NGPU - 1 ))
  [ "$NGPU" -gt 1 ] || { echo "phase s7 needs 2 or more GPUs"; exit 2; }
  ( export CUDA_VISIBLE_DEVICES=$LAST
    gpu_tests 150 tests/test_timing_spread.py tests/test_starters_split.py tests/test_starters_gpu.py
    level 2 "$LAST" $(( S - SECONDS )) 2 1 "$RUNS/L2" --ideas 1 --branches 1 ) &
  level 1 "$(upto "$LAST")" "$S" 2 1 "$RUNS/L1" --ideas 1 --branches 1
  wait ;;
s7a)  # session 7, 2+ GPUs: the tensor-core configuration screen (benchmarks/starter_configs.py) on every GPU,
      # while the last GPU also runs the GPU-marked tests (the presets compiled for real, the timing lead, splits)
  S=${2:-420}; LAST=$(( NGPU - 1 ))
  [ -n "${NO_TESTS:-}" ] || ( export CUDA_VISIBLE_DEVICES=$LAST
    gpu_tests $(( S - 40 )) tests/test_starters_gpu.py tests/test_timing_spread.py tests/test_starters_split.py ) &
  tc_screen $(( S - 20 )) 200 "$(upto "$NGPU")" ${PROBS:-L1/1 L1/8 L2/12 L1/63 L1/2 L1/3 L1/6 L1/10 L1/16 L1/4 L2/40 \
    L2/56 L3/1 L1/55 L1/57 L2/1}
  wait ;;
s7b)  # session 7, 2+ GPUs: matmul problems re-judged under the GPU lead (round 0) plus the tensor-core presets (round
      # 1, two ideas): level 1's 1-18 on GPU 0 (and any between), level 2's GEMMs on the last GPU
  S=${2:-470}; LAST=$(( NGPU - 1 ))
  level 2 "$LAST" "$S" 3 1 "$RUNS/L2" --problems "${L2_IDS:-$L2_GEMMS}" --ideas 2 --branches 1 &
  level 1 "$(upto "$LAST")" "$S" 3 1 "$RUNS/L1" --problems "${L1_IDS:-1-18}" --ideas 2 --branches 1
  wait ;;
s7c)  # session 7, 2+ GPUs: GPU 0 (and any between) level 3's matmul-heavy problems (round 0 under the GPU lead plus
      # the presets); the last GPU the rest of level 2's GEMMs, then a tuning round for level 1's matmuls
  S=${2:-470}; LAST=$(( NGPU - 1 ))
  ( level 2 "$LAST" "$S" 3 1 "$RUNS/L2" --problems 75,76,80,81,84,86,88,94,95,97,98,99 --ideas 2 --branches 1
    level 1 "$LAST" $(( S - SECONDS )) 3 2 "$RUNS/L1" --problems 1-18 --ideas 2 --branches 1 ) &
  level 3 "$(upto "$LAST")" "$S" 3 1 "$RUNS/L3" --problems 1,2,3,28,43,44,50,33,34,35,38 --ideas 2 --branches 1
  wait ;;
s7d)  # session 7, every GPU: level 1's elementwise, norm, arg-reduction and loss problems within 20 % of
      # torch.compile, re-judged under the GPU lead (round 0) plus two tuner ideas (EW_STREAM first where it exists)
  S=${2:-220}
  level 1 "$(upto "$NGPU")" "$S" 3 1 "$RUNS/L1" --problems "${L1_IDS:-19-33,40,51,52,94,96,100}" --ideas 2 --branches 1 ;;
s8)  # next session, 2+ GPUs: the last GPU runs the GPU-marked tests (every preset compiled, the tap-by-tap
     # convolutions included) and the tensor-core screen of convolutions, then level 2's other problems; GPU 0 (and
     # any between) judges level 1's problems not yet judged under the GPU lead, with two ideas (presets first)
  S=${2:-520}; LAST=$(( NGPU - 1 ))
  ( export CUDA_VISIBLE_DEVICES=$LAST
    gpu_tests 200 tests/test_starters_gpu.py tests/test_starters_split.py
    tc_screen 160 80 "$LAST" ${PROBS:-L1/63 L1/57 L1/73 L2/1}  # the worker's CUDA_VISIBLE_DEVICES is the GPU named
    level 2 "$LAST" $(( S - SECONDS )) 3 1 "$RUNS/L2" --problems "${L2_IDS:-1-8,10,11,13,15-17,19-21,24-27,31,32,34,35}" \
      --ideas 2 --branches 1 ) &
  level 1 "$(upto "$LAST")" "$S" 3 1 "$RUNS/L1" --problems "${L1_IDS:-34-39,41-50,53-100}" --ideas 2 --branches 1
  wait ;;
s8b)  # session 8, 2+ GPUs: the last GPU screens tunable grids of the rewritten starters (matrix-vector, pooling
      # windows, scans) and of the middle-dim reductions; GPU 0 (and any between) judges those problems under the
      # GPU lead (round 0: the new starters) with two ideas, then level 1's other problems still on the older timing
  S=${2:-470}; LAST=$(( NGPU - 1 ))
  ( export CUDA_VISIBLE_DEVICES=$LAST
    gpu_tests 150 tests/test_starters_gpu.py -k "test_starter_on_gpu and (L1-4 or L1-43 or L1-45 or L1-91 or L1-92 or L1-93)"
    GRID="MM_GEMV_BLOCK_M=1,2,4,8 MM_GEMV_BLOCK_K=512,1024,2048 MM_GEMV_NUM_WARPS=4,8" tc_screen 60 55 "$LAST" L1/4
    GRID="POOL_WINDOW=loop,tile POOL_BLOCK=512,1024,2048 POOL_NUM_WARPS=4,8" tc_screen 70 65 "$LAST" L1/45 L1/43
    GRID="SCAN_BLOCK=512,1024,2048,4096 SCAN_NUM_WARPS=4,8" tc_screen 80 40 "$LAST" L1/91 L1/92 L1/93
    GRID="RED_BLOCK_INNER=32,64,128,256 RED_TILE=1024,4096 RED_NUM_WARPS=4,8 RED_OFFSETS=narrow,wide" \
      tc_screen $(( S - SECONDS - 10 )) 70 "$LAST" L1/51 L1/47 L1/48 ) &
  level 1 "$(upto "$LAST")" "$S" 3 1 "$RUNS/L1" --problems "${L1_IDS:-4,43,45,91,92,93,51,52,88-90,94-100}" \
    --ideas 2 --branches 1
  wait ;;
s8c)  # session 8, 2+ GPUs: level 1's column reductions, pools and matrix-vector product judged again with the
      # screened defaults (GPU 0 and any between); level 3's attention, MLP and small models still on the older timing,
      # under the GPU lead with the presets (last GPU); both round 0 plus two ideas
  S=${2:-470}; LAST=$(( NGPU - 1 ))
  level 3 "$LAST" "$S" 3 1 "$RUNS/L3" --problems "${L3_IDS:-31,29,46,47,4,30,13,32}" --ideas 2 --branches 1 &
  level 1 "$(upto "$LAST")" "$S" 3 1 "$RUNS/L1" --problems "${L1_IDS:-47,48,49,51,52,53,4,45,41,42,44,46}" \
    --ideas 2 --branches 1
  wait ;;
s8d)  # session 8, 2+ GPUs: level 1's column sums (Kahan-compensated now) and the problems nearest torch.compile, two
      # more ideas (GPU 0 and any between); the last GPU runs the reduction GPU tests, then level 2's problems still on
      # the older timing, nearest torch.compile first, round 0 under the GPU lead
  S=${2:-360}; LAST=$(( NGPU - 1 ))
  ( export CUDA_VISIBLE_DEVICES=$LAST
    gpu_tests 60 tests/test_starters_gpu.py -k "test_starter_on_gpu and (L1-47 or L1-51)"
    level 2 "$LAST" $(( S - SECONDS )) 3 0 "$RUNS/L2" \
      --problems "${L2_IDS:-27,90,48,78,24,79,57,65,92,21,85,71,69,87,19,82,73,67,15,11,72,89}" ) &
  level 1 "$(upto "$LAST")" "$S" 3 2 "$RUNS/L1" --problems "${L1_IDS:-47,48,45,43,95,100,41,35,33}" --ideas 2 --branches 1
  wait ;;
s9)  # 2 GPUs: each problem's best kernel judged again with the baselines in fp32 (TF32 off, the candidate's
     # precision). JOBS: "LEVEL:IDS:GPU:SHARDS ..."; each job runs SHARDS processes on its GPU (compiles side by
     # side, timings in turn through the device gate); SH = processes per GPU in all (memory shares). The
     # default jobs are the problems whose reference runs cuDNN (autokernel/evaluate/tf32.py), the only ones
     # whose baselines differ; a job may name other candidates (":preset:N"). TESTS: GPU-marked starter tests
     # (pytest -k) on the last GPU first. Then (ACC_S seconds, ACC1 on GPU 0 and ACC2 on the last): does the reference
     # under PyTorch's defaults pass the judge's fp32 check (benchmarks/tf32_baseline_accuracy.py)?
  S=${2:-470} SH=${SH:-3} ACC_S=${ACC_S:-0}
  JOBS=${JOBS:-"1:50,54-87:0:3 2:1-8,10,11,13,15-17,19-21,23-27,31,32,34-36,38,42-44,46-50,52,54,57,58,60,61,65,67,69,71-74,77-79,82,83,85,87,89-93,96,100:$(( NGPU - 1 )):3"}
  if [ "$ACC_S" -gt 0 ]; then
    for a in "0 ${ACC1:-}" "$(( NGPU - 1 )) ${ACC2:-}"; do set -- $a; [ $# -gt 1 ] || continue
      ( g=$1; shift; CUDA_VISIBLE_DEVICES=$g timeout -k 5 "$ACC_S" python3 benchmarks/tf32_baseline_accuracy.py \
          --problems "$@" --out "$LOGS/tf32-accuracy-g$g.jsonl" > "$LOGS/tf32-accuracy-g$g.log" 2>&1
        echo "tf32 accuracy gpu $g rc=$?" ) &
    done; wait; S=$(( S - ACC_S ))
  fi
  if [ -n "${PROBE_IDS:-}" ]; then  # beside the jobs, on the last GPU: channels-last convolutions in fp32
    ( CUDA_VISIBLE_DEVICES=$(( NGPU - 1 )) timeout -k 5 "${PROBE_S:-200}" python3 benchmarks/channels_last_probe.py \
        --problems $PROBE_IDS --out "$LOGS/channels_last.jsonl" > "$LOGS/channels_last.log" 2>&1
      echo "channels_last_probe rc=$?" ) &
  fi
  PROF_DONE=$LOGS/profile.done; touch "$PROF_DONE"
  if [ -n "${PROF_IDS:-}" ]; then  # first on GPU 0 (its jobs wait): where PROF_IDS's starters spend their time
    # (PROF_TOOL: benchmarks/profile_kernel.py, or launch_overhead.py for host time without the profiler)
    rm -f "$PROF_DONE"
    ( CUDA_VISIBLE_DEVICES=0 timeout -k 5 "${PROF_S:-90}" python3 "benchmarks/${PROF_TOOL:-profile_kernel}.py" \
        --problems $PROF_IDS --candidates starter --out "$LOGS/${PROF_TOOL:-profile_kernel}.jsonl" \
        > "$LOGS/${PROF_TOOL:-profile_kernel}.log" 2>&1; echo "${PROF_TOOL:-profile_kernel} rc=$?"
      touch "$PROF_DONE" ) &
  fi
  if [ -n "${TESTS:-}" ]; then  # GPU-marked tests first, alone on the last GPU: pytest -k TESTS
    ( export CUDA_VISIBLE_DEVICES=$(( NGPU - 1 )); gpu_tests 150 tests/test_starters_gpu.py -k "$TESTS" ); S=$(( S - SECONDS ))
  fi
  fp32() {  # LEVEL IDS GPU SHARD SHARDS CANDIDATES
    local tag=$1-g$3-$4${6:+-${6//:/}}
    [ "$3" != 0 ] || while [ ! -f "$PROF_DONE" ]; do sleep 2; done  # GPU 0 is the profile's until it ends
    CUDA_VISIBLE_DEVICES=$3 TORCHINDUCTOR_COMPILE_THREADS=$(( $(nproc) / NGPU / SH )) timeout -s INT -k 20 "$S" \
      python3 benchmarks/eval_batch.py --problems "L$1/$2" --candidates "${6:-run:$RUNS/L$1}" --compile-baseline \
      --baseline-precision fp32 --shard "$4/$5" --sharers "$SH" --out "$LOGS/fp32-L$tag.jsonl" \
      > "$LOGS/fp32-L$tag.log" 2>&1; echo "fp32 L$1 gpu $3 shard $4/$5 ${6:-best} rc=$?"
  }
  for job in $JOBS; do  # LEVEL:IDS:GPU:SHARDS[:preset:N] (default candidates: each problem's best kernel)
    IFS=: read -r lv ids gpu n c1 c2 <<< "$job"
    for k in $(seq 1 "$n"); do fp32 "$lv" "$ids" "$gpu" "$k" "$n" "${c1:+$c1${c2:+:$c2}}" & done
  done
  wait
  python3 benchmarks/baseline_precision_table.py --fp32 "$LOGS"/fp32-L*.jsonl \
    --published leaderboards/nvidia-h200/problems.csv | tee "$LOGS/fp32-table.txt" ;;
s10)  # next session, 2 GPUs: searches with fp32 baselines (the default since session 9) in run directories of their
      # own (leaderboards/runs/h200-fp32/L<level>), round 0 seeded with the old runs' best kernels (--seed-from), then
      # one tuning round whose first ideas are the starters' presets (the 3xTF32 convolution presets for CNNs).
      # GPU 0: level 3's cuDNN problems not faster than compile with fp32 baselines (L3_IDS); the last GPU: level 2's
      # (L2_IDS); nearest compile first (leaderboards/nvidia-h200/problems_fp32_baselines.csv); 3 workers each.
      # Host-bound level-3 models time differently beside other work (session 10: L3/19 4.53 ms with three judge
      # processes per GPU, 2.86 ms alone): judge their finalists alone afterwards (s9 with SH=1 and an empty CACHE).
  S=${2:-470}; LAST=$(( NGPU - 1 )); F32=$PWD/.gpurun/runs/h200-fp32; mkdir -p "$F32"
  # first, where level 3's slowest CNNs spend their time (per-kernel GPU time, host time per call, launches)
  CUDA_VISIBLE_DEVICES=0 timeout -k 5 "${PROF_S:-60}" python3 benchmarks/profile_kernel.py --problems "L3/${PROF_IDS:-19,20,22,15,9}" \
    --candidates starter --out "$LOGS/profile-L3.jsonl" > "$LOGS/profile-L3.log" 2>&1; echo "profile rc=$?"
  S=$(( S - SECONDS ))
  level 3 0 "$S" 3 1 "$F32/L3" --problems "${L3_IDS:-5,27,21,8,4,18,14,32,29,17,7,26,15,16,9,23,22,30,19,20}" \
    --ideas 3 --branches 1 --seed-from "$RUNS/L3" &
  level 2 "$LAST" "$S" 3 1 "$F32/L2" --problems "${L2_IDS:-8,92,78,77,25,43,72,85,13,34,32,31,96,100,47,67,50,11,89,74,93,27,73,24,58,20,60,7,21,48,90,91,6,79}" \
    --ideas 3 --branches 1 --seed-from "$RUNS/L2"
  wait ;;
launch)  # host time per launch and per forward call, cProfile of the starters' forward (benchmarks/launch_overhead.py)
  CUDA_VISIBLE_DEVICES=0 timeout -k 5 "${2:-120}" python3 benchmarks/launch_overhead.py --problems ${LO_IDS:-L3/19,9} \
    --candidates "${LO_CAND:-starter}" --out "$LOGS/launch_overhead.jsonl" > "$LOGS/launch_overhead.log" 2>&1
  echo "launch_overhead rc=$?"; head -c 6000 "$LOGS/launch_overhead.log" ;;
s11)  # session 11, one GPU: the recurrent layers' persistent kernels. The GPU tests first (several programs per
      # direction meet at a barrier each step: the interpreter never runs that), then a screen of the RNN_* tunables
      # on L3/39 (GRU) and L3/35 (LSTM), then RNN_IDS's starters judged with fp32 baselines (CANDS: candidates)
  S=${2:-520}
  gpu_tests 170 tests/test_starters_gpu.py -k recurrent
  [ "${SCREEN:-1}" = 0 ] || {
    GRID="RNN_PRECISION=ieee,tf32x3 RNN_BLOCK_K=64,256 RNN_NUM_WARPS=4,8" tc_screen 110 50 0 ${SCREEN_IDS:-L3/39 L3/35}
    GRID="RNN_PRECISION=fma RNN_BLOCK_J=4,8 RNN_BLOCK_K=32,64 RNN_NUM_WARPS=4,8" tc_screen 100 45 0 ${SCREEN_IDS:-L3/39 L3/35}; }
  CUDA_VISIBLE_DEVICES=0 timeout -s INT -k 20 $(( S - SECONDS )) python3 benchmarks/eval_batch.py \
    --problems "L3/${RNN_IDS:-39,36,41,35,40,37,42,38}" --candidates "${CANDS:-starter}" --compile-baseline \
    --baseline-precision fp32 --out "$LOGS/rnn-L3.jsonl" > "$LOGS/rnn-L3.log" 2>&1; echo "rnn judge rc=$?"
  tail -n 12 "$LOGS/rnn-L3.log" ;;
s11b)  # session 11, call 2, one GPU: the recurrent GPU tests (wavefront and one launch per layer, L3/35's large-input
       # accuracy), a screen of RNN_* settings on an LSTM of each kind (UNI_IDS, one direction: stacked layers; BI_IDS,
       # two: one launch per layer), then each winner, and its siblings' (PICK_FOR), judged with fp32 baselines
  S=${2:-470}
  gpu_tests 150 tests/test_starters_gpu.py -k recurrent
  UNI="RNN_PRECISION=fma RNN_BLOCK_K=64 RNN_NUM_WARPS=16 + RNN_PRECISION=ieee RNN_BLOCK_K=256 RNN_NUM_WARPS=8 \
    + RNN_PRECISION=tf32x3 RNN_BLOCK_K=64 RNN_NUM_WARPS=8 \
    + RNN_LAYERS=each RNN_PRECISION=fma RNN_BLOCK_J=4 RNN_BLOCK_K=256 RNN_NUM_WARPS=8"
  BI="RNN_PRECISION=fma RNN_BLOCK_J=4 RNN_BLOCK_K=256 RNN_NUM_WARPS=4 + RNN_PRECISION=fma RNN_BLOCK_J=4,8 \
    RNN_BLOCK_K=64 RNN_NUM_WARPS=8 + RNN_PRECISION=tf32x3 RNN_BLOCK_K=64 RNN_NUM_WARPS=4"
  GRID=$UNI tc_screen 110 105 0 ${UNI_IDS:-L3/35}
  GRID=$BI tc_screen 75 70 0 ${BI_IDS:-L3/38}
  python3 benchmarks/screen_pick.py "$LOGS/starter_configs.jsonl" --out "$LOGS/picked" \
    --for ${PICK_FOR:-L3/36=L3/35 L3/37=L3/35 L3/39=L3/35 L3/40=L3/35 L3/41=L3/38 L3/42=L3/38} | tee "$LOGS/picked.txt"
  CUDA_VISIBLE_DEVICES=0 timeout -s INT -k 20 $(( S - SECONDS )) python3 benchmarks/eval_batch.py \
    --problems L3/41 L3/42 L3/39 L3/40 L3/36 L3/37 L3/35 L3/38 --candidates "dir:$LOGS/picked" --compile-baseline \
    --baseline-precision fp32 --out "$LOGS/rnn-L3.jsonl" > "$LOGS/rnn-L3.log" 2>&1; echo "rnn judge rc=$?"
  grep -E "^L3/" "$LOGS/rnn-L3.log" | cut -c1-150 ;;
s11c)  # session 11, call 3, one GPU: the recurrent GPU tests with the new defaults, then screens of the GRUs (L3/39
       # stacked; L3/41, two directions) and of the bidirectional LSTM (L3/38), each winner judged unless it was
       # judged before (JUDGED: earlier verdicts), L3/40 and L3/42 taking L3/39's and L3/41's
  S=${2:-450}
  gpu_tests 120 tests/test_starters_gpu.py -k recurrent
  GRID="RNN_PRECISION=tf32x3 RNN_BLOCK_K=64,128 RNN_NUM_WARPS=4" tc_screen 60 55 0 L3/39
  GRID="RNN_PRECISION=tf32x3 RNN_BLOCK_K=64 RNN_NUM_WARPS=4 + RNN_PRECISION=fma RNN_BLOCK_J=4 RNN_BLOCK_K=256 \
    RNN_NUM_WARPS=4 + RNN_PRECISION=fma RNN_BLOCK_J=8 RNN_BLOCK_K=128 RNN_NUM_WARPS=4" tc_screen 190 95 0 L3/41 L3/38
  # L3/39's default has the launches judged in call 2 (under another name): it takes no part there
  { python3 benchmarks/screen_pick.py "$LOGS/starter_configs.jsonl" --out "$LOGS/picked" --only L3/39 --no-default \
      --for L3/40=L3/39
    python3 benchmarks/screen_pick.py "$LOGS/starter_configs.jsonl" --out "$LOGS/picked" --only L3/41 L3/38 \
      --judged ${JUDGED:-} --for L3/42=L3/41; } | tee "$LOGS/picked.txt"
  ls "$LOGS/picked" | grep -q . && CUDA_VISIBLE_DEVICES=0 timeout -s INT -k 20 $(( S - SECONDS )) python3 \
    benchmarks/eval_batch.py --problems L3/41 L3/42 L3/38 L3/39 L3/40 --candidates "dir:$LOGS/picked" \
    --compile-baseline --baseline-precision fp32 --out "$LOGS/rnn-L3.jsonl" > "$LOGS/rnn-L3.log" 2>&1
  echo "rnn judge rc=$?"; grep -aoE "L3/[0-9]+ +[0-9A-Za-z_]+ +[a-z_]+ +[0-9.]* .{0,90}" "$LOGS/rnn-L3.log" ;;
rep) repeat "${2:-300}" --compile-baseline ;;
scale) scale "${2:-150}" ;;
esac
for f in "$LOGS"/*.log; do echo "== $f"; grep -E "^(problems_with|problems_faster|candidates_)|Traceback|Error" "$f" | head -8; done
pack
