/* Output files that never replace what is there unless asked to. */
#ifndef WB_FILES_H
#define WB_FILES_H

#include <stdio.h>
#include "wb_exit.h"

/* Opens path for binary writing as a new file; with replace != 0 an existing one is replaced.
 * NULL on failure, with the Win32 error in *code (ERROR_FILE_EXISTS: it exists). The file is
 * created by CreateFile(CREATE_NEW) itself, so two runs cannot both take the same name. */
FILE *wb_create_file(const char *path, int replace, unsigned long *code);

/* The usual words for that failure into msg: "--OPTION: PATH already exists (add --force to
 * overwrite it)" (returns WB_EXIT_USAGE) or "CreateFile(PATH) failed: ..." (returns WB_EXIT_RUNTIME). */
int wb_create_file_error(const char *option, const char *path, unsigned long code, char *msg, size_t cap);

/* data written whole as path: to path.part first, flushed, then renamed over path (replaced only
 * with replace != 0), so that a reader finds the whole file or none. 0, or -1 with the call that
 * failed and its error in err (path.part removed). */
/* The whole file, read with one ReadFile, NUL-terminated (its length in *len); NULL when it
 * cannot be opened or read (free() it). The report reads thousands of files this way: the CRT's
 * fopen, fseek and fread cost several system calls more each (and, under Wine, console and
 * time zone queries besides). */
char *wb_read_whole(const char *path, size_t *len);

struct wb_error;
int wb_write_whole(const char *path, const void *data, size_t len, int replace, struct wb_error *err);

#endif
