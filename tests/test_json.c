/* The JSON writer's strings (RFC 8259 escapes, UTF-8 kept, other bytes replaced), numbers
 * (the CSV's text; NaN and inf as null), the number grammar, and the units read from column
 * names. The documents themselves are checked against their schema by a real validator
 * (tests/json-schema.sh). */
#include <math.h>
#include <string.h>
#include "core/wb_json.h"
#include "wbtest.h"

static void expect_string(const char *in, const char *want)
{
    wb_json j;
    wb_json_init(&j);
    wb_json_string(&j, in);
    ok(j.text && strcmp(j.text, want) == 0, "string [%s]: expected [%s], got [%s]", in, want, j.text ? j.text : "(null)");
    wb_json_free(&j);
}

static void test_strings(void)
{
    expect_string("plain", "\"plain\"");
    expect_string("", "\"\"");
    expect_string("say \"hi\" \\ there", "\"say \\\"hi\\\" \\\\ there\"");
    expect_string("two\r\nlines\tand \x01", "\"two\\u000d\\u000alines\\u0009and \\u0001\"");
    expect_string("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");   /* UTF-8 kept */
    expect_string("caf\xe9", "\"caf\\ufffd\"");                           /* a Latin-1 byte is not UTF-8 */
    expect_string("\xc0\xaf", "\"\\ufffd\\ufffd\"");                      /* an overlong '/' */
    expect_string("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");          /* a surrogate */
    expect_string("\xe2\x82", "\"\\ufffd\\ufffd\"");                      /* cut short */
}

static void expect_number(double v, const char *want)
{
    wb_json j;
    wb_json_init(&j);
    wb_json_number(&j, v);
    ok(j.text && strcmp(j.text, want) == 0, "number %g: expected %s, got %s", v, want, j.text ? j.text : "(null)");
    wb_json_free(&j);
}

static void test_numbers(void)
{
    wb_json j;
    int first = 1;
    expect_number(0.5, "0.5");
    expect_number(2562010.256, "2562010.256");
    expect_number(-3, "-3");
    expect_number(1e20, "1e+20");
    expect_number(1.5e-7, "1.5e-07");
    expect_number(NAN, "null");
    expect_number(HUGE_VAL, "null");
    expect_number(-HUGE_VAL, "null");
    wb_json_init(&j);
    wb_json_raw(&j, "{");
    wb_json_key(&j, "a", &first);
    wb_json_u64(&j, 18446744073709551615ull);
    wb_json_key(&j, "b", &first);
    wb_json_raw(&j, "null}");
    ok(j.text && strcmp(j.text, "{\"a\":18446744073709551615,\"b\":null}") == 0, "keys and commas: %s", j.text);
    wb_json_free(&j);
}

static void test_number_grammar(void)
{
    static const char *const yes[] = { "0", "-0", "12", "-0.5", "1e+20", "1E5", "2.5e-07", "100" };
    static const char *const no[] = { "", "-", "012", "1.", ".5", "0x1", "1e", "+1", "1,5", "inf", "nan", "1 ", "2s" };
    size_t i;
    for (i = 0; i < sizeof yes / sizeof yes[0]; i++) ok(wb_json_is_number(yes[i]), "[%s] is a number", yes[i]);
    for (i = 0; i < sizeof no / sizeof no[0]; i++) ok(!wb_json_is_number(no[i]), "[%s] is not a number", no[i]);
}

static const wbt_case cases[] = {
    { "strings", test_strings, 0 },
    { "numbers", test_numbers, 0 },
    { "number_grammar", test_number_grammar, 0 },
    { NULL, NULL, 0 }
};
WBT_MAIN(cases)
