/* Small window helpers shared by the benchmarks. */
#ifndef WB_WINDOWS_H
#define WB_WINDOWS_H

#include <windows.h>
#include "wb_error.h"

/* Raymond Chen's scratch program's class: a switch for WM_CREATE and WM_PAINT, everything else
 * (WM_NULL among them) to DefWindowProc. Registering twice is fine. */
#define WB_SCRATCH_CLASS "WinbenchScratch"
int wb_scratch_register(wb_error *err);

/* Dispatch whatever is queued for this thread (creation and show messages), so that a timed
 * loop starts with an empty queue. */
void wb_drain_messages(void);

#endif
