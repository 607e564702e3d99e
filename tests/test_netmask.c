/* --allow's networks: what parses, what is refused and why, what matches. */
#include <string.h>
#include "wb_netmask.h"
#include "wbtest.h"

static void test_parse(void)
{
    wb_netmask m;
    char err[256], text[32];
    ok(wb_netmask_parse("192.0.2.0/24", &m, err, sizeof err) == 0 && m.net == 0xC0000200u && m.mask == 0xFFFFFF00u,
       "a /24: %s", err);
    ok(wb_netmask_parse("10.1.2.3", &m, err, sizeof err) == 0 && m.net == 0x0A010203u && m.mask == 0xFFFFFFFFu,
       "an address is a /32");
    ok(wb_netmask_parse("0.0.0.0/0", &m, err, sizeof err) == 0 && m.mask == 0, "everyone: /0");
    wb_netmask_parse("172.16.0.0/12", &m, err, sizeof err);
    wb_netmask_text(&m, text, sizeof text);
    ok(strcmp(text, "172.16.0.0/12") == 0, "printed back: %s", text);
    ok(wb_netmask_parse("192.0.2.7/24", &m, err, sizeof err) == -1 && strstr(err, "did you mean the network 192.0.2.0/24"),
       "host bits set: %s", err);
    ok(wb_netmask_parse("256.1.1.1", &m, err, sizeof err) == -1, "a part over 255");
    ok(wb_netmask_parse("1.2.3", &m, err, sizeof err) == -1, "three parts");
    ok(wb_netmask_parse("1.2.3.4/33", &m, err, sizeof err) == -1 && strstr(err, "0..32"), "a /33: %s", err);
    ok(wb_netmask_parse("1.2.3.4/", &m, err, sizeof err) == -1, "a '/' and nothing");
    ok(wb_netmask_parse("host.example", &m, err, sizeof err) == -1 && strstr(err, "A.B.C.D"), "a name: %s", err);
    ok(wb_netmask_parse("1.2.3.4 ", &m, err, sizeof err) == -1, "trailing space");
    ok(wb_netmask_parse("01234.1.1.1", &m, err, sizeof err) == -1, "four digits");
}

static void test_list_and_match(void)
{
    wb_netmask nets[4];
    char err[256];
    int n = wb_netmask_parse_list("10.0.0.0/8;192.0.2.7", nets, 4, err, sizeof err);
    ok(n == 2, "two networks: %d %s", n, err);
    ok(wb_netmask_match(nets, n, 0x0A7F0001u), "10.127.0.1 in 10/8");
    ok(wb_netmask_match(nets, n, 0xC0000207u), "192.0.2.7 itself");
    ok(!wb_netmask_match(nets, n, 0xC0000208u), "192.0.2.8 not");
    ok(!wb_netmask_match(nets, n, 0x7F000001u), "127.0.0.1 not");
    ok(!wb_netmask_match(nets, 0, 0x7F000001u), "an empty list matches nothing");
    ok(wb_netmask_parse_list("", nets, 4, err, sizeof err) == 0, "none");
    ok(wb_netmask_parse_list("1.1.1.1;2.2.2.2;3.3.3.3;4.4.4.4;5.5.5.5", nets, 4, err, sizeof err) == -1 &&
       strstr(err, "at most 4"), "too many: %s", err);
    ok(wb_netmask_parse_list("1.1.1.1;bad", nets, 4, err, sizeof err) == -1, "a bad one in the list");
}

static const wbt_case cases[] = {
    { "parse", test_parse, 0 },
    { "list_and_match", test_list_and_match, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)
