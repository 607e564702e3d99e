/* `winbench report`: compare CSVs. Private to winbench.exe. */
#ifndef WB_REPORT_H
#define WB_REPORT_H

int wb_report(int argc, char **argv);

#endif
