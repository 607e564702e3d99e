/* `winbench all --json FILE`: every run's document (each written beside its CSV, as
 * NAME.json) gathered, in the suite's order, into one (docs/schema/winbench-suite.schema.json),
 * written whole when the suite ends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#include "commands.h"
#include "core/wb_json.h"
#include "wb_console.h"
#include "wb_error.h"
#include "wb_files.h"

void wb_suite_json_start(wb_suite_json *s, const char *run_id)
{
    int first = 1;
    wb_json_init(&s->doc);
    s->runs = 0;
    wb_json_raw(&s->doc, "{");
    wb_json_key_string(&s->doc, "format", "winbench-suite", &first);
    wb_json_key_u64(&s->doc, "format_version", 1, &first);
    wb_json_key_string(&s->doc, "run_id", run_id, &first);
    wb_json_key(&s->doc, "runs", &first);
    wb_json_raw(&s->doc, "[");
}

int wb_suite_json_add(wb_suite_json *s, const char *run_json)
{
    size_t size = 0;
    char *text = wb_read_whole(run_json, &size);
    int ok = 0;
    if (text == NULL) return -1;
    while (size > 0 && (text[size - 1] == '\n' || text[size - 1] == '\r')) size--;
    if (size > 1 && text[0] == '{' && text[size - 1] == '}') {   /* a document (written whole) */
        if (s->runs++) wb_json_raw(&s->doc, ",");
        wb_json_rawn(&s->doc, text, size);
        ok = 1;
    }
    free(text);
    return ok ? 0 : -1;
}

int wb_suite_json_finish(wb_suite_json *s, const char *path, int force)
{
    wb_error err;
    int rc = 0;
    wb_json_raw(&s->doc, "]}\n");
    if (s->doc.error) {
        wb_fprintf(stderr, "winbench: all: --json: out of memory; %s was not written\n", path);
        rc = -1;
    } else if (wb_write_whole(path, s->doc.text, s->doc.len, force, &err) != 0) {
        wb_fprintf(stderr, "winbench: all: --json: %s; it was not written\n", err.what);
        rc = -1;
    }
    wb_json_free(&s->doc);
    return rc;
}
