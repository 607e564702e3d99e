/* CSV cells into UTF-8 (wb_utf8.h). winbench writes its CSV in the ANSI code page, as the
 * command line came (what Excel opens on the same machine); the HTML and Markdown are UTF-8. */
#include "wb_utf8.h"

#include <windows.h>
#include <string.h>

/* 1 when s is valid UTF-8 (ASCII included): no lead byte without its continuations. */
static int valid_utf8(const unsigned char *s)
{
    while (*s) {
        int more = *s < 0x80 ? 0 : (*s & 0xE0) == 0xC0 ? 1 : (*s & 0xF0) == 0xE0 ? 2 : (*s & 0xF8) == 0xF0 ? 3 : -1;
        if (more < 0 || (more == 1 && *s < 0xC2)) return 0;
        for (s++; more > 0; more--, s++)
            if ((*s & 0xC0) != 0x80) return 0;
    }
    return 1;
}

void wb_utf8(const char *in, char *out, size_t cap)
{
    WCHAR wide[1024];
    int n;
    if (cap == 0) return;
    if (valid_utf8((const unsigned char *)in)) {
        size_t len = strlen(in) < cap - 1 ? strlen(in) : cap - 1;
        memcpy(out, in, len);
        out[len] = '\0';
        return;
    }
    n = MultiByteToWideChar(CP_ACP, 0, in, -1, wide, (int)(sizeof wide / sizeof wide[0]));
    if (n <= 0 || WideCharToMultiByte(CP_UTF8, 0, wide, -1, out, (int)cap, NULL, NULL) <= 0) {
        size_t i;   /* too long, or not convertible: ASCII kept, the rest as '?' rather than bad bytes */
        for (i = 0; in[i] && i + 1 < cap; i++) out[i] = (unsigned char)in[i] < 0x80 ? in[i] : '?';
        out[i] = '\0';
    }
}
