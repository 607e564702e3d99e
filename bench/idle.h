/* idle's pieces beside bench/idle.c (the module: the MFC idle model, its windows, the metrics). */
#ifndef IDLE_H
#define IDLE_H

#include <windows.h>

#include "wb_floors.h"
#include "wb_rounds.h"

/* What one of OnIdle's SendMessage(WM_NULL) calls to the button is made of, as shares of it
 * (they add up to 1): USER32's dispatch (the API), the MFC model's handling of a mapped button
 * (AfxWndProc, the handle and message maps: your code; 0 for a plain button) and the BUTTON
 * class's own procedure (the API). Timed beside the run on the thread that owns the button, in
 * alternating rounds (wb_rounds.h): SendMessage, the button's procedure called directly, and
 * for a mapped button the class's procedure under it. -1 when it could not be timed. */
typedef struct idle_send_shares {
    double dispatch, mfc, button;
} idle_send_shares;
int idle_send_shares_of(HWND button, int unicode, int mapped, wb_floor_budget b, wb_rounds *r, idle_send_shares *out);

#endif
