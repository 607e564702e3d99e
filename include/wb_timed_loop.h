/* How a timed loop is compiled: in a function of its own, never inlined, at a fixed alignment.
 * Where a loop of a few instructions lands in the binary (which 64-byte line, what it shares a
 * fetch block with) moved sendmsg's rate by 2-4% between commits that did not touch it; a loop
 * that always starts on a 64-byte boundary, and whose shape is not changed by what the compiler
 * inlines around it, measures the call and not the layout. The reference programs
 * (tests/ref/) put their loops the same way. Compilers without these attributes get a plain
 * function (MSVC: noinline only; its /ALIGN is per section). */
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
