/* IPv4 networks as a user writes them ("192.0.2.0/24", "10.1.2.3"), for the reflector's --allow.
 * Pure logic (src/core/netmask.c): no Winsock, so the options can be checked before it starts. */
#ifndef WB_NETMASK_H
#define WB_NETMASK_H

#include <stddef.h>
#include <stdint.h>

typedef struct wb_netmask {
    uint32_t net, mask;   /* host byte order; net has no bits outside mask */
} wb_netmask;

/* "A.B.C.D" or "A.B.C.D/BITS" (0..32; a bare address is /32). A network with host bits set
 * ("192.0.2.7/24") is refused, since it is most likely a typing slip. Returns 0, or -1 with
 * why in err. */
int wb_netmask_parse(const char *text, wb_netmask *out, char *err, size_t cap);
/* A ';'-separated list (a list option's value) into out[0..cap): the count, or -1 with err. */
int wb_netmask_parse_list(const char *list, wb_netmask *out, int cap, char *err, size_t errcap);
/* 1 when addr (host byte order) is in one of the n networks. */
int wb_netmask_match(const wb_netmask *nets, int n, uint32_t addr);
/* "192.0.2.0/24" back (out: at least 19 bytes). */
void wb_netmask_text(const wb_netmask *m, char *out, size_t cap);

#endif
