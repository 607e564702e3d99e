/* winbench's exit codes, the same for every command and benchmark: scripts that run it across
 * VMs branch on these (README "Exit codes"). */
#ifndef WB_EXIT_H
#define WB_EXIT_H

enum {
    WB_EXIT_OK = 0,
    WB_EXIT_RUNTIME = 1,        /* a Windows call failed: the line names it and gives the system's words */
    WB_EXIT_USAGE = 2,          /* one line "winbench: <where>: <what>" */
    WB_EXIT_WORSE = 3,
    WB_EXIT_SKIPPED = 4,        /* the run ended, but a variant asked for could not run here: its "skipped" row says why */          /* report --against --fail-worse: a configuration got worse (the gate failed) */
    WB_EXIT_INTERRUPTED = 130   /* Ctrl+C / Ctrl+Break: what was measured is kept */
};

#endif
