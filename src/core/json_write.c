/* JSON text built in memory (see wb_json.h). */
#include "wb_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_csv.h"

void wb_json_init(wb_json *j)
{
    memset(j, 0, sizeof *j);
}

void wb_json_free(wb_json *j)
{
    free(j->text);
    memset(j, 0, sizeof *j);
}

void wb_json_rawn(wb_json *j, const char *text, size_t n)
{
    if (j->error) return;
    if (j->len + n + 1 > j->cap) {
        size_t cap = j->cap ? j->cap : 4096;
        char *grown;
        while (cap < j->len + n + 1) {
            if (cap > ((size_t)-1) / 2) {
                j->error = 1;
                return;
            }
            cap *= 2;
        }
        grown = (char *)realloc(j->text, cap);
        if (grown == NULL) {
            j->error = 1;
            return;
        }
        j->text = grown;
        j->cap = cap;
    }
    memcpy(j->text + j->len, text, n);
    j->len += n;
    j->text[j->len] = '\0';
}

void wb_json_raw(wb_json *j, const char *text)
{
    wb_json_rawn(j, text, strlen(text));
}

/* The length of the UTF-8 sequence at s (1..4), or 0 when it is not one (RFC 3629: no
 * overlong forms, no surrogates, nothing past U+10FFFF). */
static size_t utf8_sequence(const unsigned char *s)
{
    size_t n, i;
    unsigned long cp;
    if (s[0] < 0x80) return 1;
    if (s[0] >= 0xC2 && s[0] <= 0xDF) n = 2, cp = s[0] & 0x1F;
    else if (s[0] >= 0xE0 && s[0] <= 0xEF) n = 3, cp = s[0] & 0x0F;
    else if (s[0] >= 0xF0 && s[0] <= 0xF4) n = 4, cp = s[0] & 0x07;
    else return 0;
    for (i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

void wb_json_string(wb_json *j, const char *utf8)
{
    const unsigned char *s = (const unsigned char *)(utf8 ? utf8 : "");
    wb_json_raw(j, "\"");
    while (*s) {
        size_t n = utf8_sequence(s);
        char esc[8];
        if (n == 0) {
            wb_json_raw(j, "\\ufffd");
            s++;
        } else if (*s == '"' || *s == '\\') {
            esc[0] = '\\', esc[1] = (char)*s, esc[2] = '\0';
            wb_json_raw(j, esc);
            s++;
        } else if (*s < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", (unsigned)*s);
            wb_json_raw(j, esc);
            s++;
        } else {
            wb_json_rawn(j, (const char *)s, n);
            s += n;
        }
    }
    wb_json_raw(j, "\"");
}

void wb_json_key(wb_json *j, const char *name, int *first)
{
    if (!*first) wb_json_raw(j, ",");
    *first = 0;
    wb_json_string(j, name);
    wb_json_raw(j, ":");
}

void wb_json_key_string(wb_json *j, const char *name, const char *utf8, int *first)
{
    wb_json_key(j, name, first);
    wb_json_string(j, utf8);
}

void wb_json_key_number(wb_json *j, const char *name, double value, int *first)
{
    wb_json_key(j, name, first);
    wb_json_number(j, value);
}

void wb_json_key_u64(wb_json *j, const char *name, uint64_t value, int *first)
{
    wb_json_key(j, name, first);
    wb_json_u64(j, value);
}

void wb_json_number(wb_json *j, double value)
{
    char buf[40];
    wb_csv_format_double(value, buf, sizeof buf);
    wb_json_raw(j, buf[0] && wb_json_is_number(buf) ? buf : "null");
}

void wb_json_u64(wb_json *j, uint64_t value)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)value);
    wb_json_raw(j, buf);
}

static int digits(const char **p)
{
    int n = 0;
    while (**p >= '0' && **p <= '9') (*p)++, n++;
    return n;
}

int wb_json_is_number(const char *text)
{
    const char *p = text;
    if (*p == '-') p++;
    if (*p == '0') p++;
    else if (digits(&p) == 0) return 0;
    if (*p == '.') {
        p++;
        if (digits(&p) == 0) return 0;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (digits(&p) == 0) return 0;
    }
    return *p == '\0';
}

