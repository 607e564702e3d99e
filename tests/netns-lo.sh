#!/usr/bin/env bash
# Addresses that are not this machine's, in a network namespace that has only `lo` (so that
# nothing can leave it whatever winbench did): `sockloop --bind 10.1.2.3` is a usage error
# naming the address, while an address the namespace does have (192.0.2.9, on a veth pair whose
# two ends both stay inside it) is taken
# and the run receives every packet. Then scripts/winbench, called outside that namespace with
# the namespace's Wine prefix (whose wineserver lives inside), refuses to run: Wine's sockets
# would be the namespace's. Multicast (--group) on lo in the same namespace, and without a route.
# Skips, saying why, where namespaces cannot be made.
set -uo pipefail
exe=$(readlink -f "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
arch=${WINBENCH_WINE_ARCH:-x64}
ns=wblo$$
prefix="$root/build/wineprefix-netns-lo-$arch"
dir=$(mktemp -d)
passed=0
in_ns() { ip netns exec "$ns" env WINBENCH_WINEPREFIX="$prefix" "$@"; }
cleanup() {
  in_ns "$root/scripts/wine-run" --wineserver -k >/dev/null 2>&1
  ip netns del "$ns" 2>/dev/null
  rm -rf "$dir"
}
fail() { echo "netns-lo test: $*"; echo "$passed passed, 1 failed"; exit 1; }
# shellcheck source=tests/netns-common.sh
. "$root/tests/netns-common.sh"
make_first_namespace "netns-lo test" "$ns"
trap cleanup EXIT
ip -n "$ns" link set lo up || fail "setting up lo"
[ "$(ip -n "$ns" -o link | wc -l)" = 1 ] || fail "the namespace has more than lo: $(ip -n "$ns" -o link)"

# An address nobody here has: refused before anything is sent.
(cd "$dir" && in_ns "$root/scripts/wine-run" "$exe" sockloop --bind 10.1.2.3 --loop select --rate 100 --duration 1 \
   --csv foreign.csv) >"$dir/foreign.out" 2>"$dir/foreign.err"
rc=$?
[ "$rc" = 2 ] || fail "--bind 10.1.2.3: exit $rc, expected 2 (usage): $(cat "$dir/foreign.err")"
grep -q "winbench: sockloop: --bind: 10.1.2.3 is not an address of this machine" "$dir/foreign.err" ||
  fail "no line naming the address: $(cat "$dir/foreign.err")"
[ ! -e "$dir/foreign.csv" ] || fail "a CSV was left behind"
passed=$((passed + 1))

# Multicast (--group) on lo, in this namespace of lo alone, where nothing can leave: the receiving
# socket joins on 127.0.0.1 and the sender sends out of it; every packet once (the raw file, one
# line per packet, each sequence number once).
(cd "$dir" && in_ns "$root/scripts/wine-run" "$exe" sockloop --group 239.1.2.3 --loop select --rate 500 --duration 1 \
   --csv mc.csv --raw mc-raw.csv --quiet) >"$dir/mc.out" 2>"$dir/mc.err" || fail "--group 239.1.2.3 failed: $(cat "$dir/mc.err")"
cell() {   # cell FILE COLUMN: the column of the rep row, found by name
  awk -F, -v col="$2" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == col) c = i; if ($i == "row") r = i } next }
                      $r == "rep" { print $c; exit }' "$1"
}
[ "$(cell "$dir/mc.csv" received)" = 500 ] && [ "$(cell "$dir/mc.csv" duplicated)" = 0 ] &&
  [ "$(cell "$dir/mc.csv" group)" = 239.1.2.3 ] ||
  fail "--group: received $(cell "$dir/mc.csv" received), duplicated $(cell "$dir/mc.csv" duplicated), group column" \
       "\"$(cell "$dir/mc.csv" group)\" (expected 500, 0, 239.1.2.3)"
distinct=$(awk -F, 'NR > 1 { print $2 }' "$dir/mc-raw.csv" | sort -un | wc -l)
lines=$(($(wc -l < "$dir/mc-raw.csv") - 1))
[ "$distinct" = 500 ] && [ "$lines" = 500 ] || fail "--group: the raw file has $lines lines, $distinct sequence numbers (500, 500)"
passed=$((passed + 1))
# No interface given (0.0.0.0) and no multicast route here: a clear line naming the call, exit 1,
# no CSV.
(cd "$dir" && in_ns "$root/scripts/wine-run" "$exe" sockloop --group 239.1.2.3 --bind 0.0.0.0 --loop select --rate 100 \
   --duration 1 --csv noroute.csv) >"$dir/noroute.out" 2>"$dir/noroute.err"
rc=$?
[ "$rc" = 1 ] || fail "--group without a route: exit $rc, expected 1: $(cat "$dir/noroute.err")"
# (the join, or the first send, fails; either line says what to do: the join's said only
# "Invalid argument (error 10022)" before 0.5)
grep -Eq "winbench: sockloop: (setsockopt\(IP_ADD_MEMBERSHIP 239.1.2.3 on 0.0.0.0\)|sendto\(group 239.1.2.3:[0-9]+\)) failed: .* no route for multicast from 0.0.0.0" \
  "$dir/noroute.err" || fail "--group without a route: no line naming the call: $(cat "$dir/noroute.err")"
[ ! -e "$dir/noroute.csv" ] || fail "--group without a route left a CSV"
passed=$((passed + 1))
# A unicast peer no route reaches (this namespace has only lo): the failing send names it.
(cd "$dir" && in_ns "$root/scripts/wine-run" "$exe" sockloop --peer 10.9.9.9:5 --loop select --rate 100 --duration 1 \
   --csv unreach.csv --quiet) >"$dir/unreach.out" 2>"$dir/unreach.err"
rc=$?
[ "$rc" = 1 ] && grep -q "sendto(10.9.9.9:5) failed" "$dir/unreach.err" ||
  fail "--peer with no route: exit $rc, and no line naming the address: $(cat "$dir/unreach.err")"
passed=$((passed + 1))

# An interface address of the namespace's own: accepted, every packet home. Both ends of the veth
# are inside the namespace, so this traffic cannot leave it either.
ip -n "$ns" link add wbla$$ type veth peer name wblb$$ && ip -n "$ns" addr add 192.0.2.9/24 dev wbla$$ &&
  ip -n "$ns" link set wbla$$ up && ip -n "$ns" link set wblb$$ up || fail "the namespace's own veth"
(cd "$dir" && in_ns "$root/scripts/wine-run" "$exe" sockloop --bind 192.0.2.9 --loop select --rate 500 --duration 1 \
   --csv own.csv --quiet) >"$dir/own.out" 2>"$dir/own.err" || fail "--bind 192.0.2.9 failed: $(cat "$dir/own.err")"
[ "$(cell "$dir/own.csv" received)" = 500 ] && [ "$(cell "$dir/own.csv" lost)" = 0 ] ||
  fail "--bind 192.0.2.9: received $(cell "$dir/own.csv" received), lost $(cell "$dir/own.csv" lost) (expected 500, 0)"
passed=$((passed + 1))

# The same prefix from outside the namespace while its server runs inside: refused.
# (a server still ending from the runs above would not stay: end it, start a persistent one)
in_ns "$root/scripts/wine-run" --wineserver -k >/dev/null 2>&1
in_ns "$root/scripts/wine-run" --wineserver -p </dev/null >/dev/null 2>&1
serving=0
for _ in $(seq 50); do
  for proc in /proc/[0-9]*; do
    case $(cat "$proc/comm" 2>/dev/null) in wineserver*) ;; *) continue ;; esac
    tr '\0' '\n' < "$proc/environ" 2>/dev/null | grep -qxF "WINEPREFIX=$prefix" && serving=1
  done
  [ $serving = 1 ] && break
  sleep 0.1
done
[ $serving = 1 ] || fail "no persistent wineserver for $prefix in the namespace"
WINBENCH_WINEPREFIX="$prefix" "$root/scripts/winbench" --arch "$arch" --version >"$dir/shared.out" 2>"$dir/shared.err"
rc=$?
[ "$rc" = 2 ] || fail "a prefix served in another namespace: exit $rc, expected 2: $(cat "$dir/shared.err")"
grep -q "in another network namespace" "$dir/shared.err" || fail "no reason given: $(cat "$dir/shared.err")"
passed=$((passed + 1))
echo "$passed passed, 0 failed"
