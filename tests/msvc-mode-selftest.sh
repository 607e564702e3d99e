#!/usr/bin/env bash
# scripts/check-msvc-mode must fail on the GNU-only C that MSVC rejects, planted in files of
# their own (a statement expression, a VLA, a zero-argument variadic macro call beside
# __attribute__), naming the file and the construct, and pass a clean Win32 file.
#     tests/msvc-mode-selftest.sh
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
ok() { if eval "$1"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "msvc-mode selftest: FAILED: $2"; fi; }
check() { "$root/scripts/check-msvc-mode" "$@"; }

printf 'int f(void);\nint f(void) { return ({ int x = 1; x + 1; }); }\n' >"$dir/statement.c"
printf 'int g(int n);\nint g(int n) { int a[n]; a[0] = n; return a[0]; }\n' >"$dir/vla.c"
printf 'static int unused_ok(void) __attribute__((unused));\nstatic int unused_ok(void) { return 0; }\n' >"$dir/attribute.c"
printf '#include <windows.h>\n#include <winsock2.h>\nint h(void);\nint h(void) { return (int)GetTickCount() + WSAGetLastError(); }\n' \
  >"$dir/clean.c"
ok 'check "$dir/clean.c" >"$dir/clean.out" 2>&1' 'a clean Win32 file failed: $(cat "$dir/clean.out")'
ok '! check "$dir/statement.c" >"$dir/statement.out" 2>&1 && grep -q "statement.c.*GNU statement expression" "$dir/statement.out"' \
   'a statement expression passed: $(cat "$dir/statement.out")'
ok '! check "$dir/vla.c" >"$dir/vla.out" 2>&1 && grep -q "vla.c.*variable length array" "$dir/vla.out"' \
   'a VLA passed: $(cat "$dir/vla.out")'
ok '! check "$dir/attribute.c" >"$dir/attribute.out" 2>&1' '__attribute__ passed: $(cat "$dir/attribute.out")'
ok '! check "$dir/clean.c" "$dir/vla.c" >"$dir/both.out" 2>&1 && grep -q "2 files" "$dir/both.out"' \
   'one bad file among two passed: $(cat "$dir/both.out")'
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
