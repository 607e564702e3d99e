/* The CPUID instruction, for the few facts only the CPU tells (a hypervisor, an invariant TSC).
 * Private to winbench.exe. */
#ifndef WB_CPUID_H
#define WB_CPUID_H

/* CPUID leaf -> r[0..3] = EAX, EBX, ECX, EDX; 0 where this compiler or CPU has no CPUID. */
int wb_cpuid(unsigned leaf, unsigned r[4]);

#endif
