/* What MFC does per message sent to one of its windows, in C (structure of MFC's wincore.cpp):
 *
 *   AfxWndProc            WM_QUERYAFXWNDPROC answered; CWnd::FromHandlePermanent(hWnd)
 *    -> AfxCallWndProc    thread state from TLS; save/restore m_lastSentMsg around the call
 *     -> CWnd::WindowProc virtual; OnWndMsg, else DefWindowProc
 *      -> OnWndMsg        WM_COMMAND/WM_NOTIFY/WM_ACTIVATE/WM_SETCURSOR special cases, then the
 *                         global 512-entry message cache under a critical section
 *                         (AfxLockGlobals(CRIT_WINMSGCACHE)), and on a miss the walk through the
 *                         message-map chain (derived -> CFrameWnd -> CWnd -> CCmdTarget) with
 *                         AfxFindMessageEntry's linear search
 *       -> CWnd::DefWindowProc  CallWindowProc(m_pfnSuper) or ::DefWindowProc
 *
 * The handle map is per thread, like MFC's (module thread state): a chained hash table with
 * CMapPtrToPtr's default 17 buckets. The table sizes below are of the order of MFC's own maps;
 * the point is the shape of the work per message, not MFC's exact instruction count. */
#include "wb_mfc.h"
#include "wb_windows.h"
#include "for_tests.h"

#include <stdlib.h>
#include <string.h>

#define WM_QUERYAFXWNDPROC 0x0360
#define WM_SETMESSAGESTRING 0x0362
#define WM_INITIALUPDATE 0x0364
#define WM_ACTIVATETOPLEVEL 0x036E
#define WM_DDE_INITIATE 0x03E0
#define HASH_BUCKETS 17       /* CMapPtrToPtr default */
#define MSG_CACHE_SIZE 512    /* iHashMax in wincore.cpp */

typedef LRESULT (*msg_handler)(wb_cwnd *wnd, WPARAM wp, LPARAM lp);

typedef struct msgmap_entry {   /* AFX_MSGMAP_ENTRY */
    UINT message, code, id, last_id, sig;
    msg_handler handler;
} msgmap_entry;

typedef struct msgmap {         /* AFX_MSGMAP */
    const struct msgmap *base;
    const msgmap_entry *entries;
} msgmap;

struct wb_cwnd {
    HWND hwnd;
    int temporary;                                      /* made by FromHandle; freed at OnIdle(1) */
    int tooltips;                                       /* WF_TOOLTIPS: EnableToolTips was called */
    const msgmap *map;                                  /* GetMessageMap() of the class */
    LRESULT (*window_proc)(wb_cwnd *, UINT, WPARAM, LPARAM);   /* the virtual WindowProc */
    WNDPROC super;                                      /* m_pfnSuper; NULL: ::DefWindowProc */
    int super_unicode;                                  /* the window was Unicode when subclassed */
};

typedef struct map_node {
    HWND key;
    wb_cwnd *value;
    struct map_node *next;
} map_node;

typedef struct thread_state {   /* the parts of AFX_THREAD_STATE / AFX_MODULE_THREAD_STATE used */
    MSG last_sent;
    wb_cwnd *wnd_init;   /* m_pWndInit: the window being created, until WM_NCCREATE attaches it */
    map_node *buckets[HASH_BUCKETS];        /* the permanent map */
    map_node *temp_buckets[HASH_BUCKETS];   /* the temporary map (CHandleMap::m_temporaryMap) */
} thread_state;

typedef struct msg_cache_entry {   /* AFX_MSG_CACHE */
    UINT message;
    const msgmap_entry *entry;
    const msgmap *map;
} msg_cache_entry;

static DWORD g_tls = TLS_OUT_OF_INDEXES;
static CRITICAL_SECTION g_cache_lock;
static msg_cache_entry g_cache[MSG_CACHE_SIZE];
static volatile LONG g_handled;
static wb_mfc_counters g_count;   /* the UI thread's; plain counters, read between runs */
static int g_registered;

/* ---- message maps ------------------------------------------------------------------------ */

static LRESULT on_handled(wb_cwnd *wnd, WPARAM wp, LPARAM lp)
{
    (void)wnd, (void)wp, (void)lp;
    InterlockedIncrement(&g_handled);
    return 0;
}

#define ON_MSG(m) { (m), 0, 0, 0, 1, on_handled }
#define ON_CMD(id) { WM_COMMAND, 0, (id), (id), 1, on_handled }
#define MAP_END { 0, 0, 0, 0, 0, NULL }

static const msgmap_entry cmdtarget_entries[] = { MAP_END };
static const msgmap cmdtarget_map = { NULL, cmdtarget_entries };

static const msgmap_entry cwnd_entries[] = {
    ON_MSG(WM_DRAWITEM), ON_MSG(WM_MEASUREITEM), ON_MSG(WM_CTLCOLORBTN), ON_MSG(WM_COMPAREITEM),
    ON_MSG(WM_ENTERIDLE), ON_MSG(WM_HSCROLL), ON_MSG(WM_VSCROLL), ON_MSG(WM_SETFOCUS),
    ON_MSG(WM_DEVMODECHANGE), ON_MSG(WM_HELP), ON_MSG(WM_SETTINGCHANGE), ON_MSG(WM_DISPLAYCHANGE),
    ON_MSG(WM_SYSCOLORCHANGE), ON_MSG(WM_ACTIVATEAPP), ON_MSG(WM_NCDESTROY), ON_MSG(WM_DELETEITEM),
    ON_MSG(WM_CHARTOITEM), ON_MSG(WM_VKEYTOITEM), ON_MSG(WM_QUERYNEWPALETTE), ON_MSG(WM_CTLCOLORSTATIC),
    MAP_END
};
static const msgmap cwnd_map = { &cmdtarget_map, cwnd_entries };

static const msgmap_entry frame_entries[] = {
    ON_MSG(WM_INITMENU), ON_MSG(WM_INITMENUPOPUP), ON_MSG(WM_MENUSELECT), ON_MSG(WM_SETMESSAGESTRING),
    ON_MSG(WB_WM_IDLEUPDATECMDUI), ON_MSG(WM_ENTERMENULOOP), ON_MSG(WM_EXITMENULOOP),
    ON_MSG(WM_SIZE), ON_MSG(WM_SETFOCUS), ON_MSG(WM_CREATE), ON_MSG(WM_DESTROY), ON_MSG(WM_CLOSE),
    ON_MSG(WM_ERASEBKGND), ON_MSG(WM_ACTIVATE), ON_MSG(WM_NCACTIVATE), ON_MSG(WM_SYSCOMMAND),
    ON_MSG(WM_DROPFILES), ON_MSG(WM_QUERYENDSESSION), ON_MSG(WM_ENDSESSION), ON_MSG(WM_ENABLE),
    ON_MSG(WM_PALETTECHANGED), ON_MSG(WM_QUERYNEWPALETTE), ON_MSG(WM_ACTIVATETOPLEVEL),
    ON_MSG(WM_POWERBROADCAST), ON_MSG(WM_COPYDATA), ON_MSG(WM_DDE_INITIATE),
    ON_CMD(0xE100), ON_CMD(0xE101), ON_CMD(0xE102), ON_CMD(0xE103), ON_CMD(0xE104), ON_CMD(0xE105),
    ON_CMD(0xE140), ON_CMD(0xE141), ON_CMD(0xE142), ON_CMD(0xE143), ON_CMD(0xE144), ON_CMD(0xE145),
    ON_CMD(0xE800), ON_CMD(0xE801), ON_CMD(0xE802), ON_CMD(0xE803),
    MAP_END
};
static const msgmap frame_map = { &cwnd_map, frame_entries };

static const msgmap_entry control_entries[] = {   /* a CButton/CStatic-derived control */
    ON_MSG(WM_CTLCOLORSTATIC), ON_MSG(WM_CTLCOLORBTN), ON_MSG(WM_SETCURSOR), ON_MSG(WM_LBUTTONDOWN),
    MAP_END
};
static const msgmap control_map = { &cwnd_map, control_entries };

static const msgmap_entry app_entries[] = {   /* what a typical CMainFrame adds */
    ON_MSG(WM_TIMER), ON_MSG(WM_CONTEXTMENU), ON_MSG(WM_GETMINMAXINFO), ON_MSG(WM_MOVE),
    ON_MSG(WM_SHOWWINDOW), ON_MSG(WM_INITIALUPDATE), ON_CMD(0x8001), ON_CMD(0x8002),
    MAP_END
};
static const msgmap app_map = { &frame_map, app_entries };

/* ---- handle map and thread state ---------------------------------------------------------- */

static thread_state *get_thread_state(void)   /* AfxGetThreadState */
{
    thread_state *ts = (thread_state *)TlsGetValue(g_tls);
    if (ts == NULL) {
        /* Once per thread, at its first window (outside any timed loop). Like MFC's, the state
         * lives as long as the thread; winbench's threads are few. */
        ts = (thread_state *)calloc(1, sizeof *ts);
        if (ts) TlsSetValue(g_tls, ts);
    }
    return ts;
}

static unsigned hash_key(HWND h)   /* CMapPtrToPtr::HashKey */
{
    return (unsigned)(((UINT_PTR)h) >> 4) % HASH_BUCKETS;
}

static wb_cwnd *lookup(map_node *const *buckets, HWND hwnd)
{
    map_node *n;
    for (n = buckets[hash_key(hwnd)]; n != NULL; n = n->next)
        if (n->key == hwnd) return n->value;
    return NULL;
}

wb_cwnd *wb_mfc_from_handle(HWND hwnd)
{
    thread_state *ts = get_thread_state();
    if (ts == NULL) return NULL;
    g_count.lookups++;
    return lookup(ts->buckets, hwnd);
}

WNDPROC wb_mfc_super(HWND hwnd, int *unicode)
{
    thread_state *ts = get_thread_state();
    wb_cwnd *wnd = ts ? lookup(ts->buckets, hwnd) : NULL;   /* not a lookup the model made: not counted */
    if (wnd == NULL) return NULL;
    *unicode = wnd->super ? wnd->super_unicode : 0;
    return wnd->super ? wnd->super : DefWindowProcA;
}

static int map_attach(thread_state *ts, wb_cwnd *wnd)
{
    map_node *n = (map_node *)malloc(sizeof *n);
    unsigned b = hash_key(wnd->hwnd);
    if (n == NULL) return -1;
    n->key = wnd->hwnd;
    n->value = wnd;
    n->next = ts->buckets[b];
    ts->buckets[b] = n;
    return 0;
}

static int map_attach_new(thread_state *ts, wb_cwnd *wnd, HWND hwnd)
{
    wnd->hwnd = hwnd;
    return map_attach(ts, wnd);
}

static void map_detach(thread_state *ts, HWND hwnd)
{
    map_node **pp = &ts->buckets[hash_key(hwnd)];
    while (*pp) {
        if ((*pp)->key == hwnd) {
            map_node *dead = *pp;
            *pp = dead->next;
            free(dead);
            return;
        }
        pp = &(*pp)->next;
    }
}

/* CWnd::FromHandle: the permanent object, else one from the temporary map, else a new temporary
 * CWnd (CHandleMap::FromHandle: allocated, attached to the handle, kept until the temporary map
 * is emptied at idle time). NULL only for a NULL handle or when memory runs out. */
static wb_cwnd *wb_mfc_from_handle_temp(HWND hwnd)
{
    thread_state *ts = get_thread_state();
    wb_cwnd *wnd;
    map_node *n;
    unsigned b;
    if (ts == NULL || hwnd == NULL) return NULL;
    g_count.lookups++;
    if ((wnd = lookup(ts->buckets, hwnd)) != NULL || (wnd = lookup(ts->temp_buckets, hwnd)) != NULL) return wnd;
    wnd = (wb_cwnd *)calloc(1, sizeof *wnd);
    n = (map_node *)malloc(sizeof *n);
    if (wnd == NULL || n == NULL) {
        free(wnd);
        free(n);
        return NULL;
    }
    wnd->hwnd = hwnd;
    wnd->temporary = 1;
    wnd->map = &cwnd_map;
    wnd->window_proc = NULL;   /* a temporary CWnd is never a window procedure's target */
    b = hash_key(hwnd);
    n->key = hwnd;
    n->value = wnd;
    n->next = ts->temp_buckets[b];
    ts->temp_buckets[b] = n;
    g_count.temp_created++;
    return wnd;
}

/* AfxLockTempMaps / AfxUnlockTempMaps at OnIdle(1): every temporary CWnd is deleted. */
void wb_mfc_free_temp_maps(void)
{
    thread_state *ts = get_thread_state();
    unsigned b;
    if (ts == NULL) return;
    for (b = 0; b < HASH_BUCKETS; b++)
        while (ts->temp_buckets[b]) {
            map_node *dead = ts->temp_buckets[b];
            ts->temp_buckets[b] = dead->next;
            free(dead->value);
            free(dead);
            g_count.temp_freed++;
        }
}

void wb_mfc_counters_get(wb_mfc_counters *out)
{
    *out = g_count;
    out->handled = (unsigned long)g_handled;
}

void wb_mfc_counters_reset(void)
{
    memset(&g_count, 0, sizeof g_count);
}

void wb_mfc_enable_tooltips(HWND hwnd)
{
    wb_cwnd *wnd = wb_mfc_from_handle(hwnd);
    if (wnd) wnd->tooltips = 1;
}

/* OnToolHitTest -> _AfxChildWindowFromPoint: the visible child whose rectangle holds the point,
 * found by walking the children in Z order as MFC does. */
static HWND child_from_point(HWND parent, POINT screen)
{
    HWND child;
    for (child = GetTopWindow(parent); child != NULL; child = GetWindow(child, GW_HWNDNEXT)) {
        RECT r;
        if (GetDlgCtrlID(child) != 0 && IsWindowVisible(child) && GetWindowRect(child, &r) && PtInRect(&r, screen))
            return child;
    }
    return NULL;
}

/* CWnd::FilterToolTipMessage(pMsg) for `self`, for mouse messages: climbs from the message's
 * window through GetParent (CWnd::FromHandle each, temporary objects for windows MFC does not
 * own) to the first window with tooltips enabled; only when that is `self` does it hit-test
 * the child under the point. */
static void filter_tooltip(wb_cwnd *self, const MSG *msg)
{
    wb_cwnd *wnd;
    HWND h;
    if (msg->message != WM_MOUSEMOVE && msg->message != WM_NCMOUSEMOVE && msg->message != WM_LBUTTONUP &&
        msg->message != WM_RBUTTONUP && msg->message != WM_MBUTTONUP)
        return;
    g_count.tooltip_filters++;
    for (h = msg->hwnd, wnd = wb_mfc_from_handle_temp(h); wnd != NULL && !wnd->tooltips;
         h = GetParent(h), wnd = h ? wb_mfc_from_handle_temp(h) : NULL)
        ;
    if (wnd != self) return;
    g_count.tooltip_hittests++;
    h = child_from_point(self->hwnd, msg->pt);
    if (h != NULL) wb_mfc_from_handle_temp(h);   /* OnToolHitTest's CWnd::FromHandle(hWndChild) */
}

/* CWnd::PreTranslateMessage: the tooltip filter when a control bar enabled tooltips; no
 * default processing. */
static void pretranslate(wb_cwnd *wnd, const MSG *msg, int tooltips)
{
    g_count.pretranslate++;
    if (tooltips) filter_tooltip(wnd, msg);
}

/* CWinThread::PreTranslateMessage -> CWnd::WalkPreTranslateTree(main, pMsg): from the target up
 * to the main window, PreTranslateMessage on each window in the permanent map. The MDI frame's
 * (CMDIFrameWnd::PreTranslateMessage) also asks the MDI client for the active child
 * (WM_MDIGETACTIVE, CWnd::FromHandle) and gives it a turn. */
void wb_mfc_pretranslate(const MSG *msg, HWND main_wnd, HWND mdi_client, int tooltips)
{
    HWND h;
    for (h = msg->hwnd; h != NULL; h = GetParent(h)) {
        wb_cwnd *wnd = wb_mfc_from_handle(h);
        if (wnd) {
            pretranslate(wnd, msg, tooltips);
            if (h == main_wnd && mdi_client) {
                HWND active = (HWND)SendMessageA(mdi_client, WM_MDIGETACTIVE, 0, 0);
                wb_cwnd *child = active ? wb_mfc_from_handle_temp(active) : NULL;
                if (child) pretranslate(child, msg, tooltips);
            }
        }
        if (h == main_wnd) break;
    }
}

/* ---- the dispatch path --------------------------------------------------------------------- */

static const msgmap_entry *find_entry(const msgmap_entry *e, UINT msg, UINT code, UINT id)
{
    for (; e->sig != 0; e++)   /* AfxFindMessageEntry */
        if (e->message == msg && e->code == code && id >= e->id && id <= e->last_id) return e;
    return NULL;
}

static LRESULT default_proc(wb_cwnd *wnd, UINT msg, WPARAM wp, LPARAM lp)   /* CWnd::DefWindowProc */
{
    if (wnd->super)
        return wnd->super_unicode ? CallWindowProcW(wnd->super, wnd->hwnd, msg, wp, lp)
                                  : CallWindowProcA(wnd->super, wnd->hwnd, msg, wp, lp);
    return DefWindowProcA(wnd->hwnd, msg, wp, lp);
}

static int on_command(wb_cwnd *wnd, WPARAM wp, LPARAM lp, LRESULT *result)
{
    /* CWnd::OnCommand -> OnCmdMsg: command entries are searched through the same maps. */
    const msgmap *map;
    UINT id = LOWORD(wp), code = HIWORD(wp);
    (void)lp;
    for (map = wnd->map; map != NULL; map = map->base) {
        const msgmap_entry *e = find_entry(map->entries, WM_COMMAND, code, id);
        if (e) {
            *result = e->handler(wnd, wp, lp);
            return 1;
        }
    }
    return 0;
}

static int on_wnd_msg(wb_cwnd *wnd, UINT msg, WPARAM wp, LPARAM lp, LRESULT *result)
{
    const msgmap *map;
    const msgmap_entry *entry = NULL;
    msg_cache_entry *cache;

    if (msg == WM_COMMAND) return on_command(wnd, wp, lp, result);
    if (msg == WM_NOTIFY) {
        const NMHDR *hdr = (const NMHDR *)lp;
        return hdr != NULL && hdr->hwndFrom != NULL && on_command(wnd, wp, lp, result);
    }
    /* WM_ACTIVATE and WM_SETCURSOR have special cases in MFC that touch other windows; they are
     * not what this model measures, so they take the ordinary path. */

    map = wnd->map;
    cache = &g_cache[(LOWORD((UINT_PTR)map) ^ msg) & (MSG_CACHE_SIZE - 1)];
    EnterCriticalSection(&g_cache_lock);
    if (cache->message == msg && cache->map == map) {
        entry = cache->entry;             /* hit: NULL means "no handler", the common case */
        LeaveCriticalSection(&g_cache_lock);
    } else {
        cache->message = msg;
        cache->map = map;
        for (; map != NULL; map = map->base) {
            entry = find_entry(map->entries, msg, 0, 0);
            if (entry) break;
        }
        cache->entry = entry;
        LeaveCriticalSection(&g_cache_lock);
    }
    if (entry == NULL) return 0;
    *result = entry->handler(wnd, wp, lp);
    return 1;
}

static LRESULT cwnd_window_proc(wb_cwnd *wnd, UINT msg, WPARAM wp, LPARAM lp)   /* CWnd::WindowProc */
{
    LRESULT result = 0;
    if (!on_wnd_msg(wnd, msg, wp, lp, &result)) result = default_proc(wnd, msg, wp, lp);
    return result;
}

static LRESULT call_wnd_proc(thread_state *ts, wb_cwnd *wnd, HWND h, UINT msg, WPARAM wp, LPARAM lp)
{
    MSG old = ts->last_sent;   /* AfxCallWndProc keeps the message for GetCurrentMessage() */
    LRESULT r;
    ts->last_sent.hwnd = h;
    ts->last_sent.message = msg;
    ts->last_sent.wParam = wp;
    ts->last_sent.lParam = lp;
    r = wnd->window_proc(wnd, msg, wp, lp);
    if (msg == WM_NCDESTROY) {
        map_detach(ts, h);
        free(wnd);
    }
    ts->last_sent = old;
    return r;
}

LRESULT wb_mfc_call_wnd_proc(wb_cwnd *wnd, UINT msg, WPARAM wp, LPARAM lp)
{
    thread_state *ts = get_thread_state();
    if (ts == NULL) return 0;
    return call_wnd_proc(ts, wnd, wnd->hwnd, msg, wp, lp);
}

static LRESULT CALLBACK afx_wnd_proc(HWND h, UINT msg, WPARAM wp, LPARAM lp)
{
    thread_state *ts;
    wb_cwnd *wnd;

    if (msg == WM_QUERYAFXWNDPROC) return 1;
    if (msg == WM_NCHITTEST) g_count.nchittest++;
    if (msg == WM_SETCURSOR) g_count.setcursor++;
    if (msg == WM_NCCREATE) {
        /* MFC attaches in a CBT hook just before this message; the create parameter does the
         * same job here. */
        wb_cwnd *fresh = (wb_cwnd *)((CREATESTRUCTA *)lp)->lpCreateParams;
        ts = get_thread_state();
        if (fresh == NULL || ts == NULL || fresh != ts->wnd_init) return FALSE;
        fresh->hwnd = h;
        if (map_attach(ts, fresh) != 0) return FALSE;
        ts->wnd_init = NULL;   /* from here on WM_NCDESTROY owns (and frees) it */
    }
    ts = get_thread_state();
    wnd = wb_mfc_from_handle(h);
    if (ts == NULL || wnd == NULL)
        return IsWindowUnicode(h) ? DefWindowProcW(h, msg, wp, lp) : DefWindowProcA(h, msg, wp, lp);
    return call_wnd_proc(ts, wnd, h, msg, wp, lp);
}

/* ---- set-up -------------------------------------------------------------------------------- */

int wb_mfc_init(wb_error *err)
{
    if (g_registered) return 0;
    g_tls = TlsAlloc();
    if (g_tls == TLS_OUT_OF_INDEXES) {
        wb_error_win32(err, "TlsAlloc", GetLastError());
        return -1;
    }
    InitializeCriticalSection(&g_cache_lock);
    /* one class in each character set, as an MFC application built with or without _UNICODE has */
    if (wb_register_class_pair(WB_MFC_CLASS, WB_MFC_CLASS_W, afx_wnd_proc, afx_wnd_proc, CS_DBLCLKS, COLOR_WINDOW + 1,
                               err))
        return -1;
    g_registered = 1;
    return 0;
}

static const msgmap *map_of(wb_mfc_kind kind)
{
    return kind == WB_MFC_FRAME ? &app_map : &control_map;
}

HWND wb_mfc_create(wb_mfc_kind kind, HWND parent, DWORD style, int x, int y, int w, int h, int unicode,
                   wb_error *err)
{
    wb_cwnd *wnd = (wb_cwnd *)calloc(1, sizeof *wnd);
    thread_state *ts = get_thread_state();
    HWND hwnd;
    if (wnd == NULL || ts == NULL) {
        free(wnd);
        wb_error_text(err, "out of memory creating an MFC-style window");
        return NULL;
    }
    wnd->map = map_of(kind);
    wnd->window_proc = cwnd_window_proc;
    /* MFC's classes have ::DefWindowProc as their procedure, saved as m_pfnSuper when AfxWndProc
     * subclasses the window: CWnd::DefWindowProc then goes through ::CallWindowProc. */
    wnd->super = unicode ? DefWindowProcW : DefWindowProcA;
    wnd->super_unicode = unicode;
    ts->wnd_init = wnd;
    hwnd = unicode ? CreateWindowExW(0, WB_MFC_CLASS_W, L"winbench MFC-style window", style, x, y, w, h, parent, NULL,
                                     GetModuleHandleW(NULL), wnd)
                   : CreateWindowExA(0, WB_MFC_CLASS, "winbench MFC-style window", style, x, y, w, h, parent, NULL,
                                     GetModuleHandleA(NULL), wnd);
    if (hwnd == NULL) {
        DWORD code = GetLastError();
        if (ts->wnd_init == wnd) {   /* never attached; attached ones died in WM_NCDESTROY */
            ts->wnd_init = NULL;
            free(wnd);
        }
        wb_error_win32(err, "CreateWindowEx(" WB_MFC_CLASS ")", code);
        return NULL;
    }
    return hwnd;
}

int wb_mfc_subclass(wb_mfc_kind kind, HWND hwnd, wb_error *err)
{
    wb_cwnd *wnd = (wb_cwnd *)calloc(1, sizeof *wnd);
    thread_state *ts = get_thread_state();
    LONG_PTR old;
    if (wnd == NULL || ts == NULL || map_attach_new(ts, wnd, hwnd) != 0) {
        free(wnd);
        wb_error_text(err, "out of memory subclassing a window");
        return -1;
    }
    wnd->map = map_of(kind);
    wnd->window_proc = cwnd_window_proc;
    /* The window procedure is replaced in the window's own character set, like MFC's
     * SubclassWindow, so the original procedure is called with the arguments it expects. */
    SetLastError(0);
    wnd->super_unicode = IsWindowUnicode(hwnd) ? 1 : 0;
    old = wnd->super_unicode ? SetWindowLongPtrW(hwnd, GWLP_WNDPROC, (LONG_PTR)afx_wnd_proc)
                                : SetWindowLongPtrA(hwnd, GWLP_WNDPROC, (LONG_PTR)afx_wnd_proc);
    if (old == 0 && GetLastError() != 0) {
        wb_error_win32(err, "SetWindowLongPtr(GWLP_WNDPROC)", GetLastError());
        map_detach(ts, hwnd);
        free(wnd);
        return -1;
    }
    wnd->super = (WNDPROC)old;
    return 0;
}
