/* The commands that are not benchmarks. Private to winbench.exe. */
#ifndef WB_COMMANDS_H
#define WB_COMMANDS_H

#include <stdio.h>

/* `winbench all`: the standard suite, one CSV per run into one folder. */
int wb_run_suite(int argc, char **argv);

/* `winbench info`. */
int wb_print_info(FILE *out);

#endif
