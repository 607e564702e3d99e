#!/usr/bin/env bash
# --json FILE, checked from outside: every benchmark's document against its JSON Schema
# (docs/schema/winbench-run.schema.json) with a real validator (Debian's python3-jsonschema);
# documents broken on purpose refused by the same check, so that it can fail; the document and
# the CSV of each run agree cell by cell; an existing FILE refused without --force and left as
# it was; --json and --csv naming one file refused.
#     tests/json.sh build/x64/winbench.exe
set -uo pipefail
exe=$(readlink -f "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
check="/usr/bin/python3 $root/tests/tools/json_check.py"
schema=$root/docs/schema/winbench-run.schema.json
dir=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$dir"' EXIT
passed=0 failed=0
# ok CHECK MESSAGE: both evaluated, the message only when the check failed (it may read files the check wrote)
ok() { if eval "$1"; then passed=$((passed + 1)); else failed=$((failed + 1)); eval "echo \"json: FAILED: $2\""; fi; }
if ! /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
  echo "json: python3-jsonschema is not installed (scripts/setup installs it)"
  echo "0 passed, 1 failed"
  exit 1
fi
# Wine reads the command line in the Unix locale: the label below is UTF-8, whatever LANG the
# machine has (a bare root has none, and read it as Latin-1)
export LC_ALL=C.UTF-8
wb() { (cd "$dir" && "$root/scripts/wine-run" "$exe" "$@"); }

# Each benchmark, short, with more than one variant and interval rows where it has them.
runs=(
  "sendmsg --iterations 20000 --repeat 2 --work 0,100"
  "idle --windows 20 --mouse-rate 100 --duration 300ms --repeat 2"
  "sockloop --loop select,iocp --rate 500 --duration 1s --interval 0.5s --repeat 2"
  "calibrate --duration 1s --sleeps 10 --hops 20 --duty-time 300ms"
  "wakeup --source sleep,event --rate 500 --duration 0.5s --interval 0.25s --repeat 2"
  "stalls --duration 0.5s --interval 0.25s --threshold 50us --repeat 2"
)
for args in "${runs[@]}"; do
  name=${args%% *}
  # shellcheck disable=SC2086
  wb $args --quiet --label "café \"x\"" --csv "$name.csv" --json "$name.json" >"$dir/$name.out" 2>&1
  rc=$?
  ok '[ $rc = 0 ] && [ -s "$dir/$name.json" ] && ! ls "$dir"/*.part >/dev/null 2>&1' \
     "$name: exit $rc, a document and no .part left: \$(tail -3 \"$dir/$name.out\")"
  ok 'grep -q "^JSON: $name.json" "$dir/$name.out"' "$name: the console does not say where the JSON went"
  ok '$check validate "$schema" "$dir/$name.json" >"$dir/$name.valid" 2>&1' '$name: $(cat "$dir/$name.valid")'
  ok '$check agree "$dir/$name.json" "$dir/$name.csv" >"$dir/$name.agree" 2>&1' '$name: $(cat "$dir/$name.agree")'
done
# A text cell longer than 1023 characters (a wide histogram's latency_hdr, here a label of
# 1500) reaches the document whole, as in the CSV (until 0.6 it was cut at 1023)
long=$(printf 'L%.0s' $(seq 1500))
wb sendmsg --iterations 2000 --repeat 1 --warmup 0 --stalls off --quiet --label "$long" --csv long.csv --json long.json \
  >"$dir/long.out" 2>&1
ok '$check agree "$dir/long.json" "$dir/long.csv" >"$dir/long.agree" 2>&1 && grep -q "$long" "$dir/long.json"' \
   'a 1500-character cell: $(tail -3 "$dir/long.out") $(cat "$dir/long.agree")'
# what the documents hold beyond the schema's shapes: the variants and the rows of each
ok '/usr/bin/python3 -c "
import json, sys
d = json.load(open(\"$dir/sockloop.json\"))
v = d[\"variants\"]
assert [x[\"name\"] for x in v] == [\"select\", \"iocp\"], [x[\"name\"] for x in v]
assert all(len(x[\"repetitions\"]) == 2 and len(x[\"intervals\"]) >= 2 and x[\"summary\"][\"row\"] == \"summary\" for x in v)
assert d[\"units\"][\"lat_p99_us\"] == \"us\" and d[\"units\"][\"duration_s\"] == \"s\" and d[\"options\" if 0 else \"label\"] == \"caf\u00e9 \\\"x\\\"\"
"' "sockloop's document: two variants of two repetitions with intervals, units, the label as UTF-8"
ok '/usr/bin/python3 -c "
import json
d = json.load(open(\"$dir/wakeup.json\"))
assert d[\"units\"][\"period_ms\"] == \"ms\" and all(x[\"options\"][\"period_ms\"] == 1 for x in d[\"variants\"]), d[\"units\"]
"' "wakeup's document: the period in ms, named so"
ok '/usr/bin/python3 -c "
import json
d = json.load(open(\"$dir/stalls.json\"))
v = d[\"variants\"][0]
kinds = set(r[\"row\"] for r in v[\"intervals\"])
assert d[\"units\"][\"threshold_us\"] == \"us\" and len(v[\"repetitions\"]) == 2, d[\"units\"]
assert kinds == {\"interval\", \"cpu\", \"cpu_interval\"}, kinds
"' "stalls' document: the threshold in us, two repetitions, the machine's and each CPU's rows"

# report --json: the table for programs, valid, and its --csv's cells, group by group.
wb report sockloop.csv sendmsg.csv wakeup.csv stalls.csv --json report.json --csv report.csv >"$dir/r.out" 2>&1
ok '[ $? = 0 ] && $check validate "$root/docs/schema/winbench-report.schema.json" "$dir/report.json" >"$dir/rv.out" 2>&1' \
   'report --json: $(cat "$dir/r.out" "$dir/rv.out")'
ok '/usr/bin/python3 -c "
import csv, json, sys
rows = list(csv.DictReader(open(\"$dir/report.csv\", encoding=\"cp1252\")))
groups = json.load(open(\"$dir/report.json\"))[\"groups\"]
assert len(rows) == len(groups) > 2, (len(rows), len(groups))
for row, g in zip(rows, groups):
    for k, cell in row.items():
        v = g[k]
        assert (cell == \"\" and v in (None, \"\")) or (isinstance(v, (int, float)) and float(cell) == v) or cell == v, (k, cell, v)
assert any(g[\"percentiles_from\"] == \"histograms\" and g[\"p99\"] > 0 for g in groups)
"' "report --json and --csv differ"

# all --json: every run's document beside its CSV, and all of them in one, valid as the suite's.
wb all --quick --only calibrate,scratch-off-same --label j --out res --json suite.json >"$dir/all.out" 2>&1
rc=$?
ok '[ $rc = 0 ] && grep -q "JSON of 2 runs in suite.json" "$dir/all.out" && [ "$(ls "$dir"/res/*.json | wc -l)" = 2 ]' \
   'all --json: exit $rc: $(tail -3 "$dir/all.out")'
ok '$check validate "$root/docs/schema/winbench-suite.schema.json" "$dir/suite.json" >"$dir/s.out" 2>&1' 'suite: $(cat "$dir/s.out")'
# the same with a plain validator, as docs/json.md gives it, with no network at all: the suite's
# schema refers to the run's beside it, never to a URL
if unshare -n true 2>/dev/null; then
  ok 'unshare -n /usr/bin/python3 -W ignore -m jsonschema --base-uri "file://$root/docs/schema/" -i "$dir/suite.json" \
        "$root/docs/schema/winbench-suite.schema.json" >"$dir/plain.out" 2>&1' 'plain offline validation: $(cat "$dir/plain.out")'
else
  echo "json: not checked offline (unshare -n needs root): the plain validation below may reach the network"
  ok '/usr/bin/python3 -W ignore -m jsonschema --base-uri "file://$root/docs/schema/" -i "$dir/suite.json" \
        "$root/docs/schema/winbench-suite.schema.json" >"$dir/plain.out" 2>&1' 'plain validation: $(cat "$dir/plain.out")'
fi
ok '/usr/bin/python3 -c "
import json
d = json.load(open(\"$dir/suite.json\"))
assert [r[\"benchmark\"] for r in d[\"runs\"]] == [\"calibrate\", \"sendmsg\"], d[\"runs\"]
assert all(r[\"context\"][\"run_id\"] == d[\"run_id\"] for r in d[\"runs\"])
"' "the suite's document: calibrate then sendmsg, under the suite's run id"
for f in "$dir"/res/*.csv; do
  ok '$check agree "${f%.csv}.json" "$f" >"$dir/a.out" 2>&1' '$f: $(cat "$dir/a.out")'
done
/usr/bin/python3 -c "
import json
d = json.load(open('$dir/suite.json'))
d['runs'][1]['context']['os_build'] = '7601'
json.dump(d, open('$dir/broken-suite.json', 'w'))"
ok '! $check validate "$root/docs/schema/winbench-suite.schema.json" "$dir/broken-suite.json" >"$dir/b.out" 2>&1' \
   'a run broken inside the suite accepted: $(cat "$dir/b.out")'

# The check can fail: documents broken on purpose are refused.
break_doc() {   # NAME PYTHON-STATEMENT on d
  /usr/bin/python3 -c "
import json
d = json.load(open('$dir/sockloop.json'))
$2
open('$dir/broken-$1.json', 'w').write(json.dumps(d, allow_nan=True))"
}
break_doc no-context 'del d["context"]'
break_doc ops-text 'd["variants"][0]["repetitions"][0]["ops"] = "12"'
break_doc nan 'd["variants"][0]["summary"]["lat_p99_us"] = float("nan")'
break_doc bad-row 'd["variants"][1]["intervals"][0]["row"] = "rep"'
break_doc bad-unit 'd["units"]["lat_p99_us"] = "microseconds"'
for b in no-context ops-text nan bad-row bad-unit; do
  ok '! $check validate "$schema" "$dir/broken-$b.json" >"$dir/b.out" 2>&1' 'broken document ($b) accepted: $(cat "$dir/b.out")'
done
# and the agreement check sees one changed value
/usr/bin/python3 -c "
import json
d = json.load(open('$dir/sendmsg.json'))
d['variants'][0]['repetitions'][1]['ns_per_op'] *= 1.01
json.dump(d, open('$dir/changed.json', 'w'))"
ok '! $check agree "$dir/changed.json" "$dir/sendmsg.csv" >"$dir/c.out" 2>&1 && grep -q "ns_per_op" "$dir/c.out"' \
   'a changed value not seen: $(cat "$dir/c.out")'

# A run stopped by Ctrl+C (the test hook, 100 ms into its second repetition): the document is
# still written, whole, with the repetition that ended, the cut one and the interrupted summary.
(cd "$dir" && WINBENCH_STOP_IN_REP=2:100 "$root/scripts/wine-run" "$exe" sendmsg --iterations 2000000 --repeat 3 --quiet \
   --csv int.csv --json int.json) >"$dir/int.out" 2>&1
rc=$?
ok '[ $rc = 130 ] && $check validate "$schema" "$dir/int.json" >"$dir/iv.out" 2>&1 &&
    $check agree "$dir/int.json" "$dir/int.csv" >>"$dir/iv.out" 2>&1 && /usr/bin/python3 -c "
import json
d = json.load(open(\"$dir/int.json\"))
v = d[\"variants\"][0]
assert d[\"exit_code\"] == 130 and [r[\"row\"] for r in v[\"repetitions\"]] == [\"rep\", \"partial\"], v[\"repetitions\"]
assert v[\"summary\"][\"row\"] == \"interrupted\"
"' 'an interrupted run: exit $rc: $(cat "$dir/int.out" "$dir/iv.out")'

# An existing file is refused before the run, and kept; --json and --csv as one file refused.
echo keep >"$dir/old.json"
wb sendmsg --iterations 1000 --repeat 1 --quiet --csv n1.csv --json old.json >"$dir/o.out" 2>&1
rc=$?
ok '[ $rc = 2 ] && grep -q "winbench: sendmsg: --json: old.json already exists (add --force to overwrite it)" "$dir/o.out" &&
    [ "$(cat "$dir/old.json")" = keep ] && [ ! -e "$dir/n1.csv" ]' 'an existing --json: exit $rc: $(cat "$dir/o.out")'
wb sendmsg --iterations 1000 --repeat 1 --quiet --csv n2.csv --json old.json --force >"$dir/o.out" 2>&1
ok '$check validate "$schema" "$dir/old.json" >/dev/null' "--force did not replace it with a document"
wb sendmsg --iterations 1000 --repeat 1 --quiet --csv same.out --json same.out >"$dir/o.out" 2>&1
rc=$?
ok '[ $rc = 2 ] && grep -q "json and --csv name the same file" "$dir/o.out"' '--json = --csv: exit $rc: $(cat "$dir/o.out")'
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
