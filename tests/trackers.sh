#!/usr/bin/env bash
# `report --export` read by the trackers' own readers (scripts/setup installs them from Debian):
# - Google Benchmark's compare.py (libbenchmark-tools) reads two gbench exports, a baseline and a
#   run with a 10% slowdown planted in one configuration of two, 5 repetitions a side: its U
#   test flags that configuration (p < 0.05, time +11%: a rate 10% lower is 1/0.9 the time per
#   call) and not the other;
# - the Bencher (BMF) and github-action-benchmark exports hold to the samples and the schema
#   their documentation gives (tests/fixtures/trackers), checked by tests/tools/tracker_check.py.
#     tests/trackers.sh build/x64/winbench.exe
set -uo pipefail
exe=$(readlink -f "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
compare=/usr/share/benchmark/compare.py
samples=$root/tests/fixtures/trackers
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
ok() { if eval "$1"; then passed=$((passed + 1)); else failed=$((failed + 1)); eval "echo \"trackers: FAILED: $2\""; fi; }
if [ ! -f "$compare" ] || ! /usr/bin/python3 -c 'import scipy, jsonschema' 2>/dev/null; then
  echo "trackers: compare.py (libbenchmark-tools), python3-scipy or python3-jsonschema is missing (scripts/setup installs them)"
  echo "0 passed, 1 failed"
  exit 1
fi
wb() { (cd "$dir" && "$root/scripts/wine-run" "$exe" "$@"); }

# sendmsg rows: two configurations, 5 repetitions each; `scale` multiplies the scratch one's rate
rows() {
  local scale=$1 rep rate
  printf 'schema,benchmark,label,row,rep,target,themes,thread,msg,ops_per_s,host,os_name,os_version,os_build,os_sp\r\n'
  for rep in 1 2 3 4 5; do
    rate=$(awk -v r=$rep -v s="$scale" 'BEGIN { printf "%.1f", (1000000 + 4000 * (r % 3) - 3000 * (r % 2)) * s }')
    printf '1,sendmsg,CI,rep,%s,scratch,on,same,0,%s,CI,Windows 7,6.1,7601,Service Pack 1\r\n' $rep "$rate"
    rate=$(awk -v r=$rep 'BEGIN { printf "%.1f", 50000 + 700 * ((r * 3) % 5) }')
    printf '1,sendmsg,CI,rep,%s,button,on,same,0,%s,CI,Windows 7,6.1,7601,Service Pack 1\r\n' $rep "$rate"
  done
}
rows 1 >"$dir/base.csv"
rows 0.9 >"$dir/new.csv"
# and a time, where less is better: calibrate's Sleep(1)
{ printf 'schema,benchmark,label,row,rep,sleep1_ms_p50,host,os_name,os_version,os_build,os_sp\r\n'
  for rep in 1 2 3 4 5; do printf '1,calibrate,CI,rep,%s,1.0%s,CI,Windows 7,6.1,7601,Service Pack 1\r\n' $rep $rep; done
} >"$dir/calibrate.csv"
wb report base.csv calibrate.csv --export gbench base.json --export bmf base-bmf.json --export gab-smaller smaller.json \
  --export gab-bigger bigger.json >"$dir/base.out" 2>&1
ok '[ $? = 0 ] && [ -s "$dir/base.json" ]' 'report --export: $(tail -3 "$dir/base.out")'
wb report new.csv --export gbench new.json >"$dir/new.out" 2>&1
ok '[ $? = 0 ] && [ -s "$dir/new.json" ]' 'report --export gbench: $(tail -3 "$dir/new.out")'

(cd "$dir" && /usr/bin/python3 "$compare" --no-color benchmarks base.json new.json) >"$dir/compare.out" 2>&1
ok '[ $? = 0 ]' 'compare.py: $(tail -5 "$dir/compare.out")'
# its U test line per configuration: NAME_pvalue TIME_P CPU_P U Test, Repetitions: 5 vs 5
pvalue() { awk -v n="$1_pvalue" '$1 == n { print $2 }' "$dir/compare.out"; }
scratch=sendmsg/target=scratch/themes=on/thread=same/msg=0 button=sendmsg/target=button/themes=on/thread=same/msg=0
ok 'awk -v p="$(pvalue $scratch)" "BEGIN { exit !(p != \"\" && p < 0.05) }"' \
   'the planted slowdown not flagged (p $(pvalue $scratch)): $(cat "$dir/compare.out")'
ok 'awk -v p="$(pvalue $button)" "BEGIN { exit !(p != \"\" && p >= 0.05) }"' \
   'the unchanged configuration flagged (p $(pvalue $button)): $(cat "$dir/compare.out")'
ok 'grep -q "U Test, Repetitions: 5 vs 5" "$dir/compare.out"' 'not 5 repetitions a side: $(cat "$dir/compare.out")'
# the median's line: time +0.1111 (the old time 1/0.9 times over)
ok 'awk -v n="${scratch}_median" "\$1 == n && \$2 > 0.105 && \$2 < 0.117 { f = 1 } END { exit !f }" "$dir/compare.out"' \
   'the median not 11% slower: $(grep _median "$dir/compare.out")'
ok 'awk -v n="${button}_median" "\$1 == n && \$2 > -0.01 && \$2 < 0.01 { f = 1 } END { exit !f }" "$dir/compare.out"' \
   'the unchanged median moved: $(grep _median "$dir/compare.out")'

# two machines in one report: their names carry /machine=NAME, which compare.py's filters set apart
sed 's/,CI,Windows/,XP,Windows/; s/sendmsg,CI,/sendmsg,XP,/' "$dir/new.csv" >"$dir/xp.csv"
wb report base.csv xp.csv --export gbench both.json >"$dir/both.out" 2>&1
(cd "$dir" && /usr/bin/python3 "$compare" --no-color benchmarksfiltered both.json machine=CI both.json machine=XP) \
  >"$dir/filtered.out" 2>&1
ok 'grep -F "machine=CI vs. machine=XP]_pvalue" "$dir/filtered.out" | grep -q "^sendmsg/target=scratch.* 0\.00"' \
   'two machines of one report: $(cat "$dir/both.out" "$dir/filtered.out")'

/usr/bin/python3 "$root/tests/tools/tracker_check.py" bmf "$samples/bmf.sample.json" "$samples/bmf.schema.json" \
  "$dir/base-bmf.json" >"$dir/bmf.check" 2>&1
ok '[ $? = 0 ]' 'Bencher: $(cat "$dir/bmf.check")'
ok 'grep -q "\"throughput\"" "$dir/base-bmf.json"' 'a rate in Bencher'"'"'s throughput: $(head -c 400 "$dir/base-bmf.json")'
for side in smaller bigger; do
  /usr/bin/python3 "$root/tests/tools/tracker_check.py" gab "$samples/gab-custom.sample.json" "$dir/$side.json" \
    >"$dir/$side.check" 2>&1
  ok '[ $? = 0 ]' 'github-action-benchmark ($side): $(cat "$dir/$side.check")'
done
ok 'grep -q "SendMessage/s" "$dir/bigger.json" && ! grep -q calibrate "$dir/bigger.json" && grep -q calibrate "$dir/smaller.json" &&
    ! grep -q sendmsg "$dir/smaller.json"' 'each figure on its side: $(cat "$dir/bigger.json" "$dir/smaller.json")'

# The checks can fail: a field the documentation has not, a rate that did not change
sed 's/"range"/"spread"/' "$dir/bigger.json" >"$dir/renamed.json"
ok '! /usr/bin/python3 "$root/tests/tools/tracker_check.py" gab "$samples/gab-custom.sample.json" "$dir/renamed.json" >/dev/null' \
   'a field named otherwise passed'
(cd "$dir" && /usr/bin/python3 "$compare" --no-color benchmarks base.json base.json) >"$dir/same.out" 2>&1
ok '! awk -v p="$(awk -v n="${scratch}_pvalue" "\$1 == n { print \$2 }" "$dir/same.out")" "BEGIN { exit !(p != \"\" && p < 0.05) }"' \
   'a run against itself flagged: $(cat "$dir/same.out")'
wb report base.csv --export nothing x.json >"$dir/bad.out" 2>&1
ok '[ $? = 2 ] && grep -q "winbench: report: --export: no export \"nothing\"" "$dir/bad.out" && [ ! -e "$dir/x.json" ]' \
   'an unknown export: $(cat "$dir/bad.out")'
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
