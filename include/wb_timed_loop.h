/* How a timed loop is compiled: in a function of its own, never inlined, at a fixed alignment,
 * so that where a loop of a few instructions lands in the binary (which 64-byte line, what the
 * compiler inlines around it) cannot change between commits that do not touch it, and so that
 * it has the shape of the reference programs' loops (tests/ref/), which are put the same way.
 * A bisection once blamed such layout for sendmsg's 2-4% gap to its reference; this alone did
 * not close it under Wine (docs/performance.md has the measurement), so it is a precaution,
 * not the fix. Compilers without these attributes get a plain function (MSVC: noinline only;
 * its /ALIGN is per section). */
#ifndef WB_TIMED_LOOP_H
#define WB_TIMED_LOOP_H

#if defined(__GNUC__) || defined(__clang__)
#define WB_TIMED_LOOP __attribute__((noinline, aligned(64)))
#elif defined(_MSC_VER)
#define WB_TIMED_LOOP __declspec(noinline)
#else
#define WB_TIMED_LOOP
#endif

#endif
