#!/usr/bin/env bash
# sockloop between two hosts, as the README documents it: two network namespaces joined by a
# veth pair (addresses from 192.0.2.0/24, TEST-NET-1, which exist only inside them), a
# reflector on the far one and the peer on the near one. Wine's sockets live in its wineserver,
# so each side runs in a Wine prefix (and server) of its own, started inside its namespace.
# The README's commands, with rates and lengths that Wine sustains in a test (UDP: 200 small
# datagrams, which no buffer on the way can drop; TCP: 1000/s for 2 s) in place of its 10,000/s
# for 20 s. Skips, saying why, where namespaces cannot be made.
set -uo pipefail
exe=$(readlink -f "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
arch=${WINBENCH_WINE_ARCH:-x64}
far=wbfar$$ near=wbnear$$ vfar=wbf$$ vnear=wbn$$
dir=$(mktemp -d)
passed=0
in_ns() {   # in_ns NS SIDE COMMAND...: in namespace NS with the side's own Wine prefix
  local ns=$1 side=$2; shift 2
  ip netns exec "$ns" env WINBENCH_WINEPREFIX="$root/build/wineprefix-netns-$side-$arch" "$@"
}
reflectors=
cleanup() {
  local pid
  for pid in $reflectors; do kill "$pid" 2>/dev/null; done
  in_ns "$far" far "$root/scripts/wine-run" --wineserver -k >/dev/null 2>&1
  in_ns "$near" near "$root/scripts/wine-run" --wineserver -k >/dev/null 2>&1
  ip netns del "$far" 2>/dev/null
  ip netns del "$near" 2>/dev/null
  rm -rf "$dir"
}
fail() { echo "netns test: $*"; echo "$passed passed, 1 failed"; exit 1; }
# shellcheck source=tests/netns-common.sh
. "$root/tests/netns-common.sh"
make_first_namespace "netns test" "$far"
trap cleanup EXIT
ip netns add "$near" || fail "ip netns add $near"
ip link add "$vfar" type veth peer name "$vnear" || fail "ip link add veth"
ip link set "$vfar" netns "$far" && ip link set "$vnear" netns "$near" || fail "moving the veth ends"
ip -n "$far" addr add 192.0.2.1/24 dev "$vfar" && ip -n "$far" link set "$vfar" up && ip -n "$far" link set lo up &&
ip -n "$near" addr add 192.0.2.2/24 dev "$vnear" && ip -n "$near" link set "$vnear" up && ip -n "$near" link set lo up ||
  fail "addresses"

# start_reflector NAME LINE ARGS...: the far host's `winbench sockloop ARGS...` in the background
# (output in $dir/NAME.out and NAME.err), returning once it has printed LINE. One that ends
# first fails the test with its exit code and how long it lived; but one that ended having
# printed nothing at all is one that Wine never ran (scripts/wine-run says when that is seen, and
# a test once waited here its full minute for such a one): it is started once more, which is said
# on stderr and logged where wine-run logs it.
start_reflector() {
  local name=$1 line=$2 try pid t0 ms rc
  shift 2
  for try in 1 2; do
    t0=$(date +%s%N)
    (cd "$dir" && in_ns "$far" far "$root/scripts/wine-run" "$exe" sockloop "$@") >"$dir/$name.out" 2>"$dir/$name.err" &
    pid=$!
    reflectors="$reflectors $pid"
    for _ in $(seq 600); do
      grep -q "$line" "$dir/$name.out" 2>/dev/null && return 0
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    kill -0 "$pid" 2>/dev/null &&
      fail "the $name reflector runs but has not said \"$line\" after $ms ms: $(cat "$dir/$name.err")"
    rc=0
    wait "$pid" || rc=$?
    if [ "$try" = 1 ] && [ ! -s "$dir/$name.out" ] && [ ! -s "$dir/$name.err" ]; then
      echo "netns test: the $name reflector printed nothing and ended with exit code $rc after $ms ms:" \
           "Wine did not run it; started once more" >&2
      [ -n "${WINBENCH_NOT_STARTED_LOG:-}" ] &&
        echo "netns.sh: the $name reflector (exit code $rc after $ms ms)" >>"$WINBENCH_NOT_STARTED_LOG"
      continue
    fi
    fail "the $name reflector ended (exit code $rc after $ms ms) before it said \"$line\": $(cat "$dir/$name.err")"
  done
}

# The far host: the README's reflector, verbatim (ended once the peer is done).
start_reflector far "reflecting on 0.0.0.0:5555" --reflect --loop select --port 5555 --bind 0.0.0.0 --duration 10m \
  --csv far.csv
passed=$((passed + 1))

# UDP promises no delivery to a starved receiver (51 and 248 of 3000 lost beside busy threads,
# and the kernels' drop counters did not account for them: they rose by 1298 in a run that lost
# nothing). So loss is made impossible: 200 datagrams of 200 bytes fit every socket buffer on
# the way (the default 208 KiB, doubled by Linux, holds over 300 of them) even if a receiver
# reads nothing until the end, and the grace waits for the last echo.
# The near host: the README's peer command (no --bind: it binds the wildcard address), with a
# long grace that ends with the last echo (a loaded machine's reflector may answer late).
(cd "$dir" && in_ns "$near" near "$root/scripts/wine-run" "$exe" sockloop --peer 192.0.2.1:5555 --rate 200 \
   --duration 1 --size 200 --grace 30 --csv near.csv) >"$dir/near.out" 2>"$dir/near.err" ||
  fail "the peer failed: $(tail -3 "$dir/near.err")"
cell() {   # cell FILE COLUMN: the column of the first rep row, both found by name in the header
  awk -F, -v col="$2" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == col) c = i; if ($i == "row") r = i } next }
                      c && r && $r == "rep" { print $c; exit }' "$1"
}
sent=$(cell "$dir/near.csv" sent); received=$(cell "$dir/near.csv" received); lost=$(cell "$dir/near.csv" lost)
scheduled=$(( sent + $(cell "$dir/near.csv" send_errors) + $(cell "$dir/near.csv" unsent) ))
[ "$scheduled" = 200 ] && [ "$sent" = 200 ] && [ "$received" = 200 ] && [ "$lost" = 0 ] ||
  fail "across the veth: sent $sent of $scheduled scheduled, received $received, lost $lost (expected 200, 200, 200, 0)"
[ "$(cell "$dir/near.csv" bind)" = 0.0.0.0 ] || fail "the peer bound $(cell "$dir/near.csv" bind), not the wildcard"
passed=$((passed + 1))
if grep -qiw nan "$dir/near.out" "$dir/near.err" "$dir/far.out"; then fail "\"nan\" in the output"; fi
passed=$((passed + 1))

# The same over TCP (the README's --proto tcp commands): a TCP reflector on the far host, the
# peer's six loops over three connections.
start_reflector far-tcp "reflecting on 0.0.0.0:5556" --proto tcp --reflect --port 5556 --bind 0.0.0.0 --duration 10m \
  --csv far-tcp.csv
(cd "$dir" && in_ns "$near" near "$root/scripts/wine-run" "$exe" sockloop --proto tcp --peer 192.0.2.1:5556 \
   --sockets 3 --spread --rate 1000 --duration 2 --grace 30 --csv near-tcp.csv) \
   >"$dir/near-tcp.out" 2>"$dir/near-tcp.err" ||
  fail "the TCP peer failed: $(tail -3 "$dir/near-tcp.err")"
# every loop's rep row: the 2000 scheduled sent, sent late or left unsent (a starved sender
# fell behind beside busy threads: afd sent fewer), and every one sent back, none lost (TCP
# cannot lose; the long grace ends with the last echo, which under load came after the
# default second; XP prefixes lack two of the loops)
summary=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                   $c["row"] == "rep" { n++; if ($c["sent"] + $c["send_errors"] + $c["unsent"] != 2000 || $c["sent"] < 1 ||
                                               $c["received"] != $c["sent"] || $c["lost"] != 0 ||
                                               $c["proto"] != "tcp") bad = bad " " $c["loop"] }
                   END { print n + 0, (bad ? bad : "none") }' "$dir/near-tcp.csv")
[ "${summary%% *}" -ge 4 ] && [ "${summary#* }" = none ] ||
  fail "over TCP across the veth: $summary (rep rows, loops with a wrong count)"
passed=$((passed + 1))
# pgmping's case: the far reflector joins a multicast group on its veth, the peer sends to the
# group, the echoes come back unicast. A route for 224.0.0.0/4 over the veth on both sides.
ip -n "$far" route add 224.0.0.0/4 dev "$vfar" && ip -n "$near" route add 224.0.0.0/4 dev "$vnear" ||
  fail "multicast routes"
start_reflector far-mc "reflecting on 239.1.2.3:5557" --reflect --loop select --group 239.1.2.3 --port 5557 \
  --bind 192.0.2.1 --duration 10m --csv far-mc.csv
# a long grace, which ends with the last echo: a loaded machine's reflector answers late (1722 of
# 2000 back within the default second, beside a test suite and a compiler)
(cd "$dir" && in_ns "$near" near "$root/scripts/wine-run" "$exe" sockloop --peer 239.1.2.3:5557 --loop select \
   --rate 200 --duration 1 --size 200 --grace 30 --csv near-mc.csv) >"$dir/near-mc.out" 2>"$dir/near-mc.err" ||
  fail "the peer of the group failed: $(tail -3 "$dir/near-mc.err")"
sent=$(cell "$dir/near-mc.csv" sent); received=$(cell "$dir/near-mc.csv" received); dup=$(cell "$dir/near-mc.csv" duplicated)
scheduled=$(( sent + $(cell "$dir/near-mc.csv" send_errors) + $(cell "$dir/near-mc.csv" unsent) ))
[ "$scheduled" = 200 ] && [ "$sent" = 200 ] && [ "$received" = 200 ] && [ "$dup" = 0 ] ||
  fail "through the group across the veth: sent $sent of $scheduled scheduled, received $received, duplicated $dup" \
       "(expected 200, 200, 200, 0)"
passed=$((passed + 1))
echo "$passed passed, 0 failed"
