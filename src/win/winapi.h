/* Every function winbench resolves at run time, declared once (libuv's src/win/winapi.h idea):
 * what is in this list is what winbench uses beyond Windows XP, or from DLLs it does not link.
 * Each is loaded on first use; WB_API(name) is NULL where this Windows lacks it, and the caller
 * degrades with a clear message. No other file calls GetProcAddress. Private to winbench.exe. */
#ifndef WB_WINAPI_H
#define WB_WINAPI_H

#include <windows.h>
#include <commctrl.h>
#include <psapi.h>

/* X(name, DLL, first Windows that has it, return type, calling convention, parameters) */
#define WB_WINAPI_IMPORTS(X)                                                                         \
    X(RtlGetVersion, "ntdll.dll", "Windows 2000", LONG, WINAPI, (OSVERSIONINFOEXW *))                  \
    X(wine_get_version, "ntdll.dll", "Wine only", const char *, CDECL, (void))                        \
    X(IsWow64Process, "kernel32.dll", "XP SP2", BOOL, WINAPI, (HANDLE, BOOL *))                        \
    X(K32GetProcessMemoryInfo, "kernel32.dll", "Windows 7", BOOL, WINAPI,                             \
      (HANDLE, PROCESS_MEMORY_COUNTERS *, DWORD))                                                     \
    X(GetProcessMemoryInfo, "psapi.dll", "Windows 2000", BOOL, WINAPI,                               \
      (HANDLE, PROCESS_MEMORY_COUNTERS *, DWORD))                                                     \
    X(timeBeginPeriod, "winmm.dll", "Windows 95 / NT 3.5", UINT, WINAPI, (UINT))                     \
    X(timeEndPeriod, "winmm.dll", "Windows 95 / NT 3.5", UINT, WINAPI, (UINT))                       \
    X(timeGetTime, "winmm.dll", "Windows 95 / NT 3.5", DWORD, WINAPI, (void))                        \
    /* the wakeup module's periodic multimedia timer (the callback's type spelled out: no mmsystem.h) */ \
    X(timeSetEvent, "winmm.dll", "Windows 95 / NT 3.5", UINT, WINAPI,                                \
      (UINT, UINT, void (CALLBACK *)(UINT, UINT, DWORD_PTR, DWORD_PTR, DWORD_PTR), DWORD_PTR, UINT))   \
    X(timeKillEvent, "winmm.dll", "Windows 95 / NT 3.5", UINT, WINAPI, (UINT))                       \
    /* its high-resolution flag (0x2) from Windows 10 1803; the function from Vista */               \
    X(CreateWaitableTimerExW, "kernel32.dll", "Windows Vista", HANDLE, WINAPI,                        \
      (LPSECURITY_ATTRIBUTES, LPCWSTR, DWORD, DWORD))                                                 \
    X(IsThemeActive, "uxtheme.dll", "Windows XP", BOOL, WINAPI, (void))                              \
    /* WSAPOLLFD * (the headers hide the type below Vista; src/wait/wait_wsapoll.c has its own) */   \
    X(WSAPoll, "ws2_32.dll", "Windows Vista", int, WINAPI, (void *, ULONG, INT))                     \
    X(NtQueryTimerResolution, "ntdll.dll", "Windows NT 3.5", LONG, NTAPI, (ULONG *, ULONG *, ULONG *)) \
    X(NtQuerySystemInformation, "ntdll.dll", "Windows NT 3.1", LONG, NTAPI, (ULONG, void *, ULONG, ULONG *)) \
    X(QueryThreadCycleTime, "kernel32.dll", "Windows Vista", BOOL, WINAPI, (HANDLE, ULONG64 *))      \
    /* OVERLAPPED_ENTRY * (hidden below Vista; src/wait/wait_iocp.c spells it out) */               \
    X(GetQueuedCompletionStatusEx, "kernel32.dll", "Windows Vista", BOOL, WINAPI,                   \
      (HANDLE, void *, ULONG, ULONG *, DWORD, BOOL))                                                 \
    /* AFD poll (src/wait/wait_afd.c): the NT calls wepoll makes; the structures are its own */   \
    X(NtCreateFile, "ntdll.dll", "Windows NT 3.1", LONG, NTAPI,                                    \
      (HANDLE *, ACCESS_MASK, void *, void *, LARGE_INTEGER *, ULONG, ULONG, ULONG, ULONG, void *, ULONG)) \
    X(NtDeviceIoControlFile, "ntdll.dll", "Windows NT 3.1", LONG, NTAPI,                           \
      (HANDLE, HANDLE, void *, void *, void *, ULONG, void *, ULONG, void *, ULONG))                 \
    X(NtCancelIoFileEx, "ntdll.dll", "Windows Vista", LONG, NTAPI, (HANDLE, void *, void *))        \
    X(RtlNtStatusToDosError, "ntdll.dll", "Windows NT 3.1", ULONG, NTAPI, (LONG))                   \
    /* the kernel floor (src/win/floors.c): a system call that does no work */                    \
    X(NtTestAlert, "ntdll.dll", "Windows NT 3.1", LONG, NTAPI, (void))                              \
    /* the win32k floor called where the system call stub lives from Windows 10 1607 on (user32's   \
     * GetForegroundWindow is reported no longer to enter win32k on 11 24H2) */                     \
    X(NtUserGetForegroundWindow, "win32u.dll", "Windows 10", HWND, WINAPI, (void))                  \
    /* the function from Windows 8; its ProcessPowerThrottling class from Windows 10 1709, the    \
     * IGNORE_TIMER_RESOLUTION flag from Windows 11 */                                              \
    X(SetProcessInformation, "kernel32.dll", "Windows 8", BOOL, WINAPI, (HANDLE, int, void *, DWORD)) \
    /* the CPUs' efficiency classes (src/win/qos.c) */                                             \
    X(GetSystemCpuSetInformation, "kernel32.dll", "Windows 10", BOOL, WINAPI,                       \
      (void *, ULONG, ULONG *, HANDLE, ULONG))                                                       \
    X(PowerGetActiveScheme, "powrprof.dll", "Windows Vista", DWORD, WINAPI, (HKEY, GUID **))         \
    X(PowerReadFriendlyName, "powrprof.dll", "Windows Vista", DWORD, WINAPI,                        \
      (HKEY, const GUID *, const GUID *, const GUID *, UCHAR *, DWORD *))                             \
    X(GetActivePwrScheme, "powrprof.dll", "Windows 2000", BOOLEAN, WINAPI, (UINT *))                 \
    X(EnumPwrSchemes, "powrprof.dll", "Windows 2000", BOOLEAN, WINAPI,                               \
      (BOOLEAN (CALLBACK *)(UINT, DWORD, LPWSTR, DWORD, LPWSTR, void *, LPARAM), LPARAM))           \
    /* resolved in the comctl32 the activation context loaded (v6): see wb_winapi_get_from */        \
    X(InitCommonControlsEx, "comctl32.dll", "Windows 95 / NT 4 with IE 3", BOOL, WINAPI,             \
      (const INITCOMMONCONTROLSEX *))

#define WB_WINAPI_ID(name, dll, since, ret, conv, params) WB_API_##name,
typedef enum wb_winapi_id { WB_WINAPI_IMPORTS(WB_WINAPI_ID) WB_API_COUNT } wb_winapi_id;
#undef WB_WINAPI_ID

#define WB_WINAPI_TYPE(name, dll, since, ret, conv, params) typedef ret (conv *wb_fn_##name) params;
WB_WINAPI_IMPORTS(WB_WINAPI_TYPE)
#undef WB_WINAPI_TYPE

/* The function, loading its DLL on first use; NULL when this Windows does not have it. With
 * WINBENCH_HIDE_VISTA=1 in the environment every function that arrived with Vista or later is
 * NULL too, and so is each one named in WINBENCH_HIDE_IMPORTS, so that XP's paths (clear
 * refusals, loops skipped) are tested on any Windows (include/wb_test_hooks.h). */
FARPROC wb_winapi_get(wb_winapi_id id);
/* The same function from one particular loaded module (comctl32 v6 inside an activation
 * context is another module than the comctl32 outside it). */
FARPROC wb_winapi_get_from(HMODULE module, wb_winapi_id id);

#define WB_API(name) ((wb_fn_##name)(void (*)(void))wb_winapi_get(WB_API_##name))

/* A system DLL (name: "uxtheme.dll") loaded by its full path in the system folder, its own
 * imports searched from there (never by bare name: the exe's folder comes first in that
 * search); NULL with GetLastError's error when it cannot be. Every load of a system DLL goes
 * through here (tests/docs-true.sh checks). */
HMODULE wb_system_dll(const char *name);

#endif
