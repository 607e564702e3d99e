#!/usr/bin/env bash
# A full disk: a tmpfs of 12 KiB as the results folder. A run whose rows stop fitting leaves
# whole rows only (0.4 left one cut in half, and `report` then refused the whole file), says
# that the summary was not written, and exits 1; `report` reads those rows, every one (the
# outside truth: the lines in the file); `all` stops at the first run that could not write
# rather than run the rest into the same disk. And a copy cut short (`head -c`) keeps its
# whole rows in `report`. Skips, saying why, where a tmpfs cannot be mounted.
#     tests/full-disk.sh build/x64/winbench.exe
set -uo pipefail
exe=$(readlink -f "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=$(mktemp -d)
passed=0
cleanup() { umount "$dir/full" 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT
fail() { echo "full-disk: $*"; echo "$passed passed, 1 failed"; exit 1; }
mkdir "$dir/full"
if [ "${WINBENCH_WINE_ARCH:-x64}" = x86 ] &&
   { [ "${WINBENCH_WINE32:-}" = chroot ] || { [ "${WINBENCH_WINE32:-}" != native ] && [ ! -x /usr/lib/wine/wine ]; }; }; then
  # scripts/wine-run's i386 root: its wineserver opens the files, in a mount namespace of its
  # own made when it started, before this tmpfs, which it therefore cannot see. The code that
  # writes rows is the same C on both architectures; the x64 pass runs this test.
  echo "full-disk: SKIPPED: 32-bit Wine runs in the i386 root, whose wineserver cannot see a tmpfs mounted now"
  exit 77
fi
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o size=12k tmpfs "$dir/full" 2>"$dir/why"; then
  echo "full-disk: SKIPPED: cannot mount a tmpfs here ($( [ "$(id -u)" != 0 ] && echo "not root"; cat "$dir/why"))"
  exit 77
fi
wb() { "$root/scripts/wine-run" "$exe" "$@"; }

# 30 repetitions of ~1 KiB rows into 12 KiB: the disk fills part-way.
(cd "$dir/full" && wb sendmsg --iterations 2000 --repeat 30 --warmup 0 --floors off --csv x.csv --quiet) \
  >"$dir/out" 2>"$dir/err"
rc=$?
[ "$rc" = 1 ] || fail "a full disk: exit $rc, not 1: $(cat "$dir/err")"
grep -q "failed (disk full?)" "$dir/err" && grep -q "and the summary, were not written" "$dir/err" ||
  fail "the run did not say what was not written: $(cat "$dir/err")"
passed=$((passed + 1))
[ -s "$dir/full/x.csv" ] || fail "no rows kept at all"
[ "$(tail -c 2 "$dir/full/x.csv" | od -An -c | tr -d ' ')" = '\r\n' ] || fail "the file ends inside a row: $(tail -c 80 "$dir/full/x.csv")"
lines=$(wc -l <"$dir/full/x.csv")
[ "$lines" -ge 3 ] && [ "$lines" -lt 31 ] || fail "$lines lines: the disk did not fill part-way"
grep -q "holds $lines whole rows, the header included" "$dir/err" || fail "the count of whole rows ($lines) not said: $(cat "$dir/err")"
passed=$((passed + 1))
cp "$dir/full/x.csv" "$dir/x.csv"
(cd "$dir" && wb report x.csv --csv r.csv) >"$dir/out" 2>"$dir/err" || fail "report of the rows kept: exit $?: $(cat "$dir/err")"
n=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "n") c = i; next } { print $c; exit }' "$dir/r.csv")
[ "$n" = $((lines - 1)) ] || fail "report counted $n repetitions of the $((lines - 1)) rows kept"
passed=$((passed + 1))

# `all` into the full disk (its sendmsg runs: calibrate's take long): stops at its first run
rm -f "$dir/full/x.csv"
(cd "$dir/full" && wb all --quick --only sendmsg --repeat 30 --out res) >"$dir/out" 2>"$dir/err"
rc=$?
[ "$rc" = 1 ] && grep -q "stopped after 1 of" "$dir/out" || fail "all: exit $rc: $(tail -3 "$dir/out") $(tail -3 "$dir/err")"
[ "$(find "$dir/full/res" -name '*.csv' | wc -l)" = 1 ] || fail "all went on: $(ls "$dir/full/res")"
passed=$((passed + 1))

# A copy cut short inside its last row: the whole rows before it are read.
(cd "$dir" && wb sendmsg --iterations 2000 --repeat 3 --warmup 0 --floors off --csv whole.csv --quiet) >/dev/null 2>&1 ||
  fail "sendmsg --repeat 3 failed"
head -c $(( $(stat -c %s "$dir/whole.csv") - 100 )) "$dir/whole.csv" >"$dir/cut.csv"   # into the summary row
(cd "$dir" && wb report cut.csv --csv rc.csv) >"$dir/out" 2>"$dir/err" || fail "report of a cut copy: exit $?: $(cat "$dir/err")"
grep -q "cut.csv: its last line is cut" "$dir/err" || fail "the cut line not said: $(cat "$dir/err")"
n=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "n") c = i; next } { print $c; exit }' "$dir/rc.csv")
[ "$n" = 3 ] || fail "report read $n of the 3 repetitions before the cut"
passed=$((passed + 1))
echo "$passed passed, 0 failed"
