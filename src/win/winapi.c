/* The run-time import table: each entry loaded on first use and remembered, found or not.
 * A DLL winbench does not link (psapi, winmm, uxtheme, powrprof, win32u) is loaded by its full
 * path in the system folder and kept for the life of the process: a bare name would search
 * winbench.exe's own folder first (SafeDllSearchMode puts the application's folder before
 * System32), so a winmm.dll left beside it, in a Downloads folder, say, would be loaded and run
 * (DLL planting). */
#include "winapi.h"

#include <stdio.h>
#include <string.h>

#include "wb_test_hooks.h"
#include "wb_user_code.h"

typedef struct entry {
    const char *name, *dll, *since;
} entry;

#define WB_WINAPI_ENTRY(name, dll, since, ret, conv, params) { #name, dll, since },
static const entry table[WB_API_COUNT] = { WB_WINAPI_IMPORTS(WB_WINAPI_ENTRY) };
#undef WB_WINAPI_ENTRY

/* 0: not looked up yet; 1: looked up (proc may be NULL). Pointer-sized stores are atomic on
 * x86 and x64, and two threads looking the same name up find the same address. */
static FARPROC procs[WB_API_COUNT];
static volatile LONG looked_up[WB_API_COUNT];

/* "Windows Vista", "Windows 7", "Windows 8", ...: newer than XP and Server 2003. */
static int after_xp(const char *since)
{
    static const char *const newer[] = { "Windows Vista", "Windows 7", "Windows 8", "Windows 10", "Windows 11" };
    size_t i;
    for (i = 0; i < sizeof newer / sizeof newer[0]; i++)
        if (strcmp(since, newer[i]) == 0) return 1;
    return 0;
}

/* The test hooks that make any Windows look older (include/wb_test_hooks.h). */
static int hidden(const entry *e)
{
    return (after_xp(e->since) && wb_test_hook_text(WB_HOOK_HIDE_VISTA)[0] == '1') || wb_test_hook_hides(e->name);
}

HMODULE wb_system_dll(const char *name)
{
    char path[MAX_PATH];
    /* System32 (SysWOW64 for an x86 process on 64-bit Windows, by WOW64's redirection) */
    UINT n = GetSystemDirectoryA(path, sizeof path);
    if (n == 0 || n + 2 + strlen(name) > sizeof path) {
        SetLastError(n == 0 ? GetLastError() : ERROR_BUFFER_OVERFLOW);
        return NULL;
    }
    snprintf(path + n, sizeof path - n, "\\%s", name);
    /* by its full path, and its own imports searched from its folder, not the exe's
     * (LoadLibraryEx's remarks: LOAD_WITH_ALTERED_SEARCH_PATH; XP on): a winmm.dll beside
     * winbench.exe is loaded neither for itself nor for uxtheme's or psapi's imports */
    return LoadLibraryExA(path, NULL, LOAD_WITH_ALTERED_SEARCH_PATH);
}

FARPROC wb_winapi_get(wb_winapi_id id)
{
    HMODULE dll;
    if (id < 0 || id >= WB_API_COUNT) return NULL;
    if (looked_up[id]) return procs[id];
    if (hidden(&table[id])) {
        procs[id] = NULL;
        InterlockedExchange(&looked_up[id], 1);
        return NULL;
    }
    dll = GetModuleHandleA(table[id].dll);
    if (dll == NULL) dll = wb_system_dll(table[id].dll);
    procs[id] = dll ? GetProcAddress(dll, table[id].name) : NULL;
    InterlockedExchange(&looked_up[id], 1);
    return procs[id];
}

FARPROC wb_winapi_get_from(HMODULE module, wb_winapi_id id)
{
    if (module == NULL || id < 0 || id >= WB_API_COUNT) return NULL;
    return GetProcAddress(module, table[id].name);
}

/* ---- the user's own code (include/wb_user_code.h): the other GetProcAddress of winbench ---- */

int wb_user_spec_valid(const char *text)
{
    const char *bang = text ? strrchr(text, '!') : NULL;
    return bang != NULL && bang != text && bang[1] != '\0';
}

/* FILE of FILE!EXPORT as a full path, from the current folder as the user typed it: 0, or -1
 * when it is too long. */
static int user_dll_path(const char *spec, char *full, size_t cap)
{
    const char *bang = strrchr(spec, '!');
    char file[MAX_PATH];
    DWORD n;
    if ((size_t)(bang - spec) >= sizeof file) return -1;
    memcpy(file, spec, (size_t)(bang - spec));
    file[bang - spec] = '\0';
    n = GetFullPathNameA(file, (DWORD)cap, full, NULL);
    return n == 0 || n >= cap ? -1 : 0;
}

int wb_user_spec_check(const char *option, const char *spec, char *err, size_t cap)
{
    char full[MAX_PATH];
    DWORD attr;
    if (!wb_user_spec_valid(spec)) {
        snprintf(err, cap, "--%s: \"%s\" is not FILE.dll!EXPORT (the DLL, '!', the function's name)", option,
                 spec ? spec : "");
        return -1;
    }
    if (user_dll_path(spec, full, sizeof full) != 0) {
        snprintf(err, cap, "--%s: %.*s: the path is too long", option, (int)(strrchr(spec, '!') - spec), spec);
        return -1;
    }
    attr = GetFileAttributesA(full);
    if (attr == INVALID_FILE_ATTRIBUTES || (attr & FILE_ATTRIBUTE_DIRECTORY)) {
        snprintf(err, cap, "--%s: %.*s: no such file", option, (int)(strrchr(spec, '!') - spec), spec);
        return -1;
    }
    return 0;
}

/* EXPORT in module, or in an x86 process its stdcall names: MSVC's _EXPORT@N and MinGW's
 * EXPORT@N (its default without --kill-at). NULL with the first lookup's error. */
static FARPROC find_export(HMODULE module, const char *name, unsigned arg_bytes, DWORD *code)
{
    FARPROC fn = GetProcAddress(module, name);
    *code = GetLastError();
    if (fn == NULL && sizeof(void *) == 4) {
        char decorated[300];
        snprintf(decorated, sizeof decorated, "_%s@%u", name, arg_bytes);
        fn = GetProcAddress(module, decorated);
        snprintf(decorated, sizeof decorated, "%s@%u", name, arg_bytes);
        if (fn == NULL) fn = GetProcAddress(module, decorated);
    }
    return fn;
}

FARPROC wb_user_function(const char *spec, unsigned arg_bytes, HMODULE *module, wb_error *err)
{
    char path[MAX_PATH], name[256], call[MAX_PATH + 64];
    const char *bang = strrchr(spec, '!');
    FARPROC fn;
    DWORD code;
    *module = NULL;
    if (!wb_user_spec_valid(spec) || strlen(bang + 1) + 16 >= sizeof name || user_dll_path(spec, path, sizeof path)) {
        wb_error_text(err, "\"%s\" is not FILE.dll!EXPORT", spec);
        return NULL;
    }
    snprintf(name, sizeof name, "%s", bang + 1);
    /* The file the user named, by its full path: LoadLibrary of a bare or relative name would
     * search winbench.exe's folder and System32 before the current folder (SafeDllSearchMode),
     * or leave the current folder out (CWDIllegalInDllSearch), and load a same-named DLL from
     * elsewhere. LOAD_WITH_ALTERED_SEARCH_PATH: its own dependencies are looked for beside it. */
    *module = LoadLibraryExA(path, NULL, LOAD_WITH_ALTERED_SEARCH_PATH);
    if (*module == NULL) {
        code = GetLastError();
        snprintf(call, sizeof call, "LoadLibraryEx(%s)", path);
        wb_error_win32(err, call, code);
        return NULL;
    }
    fn = find_export(*module, name, arg_bytes, &code);
    if (fn == NULL) {
        snprintf(call, sizeof call, "GetProcAddress(%s, %s)", path, name);
        wb_error_win32(err, call, code);
        FreeLibrary(*module);
        *module = NULL;
    }
    return fn;
}
