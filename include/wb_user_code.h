/* Loading a user's function from a DLL (--wndproc, --onidle FILE.dll!Export): what a module
 * needs beside include/winbench_user.h, the header the DLL's author reads. */
#ifndef WB_USER_CODE_H
#define WB_USER_CODE_H

#include <stddef.h>
#include <stdint.h>
#include "winbench_user.h"
#include "wb_error.h"

/* 1 when text has the form FILE!EXPORT (both parts non-empty, split at the last '!'). */
int wb_user_spec_valid(const char *text);

/* A module's check of --OPTION FILE.dll!EXPORT, before anything runs: 0, or -1 with "--OPTION:
 * ..." in err (the form is wrong, or FILE is not a file). Loading it is set-up's. */
int wb_user_spec_check(const char *option, const char *spec, char *err, size_t cap);

/* Loads FILE by its full path (from the current folder, as typed: never a same-named DLL from
 * winbench.exe's folder or System32) and finds EXPORT in it (or, in an x86 process, its stdcall
 * names _EXPORT@arg_bytes and EXPORT@arg_bytes).
 * Returns the function and the module in *module (FreeLibrary it at tear-down), or NULL with
 * err saying which of the two failed and the system's words for why. */
FARPROC wb_user_function(const char *spec, unsigned arg_bytes, HMODULE *module, wb_error *err);

/* Calls fn(args[0..nargs-1]) once as WINAPI (nargs 2 or 4) and returns the bytes it left on
 * the stack: 0 for a WINAPI (stdcall) function, 4 x nargs for one declared cdecl by mistake;
 * always 0 on x64. The stack pointer is put back whatever fn did, as USER32 does. */
unsigned wb_stdcall_left(FARPROC fn, const uintptr_t *args, unsigned nargs);

#endif
