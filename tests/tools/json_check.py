#!/usr/bin/python3
"""winbench's --json documents, checked from outside the code that wrote them.

  json_check.py validate SCHEMA DOC...      each DOC against the JSON Schema (draft 2020-12)
  json_check.py agree DOC CSV               the document and the CSV of one run, cell by cell

validate uses Debian's python3-jsonschema, a real validator; a document that is not strict
JSON (NaN, Infinity, a duplicate key) is refused before it. agree finds each CSV row in the
document (by variant, kind and repetition) and compares every cell: an empty cell is null (or
""), a number equals the CSV's number, text is the CSV's text. Prints what differs; exit 1.
"""
import csv
import io
import json
import sys


def strict_load(path):
    def no_constant(name):
        raise ValueError(f"{path}: {name} is not JSON")

    def no_duplicates(pairs):
        keys = [k for k, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError(f"{path}: a key given twice in one object")
        return dict(pairs)

    with open(path, "rb") as f:
        text = f.read().decode("utf-8")   # RFC 8259: UTF-8; anything else is refused here
    return json.loads(text, parse_constant=no_constant, object_pairs_hook=no_duplicates)


def validate(schema_path, docs):
    import glob
    import os
    import jsonschema
    schema = strict_load(schema_path)
    jsonschema.Draft202012Validator.check_schema(schema)
    # the schemas beside it, by their file URIs: the suite's refers to the run's by a relative
    # reference, resolved against its own file (no $id sends a validator to the network)
    store = {}
    for other in glob.glob(os.path.join(os.path.dirname(schema_path), "*.schema.json")):
        store["file://" + os.path.abspath(other)] = strict_load(other)
    resolver = jsonschema.RefResolver("file://" + os.path.abspath(schema_path), schema, store=store)
    validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
    bad = 0
    for path in docs:
        try:
            doc = strict_load(path)
        except ValueError as e:
            print(f"{path}: not strict JSON: {e}")
            bad += 1
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        for e in errors[:5]:
            print(f"{path}: at /{'/'.join(str(p) for p in e.absolute_path)}: {e.message}")
        bad += 1 if errors else 0
        if not errors:
            print(f"{path}: valid")
    return bad


def same(cell, value):
    if value is None:
        return cell == ""
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        try:
            return cell != "" and float(cell) == float(value)
        except ValueError:
            return False
    return cell == value


def agree(doc_path, csv_path):
    doc = strict_load(doc_path)
    with open(csv_path, "rb") as f:
        raw = f.read()
    try:   # the CSV is in the ANSI code page of the machine that wrote it (here: Wine's 1252)
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("cp1252")
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    lists = {"rep": "repetitions", "partial": "repetitions", "skipped": "repetitions", "interval": "intervals",
             "cpu": "intervals", "cpu_interval": "intervals"}
    used = set()
    cells = diffs = 0
    for n, row in enumerate(rows, 2):
        # the variant whose options and facts are this row's
        found = None
        for vi, v in enumerate(doc["variants"]):
            if not all(same(row[k], val) for k, val in v["options"].items()):
                continue
            if row["row"] in ("summary", "interrupted"):
                cands = [(vi, "summary", 0)] if v["summary"] is not None else []
            else:
                cands = [(vi, lists[row["row"]], i) for i, r in enumerate(v[lists[row["row"]]])
                         if r["row"] == row["row"] and same(row["rep"], r["rep"]) and
                         same(row["timestamp_utc"], r["timestamp_utc"])]
            cands = [c for c in cands if c not in used]
            if cands:
                found = cands[0]
                break
        if found is None:
            print(f"{csv_path}:{n}: row {row['row']} {row['rep']} is not in {doc_path}")
            diffs += 1
            continue
        used.add(found)
        v = doc["variants"][found[0]]
        r = v["summary"] if found[1] == "summary" else v[found[1]][found[2]]
        for col, cell in row.items():
            if col == "schema":
                value = doc["csv_schema"]
            elif col in ("benchmark", "label"):
                value = doc[col]
            elif col in r:
                value = r[col]
            elif col in r.get("facts", {}):
                value = r["facts"][col]
            elif col in v["options"]:
                value = v["options"][col]
            elif col in v["facts"]:
                value = v["facts"][col]
            elif col in doc["context"]:
                value = doc["context"][col]
            else:
                print(f"{csv_path}:{n}: column {col} is nowhere in the document")
                diffs += 1
                continue
            cells += 1
            if not same(cell, value):
                print(f"{csv_path}:{n}: {col}: CSV [{cell}], JSON {json.dumps(value)}")
                diffs += 1
    rows_in_doc = sum(len(v["repetitions"]) + len(v["intervals"]) + (v["summary"] is not None) for v in doc["variants"])
    if rows_in_doc != len(rows):
        print(f"{doc_path}: {rows_in_doc} rows, the CSV {len(rows)}")
        diffs += 1
    print(f"{doc_path}: {len(rows)} rows, {cells} cells compared, {diffs} differ")
    return 1 if diffs else 0


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "validate":
        sys.exit(1 if validate(sys.argv[2], sys.argv[3:]) else 0)
    if len(sys.argv) == 4 and sys.argv[1] == "agree":
        sys.exit(agree(sys.argv[2], sys.argv[3]))
    sys.exit(__doc__)
