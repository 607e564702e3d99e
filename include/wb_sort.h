/* Sorting and medians of timings, for every layer (src/core/stats.c): the one comparator of
 * each type, instead of a sort-for-median copy in each file. Pure C. */
#ifndef WB_SORT_H
#define WB_SORT_H

#include <stddef.h>
#include <stdint.h>

void wb_sort_doubles(double *v, size_t n);   /* ascending, in place */
void wb_sort_u64(uint64_t *v, size_t n);
/* The median of v (sorted in place): the mean of the two middle values of an even count; NaN
 * for none. */
double wb_median_doubles(double *v, size_t n);
/* The median of v (sorted in place): the lower middle value of an even count, a value that was
 * measured (a floor's ticks); 0 for none. */
uint64_t wb_median_u64(uint64_t *v, size_t n);

#endif
