#!/usr/bin/env python3
"""The rules docs/architecture.md states, checked on the sources rather than kept in prose.

    rules_check.py ROOT [OBJDIR]

- no function in src/ or bench/ over 80 lines (from its first line to its closing brace; a signature
  wrapped onto several lines counts from its first);
- the layers of cmake/layers.txt (the table the build's check reads too): a folder includes nothing
  of a folder above it;
- with OBJDIR (a build's object files), no two object files that need each other (a loop of C
  files): one calling the other's function, or naming its table of data (a table of function
  pointers is a call that nm shows only as the table), read from the symbols each defines and
  needs (nm), not from the includes.
Prints each breach and the count; exits 1 when there is one."""
import os
import re
import subprocess
import sys

MAX_LINES = 80


def layers(root):
    """cmake/layers.txt: {folder: the folders of src/ it must not include}."""
    table = {}
    with open(os.path.join(root, "cmake", "layers.txt"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("src/"):
                parts = line.strip().split("|")
                table[parts[0]] = tuple(parts[1:])
    return table


def c_files(root, folders):
    for folder in folders:
        for dirpath, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                if name.endswith((".c", ".h")):
                    yield os.path.join(dirpath, name)


def long_functions(path):
    """(name, lines) of each function defined at the file's top level: a line "{" alone at the
    left margin after a signature, to the "}" alone at the left margin that closes it."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    found, start = [], None
    for i, line in enumerate(lines):
        before = lines[i - 1] if i > 0 else ""
        if line == "{" and start is None and before.rstrip().endswith(")") and \
                not before.lstrip().startswith(("#", "/", "*")):
            first = i - 1
            while first > 0 and lines[first].startswith((" ", "\t")):
                first -= 1   # a signature wrapped onto indented lines: from its first, at the margin
            start = first
        elif line == "}" and start is not None:
            m = re.search(r"(\w+)\s*\(", " ".join(lines[start:start + 3]))
            found.append((m.group(1) if m else "?", i - start + 1, start + 1))
            start = None
    return [(name, n, at) for name, n, at in found if n > MAX_LINES]


def layer_breaches(root):
    for folder, banned in layers(root).items():
        for path in c_files(root, [folder]):
            with open(path, encoding="utf-8", errors="replace") as f:
                for no, line in enumerate(f, 1):
                    m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                    if m and m.group(1).startswith(banned):
                        yield "%s:%d: includes %s: %s may not use what sits above it" % (
                            os.path.relpath(path, root), no, m.group(1), folder)


def object_loops(objdir, nm):
    """Pairs of object files each of which needs a symbol the other defines."""
    defines, needs = {}, {}
    for dirpath, _, names in os.walk(objdir):
        for name in names:
            if not name.endswith((".obj", ".o")) or "/tests" in dirpath.replace("\\", "/") or "CMakeFiles/e2e" in dirpath:
                continue
            path = os.path.join(dirpath, name)
            out = subprocess.run([nm, path], capture_output=True, text=True).stdout
            d, u = set(), set()
            for line in out.splitlines():
                parts = line.split()
                if len(parts) >= 2 and parts[-2] in ("T", "D", "R", "B") and \
                        parts[-1].startswith(("wb_", "rp_", "sl_", "_wb_", "_rp_", "_sl_")):
                    d.add(parts[-1])
                elif len(parts) == 2 and parts[0] == "U":
                    u.add(parts[1])
            key = os.path.relpath(path, objdir)
            defines[key], needs[key] = d, u
    owner = {}
    for obj, syms in defines.items():
        for s in syms:
            owner.setdefault(s, obj)
    uses = {obj: {owner[s] for s in needs[obj] if s in owner and owner[s] != obj} for obj in needs}
    loops = set()
    for a, targets in uses.items():
        for b in targets:
            if a in uses.get(b, ()) and (b, a) not in loops:
                loops.add((a, b))
    return sorted(loops)


def main():
    root = sys.argv[1]
    breaches = []
    for path in c_files(root, ["src", "bench"]):
        if path.endswith(".c"):
            for name, n, at in long_functions(path):
                breaches.append("%s:%d: %s is %d lines (at most %d)" % (os.path.relpath(path, root), at, name, n, MAX_LINES))
    breaches += list(layer_breaches(root))
    if len(sys.argv) > 2:
        nm = os.environ.get("NM", "x86_64-w64-mingw32-nm")
        for a, b in object_loops(sys.argv[2], nm):
            breaches.append("%s and %s call each other (a loop of C files)" % (a, b))
    for b in breaches:
        print("rules: " + b)
    print("%d passed, %d failed" % (0 if breaches else 1, len(breaches)))
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
