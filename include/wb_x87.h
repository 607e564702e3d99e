/* The x87 state of a thread, put back to how a program starts before a timed interval. Why:
 * mingw's printf formats every %e/%f/%g through a long double, so after winbench's first line
 * of output the thread's x87 registers are "in use" in the processor's XSAVE bookkeeping
 * (XINUSE[0]), and stay so: FNINIT does not clear it, only an XRSTOR of the initial state
 * does. Under Wine every user32 call that reaches win32u passes Wine's system-call dispatcher,
 * which saves and restores the FPU state with XSAVEC/XRSTOR: with the x87 part in use that is
 * more to move on every SendMessage, 3% of one on the development VM (docs/performance.md). A
 * plain program that has printed nothing pays none of it, and that program is what sendmsg is
 * compared with. Windows saves the FPU state on a context switch, not on a system call, so
 * there the reset should change nothing measurable (not measured: no Windows here). Where XSAVE is not enabled (XP, old CPUs) or the compiler has no inline
 * assembly here (MSVC), nothing is done, and wb_x87_reset_works() says so. */
#ifndef WB_X87_H
#define WB_X87_H

typedef struct wb_x87_saved {
    unsigned short control;   /* the x87 control word before the reset (precision, rounding) */
    int reset;                /* 1: the reset was made and the control word is to be put back */
} wb_x87_saved;

/* 1 when this CPU, OS and build can put the x87 state back to its initial one. */
int wb_x87_reset_works(void);

/* Before the interval: the x87 registers to their initial, not-in-use state. */
void wb_x87_reset(wb_x87_saved *saved);
/* After it: the control word as it was (this uses the x87 again, outside the interval). */
void wb_x87_restore(const wb_x87_saved *saved);

#endif
