#!/usr/bin/env bash
# winbench under a Wine prefix that reports Windows XP (HKCU\Software\Wine Version=winxp), in a
# prefix of its own: `info` and a short sendmsg must report XP (5.1.2600 SP3). Wine still has
# WSAPoll there, so the missing-WSAPoll path is tested with WINBENCH_HIDE_IMPORTS=WSAPoll instead.
set -euo pipefail
exe=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
arch=${WINBENCH_WINE_ARCH:-x64}
export WINBENCH_WINEPREFIX=${WINBENCH_WINEPREFIX_XP:-$root/build/wineprefix-winxp-$arch}
passed=0
fail() { echo "winxp test: $*"; echo "$passed passed, 1 failed"; exit 1; }

"$root/scripts/wine-run" cmd /c exit 0 >/dev/null 2>&1 || true   # creates the prefix once
"$root/scripts/wine-run" reg add 'HKCU\Software\Wine' /v Version /d winxp /f >/dev/null 2>&1 \
  || fail "could not set the Windows version of the prefix"
"$root/scripts/wine-run" --wineserver -w || true

info=$("$root/scripts/wine-run" "$exe" info 2>&1) || fail "info failed: $info"
grep -q "^os: *Windows XP 5.1.2600 Service Pack 3 (workstation, via RtlGetVersion)" <<<"$info" \
  || fail "info does not report XP: $(grep '^os:' <<<"$info")"
passed=$((passed + 1))

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
(cd "$dir" && "$root/scripts/wine-run" "$exe" sendmsg --iterations 10k --repeat 2 --csv xp.csv --quiet >/dev/null 2>&1) \
  || fail "sendmsg failed under XP"
head -1 "$dir/xp.csv" | tr ',' '\n' > "$dir/cols"
col() { grep -nx "$1" "$dir/cols" | cut -d: -f1; }
row=$(sed -n 2p "$dir/xp.csv")
os_name=$(cut -d, -f"$(col os_name)" <<<"$row")
os_version=$(cut -d, -f"$(col os_version)" <<<"$row")
os_build=$(cut -d, -f"$(col os_build)" <<<"$row")
[ "$os_name" = "Windows XP" ] && [ "$os_version" = "5.1" ] && [ "$os_build" = 2600 ] \
  || fail "CSV says $os_name $os_version.$os_build"
passed=$((passed + 1))
echo "$passed passed, 0 failed"
