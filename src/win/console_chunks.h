/* Long lines to a console, in pieces it accepts (src/win/console.c). Private to winbench.exe;
 * the tests drive it with a writer of their own. */
#ifndef WB_CONSOLE_CHUNKS_H
#define WB_CONSOLE_CHUNKS_H

#include <stddef.h>
#include <windows.h>

/* Writes up to n characters at text: how many it wrote (a console may take fewer than asked
 * and succeed: WriteConsoleW's lpNumberOfCharsWritten), 0 when the call failed. */
typedef DWORD (*wb_wide_writer)(void *ctx, const WCHAR *text, DWORD n);

/* Writes n UTF-16 characters in pieces of at most WB_CONSOLE_CHUNK, never splitting a surrogate
 * pair: before Windows 8, WriteConsoleW's buffer comes from a 64 KB heap shared with the console
 * and a long line fails with ERROR_NOT_ENOUGH_MEMORY (and vanished, in 0.5). A piece that fails
 * is tried again in halves, down to 256 characters; a piece written in part goes on from where
 * the console stopped (never written twice). Returns how many characters were written:
 * fewer than n when even a small piece failed, and the caller writes the rest another way. */
#define WB_CONSOLE_CHUNK 8192
size_t wb_write_wide_chunks(const WCHAR *text, size_t n, wb_wide_writer write, void *ctx);

#endif
