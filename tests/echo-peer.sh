#!/usr/bin/env bash
# sockloop --peer against a UDP echo service that is not winbench (tests/tools/udp_echo.c, a
# Linux program on 127.0.0.1): a known number of packets dropped on the way must show as exactly
# that many lost; a steady echo gives a small RFC 3550 jitter and one that holds every second
# packet back 2 ms a jitter near 2 ms; no output says "nan".
set -euo pipefail
exe=$(readlink -f "$1")
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
  "$dir/udp_echo" "$dir/$name.port" --seconds 60 "$@" </dev/null >/dev/null 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do [ -s "$dir/$name.port" ] && break; sleep 0.1; done
  [ -s "$dir/$name.port" ] || fail "the echo service $name did not start"
  port=$(cat "$dir/$name.port")
}
# cell FILE COLUMN: that column of the first rep row
cell() {
  awk -F, -v col="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
                      $4 == "rep" { print $c; exit }' "$1"
}
run_peer() {   # run_peer NAME PORT RATE DURATION
  (cd "$dir" && "$root/scripts/wine-run" "$exe" sockloop --peer "127.0.0.1:$2" --loop select --rate "$3" \
     --duration "$4" --grace 1 --interval 1s --csv "$1.csv") >"$dir/$1.out" 2>"$dir/$1.err" ||
    fail "$1: winbench failed: $(tail -3 "$dir/$1.err")"
  if grep -qiw nan "$dir/$1.out" "$dir/$1.err" "$dir/$1.csv"; then fail "$1: \"nan\" in the output"; fi
}

# 1000 packets, every tenth dropped by the echo: exactly 100 lost.
start_echo drop --drop-every 10
run_peer drop "$port" 500 2
sent=$(cell "$dir/drop.csv" sent); lost=$(cell "$dir/drop.csv" lost); errors=$(cell "$dir/drop.csv" send_errors)
received=$(cell "$dir/drop.csv" received)
[ "$sent" = 1000 ] && [ "$errors" = 0 ] || fail "sent $sent with $errors send errors, expected 1000 and 0"
[ "$lost" = 100 ] || fail "the echo dropped 100, winbench says $lost lost"
[ "$received" = 900 ] || fail "received $received, expected 900"
passed=$((passed + 1))

# A steady echo: jitter small (Wine's own noise); every second packet held 2 ms: jitter ~2 ms.
start_echo steady
run_peer steady "$port" 200 3
steady=$(cell "$dir/steady.csv" jitter_us)
start_echo alt --delay-odd-us 2000
run_peer alt "$port" 200 3
alt=$(cell "$dir/alt.csv" jitter_us)
# Wine's own wake-up noise is in the steady figure (seen from 0.4 to 1.46 ms; on Windows it would
# be tens of us); with every second packet held back 2 ms, |D| is 2 ms give or take that noise,
# so J comes out near 2 ms (seen 2.00 to 2.05 ms alone, once 3.12 ms in a loaded x86 CI run,
# which CTest's retry passed): each is checked against its own bounds.
awk -v j="$steady" 'BEGIN { exit !(j >= 0 && j < 2000) }' || fail "steady echo: jitter $steady us, expected under 2000"
passed=$((passed + 1))
awk -v j="$alt" 'BEGIN { exit !(j > 1700 && j < 3000) }' ||
  fail "2 ms every second packet: jitter $alt us (steady $steady us), expected ~2000"
passed=$((passed + 1))
echo "jitter: steady $steady us, alternating 2 ms $alt us"
echo "$passed passed, 0 failed"
