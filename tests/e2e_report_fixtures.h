/* The report tests' fixtures (e2e_report.c, e2e_html.c): CSVs whose medians and ratios are
 * known, written into the test's folder. */
#ifndef E2E_REPORT_FIXTURES_H
#define E2E_REPORT_FIXTURES_H

#include "e2e.h"

#define HEAD_S "schema,benchmark,label,row,rep,target,themes,thread,msg,ops_per_s,host,os_name,os_version,os_build,os_sp\r\n"
#define HEAD_I "schema,benchmark,label,row,rep,case,windows,depth,class,themes,mapped,dispatch,sends,idle-every," \
               "mouse-rate,same-point,cpu_pct_machine,host,os_name,os_version,os_build,os_sp\r\n"

/* Machine A: 100, 200, 300 SendMessage/s (median 200, stddev 100); B: 390, 400, 410 (median
 * 400, stddev 10). B / A = 2.00: the median of the 9 ratios of a B to an A (1.30 ... 4.10), 2.00 =
 * 400 / 200; 3 a side cannot reach p < 0.05, so no interval. */
static const char fixture_a[] = HEAD_S
    "1,sendmsg,A,rep,1,button,on,same,0,100,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,sendmsg,A,rep,2,button,on,same,0,300,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,sendmsg,A,rep,3,button,on,same,0,200,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,sendmsg,A,summary,,button,on,same,0,200,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n";
static const char fixture_b[] = HEAD_S
    "1,sendmsg,B,rep,1,button,on,same,0,410,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n"
    "1,sendmsg,B,rep,2,button,on,same,0,390,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n"
    "1,sendmsg,B,rep,3,button,on,same,0,400,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n";
/* idle, lower is better: A 10, 12, 14 % (median 12); B one repetition at 6 %: 2.00 times less
 * CPU (the median of 10/6, 12/6, 14/6), with no interval (one repetition cannot tell). */
static const char fixture_idle[] = HEAD_I
    "1,idle,A,rep,1,2,300,1,static,off,off,direct,1000,1,150,0,14,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,idle,A,rep,2,2,300,1,static,off,off,direct,1000,1,150,0,10,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,idle,A,rep,3,2,300,1,static,off,off,direct,1000,1,150,0,12,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,idle,B,rep,1,2,300,1,static,off,off,direct,1000,1,150,0,6,VISTAVM,Windows Vista,6.0,6002,Service Pack 2\r\n";
static const char fixture_damaged[] = HEAD_S
    "1,sendmsg,A,rep,1,button,on,same,0,100,XPVM,Windows XP,5.1,2600,Service Pack 3\r\n"
    "1,sendmsg,A,rep,2,button,on\r\n";
static const char fixture_foreign[] = "name,score\r\nalice,3\r\n";
static const char fixture_quote[] = HEAD_S "1,sendmsg,\"A,rep,1\r\n";

/* A folder of the test's own, for a report to be given by name. */
static __inline void make_folder(const char *name)
{
    char path[MAX_PATH];
    path_in_dir(path, sizeof path, name);
    CreateDirectoryA(path, NULL);
}

static __inline void write_fixtures(void)
{
    write_file("a.csv", fixture_a);
    write_file("b.csv", fixture_b);
    write_file("idle.csv", fixture_idle);
}

#endif
