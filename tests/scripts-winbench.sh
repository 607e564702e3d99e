#!/usr/bin/env bash
# scripts/winbench as the README's quick start runs it: no WINBENCH_* settings, from a directory
# of the user's, the CSV landing there. (Its default prefix once made it exit 1 without a word
# on x64, under set -e, and nothing ran it that way.)
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
arch=${WINBENCH_WINE_ARCH:-x64}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0
fail() { echo "scripts/winbench: $*"; echo "$passed passed, 1 failed"; exit 1; }
run() { (cd "$dir" && env -u WINBENCH_WINEPREFIX -u WINEPREFIX "$root/scripts/winbench" --arch "$arch" "$@") \
          >"$dir/out" 2>"$dir/err"; }
run --version || fail "--version: exit $?: $(cat "$dir/err")"
grep -q "^winbench [0-9][0-9.]*" "$dir/out" || fail "--version printed: $(cat "$dir/out")"
passed=$((passed + 1))
run sendmsg --iterations 20000 --csv quick.csv --quiet || fail "sendmsg: exit $?: $(tail -3 "$dir/err")"
[ "$(head -c 7 "$dir/quick.csv" 2>/dev/null)" = "schema," ] || fail "no quick.csv in the current directory"
passed=$((passed + 1))
echo "$passed passed, 0 failed"
