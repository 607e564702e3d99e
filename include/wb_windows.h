/* Small window helpers shared by the benchmarks. */
#ifndef WB_WINDOWS_H
#define WB_WINDOWS_H

#include <windows.h>
#include "wb_error.h"

/* Raymond Chen's scratch program's class: a switch for WM_CREATE and WM_PAINT, everything else
 * (WM_NULL among them) to DefWindowProc. Registering twice is fine. */
#define WB_SCRATCH_CLASS "WinbenchScratch"
#define WB_SCRATCH_CLASS_W L"WinbenchScratchW"   /* the same, registered with RegisterClassW */
int wb_scratch_register(wb_error *err);   /* both */

/* A twin's class: a procedure that returns at once (TRUE to WM_NCCREATE, so that the window is
 * made; 0 to every other message, without DefWindowProc), for timing SendMessage's own work
 * beside a window whose procedure does anything at all. Registering twice is fine. */
#define WB_TWIN_CLASS "WinbenchTwin"
#define WB_TWIN_CLASS_W L"WinbenchTwinW"
int wb_twin_register(wb_error *err);   /* both */

/* Registers one window class under both character sets, as a program built with or without
 * UNICODE would: `name` with RegisterClassA and proc_a, `name_w` with RegisterClassW and proc_w,
 * an arrow cursor and `background` (a COLOR_* index + 1). A class already registered is not an
 * error: benchmarks make their windows again for every repetition. */
int wb_register_class_pair(const char *name, const wchar_t *name_w, WNDPROC proc_a, WNDPROC proc_w, UINT style,
                           int background, wb_error *err);

/* Dispatch whatever is queued for this thread (creation and show messages), so that a timed
 * loop starts with an empty queue. */
void wb_drain_messages(void);

/* CreateWindowEx in the character set asked for: the class and title are given in both. */
HWND wb_create_window(int unicode, const char *cls, const wchar_t *cls_w, DWORD style, int x, int y, int w, int h,
                      HWND parent, UINT id, void *param, wb_error *err);

#endif
