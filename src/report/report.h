/* `winbench report`: compare CSVs. Private to winbench.exe. */
#ifndef WB_REPORT_H
#define WB_REPORT_H

/* Returns the exit code, or -1 when the arguments ask for help. */
int wb_report(int argc, char **argv);

/* The option table, for `winbench help report`. */
struct wb_option;
const struct wb_option *wb_report_options(void);

#endif
