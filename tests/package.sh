#!/usr/bin/env bash
# scripts/package: the same zip from two builds of one commit (two fresh clones of HEAD, in
# folders of different names, each building both executables), and what it holds works alone:
# unpacked in a fresh folder, its sums check, the x86 winbench.exe says `info` in the XP
# prefix and the x64 one in the x64 prefix, with nothing beside them but the zip's files.
#     tests/package.sh
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
ok() { if eval "$1"; then passed=$((passed + 1)); else failed=$((failed + 1)); eval "echo \"package: FAILED: $2\""; fi; }

for side in first second-clone; do
  git clone -q "$root" "$dir/$side" 2>"$dir/$side.out"
  (cd "$dir/$side" && scripts/package --out "$dir/zip-$side") >>"$dir/$side.out" 2>&1
  ok '[ $? = 0 ] && [ -f "$dir/zip-$side/"winbench-*.zip ]' '$side: $(tail -5 "$dir/$side.out")'
done
a=$(ls "$dir"/zip-first/winbench-*.zip 2>/dev/null) b=$(ls "$dir"/zip-second-clone/winbench-*.zip 2>/dev/null)
ok '[ -n "$a" ] && [ -n "$b" ] && cmp -s "$a" "$b"' \
   'two builds of one commit, two zips: $(sha256sum "$a" "$b" 2>&1; cat "$dir/first.out" "$dir/second-clone.out")'
ok '! grep -q modified "$dir/first.out"' 'a fresh clone said modified: $(cat "$dir/first.out")'

mkdir "$dir/fresh"
(cd "$dir/fresh" && /usr/bin/python3 -m zipfile -e "$a" .) >"$dir/unzip.out" 2>&1
top=$(ls -d "$dir"/fresh/winbench-* 2>/dev/null)
ok '[ -n "$top" ] && [ -f "$top/winbench.exe" ] && [ -f "$top/x64/winbench.exe" ] && [ -f "$top/run-suite.cmd" ] &&
    [ -f "$top/run-remote.ps1" ] && [ -f "$top/README-Windows.txt" ] && [ -f "$top/LICENSE.txt" ]' \
   'the zip'"'"'s files: $(cd "$dir/fresh" && find . -type f; cat "$dir/unzip.out")'
ok '(cd "$top" && sha256sum --quiet -c SHA256SUMS.txt)' 'the sums: $(cd "$top" && sha256sum -c SHA256SUMS.txt 2>&1)'
ok 'grep -q "run-suite.cmd --label xp" "$top/README-Windows.txt" && [ "$(grep -c $'"'"'\r$'"'"' "$top/README-Windows.txt")" = "$(wc -l <"$top/README-Windows.txt")" ]' \
   'README-Windows.txt: the first hour, CRLF: $(head -5 "$top/README-Windows.txt")'
ok 'objdump -f "$top/winbench.exe" | grep -q "pei-i386" && objdump -f "$top/x64/winbench.exe" | grep -q "pei-x86-64"' \
   'the architectures: $(objdump -f "$top/winbench.exe" "$top/x64/winbench.exe" | grep format)'
# A machine whose kernel runs no i386 program has no 32-bit Wine to run it in (scripts/test skips
# the x86 suite there too): said, not counted. Any other reason it cannot run is a failure.
if ! why=$("$root/scripts/i386-probe" 2>&1); then
  echo "package: skipped: the x86 one in the XP prefix: $why"
else
  "$root/scripts/wine-run" --arch x86 "$top/winbench.exe" info >"$dir/x86.out" 2>&1
  ok '[ $? = 0 ] && grep -q "Windows XP" "$dir/x86.out"' 'the x86 one in the XP prefix: $(tail -5 "$dir/x86.out")'
fi
"$root/scripts/wine-run" "$top/x64/winbench.exe" info >"$dir/x64.out" 2>&1
ok '[ $? = 0 ] && grep -q "winbench " "$dir/x64.out"' 'the x64 one: $(tail -5 "$dir/x64.out")'
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
