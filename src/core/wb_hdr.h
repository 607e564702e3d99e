/* A wb_hist as HdrHistogram encodes one histogram: its V2 compressed encoding in base64, the
 * form of an interval log's lines (HdrHistogram's HistogramLogWriter), which HdrHistogram's own
 * readers (Java, C, hdr-histogram-js, ...) decode. wb_hist's buckets are HdrHistogram's for
 * lowest discernible value 1 and 2 significant digits (256 sub-buckets: exact below 256, then
 * 128 per power of two), so the counts go across unchanged. Pure C, no zlib: the deflate
 * stream is made of stored blocks, which every inflater reads. */
#ifndef WB_HDR_H
#define WB_HDR_H

#include <stddef.h>
#include "wb_hist.h"

#define WB_HDR_SIGNIFICANT_DIGITS 2

/* The base64 text into out (NUL-terminated when cap > 0); returns its length, which may be
 * more than cap - 1 (as snprintf: call with a bigger buffer). An empty histogram is "". */
size_t wb_hdr_encode(const wb_hist *h, char *out, size_t cap);

/* The text (what wb_hdr_encode writes, or HdrHistogram's for the same layout and a stored-block
 * or uncompressed deflate stream) into h: 0, or -1 with the reason in err. min and max are the
 * lowest and highest buckets' ends and sum their middles: the encoding keeps counts alone. */
int wb_hdr_decode(const char *text, wb_hist *h, char *err, size_t cap);

#endif
