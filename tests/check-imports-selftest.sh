#!/usr/bin/env bash
# scripts/check-imports must fail on what XP cannot load: builds small programs that break one
# rule each and expects a refusal naming it (and accepts a clean one).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0
fail() { echo "check-imports selftest: $*"; echo "$passed passed, 1 failed"; exit 1; }
expect() {   # expect NAME "message part" CC ARGS...
  local name=$1 want=$2 cc=$3; shift 3
  "$cc" "$@" -o "$dir/$name.exe" 2>/dev/null || fail "$name: did not build"
  local out
  if out=$("$root/scripts/check-imports" "$dir/$name.exe"); then
    [ -z "$want" ] || fail "$name: accepted, expected a refusal mentioning \"$want\""
  else
    [ -n "$want" ] && grep -q -- "$want" <<<"$out" || fail "$name: $out"
  fi
  passed=$((passed + 1))
}
printf '#include <windows.h>\nint main(void){return (int)GetTickCount();}\n' > "$dir/ok.c"
# The clean program compiled once for each architecture and linked as each case needs (compiling
# <windows.h> again for every case made this test take over 2 minutes beside a busy suite).
i686-w64-mingw32-gcc -c "$dir/ok.c" -o "$dir/ok86.o" || fail "ok.c: did not compile for x86"
x86_64-w64-mingw32-gcc -c "$dir/ok.c" -o "$dir/ok64.o" || fail "ok.c: did not compile for x64"
printf '#include <windows.h>\nint main(void){return (int)GetTickCount64();}\n' > "$dir/vista.c"
printf '#include <time.h>\nint main(void){return (int)_mkgmtime(0);}\n' > "$dir/crt.c"
xp86="-Wl,--subsystem,console:5.01 -Wl,--major-os-version,5,--minor-os-version,1"
# shellcheck disable=SC2086
expect clean "" i686-w64-mingw32-gcc "$dir/ok86.o" $xp86
expect vista "statically imports GetTickCount64" x86_64-w64-mingw32-gcc -D_WIN32_WINNT=0x0600 "$dir/vista.c"
# shellcheck disable=SC2086
expect crt "imports msvcrt's _mkgmtime" i686-w64-mingw32-gcc -Wno-implicit-function-declaration "$dir/crt.c" $xp86
expect subsystem "Subsystem version 6.0 is above 5.01" i686-w64-mingw32-gcc "$dir/ok86.o" -Wl,--subsystem,console:6.0
# The application manifest (--manifest): built with windres from a manifest that breaks one rule.
manifest() {   # manifest NAME "message part" RC-LINES [MANIFEST-BODY]
  local name=$1 want=$2 rc=$3 body=${4-}
  printf '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">\n%s\n</assembly>\n' "$body" > "$dir/$name.manifest"
  printf '%s\n' "$rc" | sed "s|MANIFEST|$dir/$name.manifest|g" > "$dir/$name.rc"
  x86_64-w64-mingw32-windres "$dir/$name.rc" -O coff -o "$dir/$name.res.o" || fail "$name: windres"
  local out
  x86_64-w64-mingw32-gcc "$dir/ok64.o" "$dir/$name.res.o" -o "$dir/$name.exe" || fail "$name: did not build"
  if out=$("$root/scripts/check-imports" --manifest "$dir/$name.exe"); then
    [ -z "$want" ] || fail "$name: accepted, expected a refusal mentioning \"$want\""
  else
    [ -n "$want" ] && grep -q -- "$want" <<<"$out" || fail "$name: $out"
  fi
  passed=$((passed + 1))
}
invoker='<trustInfo xmlns="urn:schemas-microsoft-com:asm.v2"><security><requestedPrivileges><requestedExecutionLevel level="asInvoker" uiAccess="false"/></requestedPrivileges></security></trustInfo>'
os='<compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1"><application><supportedOS Id="{e2011457-1546-43c5-a5fe-008deee3d3f0}"/></application></compatibility>'
comctl='<dependency><dependentAssembly><assemblyIdentity type="win32" name="Microsoft.Windows.Common-Controls" version="6.0.0.0" processorArchitecture="*" publicKeyToken="6595b64144ccf1df" language="*"/></dependentAssembly></dependency>'
manifest good "" '1 24 "MANIFEST"' "$invoker$os"
manifest good_and_themes "" '1 24 "MANIFEST"
100 24 "MANIFEST"' "$invoker$os"
manifest none "no application manifest" '100 24 "MANIFEST"' "$invoker$os"
manifest no_invoker "no asInvoker" '1 24 "MANIFEST"' "$os"
manifest no_os "no supportedOS" '1 24 "MANIFEST"' "$invoker"
manifest comctl "depends on comctl32 6" '1 24 "MANIFEST"' "$invoker$os$comctl"
manifest second "a second manifest with ID 2" '1 24 "MANIFEST"
2 24 "MANIFEST"' "$invoker$os"
# No file at all: a usage error, not a silent pass.
set +e
out=$("$root/scripts/check-imports" 2>&1); rc=$?
set -e
[ "$rc" = 2 ] && grep -q "usage: check-imports \\[--manifest\\] EXE" <<<"$out" || fail "no file: exit $rc: $out"
passed=$((passed + 1))
# A version field objdump cannot give (here: a fake objdump that prints none) fails the check.
printf '#!/bin/sh\necho "Magic\t\t\t010b"\n' > "$dir/objdump"
chmod +x "$dir/objdump"
set +e
out=$(OBJDUMP="$dir/objdump" "$root/scripts/check-imports" "$dir/clean.exe" 2>&1); rc=$?
set -e
[ "$rc" = 1 ] && grep -q "version unreadable" <<<"$out" || fail "unreadable version: exit $rc: $out"
passed=$((passed + 1))
echo "$passed passed, 0 failed"
