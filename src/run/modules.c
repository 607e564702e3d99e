/* Every benchmark winbench knows, listed once (libuv's benchmark-list.h idea). */
#include <string.h>
#include "wb_module.h"

extern const wb_module wb_sendmsg_module;
extern const wb_module wb_idle_module;
extern const wb_module wb_sockloop_module;
extern const wb_module wb_calibrate_module;

const wb_module *const wb_modules[] = {
    &wb_sendmsg_module,
    &wb_idle_module,
    &wb_sockloop_module,
    &wb_calibrate_module,
    NULL
};

const wb_module *wb_module_find(const char *name)
{
    int i;
    for (i = 0; wb_modules[i]; i++)
        if (strcmp(wb_modules[i]->name, name) == 0) return wb_modules[i];
    return NULL;
}
