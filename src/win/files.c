/* Output files that never replace what is there unless asked to (see include/wb_files.h). */
#include "wb_files.h"

#include <windows.h>
#include <fcntl.h>
#include <io.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "wb_error.h"

FILE *wb_create_file(const char *path, int replace, unsigned long *code)
{
    HANDLE h = CreateFileA(path, GENERIC_WRITE, FILE_SHARE_READ, NULL, replace ? CREATE_ALWAYS : CREATE_NEW,
                           FILE_ATTRIBUTE_NORMAL, NULL);
    FILE *f;
    int fd;
    if (h == INVALID_HANDLE_VALUE) {
        *code = GetLastError();
        return NULL;
    }
    fd = _open_osfhandle((intptr_t)h, _O_WRONLY | _O_BINARY);
    f = fd >= 0 ? _fdopen(fd, "wb") : NULL;
    if (f == NULL) {
        if (fd >= 0) _close(fd);
        else CloseHandle(h);
        DeleteFileA(path);
        *code = ERROR_OPEN_FAILED;
    }
    return f;
}

char *wb_read_whole(const char *path, size_t *len)
{
    HANDLE h = CreateFileA(path, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_EXISTING,
                           FILE_FLAG_SEQUENTIAL_SCAN, NULL);
    DWORD size, got = 0;
    char *text = NULL;
    if (h == INVALID_HANDLE_VALUE) return NULL;
    size = GetFileSize(h, NULL);
    if (size != INVALID_FILE_SIZE && (text = (char *)malloc((size_t)size + 1)) != NULL &&
        (size == 0 || (ReadFile(h, text, size, &got, NULL) && got == size))) {
        text[size] = '\0';
        *len = size;
    } else {
        free(text);
        text = NULL;
    }
    CloseHandle(h);
    return text;
}

int wb_write_whole(const char *path, const void *data, size_t len, int replace, wb_error *err)
{
    char part[MAX_PATH + 8], what[MAX_PATH + 32];
    HANDLE h;
    DWORD wrote = 0, code = 0;
    const char *call = NULL;
    snprintf(part, sizeof part, "%s.part", path);
    h = CreateFileA(part, GENERIC_WRITE, 0, NULL, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
    if (h == INVALID_HANDLE_VALUE) {
        call = "CreateFile";
        code = GetLastError();
    } else {
        if (!WriteFile(h, data, (DWORD)len, &wrote, NULL) || wrote != (DWORD)len) call = "WriteFile", code = GetLastError();
        else if (!FlushFileBuffers(h)) call = "FlushFileBuffers", code = GetLastError();
        CloseHandle(h);
    }
    /* MoveFileEx: XP has it (not 9x); without MOVEFILE_REPLACE_EXISTING a file made meanwhile is kept */
    if (call == NULL && !MoveFileExA(part, path, (replace ? MOVEFILE_REPLACE_EXISTING : 0) | MOVEFILE_WRITE_THROUGH))
        call = "MoveFileEx", code = GetLastError();
    if (call == NULL) return 0;
    if (code == 0) code = ERROR_DISK_FULL;   /* a short write that set no error */
    DeleteFileA(part);
    snprintf(what, sizeof what, "%s(%s)", call, call[0] == 'M' ? path : part);
    wb_error_win32(err, what, code);
    return -1;
}

int wb_create_file_error(const char *option, const char *path, unsigned long code, char *msg, size_t cap)
{
    wb_error err;
    char call[MAX_PATH + 16];
    if (code == ERROR_FILE_EXISTS || code == ERROR_ALREADY_EXISTS) {
        snprintf(msg, cap, "--%s: %s already exists (add --force to overwrite it)", option, path);
        return WB_EXIT_USAGE;
    }
    snprintf(call, sizeof call, "CreateFile(%s)", path);
    wb_error_win32(&err, call, code);
    snprintf(msg, cap, "%s", err.what);
    return WB_EXIT_RUNTIME;
}
