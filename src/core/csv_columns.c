/* The names of the columns listed in csv_columns.h. */
#include "csv_columns.h"

#define WB_COLUMN_NAME(id, name) name,
const char *const wb_lead_columns[WB_LEAD_COUNT] = { WB_LEAD_COLUMNS(WB_COLUMN_NAME) };
const char *const wb_measure_columns[WB_MEASURE_COUNT] = { WB_MEASURE_COLUMNS(WB_COLUMN_NAME) };
const char *const wb_context_columns[WB_CONTEXT_COUNT] = { WB_CONTEXT_COLUMNS(WB_COLUMN_NAME) };
