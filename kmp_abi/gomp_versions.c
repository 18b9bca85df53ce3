/* libgomp's symbol versions (gomp_versions.def) as secondary versions of
 * Bobbin's entry points.
 *
 * Every entry point's default version is libomp's VERSION (exports.map),
 * which clang binaries ask for. A gcc binary asks for, say,
 * GOMP_parallel@GOMP_4.0 or omp_get_thread_num@OMP_1.0, so those must exist
 * too. The usual way, an alias of the function renamed with .symver, does
 * not survive GNU ld: given foo and foo@NODE at one address in one object,
 * it drops the unversioned foo. So each secondary version is a stub of its
 * own, here, that jumps to the entry point, which the library binds to its
 * own (-Bsymbolic-functions, CMakeLists.txt): one direct jump more for gcc
 * binaries, none for clang ones. The stubs' own names are local
 * (exports.map); only the versioned names are exported. */

#define BOB_STR_(x) #x
#define BOB_STR(x) BOB_STR_(x)

#if defined(__x86_64__)
#define BOB_TAIL_JUMP(sym) "jmp " #sym "@PLT"
#elif defined(__aarch64__)
#define BOB_TAIL_JUMP(sym) "b " #sym
#else
#error "gomp_versions.c: no tail jump for this architecture"
#endif

/* stub n, exported as sym@node, jumping to target */
#define V(sym, node) VT(sym, sym, node)
#define VT(sym, target, node) VT_(sym, target, node, __COUNTER__)
#define VT_(sym, target, node, n) VT__(sym, target, node, n)
#define VT__(sym, target, node, n)                                                     \
    __asm__(".text\n"                                                                  \
            ".globl bob_version_stub_" #n "\n"                                         \
            ".type bob_version_stub_" #n ", %function\n"                               \
            "bob_version_stub_" #n ":\n\t" BOB_TAIL_JUMP(target) "\n"                   \
            ".size bob_version_stub_" #n ", .-bob_version_stub_" #n "\n"              \
            ".symver bob_version_stub_" #n ", " #sym "@" node "\n");

#include "gomp_versions.def"
