/* SOCKET -> index (socket_map.h). */
#include "socket_map.h"

#include <stdlib.h>

static unsigned slot_of(const wb_socket_map *m, SOCKET s)
{
    /* SOCKET values are multiples of 4 on Windows: drop those bits, then Knuth's multiplier. */
    return (unsigned)(((UINT_PTR)s >> 2) * 2654435761u) & (m->slots - 1);
}

int wb_socket_map_init(wb_socket_map *m, unsigned capacity)
{
    unsigned i;
    for (m->slots = 4; m->slots < 2 * capacity; m->slots *= 2)
        ;
    m->keys = (SOCKET *)malloc(m->slots * sizeof *m->keys);
    m->values = (unsigned *)malloc(m->slots * sizeof *m->values);
    if (m->keys == NULL || m->values == NULL) {
        wb_socket_map_free(m);
        return -1;
    }
    for (i = 0; i < m->slots; i++) m->keys[i] = INVALID_SOCKET;
    return 0;
}

void wb_socket_map_put(wb_socket_map *m, SOCKET s, unsigned index)
{
    unsigned k = slot_of(m, s);
    while (m->keys[k] != INVALID_SOCKET && m->keys[k] != s) k = (k + 1) & (m->slots - 1);
    m->keys[k] = s;
    m->values[k] = index;
}

int wb_socket_map_get(const wb_socket_map *m, SOCKET s, unsigned *index)
{
    unsigned k = slot_of(m, s);
    while (m->keys[k] != s) {
        if (m->keys[k] == INVALID_SOCKET) return 0;
        k = (k + 1) & (m->slots - 1);
    }
    *index = m->values[k];
    return 1;
}

/* Linear probing's deletion without markers: the entries after the hole that may move into it
 * (their home slot is not between the hole and them) move back, so that every lookup still
 * finds its key before an empty slot. */
void wb_socket_map_remove(wb_socket_map *m, SOCKET s)
{
    const unsigned mask = m->slots - 1;
    unsigned hole = slot_of(m, s), j;
    while (m->keys[hole] != s) {
        if (m->keys[hole] == INVALID_SOCKET) return;
        hole = (hole + 1) & mask;
    }
    m->keys[hole] = INVALID_SOCKET;
    for (j = (hole + 1) & mask; m->keys[j] != INVALID_SOCKET; j = (j + 1) & mask) {
        unsigned home = slot_of(m, m->keys[j]);
        int stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (stays) continue;
        m->keys[hole] = m->keys[j];
        m->values[hole] = m->values[j];
        m->keys[j] = INVALID_SOCKET;
        hole = j;
    }
}

void wb_socket_map_free(wb_socket_map *m)
{
    free(m->keys);
    free(m->values);
    m->keys = NULL;
    m->values = NULL;
}
