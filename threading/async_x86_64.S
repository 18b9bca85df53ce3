/* The entry of a unit that the preemption handler redirected (async.c):
 * reached by the handler's return, as if the interrupted instruction had
 * called it, below the red zone:
 *
 *     orig - 136   the interrupted instruction (the "return address")
 *     orig - 128   the red zone of the interrupted code, left untouched
 *     orig         the interrupted stack pointer
 *
 * It pushes RFLAGS and the sixteen general registers but %rsp, saves the
 * whole extended state (x87, SSE, AVX and whatever the OS enabled, MXCSR
 * and the x87 control word among it) with XSAVE into a 64-byte-aligned
 * area below them, sized by CPUID leaf 0xD (bti_async_xsave_size), and
 * calls bti_async_yield with the direction flag clear and the stack
 * aligned. When the unit runs again, on any OS thread, it restores them
 * all and returns to the interrupted instruction with the interrupted
 * stack pointer (ret $128).
 *
 * XSAVE writes the header's XSTATE_BV only; XRSTOR faults if the rest of
 * the header is not zero, so the header is cleared first. Every register
 * is saved before anything is written but memory, so nothing of the
 * interrupted code's is lost.
 *
 * The unwinder sees a signal frame (the interrupted instruction is not a
 * call's return address): CFA is the interrupted stack pointer. */

    .text

/* A push or pop that keeps the unwinder's CFA where it is. */
.macro PUSH reg
    pushq   \reg
    .cfi_adjust_cfa_offset 8
.endm
.macro POP reg
    popq    \reg
    .cfi_adjust_cfa_offset -8
.endm

    .globl  bti_async_entry
    .hidden bti_async_entry
    .type   bti_async_entry, @function
    .p2align 4
bti_async_entry:
    .cfi_startproc
    .cfi_signal_frame
    .cfi_def_cfa %rsp, 136
    .cfi_offset %rip, -136
    pushfq
    .cfi_adjust_cfa_offset 8
    PUSH    %rax
    PUSH    %rcx
    PUSH    %rdx
    PUSH    %rsi
    PUSH    %rdi
    PUSH    %r8
    PUSH    %r9
    PUSH    %r10
    PUSH    %r11
    PUSH    %rbx
    PUSH    %rbp
    PUSH    %r12
    PUSH    %r13
    PUSH    %r14
    PUSH    %r15
    movq    %rsp, %rbp
    .cfi_def_cfa %rbp, 264
    .cfi_offset %rbx, -224
    .cfi_offset %rbp, -232
    .cfi_offset %r12, -240
    .cfi_offset %r13, -248
    .cfi_offset %r14, -256
    .cfi_offset %r15, -264
    subq    bti_async_xsave_size(%rip), %rsp
    andq    $-64, %rsp
    xorl    %eax, %eax
    movq    %rax, 512(%rsp)
    movq    %rax, 520(%rsp)
    movq    %rax, 528(%rsp)
    movq    %rax, 536(%rsp)
    movq    %rax, 544(%rsp)
    movq    %rax, 552(%rsp)
    movq    %rax, 560(%rsp)
    movq    %rax, 568(%rsp)
    movl    $-1, %eax
    movl    $-1, %edx
    xsave64 (%rsp)
    cld
    call    bti_async_yield
    movl    $-1, %eax
    movl    $-1, %edx
    xrstor64 (%rsp)
    movq    %rbp, %rsp
    .cfi_def_cfa %rsp, 264
    POP     %r15
    POP     %r14
    POP     %r13
    POP     %r12
    POP     %rbp
    POP     %rbx
    POP     %r11
    POP     %r10
    POP     %r9
    POP     %r8
    POP     %rdi
    POP     %rsi
    POP     %rdx
    POP     %rcx
    POP     %rax
    popfq
    .cfi_adjust_cfa_offset -8
    ret     $128
    .cfi_endproc
    .size   bti_async_entry, .-bti_async_entry

    .section .note.GNU-stack,"",@progbits
