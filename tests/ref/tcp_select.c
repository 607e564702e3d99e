/* The reference for sockloop's TCP receive path: the least a select() + recv() receiver can do
 * and still time its messages. One loopback connection (TCP_NODELAY), a sender thread paced by
 * Sleep(1) as sockloop's timer pacing is, messages of SIZE bytes whose first 8 bytes carry the
 * QPC of the send; the receiver waits in select, reads up to 64 KB per recv, reads QPC once per
 * recv and adds each whole message's latency to a sum. Nothing else: no histograms, no order
 * checks, no intervals. scripts/overhead --tcp runs it against `winbench sockloop --proto tcp
 * --loop select` and compares what each message cost the receiving thread.
 *     ref_tcp_select.exe RATE SECONDS SIZE
 * prints "messages N cpu_us_per_msg C busy_us_per_msg B mean_latency_us L". It repeats nothing
 * of winbench on purpose: the reference must not measure winbench against itself. */
#include <winsock2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static LARGE_INTEGER freq;
static SOCKET client;
static long long total;
static int size;
static LONGLONG t0;

static LONGLONG now(void)
{
    LARGE_INTEGER t;
    QueryPerformanceCounter(&t);
    return t.QuadPart;
}

static DWORD WINAPI sender(void *arg)
{
    static char msg[65536];
    long long k;
    double period = (double)freq.QuadPart / *(const double *)arg;
    for (k = 0; k < total; k++) {
        LONGLONG due = t0 + (LONGLONG)((double)k * period), t;
        int done = 0;
        while ((t = now()) < due) Sleep(1);
        memcpy(msg, &t, sizeof t);
        while (done < size) {
            int n = send(client, msg + done, size - done, 0);
            if (n <= 0) return 1;
            done += n;
        }
    }
    return 0;
}

static double thread_cpu_s(void)
{
    FILETIME c, e, k, u;
    ULARGE_INTEGER a, b;
    GetThreadTimes(GetCurrentThread(), &c, &e, &k, &u);
    a.LowPart = k.dwLowDateTime, a.HighPart = k.dwHighDateTime;
    b.LowPart = u.dwLowDateTime, b.HighPart = u.dwHighDateTime;
    return (double)(a.QuadPart + b.QuadPart) * 1e-7;
}

int main(int argc, char **argv)
{
    static char buf[65536 * 2];
    WSADATA wsa;
    struct sockaddr_in a;
    int len = (int)sizeof a, have = 0;
    SOCKET listener, server;
    BOOL on = TRUE;
    u_long nonblocking = 1;
    double rate, cpu0, sum_us = 0;
    long long got = 0;
    LONGLONG blocked = 0, start, end;
    HANDLE thread;
    if (argc != 4 || (rate = atof(argv[1])) <= 0 || atof(argv[2]) <= 0 || (size = atoi(argv[3])) < 8 || size > 65536) {
        fprintf(stderr, "usage: ref_tcp_select RATE SECONDS SIZE\n");
        return 2;
    }
    total = (long long)(rate * atof(argv[2]) + 0.5);
    QueryPerformanceFrequency(&freq);
    WSAStartup(MAKEWORD(2, 2), &wsa);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    listener = socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
    client = socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
    if (bind(listener, (struct sockaddr *)&a, sizeof a) != 0 || listen(listener, 1) != 0 ||
        getsockname(listener, (struct sockaddr *)&a, &len) != 0 || connect(client, (struct sockaddr *)&a, sizeof a) != 0 ||
        (server = accept(listener, NULL, NULL)) == INVALID_SOCKET) {
        fprintf(stderr, "ref_tcp_select: loopback connection failed (%d)\n", WSAGetLastError());
        return 1;
    }
    setsockopt(client, IPPROTO_TCP, TCP_NODELAY, (const char *)&on, sizeof on);
    setsockopt(server, IPPROTO_TCP, TCP_NODELAY, (const char *)&on, sizeof on);
    ioctlsocket(server, FIONBIO, &nonblocking);
    cpu0 = thread_cpu_s();
    start = t0 = now();
    thread = CreateThread(NULL, 0, sender, &rate, 0, NULL);
    while (got < total) {
        fd_set rd;
        struct timeval tv = { 0, 50000 };
        LONGLONG before = now(), t;
        int n;
        FD_ZERO(&rd);
        FD_SET(server, &rd);
        n = select(0, &rd, NULL, NULL, &tv);
        blocked += now() - before;
        if (n < 0) break;
        if (n == 0) {
            if (WaitForSingleObject(thread, 0) == WAIT_OBJECT_0 && now() - start > freq.QuadPart * (LONGLONG)(atof(argv[2]) + 2))
                break;
            continue;
        }
        n = recv(server, buf + have, 65536, 0);
        t = now();
        if (n <= 0) break;
        have += n;
        {
            int at = 0;
            for (; have - at >= size; at += size, got++) {
                LONGLONG sent;
                memcpy(&sent, buf + at, sizeof sent);
                sum_us += (double)(t - sent) * 1e6 / (double)freq.QuadPart;
            }
            memmove(buf, buf + at, (size_t)(have - at));
            have -= at;
        }
    }
    end = now();
    {
        double cpu = thread_cpu_s() - cpu0, wall = (double)(end - start) / (double)freq.QuadPart;
        double busy = wall - (double)blocked / (double)freq.QuadPart;
        printf("messages %lld cpu_us_per_msg %.3f busy_us_per_msg %.3f mean_latency_us %.1f\n", got,
               got ? cpu * 1e6 / (double)got : 0, got ? busy * 1e6 / (double)got : 0, got ? sum_us / (double)got : 0);
    }
    WaitForSingleObject(thread, 10000);
    return got == total ? 0 : 1;
}
