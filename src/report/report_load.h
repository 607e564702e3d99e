/* Loading winbench CSVs into the report's model. Private to winbench.exe. */
#ifndef WB_REPORT_LOAD_H
#define WB_REPORT_LOAD_H

#include "report_model.h"

/* A file, or every .csv / .tsv below a folder (in name order). A damaged or foreign file is
 * named on stderr with its line and counted in files_failed; the others load. */
void rp_load_path(rp_report *r, const char *path);

#endif
