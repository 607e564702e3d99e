/* A UDP echo service (RFC 862) that is not winbench, for sockloop's --peer tests: it sends
 * every datagram back to its sender, except those it is told to drop, and can hold every
 * second one back for a fixed delay (known jitter). A Linux program, built by the test that
 * uses it (tests/echo-peer.sh).
 *     udp_echo PORTFILE [--drop-every N] [--delay-odd-us US] [--seconds S] [--stats FILE]
 * Binds 127.0.0.1 on a free port, writes the port to PORTFILE, serves for S seconds (default 60).
 * Datagram k (0-based, in arrival order) is dropped when k % N == N - 1; odd k are delayed.
 * With --stats, FILE always holds what it did so far, "received R echoed E dropped D delayed L":
 * the outside count the tests hold winbench's loss against. */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The counts so far, rewritten whole (to a temporary name, then renamed: a reader never sees
 * half a line). */
static void write_stats(const char *path, long received, long echoed, long dropped, long delayed)
{
    char tmp[4096];
    FILE *f;
    if (path == NULL) return;
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    f = fopen(tmp, "w");
    if (f == NULL) return;
    fprintf(f, "received %ld echoed %ld dropped %ld delayed %ld\n", received, echoed, dropped, delayed);
    if (fclose(f) == 0) rename(tmp, path);
}

int main(int argc, char **argv)
{
    static char buf[65536], held[65536];
    struct sockaddr_in addr, held_from;
    socklen_t len = sizeof addr;
    long drop_every = 0, delay_us = 0, k = 0, echoed = 0, dropped = 0, delayed = 0;
    const char *stats = NULL;
    double seconds = 60, end, held_due = 0;
    int fd, i, held_len = -1;
    FILE *f;
    if (argc < 2) {
        fprintf(stderr, "usage: udp_echo PORTFILE [--drop-every N] [--delay-odd-us US] [--seconds S]\n");
        return 2;
    }
    for (i = 2; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--drop-every")) drop_every = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--delay-odd-us")) delay_us = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--seconds")) seconds = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--stats")) stats = argv[i + 1];
    }
    fd = socket(AF_INET, SOCK_DGRAM, 0);
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);   /* loopback only */
    if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0 ||
        getsockname(fd, (struct sockaddr *)&addr, &len) != 0) {
        perror("udp_echo: socket");
        return 1;
    }
    f = fopen(argv[1], "w");
    if (f == NULL) return 1;
    fprintf(f, "%u\n", ntohs(addr.sin_port));
    fclose(f);
    end = now_s() + seconds;
    while (now_s() < end) {
        struct pollfd p;
        double wait = held_len >= 0 ? held_due - now_s() : 0.05;
        p.fd = fd;
        p.events = POLLIN;
        if (wait < 0) wait = 0;
        if (poll(&p, 1, (int)(wait * 1000.0 + 0.999)) > 0) {
            struct sockaddr_in from;
            socklen_t fl = sizeof from;
            ssize_t n = recvfrom(fd, buf, sizeof buf, 0, (struct sockaddr *)&from, &fl);
            if (n >= 0) {
                long me = k++;
                if (drop_every > 0 && me % drop_every == drop_every - 1) {
                    dropped++;
                } else if (delay_us > 0 && (me & 1) && held_len < 0) {
                    memcpy(held, buf, (size_t)n);
                    held_len = (int)n;
                    held_from = from;
                    held_due = now_s() + (double)delay_us * 1e-6;
                    delayed++;
                } else if (sendto(fd, buf, (size_t)n, 0, (struct sockaddr *)&from, fl) == n) {
                    echoed++;
                }
                write_stats(stats, k, echoed, dropped, delayed);
            }
        }
        if (held_len >= 0 && now_s() >= held_due) {
            if (sendto(fd, held, (size_t)held_len, 0, (struct sockaddr *)&held_from, sizeof held_from) == held_len) echoed++;
            held_len = -1;
            write_stats(stats, k, echoed, dropped, delayed);
        }
    }
    return 0;
}
