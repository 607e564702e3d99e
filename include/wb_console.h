/* Text out, to a file or to a console, in the characters it was meant to have.
 *
 * winbench's text is in the ANSI code page (its arguments are converted to it, src/cli/args.c;
 * the CSV is written in it). A console shows bytes in its own code page, the OEM one (437, 850,
 * 866...), so "Jörg" or a power plan's "Höchstleistung" would come out as other letters. Where
 * the stream is a console and the line has non-ASCII bytes, these convert it from the ANSI code
 * page and write it with WriteConsoleW; to a file or a pipe the bytes go unchanged, as the CSV
 * and a spreadsheet expect. */
#ifndef WB_CONSOLE_H
#define WB_CONSOLE_H

#include <stdio.h>
#include <wchar.h>

int wb_fprintf(FILE *f, const char *fmt, ...);
int wb_printf(const char *fmt, ...);
int wb_fputs(const char *text, FILE *f);

/* Wide text (a system's answer) into the ANSI code page of the CSV, without best-fit
 * guesses: a character the code page lacks becomes '?'. Returns 1 when one did, else 0. */
int wb_text_from_wide(const wchar_t *wide, char *buf, size_t cap);

#endif
