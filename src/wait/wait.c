/* The wait backends, listed once. */
#include <string.h>
#include "wb_wait.h"

const wb_wait_backend *const wb_wait_backends[] = { &wb_wait_select, &wb_wait_wsapoll, &wb_wait_wsaevents, NULL };

const wb_wait_backend *wb_wait_find(const char *name)
{
    int i;
    for (i = 0; wb_wait_backends[i]; i++)
        if (strcmp(wb_wait_backends[i]->name, name) == 0) return wb_wait_backends[i];
    return NULL;
}
