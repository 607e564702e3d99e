/* A UDP echo service (RFC 862) that is not winbench, for sockloop's --peer tests: it sends
 * every datagram back to its sender, except those it is told to drop, and can hold every
 * second one back for a fixed delay (known jitter). A Linux program, built by the test that
 * uses it (tests/echo-peer.sh).
 *     udp_echo PORTFILE [--drop-every N] [--delay-odd-us US] [--seconds S] [--stats FILE]
 * Binds 127.0.0.1 on a free port, writes the port to PORTFILE, serves for S seconds (default 60).
 * Datagram k (0-based, in arrival order) is dropped when k % N == N - 1; every odd k is held
 * back US microseconds (in a queue: a burst of arrivals cannot make one of them skip its delay).
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

/* The datagrams held back, oldest first: all are held equally long, so a FIFO is in due order. */
#define HOLD_MAX 256
static struct held {
    char data[2048];
    int len;
    struct sockaddr_in from;
    double due;
} queue[HOLD_MAX];

int main(int argc, char **argv)
{
    static char buf[65536];
    struct sockaddr_in addr;
    socklen_t len = sizeof addr;
    long drop_every = 0, delay_us = 0, k = 0, echoed = 0, dropped = 0, delayed = 0;
    const char *stats = NULL;
    double seconds = 60, end;
    int fd, i, head = 0, count = 0;
    FILE *f;
    if (argc < 2) {
        fprintf(stderr, "usage: udp_echo PORTFILE [--drop-every N] [--delay-odd-us US] [--seconds S] [--stats FILE]\n");
        return 2;
    }
    for (i = 2; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--drop-every")) drop_every = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--delay-odd-us")) delay_us = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--seconds")) seconds = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--stats")) stats = argv[i + 1];
    }
    fd = socket(AF_INET, SOCK_DGRAM, 0);
    {   /* room for every datagram of a test's run however long a loaded machine starves this
         * process: what it hears is then what was sent (the kernel caps it at rmem_max) */
        int room = 4 << 20;
        if (fd >= 0) setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &room, sizeof room);
    }
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
        double wait = count ? queue[head].due - now_s() : 0.05;
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
                } else if (delay_us > 0 && (me & 1) && count < HOLD_MAX && n <= (ssize_t)sizeof queue[0].data) {
                    struct held *h = &queue[(head + count) % HOLD_MAX];
                    memcpy(h->data, buf, (size_t)n);
                    h->len = (int)n;
                    h->from = from;
                    h->due = now_s() + (double)delay_us * 1e-6;
                    count++;
                    delayed++;
                } else if (sendto(fd, buf, (size_t)n, 0, (struct sockaddr *)&from, fl) == n) {
                    echoed++;
                }
                write_stats(stats, k, echoed, dropped, delayed);
            }
        }
        while (count && now_s() >= queue[head].due) {
            struct held *h = &queue[head];
            if (sendto(fd, h->data, (size_t)h->len, 0, (struct sockaddr *)&h->from, sizeof h->from) == h->len) echoed++;
            head = (head + 1) % HOLD_MAX;
            count--;
            write_stats(stats, k, echoed, dropped, delayed);
        }
    }
    return 0;
}
