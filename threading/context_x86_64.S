/* Context switch for x86-64, System V ABI.
 *
 * A saved context is a stack pointer; the frame it points to holds what the
 * ABI says a callee must preserve, pushed by btd_ctx_switch or btd_ctx_start:
 *
 *     sp + 56   return address (where the context resumes)
 *     sp + 48   rbp
 *     sp + 40   rbx
 *     sp + 32   r12
 *     sp + 24   r13
 *     sp + 16   r14
 *     sp +  8   r15
 *     sp +  4   x87 control word (2 bytes, 2 bytes padding)
 *     sp +  0   MXCSR (4 bytes)
 *
 * The floating-point control words are part of the context because the ABI
 * makes them callee-saved: a unit that changes its rounding mode must not
 * change it for the next unit of its ES. Everything else is caller-saved, so
 * the C compiler has already spilled it before calling here.
 *
 * btd_ctx_make builds the same frame on a fresh stack with the return address
 * pointing at a trampoline, entry in the r13 slot and arg in the r12 slot;
 * resuming it "returns" into the trampoline with rsp 16-byte aligned. */

    .text

/* Pushes the frame drawn above and stores its address in *rdi. */
.macro SAVE_CONTEXT_TO_RDI
    pushq   %rbp
    pushq   %rbx
    pushq   %r12
    pushq   %r13
    pushq   %r14
    pushq   %r15
    subq    $8, %rsp
    stmxcsr (%rsp)
    fnstcw  4(%rsp)
    movq    %rsp, (%rdi)
.endm

/* void btd_ctx_switch(btd_ctx_t *from (rdi), btd_ctx_t *to (rsi)) */
    .globl  btd_ctx_switch
    .hidden btd_ctx_switch
    .type   btd_ctx_switch, @function
    .p2align 4
btd_ctx_switch:
    .cfi_startproc
    SAVE_CONTEXT_TO_RDI
    movq    (%rsi), %rsp
.Lrestore:
    ldmxcsr (%rsp)
    fldcw   4(%rsp)
    addq    $8, %rsp
    popq    %r15
    popq    %r14
    popq    %r13
    popq    %r12
    popq    %rbx
    popq    %rbp
    ret
    .cfi_endproc
    .size   btd_ctx_switch, .-btd_ctx_switch

/* void btd_ctx_jump(btd_ctx_t *to (rdi)) */
    .globl  btd_ctx_jump
    .hidden btd_ctx_jump
    .type   btd_ctx_jump, @function
    .p2align 4
btd_ctx_jump:
    .cfi_startproc
    movq    (%rdi), %rsp
    jmp     .Lrestore
    .cfi_endproc
    .size   btd_ctx_jump, .-btd_ctx_jump

/* void btd_ctx_start(btd_ctx_t *from (rdi), void *lo (rsi), size_t size (rdx),
 *                    btd_entry_t entry (rcx), void *arg (r8)) */
    .globl  btd_ctx_start
    .hidden btd_ctx_start
    .type   btd_ctx_start, @function
    .p2align 4
btd_ctx_start:
    .cfi_startproc
    SAVE_CONTEXT_TO_RDI
    leaq    (%rsi,%rdx), %rsp
    andq    $-16, %rsp
    movq    %r8, %rdi
    xorl    %ebp, %ebp
    call    *%rcx
    ud2
    .cfi_endproc
    .size   btd_ctx_start, .-btd_ctx_start

/* void btd_ctx_run(void *lo (rdi), size_t size (rsi), btd_entry_t entry (rdx),
 *                  void *arg (rcx)) */
    .globl  btd_ctx_run
    .hidden btd_ctx_run
    .type   btd_ctx_run, @function
    .p2align 4
btd_ctx_run:
    .cfi_startproc
    leaq    (%rdi,%rsi), %rsp
    andq    $-16, %rsp
    movq    %rcx, %rdi
    xorl    %ebp, %ebp
    call    *%rdx
    ud2
    .cfi_endproc
    .size   btd_ctx_run, .-btd_ctx_run

/* void btd_ctx_make(btd_ctx_t *ctx (rdi), void *lo (rsi), size_t size (rdx),
 *                   btd_entry_t entry (rcx), void *arg (r8)) */
    .globl  btd_ctx_make
    .hidden btd_ctx_make
    .type   btd_ctx_make, @function
    .p2align 4
btd_ctx_make:
    .cfi_startproc
    leaq    (%rsi,%rdx), %rax
    andq    $-16, %rax
    subq    $64, %rax
    stmxcsr (%rax)
    fnstcw  4(%rax)
    movq    $0, 8(%rax)
    movq    $0, 16(%rax)
    movq    %rcx, 24(%rax)
    movq    %r8, 32(%rax)
    movq    $0, 40(%rax)
    movq    $0, 48(%rax)
    leaq    .Ltrampoline(%rip), %rdx
    movq    %rdx, 56(%rax)
    movq    %rax, (%rdi)
    ret
    .cfi_endproc
    .size   btd_ctx_make, .-btd_ctx_make

    .p2align 4
.Ltrampoline:
    .cfi_startproc
    .cfi_undefined rip
    movq    %r12, %rdi
    call    *%r13
    ud2
    .cfi_endproc

/* void btd_roc_call(btd_ctx_t *save (rdi), void *top (rsi), btd_entry_t entry (rdx),
 *                   void *arg (rcx))
 * Return on completion: saves the caller's context in *save like a switch,
 * then calls entry(arg) on the stack below top (16-byte aligned). If entry
 * returns, the caller's context is restored and btd_roc_call returns. The
 * frame at the top of the new stack:
 *
 *     top - 16   save (to find the caller's context again)
 *     top - 24   entry's return address (btd_roc_ret_slot)
 *
 * A unit that suspends leaves through *save like any switch; its return
 * address is then rewritten (btd_roc_ret_slot) so that its completion goes
 * through the full exit path instead of the stale context in *save. */
    .globl  btd_roc_call
    .hidden btd_roc_call
    .type   btd_roc_call, @function
    .p2align 4
btd_roc_call:
    .cfi_startproc
    SAVE_CONTEXT_TO_RDI
    leaq    -16(%rsi), %rsp
    movq    %rdi, (%rsp)
    movq    %rcx, %rdi
    call    *%rdx
    movq    (%rsp), %rax
    movq    (%rax), %rsp
    jmp     .Lrestore
    .cfi_endproc
    .size   btd_roc_call, .-btd_roc_call

    .section .note.GNU-stack,"",@progbits
