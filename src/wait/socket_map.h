/* SOCKET -> index, for backends that are told which socket is ready (select's array,
 * WSAAsyncSelect's wParam) and must name it by its index in O(1). Open addressing over a power
 * of two at least twice the sockets. Private to src/wait. */
#ifndef WB_SOCKET_MAP_H
#define WB_SOCKET_MAP_H

#include <winsock2.h>

typedef struct wb_socket_map {
    unsigned slots;
    SOCKET *keys;
    unsigned *values;
} wb_socket_map;

int  wb_socket_map_init(wb_socket_map *m, unsigned capacity);   /* 0, or -1: out of memory */
void wb_socket_map_put(wb_socket_map *m, SOCKET s, unsigned index);
int  wb_socket_map_get(const wb_socket_map *m, SOCKET s, unsigned *index);   /* 1 found, 0 not */
void wb_socket_map_remove(wb_socket_map *m, SOCKET s);                      /* gone, if it was there */
void wb_socket_map_free(wb_socket_map *m);

#endif
