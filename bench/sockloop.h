/* sockloop's parts, private to the module (bench/sockloop*.c):
 *   sockloop.c            set-up, the sender, the receive loop, the reporter thread, the module
 *   sockloop_options.c    the options and their rules; --loop all and --rate lists as variants
 *   sockloop_udp.c        the UDP transport: sockets, sending, reading, echoing (sl_udp)
 *   sockloop_tcp.c        the TCP transport: loopback and peer connections (sl_tcp)
 *   sockloop_tcp_reflect.c  the TCP reflector
 *   sockloop_account.c    what a message that arrived means (sl_take), and the first fault
 *   sockloop_latency.c    a message's latency split into its four parts (sender late ... recv)
 *   sockloop_parts.c      the receiver's busy time split into its parts, and the floors
 *   sockloop_report.c     what people and the report see: the pgmping line, the rep block, the
 *                         summary, the comparison of loops, the summary rules, the report spec
 * Its headers, one job each: sockloop_packet.h (the wire format), sockloop_state.h (the
 * configuration, counts and state) and this one (the functions the files offer each other).
 * The receive loop knows a socket kind only through sl_transport; the transports call
 * sockloop_account.c, which reaches a transport back only through its table (sl_transport's
 * echo, for a reflector). */
#ifndef SOCKLOOP_H
#define SOCKLOOP_H

#include "sockloop_state.h"

/* sockloop_options.c: the options, their rules (the module's check) and the variants of --loop
 * all and a --rate list (its expand); the backend of a --loop index. */
extern const wb_option sockloop_options[];
int sockloop_check(void *config, const wb_args *args, char *err, size_t cap);
int sockloop_expand(const void *config, int index, void *variant, char *note, size_t cap);
const wb_wait_backend *sl_backend_of(int loop);
extern const wb_metric_summary sockloop_summary_rules[];   /* the summary row's, sockloop_report.c */

/* sockloop.c: a message the transport read (or a failed receive, len = -WSA error), echoed in
 * --reflect mode, else accounted. */
int sl_take(sockloop_state *st, unsigned index, const char *data, int len, const struct sockaddr_in *from, int fromlen,
            uint64_t t_recv, wb_error *err);

/* sockloop.c: whether a reflector may answer addr (--allow; NULL: already checked). */
int sl_allowed(const sockloop_state *st, const struct sockaddr_in *addr);
/* sockloop.c: the first connection lost of a run (later ones are counted, not told). */
void sl_fault(sockloop_state *st, const char *text);
/* sockloop_tcp.c: what a failed set-up or a lost connection calls a connection:
 * "connection 2 of 100 (127.0.0.1:50123 to 127.0.0.1:7000)". */
void sl_connection_name(char *out, size_t cap, unsigned index, unsigned count, const struct sockaddr_in *local,
                        const struct sockaddr_in *remote);

/* sockloop_latency.c: the latency split. sl_read_begins stamps the read about to take messages
 * (first_read: the wake's first on this socket, where WINBENCH_TEST_RECV_BEHIND_US waits);
 * sl_latency_split records a message's four parts (part_ns, SL_LATENCY_PARTS of them) from its
 * stamps and the wake's, and returns their sum, the latency from the intended send in ns (the
 * histogram's); sl_latency_raw writes them as --raw's line (sl_latency_raw_header's). */
void sl_read_begins(sockloop_state *st, int first_read);
uint64_t sl_latency_split(sockloop_state *st, uint64_t intended, uint64_t actual, uint64_t t_recv, uint64_t *part_ns);
void sl_latency_raw(const sockloop_state *st, uint64_t seq, uint64_t intended, uint64_t actual, uint64_t t_recv,
                    uint64_t ilat_ns, const uint64_t *part_ns);
extern const char sl_latency_raw_header[];
extern const wb_part sl_latency_parts[];   /* the split of the mean latency from the actual send (the report's) */
extern const wb_part sl_tail_parts[], sl_tail_floors[];   /* the same of the slowest packets' (report --tail) */
void sl_latency_reset(sockloop_state *st);
void sl_latency_metrics(const sockloop_state *st, double *m);
/* --percentile's value (90, 99, 99.9) for its TAIL_CHOICES index; the heap of the slowest
 * packets for a variant's tail (at most `most` of them: SL_TAIL_MOST), NULL out of memory. */
double sl_tail_percentile(int choice);
sl_tail *sl_tail_open(const sockloop_config *c, size_t most);
void sl_tail_close(sl_tail *t);

/* sockloop_parts.c: after a repetition whose metrics m are filled, the parts of a packet's cost
 * (--floors on); and how they are read. */
void sl_measure_parts(sockloop_state *st, const wb_sample *s, double *m);
extern const wb_part sockloop_floors[];

/* sockloop_report.c (which calls nothing in sockloop.c: the parts form no loop) */
/* The sample standard deviation from n, sum and sum of squares; NaN below 2. */
double sl_stddev(double n, double sum, double sumsq);
const char *sl_loop_name(int loop);
/* The load a repetition's (or a median's) metrics say the sender offered, per second, and
 * whether it kept to the schedule of rate a second (SL_KEPT_UP). */
double sl_offered_rate(const double *m);
int sl_kept_up(const double *m, uint64_t rate);
void sl_report_interval(sockloop_state *st, const interval_stats *iv);
void sockloop_print_rep(FILE *out, const void *variant, unsigned rep, unsigned reps, const wb_sample *s);
void sockloop_print_summary(FILE *out, const void *variant, const wb_run_summary *s);
void sockloop_compare(FILE *out, int n, const void *const *variants, const double *const *medians);
void sockloop_announce(void *state, char *line, size_t cap);
void sockloop_warnings(void *state, void (*warn)(void *into, const char *code, const char *text), void *into);
extern const wb_report_spec sockloop_report, sockloop_tail_report;

#endif
