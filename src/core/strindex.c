/* The string index (wb_strindex.h). */
#include "wb_strindex.h"

#include <stdlib.h>
#include <string.h>

static size_t key_hash(const char *key)
{
    size_t h = (size_t)2166136261u;
    for (; *key; key++) h = (h ^ (unsigned char)*key) * (size_t)16777619u;
    return h;
}

void wb_strindex_init(wb_strindex *x)
{
    memset(x, 0, sizeof *x);
}

void wb_strindex_free(wb_strindex *x)
{
    size_t i;
    for (i = 0; i < x->nblocks; i++) free(x->blocks[i]);
    free(x->blocks);
    free(x->slots);
    memset(x, 0, sizeof *x);
}

static wb_strindex_slot *slot_of(wb_strindex_slot *slots, size_t cap, const char *key, size_t h)
{
    size_t i = h & (cap - 1);
    while (slots[i].key && (slots[i].hash != h || strcmp(slots[i].key, key) != 0)) i = (i + 1) & (cap - 1);
    return &slots[i];
}

int wb_strindex_find(const wb_strindex *x, const char *key, size_t *value)
{
    const wb_strindex_slot *s;
    if (x->cap == 0) return 0;
    s = slot_of(x->slots, x->cap, key, key_hash(key));
    if (s->key == NULL) return 0;
    *value = s->value;
    return 1;
}

/* Twice the room (or 64), every key placed again. */
static int grow(wb_strindex *x)
{
    size_t cap = x->cap ? x->cap * 2 : 64, i;
    wb_strindex_slot *slots = (wb_strindex_slot *)calloc(cap, sizeof *slots);
    if (slots == NULL) return -1;
    for (i = 0; i < x->cap; i++)
        if (x->slots[i].key) *slot_of(slots, cap, x->slots[i].key, x->slots[i].hash) = x->slots[i];
    free(x->slots);
    x->slots = slots;
    x->cap = cap;
    return 0;
}

/* A copy of key in the blocks (the first of 4 KiB, each next twice the last up to 64 KiB, or the
 * key's length when longer: a CSV header's index is small, a lab's rows' large). */
static const char *copy_key(wb_strindex *x, const char *key)
{
    size_t len = strlen(key) + 1;
    char *at;
    if (x->nblocks == 0 || x->block_used + len > x->block_cap) {
        size_t cap = x->nblocks == 0 ? 4096 : x->block_cap < 65536 ? x->block_cap * 2 : 65536;
        if (cap < len) cap = len;
        char **blocks = (char **)realloc(x->blocks, (x->nblocks + 1) * sizeof *blocks);
        if (blocks == NULL) return NULL;
        x->blocks = blocks;
        if ((x->blocks[x->nblocks] = (char *)malloc(cap)) == NULL) return NULL;
        x->nblocks++;
        x->block_used = 0;
        x->block_cap = cap;
    }
    at = x->blocks[x->nblocks - 1] + x->block_used;
    memcpy(at, key, len);
    x->block_used += len;
    return at;
}

int wb_strindex_get(wb_strindex *x, const char *key, size_t value, size_t *found)
{
    size_t h = key_hash(key);
    wb_strindex_slot *s;
    if ((x->count + 1) * 2 > x->cap && grow(x) != 0) return -1;
    s = slot_of(x->slots, x->cap, key, h);
    if (s->key) {
        *found = s->value;
        return 1;
    }
    if ((s->key = copy_key(x, key)) == NULL) return -1;
    s->hash = h;
    s->value = value;
    x->count++;
    *found = value;
    return 0;
}
