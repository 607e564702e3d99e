/* JSON text (RFC 8259) built in memory: winbench's --json documents are written whole, in one
 * go, at the end of a run. Pure C. */
#ifndef WB_JSON_H
#define WB_JSON_H

#include <stddef.h>
#include <stdint.h>

/* A growing text; once memory ran out (error) nothing more is added. */
typedef struct wb_json {
    char *text;
    size_t len, cap;
    int error;
} wb_json;

void wb_json_init(wb_json *j);
void wb_json_free(wb_json *j);
void wb_json_raw(wb_json *j, const char *text);        /* as it is: punctuation, or text already JSON */
void wb_json_rawn(wb_json *j, const char *text, size_t n);
/* A string: quoted, '"', '\\' and control characters escaped; bytes that are not UTF-8 become
 * U+FFFD (a document must be UTF-8: RFC 8259 section 8.1). */
void wb_json_string(wb_json *j, const char *utf8);
/* "name": (a comma first unless *first, which it clears) */
void wb_json_key(wb_json *j, const char *name, int *first);
void wb_json_number(wb_json *j, double value);         /* as the CSV writes it; NaN, inf: null */
void wb_json_u64(wb_json *j, uint64_t value);
/* "name":value, a key and its value at once */
void wb_json_key_string(wb_json *j, const char *name, const char *utf8, int *first);
void wb_json_key_number(wb_json *j, const char *name, double value, int *first);
void wb_json_key_u64(wb_json *j, const char *name, uint64_t value, int *first);

/* 1 when text is a JSON number as it stands ("12", "-0.5", "1e+20"; not "012", "1.", "0x1", ""). */
int wb_json_is_number(const char *text);

#endif
