/* sockloop's options and their rules: the option table, what each combination may be (a
 * reflector's options, groups, TCP, the loop list, addresses, rates, ports), and how --loop all
 * and a --rate list expand into variants. Nothing here opens a socket; sockloop.c runs what
 * these checks let through. */
#include "sockloop.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "wb_net.h"
#include "wb_process.h"
#include "wb_test_hooks.h"
#include "wb_console.h"

#define O(field) offsetof(sockloop_config, field)
const wb_option sockloop_options[] = {
    { .name = "loop", .type = WB_OPT_TEXT, .offset = O(loop_text), .def = "all", .metavar = "LOOP[,LOOP...]",
      .help = "how the receiver waits: " WB_WAIT_CHOICES "all; a list (select,iocp) or all: each in turn, then "
              "compared" },
    { .name = "rate", .type = WB_OPT_COUNTS, .count_unit = "/s", .offset = O(rates), .def = "10k", .min = 1, .max = 1000000,
      .metavar = "PPS[,PPS...]",
      .help = "packets sent per second; a list (1k,2k,5k,10k) runs each rate in turn: latency against offered load" },
    { .name = "size", .type = WB_OPT_COUNT, .count_unit = "B", .offset = O(size), .def = "1060", .min = HEADER_SIZE, .max = MESSAGE_MAX, .metavar = "BYTES",
      .help = "bytes per message: a UDP payload, or a message in the TCP stream (1060 x 10k/s = the seed's 84.8 mbit)" },
    { .name = "duration", .type = WB_OPT_SECONDS, .offset = O(duration), .def = "10s",
      .help = "sending time of each run" },
    { .name = "interval", .type = WB_OPT_SECONDS, .offset = O(interval), .def = "2s",
      .help = "time between report lines" },
    { .name = "grace", .type = WB_OPT_SECONDS, .offset = O(grace), .def = "1s",
      .help = "wait for late packets after the last send" },
    { .name = "sockets", .type = WB_OPT_COUNT, .offset = O(sockets), .def = "1", .min = 1, .max = 10000, .metavar = "N",
      .help = "sockets the receiver waits on (tcp: connections)" },
    { .name = "spread", .type = WB_OPT_FLAG, .offset = O(spread),
      .help = "send to all sockets in turn (default: all to the last one)" },
    { .name = "bind", .type = WB_OPT_TEXT, .offset = O(bind), .metavar = "ADDR",
      .help = "address the receiving sockets bind to (default 127.0.0.1; with --peer 0.0.0.0, so that echoes "
              "from another host arrive; a --reflect listens on 127.0.0.1 unless given, never open to the "
              "network by accident)" },
    { .name = "port", .type = WB_OPT_COUNT, .offset = O(port), .def = "0", .max = 65535, .metavar = "PORT",
      .help = "first receiving port (0: any free ones)" },
    { .name = "peer", .type = WB_OPT_TEXT, .offset = O(peer), .metavar = "HOST:PORT",
      .help = "send to a reflector at HOST:PORT and time round trips" },
    { .name = "reflect", .type = WB_OPT_FLAG, .offset = O(reflect),
      .help = "echo every packet back to its sender for --duration" },
    { .name = "outstanding", .type = WB_OPT_COUNT, .offset = O(outstanding), .def = "4", .min = 1, .max = 64,
      .metavar = "K", .help = "iocp, iocpex: overlapped receives kept posted per socket" },
    { .name = "pacing", .type = WB_OPT_CHOICE, .offset = O(pacing), .def = "auto", .choices = WB_CHOICES(PACING_CHOICES),
      .help = "spin: busy-wait for each packet's time (exact, a CPU); timer: wake every 1 ms and send what is due "
              "(bursts, little CPU); auto: spin with 3 or more usable CPUs, else timer" },
    { .name = "raw", .type = WB_OPT_TEXT, .offset = O(raw), .metavar = "FILE",
      .help = "write one CSV row per packet to FILE (never overwritten)" },
    /* Newer options last: their columns come after the ones 0.2 files have (docs/csv.md). */
    { .name = "proto", .type = WB_OPT_CHOICE, .offset = O(proto), .def = "udp", .choices = WB_CHOICES(PROTO_CHOICES),
      .help = "udp: datagrams (pgmping's case); tcp: --sockets connections carrying a byte stream (OMQ's tcp://)" },
    { .name = "nodelay", .type = WB_OPT_CHOICE, .offset = O(nodelay), .def = "on", .choices = WB_CHOICES(WB_OFF_ON),
      .help = "tcp: TCP_NODELAY on every connection (on, as OMQ sets it; off: Nagle may hold small messages back)" },
    { .name = "allow", .type = WB_OPT_LIST, .offset = O(allow), .metavar = "ADDR[/BITS]",
      .help = "--reflect: echo only to these sources (repeatable; default: any); others are counted as refused" },
    { .name = "group", .type = WB_OPT_TEXT, .offset = O(group), .metavar = "ADDR",
      .help = "udp: a multicast group (224.0.0.0-239.255.255.255) on --port: the receiving socket joins it on --bind's "
              "interface, the sender sends to it (pgmping's case); with --reflect the reflector joins it" },
    { .name = "ttl", .type = WB_OPT_COUNT, .offset = O(ttl), .def = "1", .min = 0, .max = 255, .metavar = "HOPS",
      .help = "multicast time to live of what is sent to a group (1: this network only)" },
    { .name = "echo-any", .type = WB_OPT_FLAG, .offset = O(echo_any),
      .help = "--reflect, udp: echo every datagram, winbench's or not (a plain echo; warned about: an open echo)" },
    { .name = "floors", .type = WB_OPT_CHOICE, .offset = O(floors), .def = "on", .choices = WB_CHOICES(WB_OFF_ON),
      .help = "after each repetition, time a packet's parts (the wait, a recv, winbench's own processing) and an "
              "event wake-up at the same rate (up to 0.2 s)" },
    { .name = "percentile", .type = WB_OPT_CHOICE, .offset = O(percentile), .def = "99", .choices = WB_CHOICES(TAIL_CHOICES),
      .help = "the tail whose latency is split too (tail_* columns): the slowest 10%, 1% or 0.1% of the packets, their "
              "mean parts; given, each repetition's console says them" },
    { .name = NULL }
};

const wb_wait_backend *sl_backend_of(int loop)
{
    return wb_wait_backends[loop >= 0 && loop < WB_WAIT_COUNT ? loop : 0];
}

/* --reflect and --peer, and the options of a reflector only (what it echoes, to whom). */
static int check_reflector(sockloop_config *c, char *err, size_t cap)
{
    if (c->reflect && c->peer) {
        snprintf(err, cap, "--reflect: cannot be combined with --peer (run them on two machines)");
        return -1;
    }
    if (!c->reflect && (c->allow[0] || c->echo_any)) {
        snprintf(err, cap, "--%s: a reflector's option; add --reflect", c->allow[0] ? "allow" : "echo-any");
        return -1;
    }
    if (c->echo_any && c->proto == PROTO_TCP) {
        snprintf(err, cap, "--echo-any: UDP only (a TCP reflector serves winbench's streams, whose framing it checks)");
        return -1;
    }
    if (c->allow[0]) {
        wb_netmask nets[ALLOW_MAX];
        char why[200];
        if (wb_netmask_parse_list(c->allow, nets, ALLOW_MAX, why, sizeof why) < 0) {
            snprintf(err, cap, "--allow: %s", why);
            return -1;
        }
    }
    return 0;
}

/* --group: one UDP socket joining an IPv4 multicast group; --ttl: for what is sent to one. */
static int check_group(sockloop_config *c, const wb_args *args, char *err, size_t cap)
{
    if (c->group) {
        char why[200];
        wb_netmask g;
        if (wb_netmask_parse(c->group, &g, why, sizeof why) != 0 || g.mask != 0xFFFFFFFFu) {
            snprintf(err, cap, "--group: expected an IPv4 multicast address (224.0.0.0 to 239.255.255.255), got \"%s\"",
                     c->group);
            return -1;
        }
        if ((g.net >> 28) != 0xE) {
            snprintf(err, cap, "--group: %s is not a multicast address (224.0.0.0 to 239.255.255.255)", c->group);
            return -1;
        }
        if (c->proto != PROTO_UDP || c->peer || c->sockets != 1) {
            snprintf(err, cap, "--group: %s", c->proto != PROTO_UDP ? "multicast is UDP (drop --proto tcp)"
                     : c->peer ? "a peer sends to the group it names: --peer GROUP:PORT, without --group"
                               : "one receiving socket joins the group (drop --sockets)");
            return -1;
        }
    }
    if (wb_args_named(args, "ttl") && !c->group && !c->peer) {
        snprintf(err, cap, "--ttl: for what is sent to a multicast group (--group, or --peer GROUP:PORT)");
        return -1;
    }
    return 0;
}

/* --nodelay: TCP only. */
static int check_tcp(sockloop_config *c, const wb_args *args, char *err, size_t cap)
{
    if (c->proto != PROTO_TCP && wb_args_named(args, "nodelay")) {
        snprintf(err, cap, "--nodelay: a TCP option; add --proto tcp");
        return -1;
    }
    return 0;
}

/* The loop a reflector waits with: one, and for a TCP reflector one that also waits for room
 * to send (`watch`: select). */
/* --loop: one loop's name, a list of them, or all, into loop and loop_mask. */
static int check_loop_list(sockloop_config *c, char *err, size_t cap)
{
    const char *p = c->loop_text ? c->loop_text : "all";
    int i, n = 0;
    c->loop_mask = 0;
    if (strcmp(p, "all") == 0) {
        c->loop = LOOP_ALL;
        c->loop_mask = (1u << WB_WAIT_COUNT) - 1;
        return 0;
    }
    while (*p) {
        size_t len = strcspn(p, ",");
        for (i = 0; i < WB_WAIT_COUNT; i++)
            if (strlen(wb_wait_backends[i]->name) == len && strncmp(wb_wait_backends[i]->name, p, len) == 0) break;
        if (i == WB_WAIT_COUNT) {
            snprintf(err, cap, "--loop: expected one of %s, or a list of them (select,iocp), got \"%.*s\"",
                     WB_WAIT_CHOICES "all", (int)len, p);
            return -1;
        }
        if (!(c->loop_mask & (1u << i))) n++;
        c->loop_mask |= 1u << i;
        c->loop = i;
        p += len;
        if (*p == ',') p++;
    }
    if (n == 0) {
        snprintf(err, cap, "--loop: expected one of %s, or a list of them (select,iocp), got \"\"", WB_WAIT_CHOICES "all");
        return -1;
    }
    if (n > 1) c->loop = LOOP_ALL;   /* several: expanded as all is, over these */
    return 0;
}

static int check_reflector_loop(sockloop_config *c, const wb_args *args, char *err, size_t cap)
{
    if (c->proto == PROTO_TCP && c->reflect) {
        /* The TCP reflector's connections come and go, and a client that does not read is
         * waited on for room to send (sockloop_tcp_reflect.c): it is the echo, not what is
         * measured. --loop all (the default of none given) is the first loop that can. */
        int i;
        if (c->loop != LOOP_ALL && sl_backend_of(c->loop)->watch == NULL) {
            snprintf(err, cap, "--loop: a TCP reflector waits with select (its connections come and go); "
                     "choose the loop on the --peer side");
            return -1;
        }
        for (i = 0; c->loop == LOOP_ALL && i < WB_WAIT_COUNT; i++)
            if (wb_wait_backends[i]->watch) c->loop = i;
    }
    if (c->reflect && c->loop == LOOP_ALL && !wb_args_named(args, "loop")) {
        /* A reflector is the echo, not what is measured: with no --loop (whose default, all, is
         * the peer's) it takes the first loop this Windows has. */
        int i;
        for (i = 0; i < WB_WAIT_COUNT && c->loop == LOOP_ALL; i++)
            if (wb_wait_backends[i]->unavailable() == NULL) c->loop = i;
        if (c->loop == LOOP_ALL) c->loop = 0;
    }
    if (c->reflect && c->loop == LOOP_ALL) {
        char names[128] = "";
        size_t used = 0;
        int i;
        for (i = 0; i < WB_WAIT_COUNT; i++)   /* "select, wsapoll or wsaevents" */
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i == 0 ? "" : i + 1 < WB_WAIT_COUNT ? ", " : " or ",
                                     wb_wait_backends[i]->name);
        snprintf(err, cap, "--reflect: a reflector runs one loop, not all: pick one --loop (%s), or give none", names);
        return -1;
    }
    if (c->reflect) {   /* the one it takes, as its rows will say */
        c->loop_mask = 1u << c->loop;
        c->loop_text = wb_wait_backends[c->loop]->name;
    }
    return 0;
}

/* --peer's form, --bind an address of this machine, --spread where it means something. */
static int check_addresses(sockloop_config *c, char *err, size_t cap)
{
    if (c->peer) {   /* the form here; the host is looked up at set-up (it needs Winsock) */
        char host[256];
        unsigned short port;
        wb_error e;
        if (wb_split_host_port(c->peer, host, sizeof host, &port, &e) != 0) {
            snprintf(err, cap, "--peer: %s", e.what);
            return -1;
        }
        if (strspn(host, "0123456789.") == strlen(host)) {   /* meant as an address: one, or refused now */
            wb_netmask one;
            char why[128];
            if (wb_netmask_parse(host, &one, why, sizeof why) != 0 || one.mask != 0xFFFFFFFFu) {
                snprintf(err, cap, "--peer: %s: not an IPv4 address (four numbers of 0 to 255, dotted)", host);
                return -1;
            }
        }
    }
    {   /* The receivers bind to --bind, and a loopback run sends there: an address that is not this
         * machine's would send the whole stream out through the default route (Wine's bind does
         * not refuse one; Windows' does, later and less clearly). */
        wb_error e;
        struct in_addr a;
        int local = -1;
        if (wb_net_start(&e) == 0) {
            if (wb_resolve_host(c->bind, &a, &e) == 0) local = wb_is_local_address(a, &e);
            wb_net_stop();
        }
        if (local == 0) {
            snprintf(err, cap, "--bind: %s is not an address of this machine (see ipconfig); a loopback run would send "
                     "its packets away", c->bind);
            return -1;
        }
        if (local < 0) {
            snprintf(err, cap, "--bind: %s: %s", c->bind, e.what);
            return -1;
        }
    }
    if (c->peer && c->spread && c->proto == PROTO_UDP) {   /* TCP: over the --sockets connections to it */
        snprintf(err, cap, "--spread: a UDP peer is one address; --spread is for loopback runs and --proto tcp");
        return -1;
    }
    return 0;
}

/* --rate (each rate a variant) against --duration, and --interval. */
static int check_rates(sockloop_config *c, char *err, size_t cap)
{
    {
        unsigned i;
        c->rate = c->rates.v[0];   /* a variant's own (sockloop_expand sets it for the others) */
        c->nrates = c->rates.n;
        for (i = 0; i < c->rates.n; i++)
            if (c->duration * (double)c->rates.v[i] > 1e9) {
                snprintf(err, cap, "--duration: %g s at %llu packets/s is over 1e9 packets", c->duration,
                         (unsigned long long)c->rates.v[i]);
                return -1;
            }
        if (c->reflect && c->rates.n > 1) {
            snprintf(err, cap, "--rate: a reflector sends nothing of its own: one rate (or none)");
            return -1;
        }
    }
    if (c->interval < 0.1) {
        snprintf(err, cap, "--interval: at least 100ms");
        return -1;
    }
    return 0;
}

/* The ports Windows hands out for port 0: UDP's receiving sockets with --port 0 and the loopback
 * sender's own; TCP's connections (each a port on the connecting side) and a listener on port
 * 0. More than the range holds fail part-way through set-up (XP: 3976 ports by default), so they
 * are refused before anything starts, with the numbers. */
static int check_ephemeral(const sockloop_config *c, char *err, size_t cap)
{
    char where[96];
    unsigned long long needed, have;
    if (c->reflect) return 0;   /* a reflector binds one port, and accepts */
    needed = c->proto == PROTO_TCP ? c->sockets + (c->port == 0 && !c->peer)
                                   : (c->port == 0 ? c->sockets : 0) + (c->peer ? 0 : 1);
    have = wb_ephemeral_ports(where, sizeof where);
    if (needed <= have) return 0;
    snprintf(err, cap, "--sockets: %llu sockets need %llu ephemeral ports and this Windows hands out at most %llu (%s): fewer "
             "sockets%s", (unsigned long long)c->sockets, needed, have, where,
             c->proto == PROTO_UDP && c->port == 0 ? ", or --port for the receiving ones" : "");
    return -1;
}

/* --sockets within the loop's limit and the port range; --raw a new file. */
static int check_ports(sockloop_config *c, char *err, size_t cap)
{
    if (c->loop != LOOP_ALL && sl_backend_of(c->loop)->max_sockets && c->sockets > sl_backend_of(c->loop)->max_sockets) {
        snprintf(err, cap, "--sockets: %s waits on at most %u sockets (%s); use --loop wsapoll for more",
                 sl_backend_of(c->loop)->name, sl_backend_of(c->loop)->max_sockets, sl_backend_of(c->loop)->limit_reason);
        return -1;
    }
    if (c->proto == PROTO_UDP && c->port && c->port + c->sockets - 1 > 65535) {   /* TCP: one listening port */
        snprintf(err, cap, "--port: %llu + %llu sockets runs past port 65535", (unsigned long long)c->port,
                 (unsigned long long)c->sockets);
        return -1;
    }
    if (c->raw && GetFileAttributesA(c->raw) != INVALID_FILE_ATTRIBUTES) {
        snprintf(err, cap, "--raw: %s already exists", c->raw);
        return -1;
    }
    return check_ephemeral(c, err, cap);
}

int sockloop_check(void *config, const wb_args *args, char *err, size_t cap)
{
    sockloop_config *c = (sockloop_config *)config;
    /* The effective address goes in the CSV: say it rather than leave the cell empty. */
    if (c->bind == NULL) c->bind = c->peer ? "0.0.0.0" : "127.0.0.1";
    c->tail_asked = wb_args_named(args, "percentile");
    if (check_loop_list(c, err, cap) != 0 || check_reflector(c, err, cap) != 0 || check_group(c, args, err, cap) != 0 ||
        check_tcp(c, args, err, cap) != 0 ||
        check_reflector_loop(c, args, err, cap) != 0 || check_addresses(c, err, cap) != 0 || check_rates(c, err, cap) != 0 ||
        check_ports(c, err, cap) != 0)
        return -1;
    return 0;
}

/* --loop all: every backend this Windows has, and that can hold --sockets; a --rate list: each
 * loop at each rate, lowest first (one loop's curve, then the next's). A loop that cannot run is
 * said once, at its first rate. */
/* 1 when --loop all runs this loop; 0 when this Windows lacks it or it cannot hold --sockets,
 * with the reason in note. */
static int loop_runs(const sockloop_config *c, int loop, char *note, size_t cap)
{
    const wb_wait_backend *b = sl_backend_of(loop);
    const char *why = b->unavailable();
    if (why) {
        snprintf(note, cap, "--loop %s: %s", b->name, why);
        return 0;
    }
    if (b->max_sockets && c->sockets > b->max_sockets) {
        snprintf(note, cap, "--loop %s: waits on at most %u sockets, not %llu", b->name, b->max_sockets,
                 (unsigned long long)c->sockets);
        return 0;
    }
    return 1;
}

int sockloop_expand(const void *config, int index, void *variant, char *note, size_t cap)
{
    const sockloop_config *c = (const sockloop_config *)config;
    sockloop_config *v = (sockloop_config *)variant;
    const unsigned nrates = c->rates.n ? c->rates.n : 1;
    int loop = -1, nth = index / (int)nrates, i;
    unsigned rate = (unsigned)index % nrates;
    for (i = 0; i < WB_WAIT_COUNT && loop < 0; i++)   /* the nth loop --loop names */
        if ((c->loop_mask & (1u << i)) && nth-- == 0) loop = i;
    if (loop < 0) return 0;
    v->loop = loop;
    v->loop_text = wb_wait_backends[loop]->name;   /* its rows say which loop */
    v->rate = c->rates.v[rate];
    v->rates.v[0] = c->rates.v[rate];
    v->rates.n = 1;
    /* the loop asked for runs whatever: a set-up that cannot run it says why, and fails */
    if (c->loop != LOOP_ALL || loop_runs(c, loop, note, cap)) return 1;
    if (rate > 0) note[0] = '\0';   /* said at its first rate */
    return -1;
}
