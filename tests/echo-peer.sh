#!/usr/bin/env bash
# sockloop --peer against a UDP echo service that is not winbench (tests/tools/udp_echo.c, a
# Linux program on 127.0.0.1): what the echo says it dropped (its own count, --stats) must show
# as exactly that many lost, and what it echoed as received; a steady echo gives a small RFC 3550
# jitter and one that holds every second packet back 20 ms a jitter near 20 ms, the two ranges
# apart by more than Wine's wake-up noise; no output says "nan".
# Two parts, two CTest cases: `echo-peer.sh EXE counts` (exact: never retried) and
# `echo-peer.sh EXE jitter` (timing: labelled so, and the one a run may retry once).
set -euo pipefail
exe=$(readlink -f "$1")
part=${2:-counts}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$dir"; }
trap cleanup EXIT
passed=0
fail() { echo "echo-peer test: $*"; echo "$passed passed, 1 failed"; exit 1; }
cc=$(command -v gcc || command -v cc || true)
[ -n "$cc" ] || fail "no C compiler for the echo service (scripts/setup installs gcc)"
"$cc" -std=c99 -O2 -o "$dir/udp_echo" "$root/tests/tools/udp_echo.c" || fail "udp_echo did not build"

# start_echo NAME ARGS...: runs the echo in the background (not in a $(...), which would wait
# for it), waits for its port file and sets $port
start_echo() {
  local name=$1; shift
  "$dir/udp_echo" "$dir/$name.port" --seconds 60 --stats "$dir/$name.stats" "$@" </dev/null >/dev/null 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do [ -s "$dir/$name.port" ] && break; sleep 0.1; done
  [ -s "$dir/$name.port" ] || fail "the echo service $name did not start"
  port=$(cat "$dir/$name.port")
}
# cell FILE COLUMN: that column of the first rep row, both found by name in the header
cell() {
  awk -F, -v col="$2" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == col) c = i; if ($i == "row") r = i } next }
                      c && r && $r == "rep" { print $c; exit }' "$1"
}
# stat NAME WORD: the echo's own count (received, echoed, dropped, delayed)
stat() { awk -v w="$2" '{ for (i = 1; i < NF; i++) if ($i == w) print $(i + 1) }' "$dir/$1.stats"; }
run_peer() {   # run_peer NAME PORT RATE DURATION [GRACE]
  (cd "$dir" && "$root/scripts/wine-run" "$exe" sockloop --peer "127.0.0.1:$2" --loop select --rate "$3" \
     --duration "$4" --grace "${5:-1}" --size 200 --interval 1s --csv "$1.csv") >"$dir/$1.out" 2>"$dir/$1.err" ||
    fail "$1: winbench failed: $(tail -3 "$dir/$1.err")"
  if grep -qiw nan "$dir/$1.out" "$dir/$1.err" "$dir/$1.csv"; then fail "$1: \"nan\" in the output"; fi
}

if [ "$part" = counts ]; then
# 300 packets, every tenth dropped by the echo: lost is what the echo says it dropped, received
# what it says it echoed.
start_echo drop --drop-every 10
# Loss is made impossible but for the echo's own drops: 300 datagrams of 200 bytes (~1 KB each
# in the kernel's accounting) fit the echo's and winbench's receive buffers even where rmem_max
# caps them at Linux's default 416 KiB (the 4 MB and 1 MB they ask need a raised cap), and a
# 5 s grace lets a starved receiver read the last echoes (it waits for the 30 that never come,
# so no longer).
run_peer drop "$port" 150 2 5
sent=$(cell "$dir/drop.csv" sent); lost=$(cell "$dir/drop.csv" lost); errors=$(cell "$dir/drop.csv" send_errors)
received=$(cell "$dir/drop.csv" received)
dropped=$(stat drop dropped); echoed=$(stat drop echoed); heard=$(stat drop received)
[ -n "$dropped" ] && [ "$dropped" -gt 0 ] || fail "the echo dropped nothing (its stats: $(cat "$dir/drop.stats" 2>/dev/null))"
[ "$sent" = "$heard" ] && [ "$errors" = 0 ] || fail "sent $sent with $errors send errors; the echo heard $heard"
[ "$lost" = "$dropped" ] || fail "the echo dropped $dropped, winbench says $lost lost"
[ "$received" = "$echoed" ] || fail "the echo echoed $echoed, winbench received $received"
# A tenth lost is over the 1% that warns: in the rep row and on stderr, with the echo's count.
grep -q "lost $dropped of the $sent packets sent" "$dir/drop.err" &&
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "warnings") w = i; if ($i == "row") r = i } next }
           $r == "rep" && $w ~ /loss_high/ { found = 1 } END { exit !found }' "$dir/drop.csv" ||
  fail "no loss_high warning for $dropped of $sent lost: $(grep warning "$dir/drop.err")"
passed=$((passed + 1))
echo "$passed passed, 0 failed"
exit 0
fi

# A steady echo: jitter small (the wake-up noise of Wine and of the machine); every second packet
# held back 20 ms: jitter ~20 ms. The noise was seen from 0.4 to 2.1 ms at rest and 8.7 ms on a
# loaded machine (on Windows it would be tens of us), and it is the load's, so the steady run is
# the reference measured beside the delayed one. RFC 3550's estimate of alternating 0 and 20 ms
# is 20 ms; independent noise adds to it in quadrature (steady 16.4 ms gave 25.2 ms on a machine
# running two whole suites), so the delayed one must read at least sqrt(steady^2 + (10 ms)^2)
# and at most 28 ms above the steady one. An echo that ignored its delay would read as the
# steady one and fail. The echo holds each odd packet in a queue, so a burst of sends cannot
# make one skip its delay.
start_echo steady
run_peer steady "$port" 25 4
steady=$(cell "$dir/steady.csv" jitter_us)
start_echo alt --delay-odd-us 20000
run_peer alt "$port" 25 4
alt=$(cell "$dir/alt.csv" jitter_us)
[ "$(stat alt delayed)" -ge 45 ] || fail "the echo held back only $(stat alt delayed) packets of 100"
awk -v j="$steady" 'BEGIN { exit !(j >= 0) }' || fail "steady echo: jitter $steady us"
passed=$((passed + 1))
awk -v j="$alt" -v s="$steady" 'BEGIN { exit !(j * j >= s * s + 10000 * 10000 && j <= s + 28000) }' ||
  fail "20 ms every second packet: jitter $alt us, steady $steady us: expected from sqrt(steady^2 + (10 ms)^2) to 28 ms above steady"
passed=$((passed + 1))
echo "jitter: steady $steady us, alternating 20 ms $alt us"
echo "$passed passed, 0 failed"
