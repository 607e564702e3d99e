/* A string index: text keys to numbers, found by hash (FNV-1a, open addressing). The keys are
 * copied into the index's own blocks. Every lookup by name the report and the CSV reader make
 * many times goes through it: a header's column names, the groups, the rows read before, the
 * configurations alike. Pure C. */
#ifndef WB_STRINDEX_H
#define WB_STRINDEX_H

#include <stddef.h>

typedef struct wb_strindex_slot {
    const char *key;      /* NULL: free */
    size_t hash, value;
} wb_strindex_slot;

typedef struct wb_strindex {
    wb_strindex_slot *slots;
    size_t cap, count;    /* cap: a power of two, at most half full */
    char **blocks;        /* the keys' copies */
    size_t nblocks, block_used, block_cap;
} wb_strindex;

/* An empty index (or memset to 0). */
void wb_strindex_init(wb_strindex *x);
void wb_strindex_free(wb_strindex *x);
/* The value of key: 1 and *value when the index has it, else 0. */
int wb_strindex_find(const wb_strindex *x, const char *key, size_t *value);
/* The value of key, or value added for it when new: 1 found (*value its value), 0 added,
 * -1 out of memory (nothing added). */
int wb_strindex_get(wb_strindex *x, const char *key, size_t value, size_t *found);

#endif
