/* Output files that never replace what is there unless asked to (see include/wb_files.h). */
#include "wb_files.h"

#include <windows.h>
#include <fcntl.h>
#include <io.h>
#include <stdint.h>

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
