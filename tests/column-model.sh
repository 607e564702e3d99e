#!/usr/bin/env bash
# A new numeric context column is one line in src/core/csv_columns.h and its value in
# src/run/row_cells.c, and nothing more: planted in a copy of the sources and built, it comes
# out in the CSV, typed (a number, with its unit) in the JSON document, which stays valid
# against docs/schema/winbench-run.schema.json, and `winbench report` reads the file as the number
# it is (a cell of it that is not a number is refused, named); flagged WB_SHOWN and WB_CONFOUND,
# the report's machines table shows it under its label and a comparison of two machines that
# differ in it names it.
#     tests/column-model.sh BUILD_DIR_OF_THE_PRESET
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
preset_build=$1
dir=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$dir"' EXIT
passed=0 failed=0
ok() { if eval "$1"; then passed=$((passed + 1)); else failed=$((failed + 1)); eval "echo \"column model: FAILED: $2\""; fi; }
toolchain=$(sed -n 's/^CMAKE_TOOLCHAIN_FILE:[A-Z]*=//p' "$preset_build/CMakeCache.txt")
toolchain=${toolchain/#$root/$dir/src}

mkdir -p "$dir/src" && cp -r "$root/CMakeLists.txt" "$root/cmake" "$root/include" "$root/src" "$root/bench" "$dir/src/"
# the declaration and the value: two lines
sed -i 's/^    X(VARIANTS, "variants", WB_NUM, WB_RUN, NULL, 0, NULL) *\\$/&\n    X(PLANTED_MS, "planted_ms", WB_NUM, WB_RUN, "ms", WB_SHOWN | WB_CONFOUND, "planted") \\/' \
    "$dir/src/src/core/csv_columns.h"
sed -i 's/^    SET(OS_BUILD, "%u", si->os_build);/&\n    SET(PLANTED_MS, "%d", 42);/' "$dir/src/src/run/row_cells.c"
ok 'grep -q planted_ms "$dir/src/src/core/csv_columns.h" && grep -q PLANTED_MS "$dir/src/src/run/row_cells.c"' "the plant did not take"
if cmake -S "$dir/src" -B "$dir/build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DBUILD_TESTING=OFF >"$dir/cfg.log" 2>&1 &&
   cmake --build "$dir/build" --target winbench -j 2 >"$dir/build.log" 2>&1; then
  exe=$dir/build/winbench.exe
  (cd "$dir" && "$root/scripts/wine-run" "$exe" sendmsg --iterations 2k --repeat 2 --floors off --quiet --csv p.csv \
     --json p.json >"$dir/run.log" 2>&1)
  ok '[ -f "$dir/p.json" ]' 'the planted build'"'"'s run wrote no JSON: $(tail -3 "$dir/run.log")'
  ok '/usr/bin/python3 -c "
import csv
rows = list(csv.DictReader(open(\"$dir/p.csv\", newline=\"\")))
assert rows and all(r[\"planted_ms\"] == \"42\" for r in rows), [r.get(\"planted_ms\") for r in rows]
"' 'the CSV has no planted_ms column of 42 in every row: $(head -1 "$dir/p.csv")'
  ok '/usr/bin/python3 -c "
import json, sys
d = json.load(open(\"$dir/p.json\"))
assert d[\"context\"][\"planted_ms\"] == 42 and isinstance(d[\"context\"][\"planted_ms\"], int), d[\"context\"].get(\"planted_ms\")
assert d[\"units\"][\"planted_ms\"] == \"ms\", d[\"units\"].get(\"planted_ms\")
assert all(\"planted_ms\" not in r for v in d[\"variants\"] for r in v[\"repetitions\"]), \"a run-wide column in each row\"
"' "the JSON does not type planted_ms as a number of ms in its context"
  ok '/usr/bin/python3 "$root/tests/tools/json_check.py" validate "$root/docs/schema/winbench-run.schema.json" "$dir/p.json" \
        >"$dir/valid.out" 2>&1' 'the planted document is not valid: $(cat "$dir/valid.out")'
  (cd "$dir" && "$root/scripts/wine-run" "$exe" report p.csv >"$dir/report.out" 2>&1)
  ok 'grep -q "SendMessage/s" "$dir/report.out"' 'report could not read it: $(head -5 "$dir/report.out")'
  # shown and named by its flags alone: the machines table, and a confound between two machines
  /usr/bin/python3 -c "
import csv
rows = list(csv.reader(open(\"$dir/p.csv\", newline=\"\")))
k, h = rows[0].index(\"planted_ms\"), rows[0].index(\"host\")
for r in rows[1:]: r[k], r[h] = \"43\", \"other\"
csv.writer(open(\"$dir/o.csv\", \"w\", newline=\"\"), lineterminator=\"\r\n\").writerows(rows)
"
  (cd "$dir" && "$root/scripts/wine-run" "$exe" report p.csv o.csv --html m.html >"$dir/two.out" 2>&1)
  ok 'grep -q "<th>planted</th>" "$dir/m.html" && grep -q "<td>42</td>" "$dir/m.html" && grep -q "<td>43</td>" "$dir/m.html"' \
     'the machines table has no planted column of 42 and 43: $(grep -o "<tr><th>machine.*" "$dir/m.html" | head -1)'
  ok 'grep -q "also differs between the machines: .*planted (42 / 43)" "$dir/two.out"' \
     'the comparison names no planted difference: $(grep "also differs" "$dir/two.out" | head -2)'
  # the report reads it as the number it is declared: a cell that is not one is damage, named
  /usr/bin/python3 -c "
import csv
rows = list(csv.reader(open(\"$dir/p.csv\", newline=\"\")))
k = rows[0].index(\"planted_ms\")
rows[1][k] = \"forty-two\"
csv.writer(open(\"$dir/q.csv\", \"w\", newline=\"\"), lineterminator=\"\n\").writerows(rows)
"
  (cd "$dir" && "$root/scripts/wine-run" "$exe" report q.csv >"$dir/damaged.out" 2>&1)
  ok 'grep -q "line 2: planted_ms is not a number: \"forty-two\"" "$dir/damaged.out"' \
     'report took a planted_ms that is not a number: $(head -5 "$dir/damaged.out")'
else
  failed=$((failed + 1))
  echo "column model: FAILED: the planted sources did not build: $(tail -5 "$dir/build.log" "$dir/cfg.log")"
fi
echo "$passed passed, $failed failed"
