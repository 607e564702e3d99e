/* The names and types of the columns declared in csv_columns.h. */
#include "csv_columns.h"

#define WB_LEAD_NAME(id, name) name,
#define WB_COLUMN_NAME(id, name, type, scope, unit) name,
#define WB_COLUMN_TYPE(id, name, type, scope, unit) { type, scope, unit, 0, NULL },
#define WB_CONTEXT_NAME(id, name, type, scope, unit, machine, label) name,
#define WB_CONTEXT_TYPE(id, name, type, scope, unit, machine, label) { type, scope, unit, machine, label },
const char *const wb_lead_columns[WB_LEAD_COUNT] = { WB_LEAD_COLUMNS(WB_LEAD_NAME) };
const char *const wb_measure_columns[WB_MEASURE_COUNT] = { WB_MEASURE_COLUMNS(WB_COLUMN_NAME) };
const char *const wb_context_columns[WB_CONTEXT_COUNT] = { WB_CONTEXT_COLUMNS(WB_CONTEXT_NAME) };
const wb_column_type wb_measure_types[WB_MEASURE_COUNT] = { WB_MEASURE_COLUMNS(WB_COLUMN_TYPE) };
const wb_column_type wb_context_types[WB_CONTEXT_COUNT] = { WB_CONTEXT_COLUMNS(WB_CONTEXT_TYPE) };
