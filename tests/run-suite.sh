#!/usr/bin/env bash
# scripts/run-suite.cmd under Wine's cmd.exe, as a user runs it on a VM: winbench.exe and the
# script in one folder, `run-suite.cmd --quick`, CSVs in results\<COMPUTERNAME>\ beside them.
# Wine's cmd.exe stands in for XP's here; XP itself is not available to the tests. What is
# checked is the script's plumbing (its arguments reach winbench, the CSVs land beside it), so
# two of the suite's runs do (--only: the whole suite is e2e_suite.suite_and_report's).
set -euo pipefail
exe=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "run-suite test: $*"; echo "0 passed, 1 failed"; exit 1; }

# Without winbench.exe beside it, the script says so and exits 2.
cp "$root/scripts/run-suite.cmd" "$dir/"
set +e
"$root/scripts/wine-run" cmd /c "Z:${dir//\//\\}\\run-suite.cmd" >"$dir/missing.log" 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || fail "without winbench.exe: exit $rc, expected 2"
grep -q "winbench.exe is not beside this script" "$dir/missing.log" || fail "no message: $(cat "$dir/missing.log")"

cp "$exe" "$dir/"
"$root/scripts/wine-run" cmd /c "Z:${dir//\//\\}\\run-suite.cmd" --quick --label cmdtest --only calibrate,scratch-off-same \
  >"$dir/run.log" 2>&1 \
  || fail "run-suite.cmd --quick failed: $(tail -5 "$dir/run.log")"
grep -q "run-suite: the CSVs are in" "$dir/run.log" || fail "it did not say where the CSVs went"
# As many CSVs as the suite says it runs ("winbench all --quick: N runs into ..."): a suite entry
# added to src/cli/suite.c needs no change here.
runs=$(grep -oE '[0-9]+ runs into' "$dir/run.log" | grep -oE '^[0-9]+' || true)
[ "$runs" = 2 ] || fail "--only calibrate,scratch-off-same: the suite said ${runs:-no} runs: $(head -3 "$dir/run.log")"
n=$(find "$dir/results" -name 'winbench-*-cmdtest.csv' | wc -l)
[ "$n" = "$runs" ] || fail "expected $runs CSVs under results/<host>/, found $n"
echo "3 passed, 0 failed"
