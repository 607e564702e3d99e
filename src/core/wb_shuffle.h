/* A seeded order: the same seed gives the same permutation on every machine and compiler, so a
 * run's interleaving (recorded as its seed) can be told and repeated. Portable C. */
#ifndef WB_SHUFFLE_H
#define WB_SHUFFLE_H

#include <stdint.h>

/* splitmix64 (Steele, Lea and Flood 2014): the next 64-bit number of the sequence *state seeds. */
uint64_t wb_rng_next(uint64_t *state);

/* items[0..n-1] put in a random order (Fisher-Yates) drawn from *state. */
void wb_shuffle(unsigned *items, unsigned n, uint64_t *state);

#endif
