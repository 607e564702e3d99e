/* Text from CSV cells into UTF-8, for the JSON documents and the HTML and Markdown reports (which say UTF-8). */
#ifndef WB_UTF8_H
#define WB_UTF8_H

#include <stddef.h>

/* A CSV cell as UTF-8: ASCII and valid UTF-8 as they are; anything else read as this machine's
 * ANSI code page (what winbench writes a label typed on the command line in). out gets at most
 * cap - 1 bytes. */
void wb_utf8(const char *in, char *out, size_t cap);

#endif
