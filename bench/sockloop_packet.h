/* sockloop's wire format: the header every message carries (magic, size, sequence, intended and
 * actual send times), the sizes of messages and buffers, and the header's byte codec. One job:
 * what travels; the transports and the accounting read it. Private to bench/sockloop*.c. */
#ifndef SOCKLOOP_PACKET_H
#define SOCKLOOP_PACKET_H

#include <stdint.h>
#include <string.h>

#define PACKET_MAGIC 0x4C534257u   /* "WBSL" */
#define HEADER_SIZE 32             /* magic, size, sequence, intended and actual send times */
#define SOCKET_BUFFER (1 << 20)
#define DRAIN_LIMIT 256            /* messages read from one socket per wake: no socket starves the others */
#define REFLECT_BUFFER 65536       /* a reflector echoes datagrams of any size */
#define MESSAGE_MAX 65507          /* --size: the largest UDP payload, and TCP's message limit too */
#define STREAM_CHUNK 65536         /* TCP: bytes one receive asks for (messages are cut out of it) */
#define CONNECT_TIMEOUT_MS 5000    /* TCP: a connection not made by then fails the set-up */
#define PENDING_MAX 8              /* closed intervals waiting for the reporter */

/* The header's fields, in this machine's byte order: only the machine that wrote them reads
 * them back (a peer's echo returns the bytes as they went). One copy for the transports. */
static __inline void put_u32(char *p, uint32_t v) { memcpy(p, &v, 4); }
static __inline void put_u64(char *p, uint64_t v) { memcpy(p, &v, 8); }
static __inline uint32_t get_u32(const char *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static __inline uint64_t get_u64(const char *p) { uint64_t v; memcpy(&v, p, 8); return v; }

#endif
