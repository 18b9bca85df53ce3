/* bob_invoke_microtask: calls an outlined parallel region
 *     fn(int32 *gtid, int32 *tid, argv[0], ..., argv[argc-1])
 * for any argc. The System V ABI passes the first six integer arguments in
 * rdi, rsi, rdx, rcx, r8, r9 and the rest on the stack, the 7th at the
 * lowest address; rsp must be 16-byte aligned at the call:
 *
 *     rbp + 8    our return address        ...
 *     rbp        saved rbp                 rsp + 8   argv[5]
 *     ...        (8 bytes pad if odd)      rsp       argv[4]   <- at call
 *
 * fn is declared variadic by the compiler, so al holds the number of vector
 * registers used: zero. */
    .text
    .globl  bob_invoke_microtask
    .hidden bob_invoke_microtask
    .type   bob_invoke_microtask, @function
    .p2align 4
/* void bob_invoke_microtask(fn (rdi), gtid (rsi), tid (rdx), argc (ecx), argv (r8),
 *                           frame (r9)): *frame, unless frame is NULL, gets
 * our frame pointer, the one fn saves: a tool's exit frame of the body. */
bob_invoke_microtask:
    .cfi_startproc
    pushq   %rbp
    .cfi_def_cfa_offset 16
    .cfi_offset rbp, -16
    movq    %rsp, %rbp
    .cfi_def_cfa_register rbp
    testq   %r9, %r9
    jz      .Lframe_stored
    movq    %rbp, (%r9)
.Lframe_stored:
    movq    %rdi, %r11          /* fn */
    movslq  %ecx, %r10          /* argc */
    movq    %r8, %rax           /* argv */
    /* Stack arguments: argv[4 .. argc-1], pushed last one first. */
    movq    %r10, %rcx
    subq    $4, %rcx
    jle     .Lregisters
    testq   $1, %rcx
    jz      .Lpush
    subq    $8, %rsp
.Lpush:
    pushq   24(%rax,%rcx,8)     /* argv[rcx + 3] */
    decq    %rcx
    jnz     .Lpush
.Lregisters:
    movq    %rsi, %rdi
    movq    %rdx, %rsi
    cmpq    $1, %r10
    jl      .Lcall
    movq    (%rax), %rdx
    cmpq    $2, %r10
    jl      .Lcall
    movq    8(%rax), %rcx
    cmpq    $3, %r10
    jl      .Lcall
    movq    16(%rax), %r8
    cmpq    $4, %r10
    jl      .Lcall
    movq    24(%rax), %r9
.Lcall:
    xorl    %eax, %eax
    call    *%r11
    leave
    .cfi_def_cfa rsp, 8
    ret
    .cfi_endproc
    .size   bob_invoke_microtask, .-bob_invoke_microtask

    .section .note.GNU-stack,"",@progbits
