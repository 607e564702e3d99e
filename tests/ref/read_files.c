/* The reference for `winbench report`'s speed: a bare program that only reads the same files
 * under the same Wine, and nothing else. It walks each folder given (and its folders) for
 * *.csv, reads every file whole with ReadFile, and counts the lines, so that the reading is
 * not optimised away; it prints "files lines bytes MS ms" (its own time, QPC). tests/report-scale.sh times it beside
 * report on the same lab (docs/performance.md). It shares no code with winbench on purpose.
 * usage: ref_read_files.exe DIR... */
#include <windows.h>
#include <stdio.h>
#include <string.h>

static unsigned long files, lines;
static unsigned long long bytes;
static char buf[1 << 20];

static void read_one(const char *path)
{
    HANDLE h = CreateFileA(path, GENERIC_READ, FILE_SHARE_READ, NULL, OPEN_EXISTING, FILE_FLAG_SEQUENTIAL_SCAN, NULL);
    DWORD got, i;
    if (h == INVALID_HANDLE_VALUE) return;
    files++;
    while (ReadFile(h, buf, sizeof buf, &got, NULL) && got > 0) {
        bytes += got;
        for (i = 0; i < got; i++) lines += buf[i] == '\n';
    }
    CloseHandle(h);
}

static void walk(const char *dir)
{
    char pattern[MAX_PATH], path[MAX_PATH];
    WIN32_FIND_DATAA fd;
    HANDLE h;
    snprintf(pattern, sizeof pattern, "%s\\*", dir);
    if ((h = FindFirstFileA(pattern, &fd)) == INVALID_HANDLE_VALUE) return;
    do {
        size_t n = strlen(fd.cFileName);
        if (!strcmp(fd.cFileName, ".") || !strcmp(fd.cFileName, "..")) continue;
        snprintf(path, sizeof path, "%s\\%s", dir, fd.cFileName);
        if (fd.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) walk(path);
        else if (n > 4 && _stricmp(fd.cFileName + n - 4, ".csv") == 0) read_one(path);
    } while (FindNextFileA(h, &fd));
    FindClose(h);
}

int main(int argc, char **argv)
{
    LARGE_INTEGER t0, t1, hz;
    int i;
    QueryPerformanceCounter(&t0);
    for (i = 1; i < argc; i++) walk(argv[i]);
    QueryPerformanceCounter(&t1);
    QueryPerformanceFrequency(&hz);
    /* its own time too: the process's start is not the reading's (report prints the same) */
    printf("%lu %lu %llu %.1f ms\n", files, lines, bytes, (double)(t1.QuadPart - t0.QuadPart) * 1000.0 / (double)hz.QuadPart);
    return files ? 0 : 1;
}
