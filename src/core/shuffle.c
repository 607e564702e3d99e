/* A seeded order (wb_shuffle.h). */
#include "wb_shuffle.h"

uint64_t wb_rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void wb_shuffle(unsigned *items, unsigned n, uint64_t *state)
{
    unsigned i;
    for (i = n; i > 1; i--) {
        /* the modulo's bias is below 2^-50 for any n a run has */
        unsigned j = (unsigned)(wb_rng_next(state) % i), t = items[i - 1];
        items[i - 1] = items[j];
        items[j] = t;
    }
}
