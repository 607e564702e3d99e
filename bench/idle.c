/* idle: MFC's idle processing while WM_MOUSEMOVE floods in, with the CPU it costs measured by
 * winbench itself.
 *
 * Two scenarios. The seed's experiment (--onidle seed, --case 1|2|3): an AppWizard MDI
 * application whose CMdi_btnApp::OnIdle *replaces* CWinApp::OnIdle: it sends WM_NULL 1000
 * times (switch B) to one CButton on the main window, which is either still MFC-subclassed
 * (mapped) or, with switch A, released by UnsubclassWindow (plain), and returns FALSE without
 * calling the base class. The original poster's application (--onidle base --windows 300):
 * CWinApp::OnIdle as MFC implements it, OnIdle(0) sending WM_IDLEUPDATECMDUI to the main frame
 * and every descendant, then to every other frame of the thread's frame list (each MDI child
 * frame and its descendants again), and OnIdle(1) freeing the temporary handle maps.
 * In both, CWinThread::PumpMessage calls PreTranslateMessage on every message
 * (WalkPreTranslateTree, the tooltip filter for mouse messages).
 *
 * The UI thread (the one winbench times) runs a model of CWinThread::Run (MFC's thrdcore.cpp):
 *   phase 1: while (bIdle && !PeekMessage(PM_NOREMOVE)) if (!OnIdle(lIdleCount++)) bIdle = FALSE;
 *   phase 2: do { if (!PumpMessage()) return; if (IsIdleMessage(&msg)) { bIdle = TRUE;
 *            lIdleCount = 0; } } while (PeekMessage(PM_NOREMOVE));
 * A driver thread posts WM_MOUSEMOVE at a fixed rate for the duration, then WM_QUIT. */
#include <math.h>
#include "wb_warning_codes.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idle.h"
#include "wb_floors.h"
#include "wb_hist.h"
#include "wb_mfc.h"
#include "wb_mfc_app.h"
#include "wb_process.h"
#include "wb_module.h"
#include "wb_timer.h"
#include "wb_units.h"
#include "wb_user_code.h"
#include "wb_visual_styles.h"
#include "wb_windows.h"
#include "wb_console.h"

#define O(field) offsetof(idle_config, field)
static const wb_option idle_options[] = {
    { .name = "case", .type = WB_OPT_CHOICE, .offset = O(preset), .def = "none", .choices = WB_CHOICES(CASES),
      .help = "the seed's experiment (--onidle seed, MDI layout): 1 = A+B (1000 sends to the plain button), "
              "2 = B only (to the mapped button), 3 = neither" },
    { .name = "onidle", .type = WB_OPT_TEXT, .offset = O(onidle_text), .def = "base", .metavar = "base|seed|FILE.dll!EXPORT",
      .help = "base: CWinApp::OnIdle (walks the windows, frees temporary maps); seed: the seed's override "
              "(--sends to the button, return FALSE, base never called); FILE.dll!EXPORT: your own OnIdle "
              "(include/winbench_user.h), called as MFC calls OnIdle" },
    { .name = "button", .type = WB_OPT_CHOICE, .offset = O(button), .def = "mapped", .choices = WB_CHOICES(BUTTONS),
      .help = "the button --sends goes to: still MFC-subclassed, or plain after UnsubclassWindow (switch A)" },
    { .name = "mdi-children", .type = WB_OPT_COUNT, .offset = O(mdi_children), .def = "0", .max = 64, .metavar = "N",
      .help = "MDI child frames (each with a view) holding the --windows; 0: the windows sit on the main frame" },
    { .name = "tooltips", .type = WB_OPT_CHOICE, .offset = O(tooltips), .def = "on", .choices = WB_CHOICES(WB_OFF_ON),
      .help = "the toolbar's CBRS_TOOLTIPS: PreTranslateMessage filters mouse messages for tooltips" },
    { .name = "mouse-over", .type = WB_OPT_CHOICE, .offset = O(mouse_over), .def = "view", .choices = WB_CHOICES(MOUSE_OVER),
      .help = "where the mouse moves: the (first MDI child's) view, or the toolbar (tooltip hit tests)" },
    { .name = "windows", .type = WB_OPT_COUNT, .offset = O(windows), .def = "300", .max = MAX_WINDOWS,
      .help = "child windows of the main frame" },
    { .name = "depth", .type = WB_OPT_COUNT, .offset = O(depth), .def = "1", .min = 1, .max = 1000,
      .help = "nesting: the windows form chains this deep (Windows nests 50 levels, the frame's included)" },
    { .name = "class", .type = WB_OPT_CHOICE, .offset = O(wclass), .def = "static", .choices = WB_CHOICES(CLASSES),
      .help = "class of the child windows (custom: winbench's own)" },
    { .name = "themes", .type = WB_OPT_CHOICE, .offset = O(themes), .def = "off", .choices = WB_CHOICES(WB_OFF_ON),
      .help = "create the windows under the comctl32 v6 context" },
    { .name = "mapped", .type = WB_OPT_CHOICE, .offset = O(mapped), .def = "on", .choices = WB_CHOICES(WB_OFF_ON),
      .help = "the --windows in MFC's permanent handle map (subclassed CWnds) or plain" },
    { .name = "dispatch", .type = WB_OPT_CHOICE, .offset = O(dispatch), .def = "direct", .choices = WB_CHOICES(DISPATCHES),
      .help = "SendMessageToDescendants: call mapped windows directly (bOnlyPerm) or ::SendMessage to all" },
    { .name = "sends", .type = WB_OPT_COUNT, .offset = O(sends), .def = "0", .max = 1000000,
      .help = "SendMessage(WM_NULL) to the button per OnIdle call (switch B: 1000)" },
    { .name = "idle-every", .type = WB_OPT_COUNT, .offset = O(idle_every), .def = "1", .min = 1, .max = 1000000, .metavar = "K",
      .help = "only every K-th new-position WM_MOUSEMOVE restarts idle processing" },
    { .name = "mouse-rate", .type = WB_OPT_COUNT, .count_unit = "/s", .offset = O(mouse_rate), .def = "150", .min = 1,
      .max = 10000, .metavar = "HZ",
      .help = "WM_MOUSEMOVE posted per second" },
    { .name = "input", .type = WB_OPT_CHOICE, .offset = O(input), .def = "post", .choices = WB_CHOICES(INPUTS),
      .help = "post: WM_MOUSEMOVE posted with its point in msg.pt; sendinput: the real cursor moved with "
              "SendInput (needs an interactive desktop; the frame goes on screen, topmost)" },
    { .name = "charset", .type = WB_OPT_CHOICE, .offset = O(charset), .def = "w", .choices = WB_CHOICES(WB_CHARSETS),
      .help = "w: Unicode windows and W message functions, as the seed's programs; a: ANSI" },
    { .name = "duration", .type = WB_OPT_SECONDS, .offset = O(duration), .def = "15s",
      .help = "length of each repetition" },
    { .name = "same-point", .type = WB_OPT_FLAG, .offset = O(same_point),
      .help = "post every move at the same point (IsIdleMessage filters them)" },
    { .name = NULL }
};

/* The options a --case sets (typed beside it, refused; the report compares cases across them). */
static const char *const idle_set_by_case[] = { "onidle", "button", "sends", "tooltips", NULL };

/* --onidle: base, seed, or a DLL's function that exists as a file now (loaded at set-up). */
static int check_onidle(idle_config *c, char *err, size_t cap)
{
    const char *t = c->onidle_text ? c->onidle_text : "base";
    if (strcmp(t, "base") == 0) c->onidle = ONIDLE_BASE;
    else if (strcmp(t, "seed") == 0) c->onidle = ONIDLE_SEED;
    else if (!wb_user_spec_valid(t)) {
        snprintf(err, cap, "--onidle: expected base, seed or FILE.dll!EXPORT, got \"%s\"", t);
        return -1;
    } else if (wb_user_spec_check("onidle", t, err, cap) != 0) {
        return -1;
    } else {
        c->onidle = ONIDLE_USER;
    }
    return 0;
}

static int idle_check(void *config, const wb_args *args, char *err, size_t cap)
{
    idle_config *c = (idle_config *)config;
    /* The presets are the seed's experiment: its OnIdle override in an AppWizard MDI application
     * (one child frame, a toolbar with tooltips), switches A and B as its three runs set them.
     * An option a case sets, typed beside it, is refused: the CSV's options column would claim
     * one experiment and the rows hold another. --mdi-children (1 or more) is honoured: the
     * seed's layout with more child frames; --windows too (none unless typed). The CSV shows
     * the values used. */
    if (c->preset != CASE_NONE) {
        size_t i;
        for (i = 0; idle_set_by_case[i]; i++)
            if (wb_args_named(args, idle_set_by_case[i])) {
                snprintf(err, cap, "--%s: conflicts with --case %d, which sets it (drop one of them)", idle_set_by_case[i],
                         c->preset);
                return -1;
            }
        if (wb_args_named(args, "mdi-children") && c->mdi_children == 0) {
            snprintf(err, cap, "--mdi-children: --case %d is the seed's MDI layout: 1 or more", c->preset);
            return -1;
        }
        c->onidle_text = "seed";
        /* the seed's AppWizard application has no windows of ours beside its own: --windows
         * adds them only when typed (its default, 300, is the original poster's application) */
        if (!wb_args_named(args, "windows")) c->windows = 0;
        if (c->mdi_children == 0) c->mdi_children = 1;
        c->tooltips = 1;
    }
    if (check_onidle(c, err, cap) != 0) return -1;
    switch (c->preset) {
    case CASE_1: c->button = BUTTON_PLAIN; c->sends = 1000; break;    /* A: UnsubclassWindow; B: sends */
    case CASE_2: c->button = BUTTON_MAPPED; c->sends = 1000; break;   /* B only */
    case CASE_3: c->button = BUTTON_MAPPED; c->sends = 0; break;      /* neither */
    }
    if (c->mouse_over == OVER_TOOLBAR && c->mdi_children == 0) {
        snprintf(err, cap, "--mouse-over: the toolbar exists in the MDI layout (--mdi-children 1 or more)");
        return -1;
    }
    {   /* Windows nests windows at most 50 levels (USERNestedWindowLimit; CreateWindow fails past
         * it): the main frame, and in the MDI layout its client, child frame and view, come first */
        unsigned above = c->mdi_children > 0 ? 4 : 1;
        if (c->depth + above > WINDOWS_NESTING_LIMIT) {
            snprintf(err, cap, "--depth: %llu is deeper than Windows nests windows (%u levels at most, "
                     "USERNestedWindowLimit; %s of them): at most %u here", (unsigned long long)c->depth,
                     WINDOWS_NESTING_LIMIT, above > 1 ? "the frame, MDI client, child frame and view take four"
                     : "the main frame takes one", WINDOWS_NESTING_LIMIT - above);
            return -1;
        }
    }
    if (c->windows > 0 && c->depth > c->windows) {
        snprintf(err, cap, "--depth: %llu is deeper than --windows %llu", (unsigned long long)c->depth,
                 (unsigned long long)c->windows);
        return -1;
    }
    if (c->duration < 0.1 || c->duration * (double)c->mouse_rate > 1e8) {
        snprintf(err, cap, "--duration: %g s at %llu Hz is outside 0.1 s .. 1e8 moves", c->duration,
                 (unsigned long long)c->mouse_rate);
        return -1;
    }
    return 0;
}

/* ---- set-up -------------------------------------------------------------------------------- */

/* The application's windows (include/wb_mfc_app.h), inside the --themes context. */
static int create_windows(idle_state *st, wb_error *err)
{
    static const char *const classes[] = { WB_SCRATCH_CLASS, "BUTTON", "STATIC" };
    static const wchar_t *const classes_w[] = { WB_SCRATCH_CLASS_W, L"BUTTON", L"STATIC" };
    const int mfc_style = st->cfg.wclass == CLASS_CUSTOM && st->cfg.mapped;   /* the model's own window */
    wb_styles_scope styles;
    wb_mfc_app_shape sh;
    POINT origin = { 0, 0 };
    int failed;
    memset(&sh, 0, sizeof sh);
    /* Right of every monitor: visible (MFC only updates a visible main window) but never under
     * the real cursor, and never painted; --input sendinput: on the primary screen, under the
     * cursor's path. */
    sh.x = st->cfg.input == INPUT_SENDINPUT ? 0 : GetSystemMetrics(SM_XVIRTUALSCREEN) + GetSystemMetrics(SM_CXVIRTUALSCREEN) + 100;
    sh.mdi_children = (unsigned)st->cfg.mdi_children, sh.tooltips = st->cfg.tooltips, sh.unicode = st->unicode;
    sh.windows = (unsigned)st->cfg.windows, sh.depth = (unsigned)st->cfg.depth;
    sh.child_class = mfc_style ? NULL : classes[st->cfg.wclass];
    sh.child_class_w = mfc_style ? NULL : classes_w[st->cfg.wclass];
    sh.children_mapped = st->cfg.mapped, sh.button_mapped = st->cfg.button == BUTTON_MAPPED;

    if (wb_styles_enter(st->cfg.themes, &styles, err) != 0) return -1;
    st->actctx = styles.active ? "v6" : "none";
    failed = (sh.mdi_children > 0 && !styles.active && wb_common_controls_classic(err) != 0) ||
             wb_mfc_app_create(&st->app, &sh, err) != 0;
    wb_styles_leave(&styles);
    if (failed) return -1;
    st->mouse_target = st->app.nchildren == 0 ? st->app.frame
                       : st->cfg.mouse_over == OVER_TOOLBAR ? st->app.toolbar : st->app.views[0];
    st->frame_wnd = wb_mfc_from_handle(st->app.frame);
    st->controls = wb_window_controls(st->app.first_child ? st->app.first_child : st->app.button, &st->wndproc_module);
    /* The MDI application's toolbar is comctl32's in both modes: 5.x classic, 6 themed. */
    st->toolbar_controls = st->app.toolbar ? wb_window_controls(st->app.toolbar, &st->toolbar_module) : "";
    snprintf(st->button_mapped, sizeof st->button_mapped, "%d", wb_mfc_from_handle(st->app.button) != NULL);
    snprintf(st->mdi_children, sizeof st->mdi_children, "%u", st->app.nchildren);
    if (st->cfg.input == INPUT_SENDINPUT)
        SetWindowPos(st->app.frame, HWND_TOPMOST, 0, 0, 0, 0, SWP_NOMOVE | SWP_NOSIZE | SWP_NOACTIVATE);
    ClientToScreen(st->mouse_target, &origin);
    st->target_origin = origin;
    st->screen.x = GetSystemMetrics(SM_CXSCREEN);
    st->screen.y = GetSystemMetrics(SM_CYSCREEN);
    wb_drain_messages();
    return 0;
}

/* --input sendinput needs a desktop that takes input: a zero move must be accepted. */
static int check_input(idle_state *st, wb_error *err)
{
    INPUT in;
    memset(&in, 0, sizeof in);
    in.type = INPUT_MOUSE;
    in.mi.dwFlags = MOUSEEVENTF_MOVE;
    if (st->screen.x < 2 || st->screen.y < 2 || SendInput(1, &in, sizeof in) != 1) {
        wb_error_win32(err, "SendInput (--input sendinput needs an interactive desktop: run it logged on at the "
                       "console, not as a service or over a disconnected session)", GetLastError());
        return -1;
    }
    GetCursorPos(&st->cursor_saved);
    return 0;
}

static void idle_teardown(void *state)
{
    idle_state *st = (idle_state *)state;
    if (st == NULL) return;
    if (st->cfg.input == INPUT_SENDINPUT && st->cursor_saved.x | st->cursor_saved.y)
        SetCursorPos(st->cursor_saved.x, st->cursor_saved.y);   /* the user's cursor back where it was */
    wb_mfc_app_destroy(&st->app);
    wb_drain_messages();
    wb_mfc_free_temp_maps();
    wb_timer_1ms_end(st->timer_raised);
    if (st->user_module) FreeLibrary(st->user_module);
    free(st->idle_cost);
    idle_periods_free(&st->periods);
    free(st);
}

/* --onidle's function, called once before the run as WINAPI with the stack pointer compared
 * around the call (wb_stdcall_left): on x86 one declared cdecl by mistake would leave 8 bytes on
 * the stack at every call of the loop's. */
static int check_user_onidle(const idle_state *st, wb_error *err)
{
    uintptr_t args[2];
    unsigned left;
    if (st->user_onidle == NULL) return 0;
    args[0] = (uintptr_t)st->app.frame;
    args[1] = 0;
    left = wb_stdcall_left((FARPROC)(void (*)(void))st->user_onidle, args, 2);
    if (left == 0) return 0;
    wb_error_text(err, "--onidle %s: the function left %u bytes on the stack: it is not WINAPI (stdcall); declare it "
                  "WINAPI, as include/winbench_user.h does", st->cfg.onidle_text, left);
    return -1;
}

static int idle_setup(const void *config, void **state, wb_error *err)
{
    idle_state *st = (idle_state *)calloc(1, sizeof *st);
    SYSTEM_INFO si;
    if (st == NULL || (st->idle_cost = (wb_hist *)calloc(1, sizeof *st->idle_cost)) == NULL ||
        idle_periods_open(&st->periods) != 0) {
        if (st) free(st->idle_cost);
        free(st);
        wb_error_text(err, "out of memory");
        return -1;
    }
    *state = st;
    st->cfg = *(const idle_config *)config;
    st->unicode = st->cfg.charset == WB_CHARSET_W;
    st->ui_thread = GetCurrentThreadId();
    GetSystemInfo(&si);
    st->cpus = si.dwNumberOfProcessors;
    st->timer = "default";
    /* Without a 1 ms timer, Sleep wakes every 15.6 ms and moves would come in bursts of two
     * or three, each burst one idle period. timeBeginPeriod raises the interrupt rate for the
     * whole system while the run lasts (as many applications do); the CSV records it. */
    st->timer_raised = wb_timer_1ms_begin();
    wb_cycles_hz();   /* measured once now (~60 ms), not after the first repetition */
    if (st->timer_raised) st->timer = "1ms";
    st->qpc_ns = wb_floor_qpc_ns(16000);   /* what each of the parts' QPC reads costs, taken off them */
    if (st->cfg.onidle == ONIDLE_USER &&
        (st->user_onidle = (winbench_onidle)(void (*)(void))wb_user_function(st->cfg.onidle_text, 8, &st->user_module,
                                                                                err)) == NULL) {
        idle_teardown(st);
        *state = NULL;
        return -1;
    }
    if (st->user_module && GetModuleFileNameA(st->user_module, st->onidle_path, sizeof st->onidle_path) == 0)
        st->onidle_path[0] = '\0';
    if (wb_scratch_register(err) != 0 || wb_mfc_init(err) != 0 || create_windows(st, err) != 0 ||
        (st->cfg.input == INPUT_SENDINPUT && check_input(st, err) != 0) || check_user_onidle(st, err) != 0) {
        idle_teardown(st);
        *state = NULL;
        return -1;
    }
    return 0;
}

/* ---- one repetition: idle_metrics.c; its columns and summary ------------------------------- */

static const char *const idle_metric_names[] = { IDLE_METRICS(WB_METRIC_NAME) NULL };
static const char *const idle_metric_units[] = { IDLE_METRICS(WB_METRIC_UNIT) NULL };
/* The summary keeps a repetition's identities: counts totalled (and the ratios of them made
 * from the totals), the busy time with its parts and the CPU with its split each from one
 * repetition, the median by the whole (docs/csv.md says which column is which). */
#define WITH_BUSY(c) { c, WB_SUM_MEDIAN_REP, "cpu_us_per_period", NULL, 0, 0 }
#define WITH_CPU(c) { c, WB_SUM_MEDIAN_REP, "cpu_pct_machine", NULL, 0, 0 }
static const wb_metric_summary idle_summary_rules[] = {
    WB_SUM_TOTAL_OF("onidle_calls"), WB_SUM_TOTAL_OF("idle_periods"), WB_SUM_TOTAL_OF("moves_posted"),
    WB_SUM_TOTAL_OF("moves_processed"), WB_SUM_TOTAL_OF("moves_late"),
    WB_SUM_TOTAL_OF("moves_dropped"), WB_SUM_TOTAL_OF("msgs_delivered"), WB_SUM_TOTAL_OF("pretranslate_calls"),
    WB_SUM_TOTAL_OF("tooltip_filters"),
    WB_SUM_TOTAL_OF("tooltip_hittests"), WB_SUM_TOTAL_OF("map_lookups"), WB_SUM_TOTAL_OF("temp_cwnd_created"),
    WB_SUM_TOTAL_OF("temp_cwnd_freed"),
    WB_SUM_TOTAL_OF("nchittest_msgs"), WB_SUM_TOTAL_OF("setcursor_msgs"), WB_SUM_TOTAL_OF("moves_coalesced"),
    WB_SUM_TOTAL_OF("ui_cycles"),
    WB_SUM_TOTAL_OF("periods_split"), WB_SUM_TOTAL_OF("periods_left_out"),
    { "backlog_max", WB_SUM_MOST, NULL, NULL, 0, 0 }, { "idle_cost_max_us", WB_SUM_MOST, NULL, NULL, 0, 0 },
    { "idle_cost_mean_us", WB_SUM_MEAN_BY, "idle_periods", NULL, 0, 0 },
    { "idle_periods_per_move", WB_SUM_RATIO, "moves_processed", "idle_periods", 0, 0 },
    { "msgs_per_idle_period", WB_SUM_RATIO, "idle_periods", "msgs_delivered", 0, 0 },
    WITH_BUSY("busy_us"), WITH_BUSY("sends_us"), WITH_BUSY("sends_dispatch_us"), WITH_BUSY("sends_mfc_us"),
    WITH_BUSY("sends_button_us"), WITH_BUSY("framework_us"), WITH_BUSY("pumped_us"), WITH_BUSY("pumped_user32_us"),
    WITH_BUSY("pumped_mfc_us"), WITH_BUSY("pumped_lower_us"), WITH_BUSY("pump_us"), WITH_BUSY("sends_pct"),
    WITH_BUSY("framework_pct"), WITH_BUSY("pumped_pct"), WITH_BUSY("pump_pct"), WITH_BUSY("cpu_us_per_period"),
    WITH_BUSY("outside_us"),
    WITH_CPU("cpu_pct_machine"), WITH_CPU("cpu_user_pct"), WITH_CPU("cpu_kernel_pct"),
    { NULL, 0, NULL, NULL, 0, 0 }
};
#undef WITH_BUSY
#undef WITH_CPU

/* ---- reporting ----------------------------------------------------------------------------- */

static void idle_print_rep(FILE *out, const void *variant, unsigned rep, unsigned reps, const wb_sample *s)
{
    const double *m = s->metrics;
    char each[24], p99[24];
    double user, kernel;
    (void)variant;   /* one configuration reads the same */
    wb_round_parts(m[M_CPU_USER], m[M_CPU_KERNEL], 0.1, &user, &kernel);   /* parts that add up as printed */
    wb_fprintf(out, "  rep %u/%u: cpu %.1f%% of one CPU (%.2f%% of the machine; user %.1f%%, kernel %.1f%%), "
                 "%.0f moves -> %.0f idle periods (%.1f/s), %s each (p99 %s)",
            rep, reps, user + kernel, m[M_CPU_MACHINE], user, kernel,
            m[M_PROCESSED], m[M_PERIODS], m[M_PERIODS_PER_S], wb_format_duration(m[M_COST_MEAN] * 1e-6, each, sizeof each),
            wb_format_duration(m[M_COST_P99] * 1e-6, p99, sizeof p99));
    if (m[M_BACKLOG] > 1 || m[M_LATE] > 0)
        wb_fprintf(out, ", backlog up to %.0f, %.0f moves late", m[M_BACKLOG] == m[M_BACKLOG] ? m[M_BACKLOG] : 0, m[M_LATE]);
    if (m[M_COALESCED] > 0) wb_fprintf(out, ", %.0f moves coalesced (real input: merged with the next)", m[M_COALESCED]);
    if (m[M_DROPPED] > 0) wb_fprintf(out, ", %.0f moves DROPPED (queue full)", m[M_DROPPED]);
    wb_fprintf(out, "\n    UI thread: %.1f%% charged, %.1f%% busy by QPC", m[M_UI_CPU], m[M_UI_BUSY]);
    if (m[M_UI_CYCLES] == m[M_UI_CYCLES]) wb_fprintf(out, ", %.1f%% in cycles", m[M_UI_CYCLES]);
    wb_fprintf(out, " (of one CPU)\n");
    /* Busy is the time inside the thread's work by QPC; charged is what Windows billed it.
     * Far apart, the thread waited inside its calls (under Wine: for its wineserver, a process
     * of its own whose CPU nobody here is charged), or the charge was too coarse to say. */
    if (m[M_UI_BUSY] > 2 * m[M_UI_CPU] && m[M_UI_BUSY] - m[M_UI_CPU] > 5)
        wb_fprintf(out, "    (busy far above charged: the UI thread waited inside its calls - under Wine, for the "
                     "wineserver - or the charge is coarse; the CPU columns count only what was charged)\n");
}

static void idle_print_summary(FILE *out, const void *variant, const wb_run_summary *s)
{
    const double *m = s->metrics;
    char each[24], p99[24];
    (void)variant;   /* one configuration reads the same */
    wb_fprintf(out, "  median CPU %.1f%% of one CPU (%.2f%% of the machine), %.1f idle periods/s "
                 "(%.2f per move), %s each (p99 %s), %.0f messages/s, UI thread busy %.1f%%, %u rep%s\n",
            s->cpu_pct, m[M_CPU_MACHINE], m[M_PERIODS_PER_S], m[M_PER_MOVE],
            wb_format_duration(m[M_COST_MEAN] * 1e-6, each, sizeof each), wb_format_duration(m[M_COST_P99] * 1e-6, p99, sizeof p99),
            m[M_DELIVERED_PER_S], m[M_UI_BUSY], s->reps, s->reps == 1 ? "" : "s");
}

#define IDLE_FACTS(X)                                                                               \
    X(F_CONTROLS, "controls") X(F_WNDPROC_MODULE, "wndproc_module") X(F_WNDPROC_PATH, "wndproc_path") \
    X(F_WNDPROC_VERSION, "wndproc_version") X(F_TOOLBAR_CONTROLS, "toolbar_controls")                  \
    X(F_TOOLBAR_PATH, "toolbar_path") X(F_TOOLBAR_VERSION, "toolbar_version") X(F_ACTCTX, "actctx")   \
    X(F_TIMER, "timer") X(F_BUTTON_MAPPED, "button_mapped") X(F_MDI_CHILDREN, "mdi_children")          \
    X(F_ONIDLE_PATH, "onidle_path")
enum { IDLE_FACTS(WB_LIST_ID) F_COUNT };
static const char *const idle_fact_names[] = { IDLE_FACTS(WB_LIST_NAME) NULL };
WB_LIST_MATCHES(idle_fact_names, F_COUNT, WB_MAX_FACTS, idle_facts_fit);

static void idle_facts(void *state, const char **values)
{
    const idle_state *st = (const idle_state *)state;
    values[F_CONTROLS] = st->controls;
    values[F_WNDPROC_MODULE] = st->wndproc_module.name;
    values[F_WNDPROC_PATH] = st->wndproc_module.path;
    values[F_WNDPROC_VERSION] = st->wndproc_module.version;
    values[F_TOOLBAR_CONTROLS] = st->toolbar_controls;
    values[F_TOOLBAR_PATH] = st->toolbar_module.path;
    values[F_TOOLBAR_VERSION] = st->toolbar_module.version;
    values[F_ACTCTX] = st->actctx;
    values[F_TIMER] = st->timer;
    values[F_BUTTON_MAPPED] = st->button_mapped;
    values[F_MDI_CHILDREN] = st->mdi_children;
    values[F_ONIDLE_PATH] = st->onidle_path;   /* the file --onidle's function came from */
}

/* --input sendinput under Wine: Wine moves a cursor of its own (the null display driver has no
 * screen), so WM_NCHITTEST and WM_SETCURSOR come from Wine's emulation, not a desktop's. The
 * run goes on (it still exercises the path); its rows say what they are. */
static void idle_warnings(void *state, void (*warn)(void *into, const char *code, const char *text), void *into)
{
    const idle_state *st = (const idle_state *)state;
    if (st->cfg.input == INPUT_SENDINPUT && wb_under_wine())
        warn(into, WB_W(sendinput_wine), "--input sendinput under Wine: the cursor Wine moves is on no real desktop "
             "(headless, its null display driver), so these numbers are not an interactive desktop's");
    if (st->cfg.depth + (st->cfg.mdi_children > 0 ? 4 : 1) >= DEEP_NESTING_WARNING && wb_windows_64bit())
        warn(into, WB_W(deep_nesting), "windows nested this deep on 64-bit Windows may lose sent messages without an error "
             "(KB2664641: the kernel stack runs out in recursive window manager calls): check msgs_delivered");
}

/* A repetition whose busy time per period the OS charged less CPU for (idle_metrics.c). */
static int idle_rep_warnings(void *state, const wb_sample *sample, void (*warn)(void *into, const char *code, const char *text),
                             void *into)
{
    const idle_state *st = (const idle_state *)state;
    char text[320];
    if (!st->busy_over_cpu) return 0;
    snprintf(text, sizeof text, "the idle periods' busy time (%.1f us a period, by the clock) is more than the CPU the "
             "process was charged for them (%.1f us): the thread was not running all of its busy time (preempted), or the "
             "OS charges CPU coarsely (XP: by clock tick); outside_us is written 0", sample->metrics[M_BUSY_US],
             sample->metrics[M_CPU_PER_PERIOD]);
    warn(into, WB_W(busy_over_cpu), text);
    return 0;
}

static const char *const idle_variant_columns[] = {
    "case", "onidle", "button", "windows", "depth", "class", "themes", "mapped", "dispatch", "sends", "idle-every",
    "mouse-rate", "same-point", "mdi-children", "tooltips", "charset", "input", NULL
};
/* The seed read CPU in Process Explorer: % of the whole machine. */
static const wb_part idle_parts[] = {
    { .column = "sends_dispatch_us", .name = "OnIdle's sends: USER32's SendMessage", .layer = WB_LAYER_API },
    { .column = "sends_mfc_us", .name = "OnIdle's sends: the mapped button's MFC handling", .layer = WB_LAYER_CODE },
    { .column = "sends_button_us", .name = "OnIdle's sends: the BUTTON class's procedure", .layer = WB_LAYER_API },
    { .column = "framework_us", .name = "the framework's work (the MFC model, or your OnIdle)", .layer = WB_LAYER_CODE },
    { .column = "pumped_user32_us", .name = "pumped messages: USER32's DispatchMessage", .layer = WB_LAYER_API },
    { .column = "pumped_mfc_us", .name = "pumped messages: the windows' MFC handling", .layer = WB_LAYER_CODE },
    { .column = "pumped_lower_us", .name = "pumped messages: DefWindowProc and the controls' procedures",
      .layer = WB_LAYER_API },
    { .column = "pump_us", .name = "the message queue's calls (GetMessage, PeekMessage)", .layer = WB_LAYER_API },
    { .column = NULL }
};
/* The headline's CPU per idle period the busy time does not hold */
static const wb_part idle_machine = {
    .column = "outside_us", .name = "CPU outside the loop's busy time",
    .layer = WB_LAYER_MACHINE
};
static const char *const idle_code_columns[] = { "case", "onidle", "button", "windows", "depth", "mapped", "sends",
                                                 "idle-every", "mdi-children", "tooltips", NULL };
static const wb_part idle_floors[] = {
    { .column = "qpc_us", .name = "a QPC read (taken off the parts)", .layer = WB_LAYER_OS },
    { .column = NULL }
};
static const wb_report_spec idle_report = {
    .variant_columns = idle_variant_columns,
    .natural_column = "case",
    .metric = "cpu_pct_machine",
    .unit = "% CPU (machine)",
    .higher_is_better = 0,
    .better = "less CPU",
    .worse = "more CPU",
    .preset.column = "case",
    .preset.sets = idle_set_by_case,
    .split.parts = idle_parts,
    .split.floors = idle_floors,
    .split.whole = "busy_us",
    .split.whole_name = "an idle period's busy time",
    .split.unit = "us",
    .split.headline = "cpu_us_per_period",
    .split.headline_name = "the CPU per idle period",
    .split.machine = &idle_machine,
    .split.rate = "idle_periods_per_s",
    .split.rate_name = "how often idle periods came",
    .split.code_columns = idle_code_columns,
};

static double idle_rep_seconds(const void *variant)
{
    return ((const idle_config *)variant)->duration;
}

const wb_module wb_idle_module = {
    .name = "idle",
    .summary = "MFC idle processing (OnIdle, SendMessageToDescendants) under a WM_MOUSEMOVE flood: CPU used",
    .op_name = "idle period",
    .options = idle_options,
    .config_size = sizeof(idle_config),
    .check = idle_check,
    .setup = idle_setup,
    .run = idle_run,
    .rep_warnings = idle_rep_warnings,
    .teardown = idle_teardown,
    .fact_names = idle_fact_names,
    .facts = idle_facts,
    .warnings = idle_warnings,
    .metric_names = idle_metric_names,
    .metric_units = idle_metric_units,
    .summary_rules = idle_summary_rules,
    .print_rep = idle_print_rep,
    .print_summary = idle_print_summary,
    .fixed_schedule = 1,
    .rep_seconds = idle_rep_seconds,
    .default_repeat = "5",   /* the fewest a side with which the report's rank test can answer p < 0.05 is 4 */
    .default_warmup = "0",
    .report = &idle_report,
};
