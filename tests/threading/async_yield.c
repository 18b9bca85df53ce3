/* Preemption that ends in a user-space yield (threading/async.c), on one ES
 * with a short time slice. A spinner (a thread, with a borrowed TLS block)
 * waits ROUNDS times in assembly for a tick that only a ticker on the same
 * ES sets, with a known value in every general register but %rsp, in
 * every vector register (ymm with AVX, else xmm) and a rounding mode of its
 * own in MXCSR: each round it is preempted while the ticker waits, and
 * the ticker is preempted in turn while it spins for the spinner's
 * acknowledgement. Every other round the ticker then sleeps in the
 * kernel, where it is frozen with its OS thread, so that a spare serves
 * the ES and the spinner ends its round there. Checks: every register holds its
 * value after each round, the spinner went on on another OS thread at
 * least once (a frozen unit never leaves its OS thread), and its __thread
 * variable kept its address and value.
 *   (no argument)  the spinner is started by the scheduler (with the
 *                  default kind, an SC unit promoted by its first
 *                  preemption)
 *   hosted         the spinner runs in place on the stack of a thread
 *                  that joins it, and is promoted with it
 * Fails by its own deadline, never hangs. */
#include "check.h"

#include <cpuid.h>
#include <stdatomic.h>

enum { ROUNDS = 40, NGPR = 13, MXCSR_ZERO = 0x7f80 /* round toward zero */ };

struct probe {
  volatile long tick;
  long gpr[15]; /* rax rbx rcx rdx rsi rdi rbp r8-r13, then r14, r15 */
  unsigned mxcsr;
  unsigned pad;
  unsigned char vec[16][32];
};
_Static_assert(__builtin_offsetof(struct probe, mxcsr) == 128, "asm offsets");
_Static_assert(__builtin_offsetof(struct probe, vec) == 136, "asm offsets");

static const long patterns[NGPR] = {
    0x1111111111111111, 0x2222222222222222, 0x3333333333333333, 0x4444444444444444,
    0x5555555555555555, 0x6666666666666666, 0x7777777777777777, (long)0x8888888888888888,
    (long)0x9999999999999999, (long)0xaaaaaaaaaaaaaaaa, (long)0xbbbbbbbbbbbbbbbb,
    (long)0xcccccccccccccccc, (long)0xdddddddddddddddd};

/* void spin_for_tick(struct probe *p, long want, const void *vec_in, int avx):
 * loads the patterns above, vec_in's sixteen 32-byte values and
 * MXCSR_ZERO, spins until p->tick == want, and stores what the registers
 * then hold into *p. */
__asm__(".text\n"
        ".p2align 4\n"
        "spin_for_tick:\n"
        "  push %rbx\n push %rbp\n push %r12\n push %r13\n push %r14\n push %r15\n"
        "  sub $24, %rsp\n"
        "  stmxcsr (%rsp)\n"
        "  movl $0x7f80, 4(%rsp)\n"
        "  movl %ecx, 8(%rsp)\n"
        "  mov %rdi, %r15\n"
        "  mov %rsi, %r14\n"
        "  test %ecx, %ecx\n"
        "  jz 1f\n"
#define V(i) "  vmovdqu " #i "*32(%rdx), %ymm" #i "\n"
        V(0) V(1) V(2) V(3) V(4) V(5) V(6) V(7) V(8) V(9) V(10) V(11) V(12) V(13) V(14) V(15)
#undef V
        "  jmp 2f\n"
        "1:\n"
#define X(i) "  movdqu " #i "*32(%rdx), %xmm" #i "\n"
        X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)
#undef X
        "2:\n"
        "  ldmxcsr 4(%rsp)\n"
        "  movabs $0x1111111111111111, %rax\n"
        "  movabs $0x2222222222222222, %rbx\n"
        "  movabs $0x3333333333333333, %rcx\n"
        "  movabs $0x4444444444444444, %rdx\n"
        "  movabs $0x5555555555555555, %rsi\n"
        "  movabs $0x6666666666666666, %rdi\n"
        "  movabs $0x7777777777777777, %rbp\n"
        "  movabs $0x8888888888888888, %r8\n"
        "  movabs $0x9999999999999999, %r9\n"
        "  movabs $0xaaaaaaaaaaaaaaaa, %r10\n"
        "  movabs $0xbbbbbbbbbbbbbbbb, %r11\n"
        "  movabs $0xcccccccccccccccc, %r12\n"
        "  movabs $0xdddddddddddddddd, %r13\n"
        "3:\n"
        "  pause\n"
        "  cmp %r14, (%r15)\n"
        "  jne 3b\n"
        "  mov %rax, 8(%r15)\n mov %rbx, 16(%r15)\n mov %rcx, 24(%r15)\n"
        "  mov %rdx, 32(%r15)\n mov %rsi, 40(%r15)\n mov %rdi, 48(%r15)\n"
        "  mov %rbp, 56(%r15)\n mov %r8, 64(%r15)\n mov %r9, 72(%r15)\n"
        "  mov %r10, 80(%r15)\n mov %r11, 88(%r15)\n mov %r12, 96(%r15)\n"
        "  mov %r13, 104(%r15)\n mov %r14, 112(%r15)\n mov %r15, 120(%r15)\n"
        "  stmxcsr 128(%r15)\n"
        "  ldmxcsr (%rsp)\n"
        "  cmpl $0, 8(%rsp)\n"
        "  jz 4f\n"
#define V(i) "  vmovdqu %ymm" #i ", 136+" #i "*32(%r15)\n"
        V(0) V(1) V(2) V(3) V(4) V(5) V(6) V(7) V(8) V(9) V(10) V(11) V(12) V(13) V(14) V(15)
#undef V
        "  vzeroupper\n"
        "  jmp 5f\n"
        "4:\n"
#define X(i) "  movdqu %xmm" #i ", 136+" #i "*32(%r15)\n"
        X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)
#undef X
        "5:\n"
        "  add $24, %rsp\n"
        "  pop %r15\n pop %r14\n pop %r13\n pop %r12\n pop %rbp\n pop %rbx\n"
        "  ret\n");
void spin_for_tick(struct probe *p, long want, const void *vec_in, int avx);

static struct probe probe;
static unsigned char vec_in[16][32];
static int avx;
static _Atomic long ack;
static _Atomic int moved;
static __thread long kept = 5;

static int has_avx(void) {
  unsigned a, b, c, d;
  enum { AVX = 1u << 28, OSXSAVE = 1u << 27 };
  if (!__get_cpuid(1, &a, &b, &c, &d) || (c & (AVX | OSXSAVE)) != (AVX | OSXSAVE))
    return 0;
  unsigned lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (lo & 6) == 6; /* the OS saves xmm and ymm */
}

static void check_round(long want) {
  for (int i = 0; i < NGPR; i++)
    if (probe.gpr[i] != patterns[i]) {
      fprintf(stderr, "async_yield: round %ld: general register %d is %#lx, not %#lx\n",
              want, i, probe.gpr[i], patterns[i]);
      CHECK(0);
    }
  CHECK(probe.gpr[13] == want);
  CHECK(probe.gpr[14] == (long)&probe);
  CHECK(probe.mxcsr == MXCSR_ZERO);
  for (int i = 0; i < 16; i++)
    if (memcmp(probe.vec[i], vec_in[i], avx ? 32 : 16)) {
      fprintf(stderr, "async_yield: round %ld: vector register %d changed\n", want, i);
      CHECK(0);
    }
}

static void spinner(void *arg) {
  (void)arg;
  kept = 42;
  long *before = &kept;
  __asm__ volatile("" : "+r"(before));
  pid_t last = my_tid();
  for (long r = 1; r <= ROUNDS; r++) {
    spin_for_tick(&probe, r, vec_in, avx);
    check_round(r);
    pid_t now = my_tid();
    if (now != last)
      atomic_fetch_add(&moved, 1);
    last = now;
    atomic_store(&ack, r);
  }
  CHECK(&kept == before);
  CHECK(kept == 42);
}

static void ticker(void *arg) {
  (void)arg;
  for (long r = 1; r <= ROUNDS; r++) {
    probe.tick = r;
    if (r % 2)
      nap_ms(1); /* frozen in the kernel: a spare takes the ES, and the spinner */
    while (atomic_load(&ack) != r)
      ;
  }
}

static bt_unit_t *thread_unit(bt_fn_t fn, int in_place) {
  bt_unit_attr_t attr = {.progress = 1, .tls = BT_TLS_BORROW, .in_place = in_place};
  bt_unit_t *u = bt_create(bt_pool_private(0), fn, NULL, &attr);
  CHECK(u != NULL);
  return u;
}

static char *host_frame, *spinner_frame;

static void hosted_spinner(void *arg) {
  spinner_frame = frame_here();
  spinner(arg);
}

/* The spinner first in the pool, where a joiner takes it to run in place. */
static void pair(int in_place) {
  bt_unit_t *s = thread_unit(in_place ? hosted_spinner : spinner, in_place);
  bt_unit_t *t = thread_unit(ticker, 0);
  bt_join_free(s);
  bt_join_free(t);
}

static void host(void *arg) {
  (void)arg;
  host_frame = frame_here();
  pair(1);
}

int main(int argc, char **argv) {
  int hosted = argc > 1 && !strcmp(argv[1], "hosted");
  deadline(60, "async_yield");
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 1);
  CHECK(bt_time_slice_ns() > 0);
  avx = has_avx();
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 32; j++)
      vec_in[i][j] = (unsigned char)((i * 32 + j) ^ 0x5a);
  if (hosted) {
    bt_join_free(thread_unit(host, 0));
    CHECK(on_same_stack(host_frame, spinner_frame));
  } else {
    pair(0);
  }
  CHECK(atomic_load(&moved) > 0);
  printf("async_yield%s: ok (%s, moved %d times)\n", hosted ? " hosted" : "",
         avx ? "ymm" : "xmm", atomic_load(&moved));
  bt_finalize();
  return 0;
}
