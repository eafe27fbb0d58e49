#!/usr/bin/env bash
# One lent GPU machine's share of a search panel that spans several calls (benchmarks/search_panel.py), run from the
# repository root with the run directory carried in:
#   bash benchmarks/panel_call.sh RUN [--stop-after S] [--confirm S] [--workers N] [-- more `search_panel.py run` flags]
# Resumes RUN (`search_panel.py run --out RUN`) for S seconds (default 380; --stop-after 0: no resume) with a 60 s
# grace (killed at S + 150 s), then with --confirm confirms its gains (`search_panel.py confirm`) for at most that
# many seconds, then thins RUN (`search_panel.py thin`: the verdicts, the sources a resume builds on, the autotuners'
# choices) into $OUT/panel.tgz, a folder `panel` small enough to carry to the next call:
#   rm -rf RUN && tar -xzf FILES_AT/panel.tgz -C "$(dirname RUN)"     # where RUN ends in /panel; else mv it
# Each step runs through benchmarks/device_run.sh (wheels in .whl/, a KernelBench copy in .gpu/kb); their logs come
# back as $OUT/logs.tgz. Exits with the first failed step's status (the thin copy is written whatever happened, so a
# cut or failed resume loses none of the verdicts it recorded).
set -u
usage() { sed -n '2,4p' "$0" >&2; exit 2; }
[ $# -ge 1 ] || usage
RUN=$1; shift
STOP_AFTER=380; CONFIRM=0; WORKERS=6; EXTRA=()
while [ $# -gt 0 ]; do
  case "$1" in
    --stop-after) STOP_AFTER=${2:?}; shift 2 ;;
    --confirm) CONFIRM=${2:?}; shift 2 ;;
    --workers) WORKERS=${2:?}; shift 2 ;;
    --) shift; EXTRA=("$@"); break ;;
    *) usage ;;
  esac
done
[ -d "$RUN" ] || { echo "panel_call.sh: no run directory $RUN (carry it, or start one with search_panel.py run)" >&2; exit 2; }
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT/logs"
HERE=$(cd "$(dirname "$0")" && pwd)
# step NAME LIMIT ARGS...: one device_run.sh command, its logs under $OUT/logs/NAME, killed (its whole process
# group) LIMIT seconds on: a step that outstays its own stop leaves the thinning its time. The ledger is written
# verdict by verdict, so what a killed step recorded is in the thin copy.
step() {
  OUT="$OUT/logs/$1" DEVICE_RUN_PACK=0 timeout -k 20 "$2" bash "$HERE/device_run.sh" "${@:3}"
}
status=0
if [ "$STOP_AFTER" != 0 ]; then
  step run $((STOP_AFTER + 150)) "$HERE/search_panel.py" run --out "$RUN" --workers-per-device "$WORKERS" \
    --stop-after "$STOP_AFTER" --stop-grace 60 --no-progress "${EXTRA[@]}" || status=$?
fi
if [ "$CONFIRM" != 0 ]; then
  step confirm $((CONFIRM + 60)) "$HERE/search_panel.py" confirm "$RUN" --stop-after "$CONFIRM" --no-progress
  rc=$?; [ "$status" = 0 ] && status=$rc
fi
THIN=$(mktemp -d)
python3 "$HERE/search_panel.py" thin "$RUN" "$THIN/panel" > "$OUT/logs/thin.log" 2>&1 \
  && tar -czf "$OUT/panel.tgz" -C "$THIN" panel || { echo "panel_call.sh: thinning $RUN failed" >&2; status=1; }
rm -rf "$THIN"
tar -czf "$OUT/logs.tgz" -C "$OUT" logs && rm -rf "${OUT:?}/logs"
exit "$status"
