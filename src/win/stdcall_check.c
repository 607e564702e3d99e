/* Is a user's function WINAPI (stdcall)? (include/wb_user_code.h) On x86 a procedure declared
 * cdecl by mistake returns without popping its arguments: every call then leaves the stack 4
 * bytes an argument lower, and winbench's own loops, which call it directly, would crash or
 * measure nonsense. USER32's calls survive it (ReactOS's CALL_EXTERN_WNDPROC saves and restores
 * the stack pointer around the call, as Windows' does): winbench checks the same way, once,
 * before its first direct call. x64 has one calling convention: nothing to check. */
#include "wb_user_code.h"

#include <stdint.h>

typedef struct wb_call4 {
    uintptr_t arg[4];   /* pushed last to first */
    FARPROC fn;
} wb_call4;

#if defined(__GNUC__) && defined(__i386__)
/* The stack pointer before and after a call of fn(arg[0..n-1]); restored after, whatever fn did. */
static uintptr_t drift(wb_call4 *p, unsigned n)
{
    uintptr_t before, after;
    if (n == 4)
        __asm__ __volatile__("movl %%esp, %0\n\t"
                             "pushl 12(%2)\n\t"
                             "pushl 8(%2)\n\t"
                             "pushl 4(%2)\n\t"
                             "pushl (%2)\n\t"
                             "call *16(%2)\n\t"
                             "movl %%esp, %1\n\t"
                             "movl %0, %%esp"
                             : "=&S"(before), "=&D"(after), "+a"(p)
                             :
                             : "ecx", "edx", "memory", "cc");
    else
        __asm__ __volatile__("movl %%esp, %0\n\t"
                             "pushl 4(%2)\n\t"
                             "pushl (%2)\n\t"
                             "call *16(%2)\n\t"
                             "movl %%esp, %1\n\t"
                             "movl %0, %%esp"
                             : "=&S"(before), "=&D"(after), "+a"(p)
                             :
                             : "ecx", "edx", "memory", "cc");
    return before - after;
}
#elif defined(_MSC_VER) && defined(_M_IX86)
static uintptr_t drift(wb_call4 *p, unsigned n)
{
    uintptr_t before, after;
    if (n == 4) {
        __asm {
            mov eax, p
            mov before, esp
            push dword ptr [eax + 12]
            push dword ptr [eax + 8]
            push dword ptr [eax + 4]
            push dword ptr [eax]
            call dword ptr [eax + 16]
            mov after, esp
            mov esp, before
        }
    } else {
        __asm {
            mov eax, p
            mov before, esp
            push dword ptr [eax + 4]
            push dword ptr [eax]
            call dword ptr [eax + 16]
            mov after, esp
            mov esp, before
        }
    }
    return before - after;
}
#else
static uintptr_t drift(wb_call4 *p, unsigned n)
{
    (void)p, (void)n;
    return 0;   /* x64 (or a compiler without x86 inline assembly): one calling convention */
}
#endif

unsigned wb_stdcall_left(FARPROC fn, const uintptr_t *args, unsigned nargs)
{
    wb_call4 call;
    unsigned i;
    if (fn == NULL || (nargs != 2 && nargs != 4)) return 0;
    for (i = 0; i < 4; i++) call.arg[i] = i < nargs ? args[i] : 0;
    call.fn = fn;
    return (unsigned)drift(&call, nargs);
}
