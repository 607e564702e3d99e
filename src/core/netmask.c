/* IPv4 networks as typed: parsing, matching, printing (include/wb_netmask.h). */
#include "wb_netmask.h"

#include <stdio.h>
#include <string.h>

/* One decimal number of at most three digits, no sign, no leading space, at most max. */
static int number(const char **p, unsigned long max, unsigned long *out)
{
    unsigned long v = 0;
    int n = 0;
    while (**p >= '0' && **p <= '9' && n < 3) {
        v = v * 10 + (unsigned long)(**p - '0');
        (*p)++;
        n++;
    }
    if (n == 0 || (**p >= '0' && **p <= '9') || v > max) return -1;
    *out = v;
    return 0;
}

int wb_netmask_parse(const char *text, wb_netmask *out, char *err, size_t cap)
{
    const char *p = text;
    unsigned long part, bits = 32;
    uint32_t addr = 0;
    int i;
    for (i = 0; i < 4; i++) {
        if (number(&p, 255, &part) != 0 || (i < 3 && *p++ != '.')) {
            snprintf(err, cap, "expected an IPv4 address or network (A.B.C.D or A.B.C.D/BITS), got \"%s\"", text);
            return -1;
        }
        addr = (addr << 8) | (uint32_t)part;
    }
    if (*p == '/') {
        p++;
        if (number(&p, 32, &bits) != 0) {
            snprintf(err, cap, "expected a prefix length 0..32 after the '/', got \"%s\"", text);
            return -1;
        }
    }
    if (*p != '\0') {
        snprintf(err, cap, "expected an IPv4 address or network (A.B.C.D or A.B.C.D/BITS), got \"%s\"", text);
        return -1;
    }
    out->mask = bits == 0 ? 0 : (uint32_t)(0xFFFFFFFFu << (32 - bits));
    if (addr & ~out->mask) {
        snprintf(err, cap, "%s has bits set past its /%lu (did you mean the network %lu.%lu.%lu.%lu/%lu?)", text, bits,
                 (unsigned long)((addr & out->mask) >> 24), (unsigned long)(((addr & out->mask) >> 16) & 255),
                 (unsigned long)(((addr & out->mask) >> 8) & 255), (unsigned long)(addr & out->mask & 255), bits);
        return -1;
    }
    out->net = addr;
    return 0;
}

int wb_netmask_parse_list(const char *list, wb_netmask *out, int cap, char *err, size_t errcap)
{
    int n = 0;
    const char *p = list;
    while (p && *p) {
        char one[64];
        size_t len = strcspn(p, ";");
        if (n >= cap) {
            snprintf(err, errcap, "at most %d networks", cap);
            return -1;
        }
        if (len >= sizeof one) len = sizeof one - 1;   /* too long to be an address: refused below */
        memcpy(one, p, len);
        one[len] = '\0';
        if (wb_netmask_parse(one, &out[n], err, errcap) != 0) return -1;
        n++;
        p += strcspn(p, ";");
        if (*p == ';') p++;
    }
    return n;
}

int wb_netmask_match(const wb_netmask *nets, int n, uint32_t addr)
{
    int i;
    for (i = 0; i < n; i++)
        if ((addr & nets[i].mask) == nets[i].net) return 1;
    return 0;
}

void wb_netmask_text(const wb_netmask *m, char *out, size_t cap)
{
    int bits = 0;
    uint32_t mask = m->mask;
    while (mask & 0x80000000u) {
        bits++;
        mask <<= 1;
    }
    snprintf(out, cap, "%lu.%lu.%lu.%lu/%d", (unsigned long)(m->net >> 24), (unsigned long)((m->net >> 16) & 255),
             (unsigned long)((m->net >> 8) & 255), (unsigned long)(m->net & 255), bits);
}
