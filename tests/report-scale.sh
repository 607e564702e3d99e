#!/usr/bin/env bash
# The report grows with its input, not faster: a lab of N machines' suites and one of 4N
# (copies of docs/samples/wine-debian12-epyc/suite-quick-A under other host names; 17 files each),
# `winbench report` timed on both beside a program that only reads the same files under the
# same Wine (tests/ref/read_files.c), the four runs taken in turn five times, the fastest of each
# kept (a busy machine only ever slows a run), each by its own clock (WINBENCH_REPORT_TIMING; the
# reader prints its own). Ratios in one run, not time limits, and the reading is the yardstick:
# its own time grew 3.5x to 4.5x for 4x the files from one run to the next (Wine's file system and
# the machine's clock, not the report), so the report's time over the reading's may grow at most
# 1.5x from N to 4N (work that grows with the square of the input grows it toward 4x), and the
# report at 4N is within 2x of the bare reading (docs/performance.md: 1.6x-1.9x at 128 machines
# in 0.6, 3.7x-4.0x before its reader found each file's columns once; 0.4's report took 20x,
# growing with the square of the groups).
#     tests/report-scale.sh build/x64/winbench.exe [N]
set -uo pipefail
exe=$(readlink -f "$1")
n=${2:-32}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ref=$(dirname "$exe")/ref_read_files.exe
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
suite=$root/docs/samples/wine-debian12-epyc/suite-quick-A
for m in "$n" $((4 * n)); do
  /usr/bin/python3 "$root/tests/tools/make_lab.py" "$suite" "$m" "$dir/lab$m" >/dev/null || { echo "report-scale: no lab"; echo "0 passed, 1 failed"; exit 1; }
done
# Each program's own time (QPC, from its start of work to its last output): under Wine a
# process's start is most of a small report's wall time, and most of its noise.
# The measured programs, and the Wine server and prefix processes they talk to, run
# first-in-first-out above the normal-priority processes (chrt -f 1), in a prefix of their own
# (a hard-linked copy of the ready one, its own server): on a machine whose cores are busy with
# other work, a program of 0.2 s often ends before the scheduler takes its core away and one of
# 0.8 s never does, so wall time grew 5.7x to 7.6x for 4x the files beside one busy thread per
# core, and 4.1x alone (one build, one after the other); a real-time program whose server waits
# its turn behind the busy threads still grew 5.4x. Given the cores they ask for, each program's
# own time is its work, whatever else the machine does. Its own prefix keeps the real-time class
# off the shared server that the other tests use; the server is ended when the test ends.
export WINBENCH_WINEPREFIX="$root/build/wineprefix-scale-${WINBENCH_WINE_ARCH:-x64}"
rt=(chrt -f 1)
if ! "${rt[@]}" true 2>/dev/null; then
  rt=()
  echo "report-scale: chrt -f 1 refused (no real-time scheduling here): timed at normal priority, so a busy machine can stretch the larger lab's times"
fi
trap '"$root/scripts/wine-run" --wineserver -k >/dev/null 2>&1; rm -rf "$dir"' EXIT
"$root/scripts/wine-run" --wineserver -k >/dev/null 2>&1   # a server left by a killed run: not real-time
"${rt[@]}" "$root/scripts/wine-run" "$ref" "$dir/lab$n" >/dev/null 2>&1   # starts the server and the prefix
report_ms() { WINBENCH_REPORT_TIMING=1 "${rt[@]}" "$root/scripts/wine-run" "$exe" report "$1" --csv "$2" 2>&1 >/dev/null |
              sed -n 's/^report-timing: [0-9]* files in \([0-9.]*\) ms.*/\1/p' | tr -d '\r'; }
read_ms() { "${rt[@]}" "$root/scripts/wine-run" "$ref" "$1" 2>/dev/null | sed -n 's/^[0-9]* [0-9]* [0-9]* \([0-9.]*\) ms.*/\1/p' | tr -d '\r'; }
best() { sort -g | head -1; }
declare -A report refr runs reads
big=$((4 * n))
# In turn, so that a stretch of slower clock falls on both sizes and both programs alike.
for i in 1 2 3 4 5; do
  for m in "$n" "$big"; do
    runs[$m]+="$(report_ms "$dir/lab$m" "$dir/out$m-$i.csv") "
    reads[$m]+="$(read_ms "$dir/lab$m") "
  done
done
for m in "$n" "$big"; do
  report[$m]=$(printf '%s\n' ${runs[$m]} | grep . | best)
  refr[$m]=$(printf '%s\n' ${reads[$m]} | grep . | best)
  if [ -z "${report[$m]}" ] || [ -z "${refr[$m]}" ]; then
    echo "report-scale: no timing from the report or the reader: ${runs[$m]}/ ${reads[$m]}"; echo "0 passed, 1 failed"; exit 1
  fi
  echo "report-scale: $((m * 17)) files: report ${report[$m]} ms, reading alone ${refr[$m]} ms (each its own time, fastest of 5)"
done
passed=0 failed=0
rows=$(($(wc -l < "$dir/out$big-1.csv") - 1))
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
growth=$(ratio "${report[$big]}" "${report[$n]}")
read_growth=$(ratio "${refr[$big]}" "${refr[$n]}")
small=$(ratio "${report[$n]}" "${refr[$n]}")
overhead=$(ratio "${report[$big]}" "${refr[$big]}")
over_growth=$(ratio "$overhead" "$small")
echo "report-scale: 4x the files: the report ${growth}x the time, the reading ${read_growth}x; the report over the reading ${small}x at $((n * 17)) files, ${overhead}x at $((big * 17)) (${over_growth}x); $rows rows in its table"
if awk -v g="$over_growth" 'BEGIN { exit !(g <= 1.5) }'; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "report-scale: FAILED: the report over the reading grew ${over_growth}x for 4x the files (at most 1.5x)"; fi
if awk -v o="$overhead" 'BEGIN { exit !(o <= 2.0) }'; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "report-scale: FAILED: ${overhead}x the time of reading the files alone (at most 2x)"; fi
# the table has a row per configuration and machine: all of them read
if [ "$rows" -ge $((big * 20)) ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "report-scale: FAILED: $rows rows for $big machines"; fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
