/* HdrHistogram's V2 encoding of a wb_hist (see wb_hdr.h). The layout, from HdrHistogram's
 * AbstractHistogram.encodeIntoCompressedByteBuffer (all integers big-endian):
 *   compressed: cookie 0x1c849314, length of what follows, a zlib stream (RFC 1950) of
 *   uncompressed: cookie 0x1c849313, payload length, normalizing index offset (0), significant
 *     digits, lowest discernible value (8 bytes), highest trackable value (8), integer-to-double
 *     ratio (8, IEEE 754: 1.0), then the counts up to the highest non-empty one, each a
 *     ZigZag LEB128 number, a run of N > 1 empty counts written as -N. */
#include "wb_hdr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COOKIE_V2 0x1c849313ul
#define COOKIE_V2_COMPRESSED 0x1c849314ul
#define HEADER_BYTES 40
#define STORED_MAX 65535u

typedef struct bytes {
    unsigned char *p;
    size_t len, cap;
    int error;
} bytes;

static void put(bytes *b, const void *data, size_t n)
{
    if (b->error) return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1024;
        unsigned char *grown;
        while (cap < b->len + n) cap *= 2;
        if ((grown = (unsigned char *)realloc(b->p, cap)) == NULL) {
            b->error = 1;
            return;
        }
        b->p = grown;
        b->cap = cap;
    }
    memcpy(b->p + b->len, data, n);
    b->len += n;
}

static void put_be(bytes *b, uint64_t v, int n)
{
    unsigned char c[8];
    int i;
    for (i = 0; i < n; i++) c[i] = (unsigned char)(v >> (8 * (n - 1 - i)));
    put(b, c, (size_t)n);
}

static void set_be32(unsigned char *at, uint32_t v)
{
    at[0] = (unsigned char)(v >> 24), at[1] = (unsigned char)(v >> 16), at[2] = (unsigned char)(v >> 8), at[3] = (unsigned char)v;
}

static uint64_t get_be(const unsigned char *at, int n)
{
    uint64_t v = 0;
    int i;
    for (i = 0; i < n; i++) v = (v << 8) | at[i];
    return v;
}

/* HdrHistogram's ZigZagEncoding.putLong: LEB128 of the zigzagged value, the ninth byte whole. */
static void put_zigzag(bytes *b, int64_t v)
{
    uint64_t z = ((uint64_t)v << 1) ^ (uint64_t)(v < 0 ? -1 : 0);
    unsigned char c[9];
    int n = 0;
    while (n < 8 && z >= 0x80) {
        c[n++] = (unsigned char)((z & 0x7F) | 0x80);
        z >>= 7;
    }
    c[n++] = (unsigned char)z;
    put(b, c, (size_t)n);
}

static int get_zigzag(const unsigned char *p, size_t len, size_t *at, int64_t *out)
{
    uint64_t z = 0;
    int n;
    for (n = 0; n < 9; n++) {
        unsigned char c;
        if (*at >= len) return -1;
        c = p[(*at)++];
        if (n == 8) {
            z |= (uint64_t)c << 56;
            break;
        }
        z |= (uint64_t)(c & 0x7F) << (7 * n);
        if (!(c & 0x80)) break;
    }
    *out = (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
    return 0;
}

static uint32_t adler32(const unsigned char *p, size_t n)
{
    uint32_t a = 1, b = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        a = (a + p[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    return (b << 16) | a;
}

static void uncompressed(const wb_hist *h, bytes *b)
{
    unsigned top = wb_hist_index(h->max), i;
    union { double d; uint64_t u; } one;
    one.d = 1.0;
    put_be(b, COOKIE_V2, 4);
    put_be(b, 0, 4);                                  /* the payload's length, set below */
    put_be(b, 0, 4);                                  /* normalizing index offset */
    put_be(b, WB_HDR_SIGNIFICANT_DIGITS, 4);
    put_be(b, 1, 8);                                  /* lowest discernible value */
    put_be(b, h->max > 2 ? h->max : 2, 8);            /* highest trackable: at least 2 x lowest */
    put_be(b, one.u, 8);
    for (i = 0; i <= top;) {
        uint64_t count = h->buckets[i++];
        int64_t zeros = 0;
        if (count == 0) {
            zeros = 1;
            while (i <= top && h->buckets[i] == 0) zeros++, i++;
        }
        put_zigzag(b, zeros > 1 ? -zeros : (int64_t)count);
    }
    if (!b->error) set_be32(b->p + 4, (uint32_t)(b->len - HEADER_BYTES));
}

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t wb_hdr_encode(const wb_hist *h, char *out, size_t cap)
{
    bytes raw = { NULL, 0, 0, 0 }, z = { NULL, 0, 0, 0 };
    size_t i, n, need;
    if (cap) out[0] = '\0';
    if (h->count == 0) return 0;
    uncompressed(h, &raw);
    put_be(&z, COOKIE_V2_COMPRESSED, 4);
    put_be(&z, 0, 4);
    put_be(&z, 0x7801, 2);                            /* zlib: deflate, 32 KiB window, no dictionary */
    for (i = 0; i == 0 || i < raw.len; i += n) {      /* stored blocks of at most 65535 bytes */
        n = raw.len - i < STORED_MAX ? raw.len - i : STORED_MAX;
        put_be(&z, i + n >= raw.len ? 1 : 0, 1);       /* BFINAL on the last, BTYPE 00 */
        put_be(&z, (n & 0xFF) << 8 | n >> 8, 2);       /* LEN and NLEN, little-endian */
        put_be(&z, ((~n & 0xFF) << 8) | ((~n >> 8) & 0xFF), 2);
        put(&z, raw.p + i, n);
    }
    put_be(&z, raw.error ? 0 : adler32(raw.p, raw.len), 4);
    if (raw.error || z.error) {
        free(raw.p), free(z.p);
        return 0;
    }
    set_be32(z.p + 4, (uint32_t)(z.len - 8));
    need = (z.len + 2) / 3 * 4;
    if (need < cap) {
        char *o = out;
        for (i = 0; i < z.len; i += 3) {
            uint32_t v = (uint32_t)z.p[i] << 16 | (i + 1 < z.len ? (uint32_t)z.p[i + 1] << 8 : 0) |
                         (i + 2 < z.len ? z.p[i + 2] : 0);
            *o++ = b64[v >> 18 & 63];
            *o++ = b64[v >> 12 & 63];
            *o++ = i + 1 < z.len ? b64[v >> 6 & 63] : '=';
            *o++ = i + 2 < z.len ? b64[v & 63] : '=';
        }
        *o = '\0';
    }
    free(raw.p), free(z.p);
    return need;
}

static int fail(char *err, size_t cap, const char *why)
{
    snprintf(err, cap, "%s", why);
    return -1;
}

static int b64_value(char c)
{
    const char *p = c ? strchr(b64, c) : NULL;
    return p ? (int)(p - b64) : -1;
}

/* The zlib stream's stored blocks, joined, into out. */
static int inflate_stored(const unsigned char *p, size_t len, bytes *out, char *err, size_t cap)
{
    size_t at = 2;
    int final = 0;
    if (len < 6 || (p[0] & 0x0F) != 8 || ((unsigned)p[0] << 8 | p[1]) % 31 != 0 || (p[1] & 0x20))
        return fail(err, cap, "not a zlib stream");
    while (!final) {
        unsigned n;
        if (at + 5 > len) return fail(err, cap, "the deflate stream is cut short");
        final = p[at] & 1;
        if ((p[at] >> 1 & 3) != 0)
            return fail(err, cap, "compressed deflate blocks (winbench reads stored blocks, as it writes them)");
        n = p[at + 1] | (unsigned)p[at + 2] << 8;
        if ((n ^ (p[at + 3] | (unsigned)p[at + 4] << 8)) != 0xFFFF) return fail(err, cap, "a stored block's length check fails");
        at += 5;
        if (at + n > len) return fail(err, cap, "the deflate stream is cut short");
        put(out, p + at, n);
        at += n;
    }
    if (at + 4 > len || get_be(p + at, 4) != adler32(out->p, out->len)) return fail(err, cap, "the Adler-32 check fails");
    return out->error ? fail(err, cap, "out of memory") : 0;
}

static int decode_counts(const unsigned char *p, size_t len, wb_hist *h, char *err, size_t cap)
{
    size_t at = HEADER_BYTES, end;
    unsigned index = 0;
    if (len < HEADER_BYTES || get_be(p, 4) != COOKIE_V2) return fail(err, cap, "not an HdrHistogram V2 encoding");
    end = HEADER_BYTES + (size_t)get_be(p + 4, 4);
    if (end > len) return fail(err, cap, "the payload is cut short");
    if (get_be(p + 8, 4) != 0 || get_be(p + 12, 4) != WB_HDR_SIGNIFICANT_DIGITS || get_be(p + 16, 8) != 1)
        return fail(err, cap, "another layout (winbench's: lowest value 1, 2 significant digits, no offset)");
    wb_hist_reset(h);
    while (at < end) {
        int64_t v;
        if (get_zigzag(p, end, &at, &v) != 0) return fail(err, cap, "a count is cut short");
        if (v < 0) {
            if ((uint64_t)-v > (uint64_t)(WB_HIST_BUCKETS - index)) return fail(err, cap, "counts past the last bucket");
            index += (unsigned)-v;
            continue;
        }
        if (index >= WB_HIST_BUCKETS) return fail(err, cap, "counts past the last bucket");
        if (v > 0) {
            uint64_t lo, hi;
            wb_hist_bucket_range(index, &lo, &hi);
            if (h->count == 0) h->min = lo;
            h->max = hi;
            h->count += (uint64_t)v;
            h->sum += (double)v * ((double)lo + (double)(hi - lo) / 2);
            h->buckets[index] = (uint64_t)v;
        }
        index++;
    }
    return 0;
}

int wb_hdr_decode(const char *text, wb_hist *h, char *err, size_t cap)
{
    size_t n = strlen(text), i, k = 0;
    bytes z = { NULL, 0, 0, 0 }, raw = { NULL, 0, 0, 0 };
    int rc = -1;
    if (n == 0 || n % 4 != 0) return fail(err, cap, "not base64");
    if ((z.p = (unsigned char *)malloc(n / 4 * 3)) == NULL) return fail(err, cap, "out of memory");
    for (i = 0; i < n; i += 4) {
        int a = b64_value(text[i]), b = b64_value(text[i + 1]), c = text[i + 2] == '=' ? 0 : b64_value(text[i + 2]),
            d = text[i + 3] == '=' ? 0 : b64_value(text[i + 3]);
        if (a < 0 || b < 0 || c < 0 || d < 0 || (text[i + 2] == '=' && text[i + 3] != '=') ||
            (i + 4 < n && (text[i + 2] == '=' || text[i + 3] == '='))) {
            free(z.p);
            return fail(err, cap, "not base64");
        }
        z.p[k++] = (unsigned char)(a << 2 | b >> 4);
        if (text[i + 2] != '=') z.p[k++] = (unsigned char)(b << 4 | c >> 2);
        if (text[i + 3] != '=') z.p[k++] = (unsigned char)(c << 6 | d);
    }
    z.len = k;
    if (z.len >= 8 && get_be(z.p, 4) == COOKIE_V2_COMPRESSED) {
        if (get_be(z.p + 4, 4) > z.len - 8) fail(err, cap, "the compressed histogram is cut short");
        else if (inflate_stored(z.p + 8, (size_t)get_be(z.p + 4, 4), &raw, err, cap) == 0)
            rc = decode_counts(raw.p, raw.len, h, err, cap);
    } else {
        rc = decode_counts(z.p, z.len, h, err, cap);
    }
    free(z.p), free(raw.p);
    return rc;
}

