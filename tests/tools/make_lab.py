#!/usr/bin/python3
"""A lab for the report's speed test: N machines, each a copy of one machine's suite (its CSVs),
with its own host name (M000, M001, ...) and run ids, as N machines' results would be.

  make_lab.py SUITE_DIR N OUT_DIR
"""
import csv
import glob
import io
import os
import sys

src, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
files = sorted(glob.glob(os.path.join(src, "*.csv")))
texts = []
for f in files:
    with open(f, newline="", encoding="cp1252") as fh:
        texts.append((os.path.basename(f), list(csv.reader(fh))))
for m in range(n):
    host = "M%03d" % m
    d = os.path.join(out, host)
    os.makedirs(d, exist_ok=True)
    for name, rows in texts:
        head = rows[0]
        hi, ri = head.index("host"), head.index("run_id")
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\r\n")
        w.writerow(head)
        for r in rows[1:]:
            r = list(r)
            if len(r) > max(hi, ri):
                r[hi], r[ri] = host, host + "-" + r[ri]
            w.writerow(r)
        with open(os.path.join(d, name), "w", newline="", encoding="cp1252") as fh:
            fh.write(buf.getvalue())
print(n * len(files), "files")
