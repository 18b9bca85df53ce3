/* Where the preemption handler makes a socket call again (restart.c),
 * x86-64: a syscall followed by a return to the code that made the call.
 *
 * The handler enters with the call's registers set, %rip here and %rsp
 * moved 136 bytes down, so that the frame lies below the interrupted
 * code's red zone, which it leaves as it was:
 *
 *     rsp + 136   the interrupted code's %rsp
 *     rsp +   8   its red zone (128 bytes)
 *     rsp +   0   return address (right after the interrupted syscall)
 *
 * When interrupted at bti_restart_socket_back, the handler knows the call
 * for its own and may make it again (moving %rip back to the syscall) or
 * end it. The CFI describes the frame, so that a backtrace or a forced
 * unwind (thread cancellation) passes through. */

    .text
    .globl  bti_restart_socket_call
    .hidden bti_restart_socket_call
    .globl  bti_restart_socket_back
    .hidden bti_restart_socket_back
    .type   bti_restart_socket_call, @function
    .p2align 4
bti_restart_socket_call:
    .cfi_startproc
    .cfi_def_cfa_offset 136
    .cfi_offset rip, -136
    syscall
bti_restart_socket_back:
    ret     $128
    .cfi_endproc
    .size   bti_restart_socket_call, .-bti_restart_socket_call

    .section .note.GNU-stack, "", @progbits
