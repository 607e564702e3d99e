#!/usr/bin/env bash
# What the docs claim about the code, checked against the code, so that the claims stay true:
# docs/testing.md explains every test hook of include/wb_test_hooks.h; docs/csv.md every warning
# code of include/wb_warning_codes.h (and no other); the README names every
# benchmark and wait loop, and `winbench list` shows every one; the rules of
# docs/architecture.md that a text search can check (one file calls GetProcAddress, no DLL is
# loaded by a bare name, the CSV
# sink reads no clock, bench/ includes only include/'s headers and its own); the file lists of
# docs/layout.md and docs/architecture.md against the tree.
#     tests/docs-true.sh build/x64/winbench.exe
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
exe=$1
passed=0 failed=0
check() {   # check "what" COMMAND...
  local what=$1; shift
  if "$@" >/dev/null 2>&1; then passed=$((passed + 1)); else echo "docs-true: $what"; failed=$((failed + 1)); fi
}
cd "$root"

hooks=$(grep -oE '"WINBENCH_[A-Z0-9_]+"' include/wb_test_hooks.h | tr -d '"' | sort -u)
[ -n "$hooks" ] || { echo "docs-true: no hooks found in include/wb_test_hooks.h"; echo "0 passed, 1 failed"; exit 1; }
for h in $hooks; do check "docs/testing.md does not explain $h" grep -qw -- "$h" docs/testing.md; done
# and no hook is read but through the list (src/win/test_hooks.c)
stray=$(grep -rlE 'getenv|GetEnvironmentVariable' src bench | grep -v '^src/win/test_hooks.c$' || true)
check "environment read outside src/win/test_hooks.c: $stray" test -z "$stray"

modules=$(sed -nE 's/^extern const wb_module wb_([a-z0-9_]+)_module;$/\1/p' src/run/modules.c)
backends=$(sed -nE 's/^#define WB_WAIT_BACKENDS\(X\) (.*)$/\1/p' include/wb_wait.h | grep -oE 'X\([a-z0-9_]+\)' | sed -E 's/X\((.*)\)/\1/')
[ -n "$modules" ] && [ -n "$backends" ] || { echo "docs-true: no modules or backends found"; echo "0 passed, 1 failed"; exit 1; }
list=$("$root/scripts/wine-run" "$exe" list 2>&1 | tr -d '\r')
for m in $modules; do
  check "README.md does not name the benchmark \`$m\`" grep -qF -- "\`$m\`" README.md
  check "winbench list does not show $m" grep -qE "^  $m +" <<<"$list"
done
for b in $backends; do
  check "README.md does not name the wait loop \`$b\`" grep -qF -- "\`$b\`" README.md
  check "winbench list does not show the wait loop $b" grep -qE "^  $b +" <<<"$list"
done

# every warning code of include/wb_warning_codes.h has its row in docs/csv.md's warnings table, and
# the table names no code the list lacks
listed=$(grep -oE '^    X\([a-z0-9_]+,' include/wb_warning_codes.h | sed -E 's/ *X\(([a-z0-9_]+),/\1/' | sort -u)
table=$(awk '/^### Warnings/{on=1} /^### Context/{on=0} on && /^\| `/' docs/csv.md | cut -d'|' -f2 | grep -oE '`[a-z0-9_]+`' |
        tr -d '`' | sort -u)
[ -n "$listed" ] && [ -n "$table" ] || { echo "docs-true: no warning codes found"; echo "0 passed, 1 failed"; exit 1; }
for w in $listed; do check "docs/csv.md's warnings table has no row for \`$w\`" grep -qx -- "$w" <<<"$table"; done
for w in $table; do check "docs/csv.md documents a warning \`$w\` that include/wb_warning_codes.h does not list" grep -qx -- "$w" <<<"$listed"; done

calls=$(grep -rlE '\bGetProcAddress\s*\(' src bench | grep -v '^src/win/winapi.c$' || true)
check "GetProcAddress called outside src/win/winapi.c: $calls" test -z "$calls"
# no DLL loaded by a bare name (the exe's folder comes first in that search: DLL planting), but
# comctl32 inside an activation context, which only a name resolves to its side-by-side copy
# (every call's argument is `path`, a full path built beside it, or it is that comctl32 call)
bare=$(grep -rnE '\bLoadLibrary(Ex)?[AW]?\s*\(' src bench | grep -vE 'LoadLibrary(Ex)?A\(path[,)]|"LoadLibrary' |
       grep -v 'side-by-side: by name' || true)
check "a DLL loaded by its bare name (wb_system_dll loads from the system folder): $bare" test -z "$bare"
# and every load of a library goes through the one safe helper, whose imports are searched from
# its own folder (LOAD_WITH_ALTERED_SEARCH_PATH): no LoadLibrary outside src/win/winapi.c but the
# side-by-side comctl32, and none there without the flag
stray=$(grep -rnE '\bLoadLibrary(Ex)?[AW]?\s*\(' src bench | grep -v '^src/win/winapi.c:' | grep -v 'side-by-side: by name' |
        grep -v '"LoadLibrary' || true)
check "a library loaded outside src/win/winapi.c's wb_system_dll: $stray" test -z "$stray"
unflagged=$(grep -nE '\bLoadLibrary(Ex)?[AW]?\s*\(' src/win/winapi.c | grep -v 'LOAD_WITH_ALTERED_SEARCH_PATH' | grep -v '"LoadLibrary' || true)
check "src/win/winapi.c loads a library without LOAD_WITH_ALTERED_SEARCH_PATH: $unflagged" test -z "$unflagged"
clock=$(grep -nE 'wb_ticks\(|QueryPerformanceCounter|GetLocalTime|GetSystemTime' src/run/sink_csv.c || true)
check "the CSV sink reads a clock: $clock" test -z "$clock"
private=$(grep -nE '#include "(core|run|win|wait|report|cli)/' bench/*.c bench/*.h || true)
check "bench/ includes a private header: $private" test -z "$private"

# The file lists of docs/layout.md and docs/architecture.md, against the tree: every file they
# name exists (a recipe's NAME or FMT is a placeholder), and every module file of bench/ is named
# in the layout.
for p in $(grep -ohE '(src|bench|include|tests|scripts|cmake)/[A-Za-z0-9_./-]+\.(c|h|sh|py|cmake|cmd|ps1)' \
             docs/architecture.md docs/layout.md | grep -vE 'NAME|FMT' | sort -u); do
  check "docs name $p, which is not in the tree" test -e "$p"
done
for f in bench/*.c; do check "docs/layout.md does not name $(basename "$f")" grep -q "$(basename "$f")" docs/layout.md; done

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
