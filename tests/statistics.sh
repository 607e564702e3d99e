#!/usr/bin/env bash
# The comparison statistics against SciPy (tests/tools/stats_check.py): the portable core built
# natively with a probe that reads cases on stdin. Debian's python3-scipy, run as /usr/bin/python3
# (the first python on PATH may lack it); without it the test says so and is skipped (77).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if ! /usr/bin/python3 -c 'import scipy' 2>/dev/null; then
  echo "statistics: skipped: /usr/bin/python3 has no scipy (Debian's python3-scipy; scripts/setup installs it)"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
gcc -std=c99 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O1 -I"$root/src" -I"$root/include" -o "$dir/probe" "$root/tests/tools/stats_probe.c" \
    "$root"/src/core/*.c -lm || { echo "statistics: the probe did not build"; echo "0 passed, 1 failed"; exit 1; }
/usr/bin/python3 "$root/tests/tools/stats_check.py" "$dir/probe"
