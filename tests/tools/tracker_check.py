#!/usr/bin/python3
"""winbench's `report --export` documents held against each tracker's own documented sample.

    tracker_check.py bmf SAMPLE SCHEMA EXPORT   Bencher: the documentation's JSON Schema (the
        sample must pass it too, or the schema is not the documentation's), and every field of
        a measure one the sample uses, lower_value <= value <= upper_value
    tracker_check.py gab SAMPLE EXPORT          github-action-benchmark's custom arrays: the
        fields every sample entry has are required, no field the sample lacks, each field of
        the sample's type, names unique

Prints what differs, then "tracker: N checked, M differ"; exits 1 when any differs."""
import json
import sys

problems = []
checked = 0


def check(cond, what):
    global checked
    checked += 1
    if not cond:
        problems.append(what)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def json_type(v):
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, float)):
        return "number"
    return type(v).__name__


def bmf(sample_path, schema_path, export_path):
    import jsonschema
    schema, sample, export = load(schema_path), load(sample_path), load(export_path)
    jsonschema.validate(sample, schema)   # the schema is the documentation's own
    try:
        jsonschema.validate(export, schema)
        check(True, "")
    except jsonschema.ValidationError as e:
        check(False, "against Bencher's schema: %s" % e.message)
    fields = {k for bench in sample.values() for measure in bench.values() for k in measure}
    check(len(export) > 0, "no benchmark in the export")
    for name, bench in export.items():
        for measure, m in bench.items():
            check(set(m) <= fields, "%s/%s: fields %s, the sample's %s" % (name, measure, sorted(m), sorted(fields)))
            if {"lower_value", "value", "upper_value"} <= set(m):
                check(m["lower_value"] <= m["value"] <= m["upper_value"],
                      "%s/%s: %s is not within %s .. %s" % (name, measure, m["value"], m["lower_value"], m["upper_value"]))


def gab(sample_path, export_path):
    sample, export = load(sample_path), load(export_path)
    required = set.intersection(*(set(e) for e in sample))
    allowed = set.union(*(set(e) for e in sample))
    types = {k: json_type(e[k]) for e in sample for k in e}
    check(isinstance(export, list) and len(export) > 0, "not an array of entries, or an empty one")
    names = [e.get("name") for e in export]
    check(len(names) == len(set(names)), "names twice: %s" % sorted(n for n in names if names.count(n) > 1))
    for e in export:
        check(required <= set(e), "%s: lacks %s" % (e.get("name"), sorted(required - set(e))))
        check(set(e) <= allowed, "%s: fields the sample has not: %s" % (e.get("name"), sorted(set(e) - allowed)))
        for k, v in e.items():
            if k in types:
                check(json_type(v) == types[k], "%s: %s is a %s, the sample's a %s" % (e.get("name"), k, json_type(v), types[k]))


if __name__ == "__main__":
    if sys.argv[1:2] == ["bmf"] and len(sys.argv) == 5:
        bmf(*sys.argv[2:])
    elif sys.argv[1:2] == ["gab"] and len(sys.argv) == 4:
        gab(*sys.argv[2:])
    else:
        sys.exit(__doc__)
    for p in problems:
        print("tracker: " + p)
    print("tracker: %d checked, %d differ" % (checked, len(problems)))
    sys.exit(1 if problems else 0)
