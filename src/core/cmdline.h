/* Splitting a Windows command line into arguments, as the program's own CRT does: msvcrt.dll,
 * which winbench links on every Windows, and CommandLineToArgvW share the rules (the CRTs of
 * Visual Studio 2008 and later differ in one: they stay inside quotes after ""). Pure logic on
 * wide characters, so that the rules are tested against CommandLineToArgvW itself. */
#ifndef WB_CMDLINE_H
#define WB_CMDLINE_H

#include <stddef.h>
#include <wchar.h>

/* Past the program's name: to the first blank outside quotes, a quote toggling them, no escapes
 * ("C:\Program Files"\x.exe is one name). */
const wchar_t *wb_cmdline_past_program(const wchar_t *s);

/* Past spaces and tabs. */
const wchar_t *wb_cmdline_skip_blanks(const wchar_t *s);

/* The argument at *p (not at a blank): written into out (when not NULL, unterminated), its
 * length returned, *p moved past it. */
size_t wb_cmdline_arg(const wchar_t **p, wchar_t *out);

#endif
