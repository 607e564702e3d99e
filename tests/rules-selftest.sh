#!/usr/bin/env bash
# tests/tools/rules_check.py must fail on what it exists to catch, planted in a copy of the
# sources: a function of 81 lines, one whose signature wraps onto a second line, an include of
# the report in the runner, and two C files that need each other (two objects compiled here that
# call each other's function; two where one calls and the other reads the first's table of
# data, which nm shows as data, not as a call).
#     tests/rules-selftest.sh OBJDIR
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
objdir=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
ok() { if eval "$1"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "rules selftest: FAILED: $2"; fi; }
check() { python3 "$root/tests/tools/rules_check.py" "$@"; }

mkdir -p "$dir/src" && cp -r "$root/src/core" "$root/src/win" "$root/src/wait" "$root/src/run" "$root/src/report" "$dir/src/"
mkdir -p "$dir/bench" "$dir/cmake" && cp "$root/cmake/layers.txt" "$dir/cmake/"
ok 'check "$dir" >"$dir/clean.out"' "the sources as they are broke a rule: $(cat "$dir/clean.out" 2>/dev/null)"
{
  echo ''
  echo 'int wb_planted_long(int x)'
  echo '{'
  for i in $(seq 1 77); do echo "    x += $i;"; done
  echo '    return x;'
  echo '}'
} >>"$dir/src/core/stats.c"
ok '! check "$dir" >"$dir/long.out" && grep -q "wb_planted_long is 81 lines" "$dir/long.out"' \
   "an 81-line function passed: $(cat "$dir/long.out" 2>/dev/null)"
cp "$root/src/core/stats.c" "$dir/src/core/stats.c"
{
  echo ''
  echo 'static int wb_planted_wrapped(int x,'
  echo '                              int y)'
  echo '{'
  for i in $(seq 1 76); do echo "    x += $i * y;"; done
  echo '    return x;'
  echo '}'
} >>"$dir/src/core/stats.c"
ok '! check "$dir" >"$dir/wrap.out" && grep -q "wb_planted_wrapped is 81 lines" "$dir/wrap.out"' \
   "an 81-line function with a wrapped signature passed: $(cat "$dir/wrap.out" 2>/dev/null)"
cp "$root/src/core/stats.c" "$dir/src/core/stats.c"
sed -i '1a #include "report/report.h"' "$dir/src/run/reps.c"
ok '! check "$dir" >"$dir/inc.out" && grep -q "src/run/reps.c:2: includes report/report.h" "$dir/inc.out"' \
   "an include of the report in the runner passed: $(cat "$dir/inc.out" 2>/dev/null)"
cp "$root/src/run/reps.c" "$dir/src/run/reps.c"
cc=${NM%nm}gcc
mkdir -p "$dir/obj"
printf 'int wb_loop_b(int);\nint wb_loop_a(int x) { return x ? wb_loop_b(x - 1) : 0; }\n' >"$dir/a.c"
printf 'int wb_loop_a(int);\nint wb_loop_b(int x) { return x ? wb_loop_a(x - 1) : 1; }\n' >"$dir/b.c"
if $cc -c "$dir/a.c" -o "$dir/obj/a.c.obj" && $cc -c "$dir/b.c" -o "$dir/obj/b.c.obj"; then
  ok '! check "$root" "$dir/obj" >"$dir/loop.out" && grep -q "a.c.obj and b.c.obj call each other\|b.c.obj and a.c.obj call each other" "$dir/loop.out"' \
     "two files calling each other passed: $(cat "$dir/loop.out" 2>/dev/null)"
  mkdir -p "$dir/obj2"
  printf 'int wb_read_table(int);\nconst int wb_table_c[2] = { 1, 2 };\nint wb_use_c(void) { return wb_read_table(1); }\n' >"$dir/c.c"
  printf 'extern const int wb_table_c[2];\nint wb_read_table(int i) { return wb_table_c[i]; }\n' >"$dir/d.c"
  if $cc -c "$dir/c.c" -o "$dir/obj2/c.c.obj" && $cc -c "$dir/d.c" -o "$dir/obj2/d.c.obj"; then
    ok '! check "$root" "$dir/obj2" >"$dir/data.out" && grep -q "c.c.obj and d.c.obj call each other\|d.c.obj and c.c.obj call each other" "$dir/data.out"' \
       "a loop through a table of data passed: $(cat "$dir/data.out" 2>/dev/null)"
  else
    failed=$((failed + 1)); echo "rules selftest: FAILED: $cc could not compile the planted data loop"
  fi
  ok 'check "$root" "$objdir" >"$dir/real.out"' "the build's objects: $(cat "$dir/real.out" 2>/dev/null)"
else
  failed=$((failed + 1)); echo "rules selftest: FAILED: $cc could not compile the planted pair"
fi
echo "$passed passed, $failed failed"
