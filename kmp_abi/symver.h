/* Secondary symbol versions: V(name, "NODE") makes name@NODE, a stub of its
 * own that jumps to name, which the library binds to its own definition
 * (-Bsymbolic-functions, CMakeLists.txt); VT(name, target, "NODE") makes
 * name@NODE jump to target instead. A stub, not an alias, because GNU ld,
 * given foo and foo@NODE at one address in one object, drops the
 * unversioned foo. The stubs' own names are local (exports.map); a file
 * using these is built without link-time optimisation, which may rename or
 * move the functions its .symver directives name. */
#ifndef KMP_SYMVER_H
#define KMP_SYMVER_H

#define BOB_STR_(x) #x
#define BOB_STR(x) BOB_STR_(x)

#if defined(__x86_64__)
#define BOB_TAIL_JUMP(sym) "jmp " #sym "@PLT"
#elif defined(__aarch64__)
#define BOB_TAIL_JUMP(sym) "b " #sym
#else
#error "symver.h: no tail jump for this architecture"
#endif

/* stub n of sym, exported as sym@node, jumping to target */
#define V(sym, node) VT(sym, sym, node)
#define VT(sym, target, node) VT_(sym, target, node, __COUNTER__)
#define VT_(sym, target, node, n) VT__(sym, target, node, n)
#define VT__(sym, target, node, n)                                                             \
    __asm__(".text\n"                                                                          \
            ".globl bob_version_stub_" #sym "_" #n "\n"                                        \
            ".type bob_version_stub_" #sym "_" #n ", %function\n"                              \
            "bob_version_stub_" #sym "_" #n ":\n\t" BOB_TAIL_JUMP(target) "\n"                 \
            ".size bob_version_stub_" #sym "_" #n ", .-bob_version_stub_" #sym "_" #n "\n"     \
            ".symver bob_version_stub_" #sym "_" #n ", " #sym "@" node "\n");

#endif
