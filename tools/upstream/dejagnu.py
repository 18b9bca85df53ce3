"""The dg- directives of GCC's libgomp testsuite, read without DejaGnu.

A directive is a Tcl list in a comment, `{ dg-NAME ARGS }`, one per line
(DejaGnu finds them with a regular expression on each line, then reads
the match as a Tcl list). Those that decide how the test is built and run
are honoured; those that check the compiler's output (dg-final,
dg-warning, ...) are not, since the runtime is under test, not gcc.
Target selectors ({ target X }, dg-require-effective-target) are
evaluated for this machine: x86_64 GNU/Linux, GCC 12, no offload device.
"""

import fnmatch
import os
import re

TRIPLET = "x86_64-pc-linux-gnu"

DIRECTIVE = re.compile(r"\{[ \t]+dg-[-a-z]+[ \t]+.*[ \t]+\}")

# What GCC's effective-target checks answer here. Offloading: the host
# fallback shares the address space, so offload_device_shared_as holds
# (libgomp.exp runs a target region to find out) and the others do not.
EFFECTIVE = {
    "lp64": True, "ilp32": False, "ia32": False, "size32plus": True,
    "tls": True, "tls_runtime": True, "sync_int_long": True, "lto": True,
    "fpic": True, "shared": True, "large_long_double": True,
    "__float128": True, "fd_truncate": True, "sse2_runtime": True,
    "vect_simd_clones": True, "pthread": True, "fopenmp": True,
    "aarch64_tiny": False,
    "offload_device": False, "offload_device_nonshared_as": False,
    "offload_device_shared_as": True, "offload_device_nvptx": False,
    "offload_device_intel_mic": False, "offload_device_any_intel_mic": False,
    "offload_target_nvptx": False, "offload_target_amdgcn": False,
    "offload_target_intelmic": False,
}

# Directives about the compiler's diagnostics and dumps, and DejaGnu's own
# timeouts (this runner gives every test the same timeout).
IGNORED = {"dg-final", "dg-warning", "dg-error", "dg-bogus", "dg-message",
           "dg-note", "dg-prune-output", "dg-excess-errors", "dg-timeout",
           "dg-timeout-factor", "dg-require-alias", "dg-add-options"}


# Directives whose second argument, if any, is a `{ target X }` clause
# that decides whether they apply (dg-do and dg-require-effective-target
# have one too).
TARGETED = {
    "dg-options": lambda test, a: setattr(test, "options", a.split()),
    "dg-additional-options": lambda test, a: test.additional_options.extend(a.split()),
    "dg-shouldfail": lambda test, a: setattr(test, "should_fail", True),
    "dg-output": lambda test, a: setattr(test, "output", test.output + a),
}


class Unsupported(Exception):
    """The test cannot run here; the message says why."""


def effective_targets():
    with open("/proc/cpuinfo") as f:
        flags = set(next((line for line in f if line.startswith("flags")), "").split())
    return dict(EFFECTIVE, avx_runtime="avx" in flags,
                run_expensive_tests=bool(os.environ.get("GCC_TEST_RUN_EXPENSIVE")))


def tcl_list(text):
    """The words of a Tcl list: a braced word verbatim, a quoted or bare
    one with its backslash escapes replaced."""
    words, i, n = [], 0, len(text)
    while True:
        while i < n and text[i].isspace():
            i += 1
        if i == n:
            return words
        if text[i] == "{":
            depth, j = 1, i + 1
            while depth:
                if j == n:
                    raise ValueError(f"unbalanced braces in {text!r}")
                depth += {"{": 1, "}": -1}.get(text[j], 0)
                j += 2 if text[j] == "\\" else 1
            words.append(text[i + 1:j - 1])
            i = j
            continue
        quoted = text[i] == '"'
        i += quoted
        word = []
        while i < n and (text[i] != '"' if quoted else not text[i].isspace()):
            if text[i] == "\\" and i + 1 < n:
                i += 1
                word.append({"n": "\n", "r": "\r", "t": "\t"}.get(text[i], text[i]))
            else:
                word.append(text[i])
            i += 1
        words.append("".join(word))
        i += quoted


class Selector:
    """Evaluates GCC's target selectors: a list of targets (any matches),
    or `! X`, `X && Y`, `X || Y` of braced operands."""

    def __init__(self, language, targets):
        self.targets = dict(targets, c=language == "c", **{"c++": language == "c++"})

    def word(self, word):
        if "-" in word:
            return fnmatch.fnmatchcase(TRIPLET, word)
        if word not in self.targets:
            raise Unsupported(f"unknown effective target '{word}'")
        return self.targets[word]

    def operand(self, text):
        words = tcl_list(text)
        return self.word(text) if words == [text] else self.expression(words)

    def expression(self, words):
        if len(words) == 2 and words[0] == "!":
            return not self.operand(words[1])
        if len(words) == 3 and words[1] in ("&&", "||"):
            left, right = self.operand(words[0]), self.operand(words[2])
            return left and right if words[1] == "&&" else left or right
        return any(self.operand(w) for w in words)

    def holds(self, clause):
        """For a `{ target X }` clause; an absent clause holds."""
        if clause is None:
            return True
        words = tcl_list(clause)
        if words[:1] != ["target"]:
            raise Unsupported(f"selector '{clause}'")
        return self.expression(words[1:])


class Test:
    """How one test file is built and run."""

    def __init__(self):
        self.do = "run"
        self.options = None            # dg-options: replace the defaults
        self.additional_options = []
        self.additional_sources = []
        self.env = {}
        self.should_fail = False
        self.output = ""               # the dg-output regular expressions, joined
        self.skip_ifs = []             # (why, selector, include, exclude)


def read(path, language, targets):
    """The Test of PATH built as LANGUAGE ("c", "c++", "fortran"); raises
    Unsupported for a test that cannot run here."""
    sel = Selector(language, targets)
    test = Test()
    with open(path, errors="replace") as f:
        lines = f.read().splitlines()
    for line in lines:
        m = DIRECTIVE.search(line)
        if not m:
            continue
        name, *args = tcl_list(tcl_list(m.group(0))[0])
        if name in IGNORED:
            continue
        clause = args[1] if len(args) > 1 else None
        if name == "dg-do":
            if not sel.holds(clause):
                raise Unsupported(f"dg-do {args[0]} {{{clause}}}")
            test.do = args[0]
        elif name == "dg-require-effective-target":
            if sel.holds(clause) and not sel.word(args[0]):
                raise Unsupported(f"needs {args[0]}")
        elif name in TARGETED:
            if sel.holds(clause):
                TARGETED[name](test, args[0])
        elif name == "dg-additional-sources":
            test.additional_sources += args[0].split()
        elif name == "dg-set-target-env-var":
            test.env[args[0]] = args[1]
        elif name == "dg-skip-if":
            test.skip_ifs.append((args[0], args[1], args[2:3] or ["*"], args[3:4] or [""]))
        elif name in ("dg-xfail-if", "dg-xfail-run-if"):
            if sel.expression(tcl_list(args[1])):
                raise Unsupported(f"expected to fail here ({name} {{{args[1]}}})")
        else:
            raise Unsupported(f"unknown directive {name}")
    return test, sel


def check_skips(test, sel, flags):
    """Raises Unsupported if a dg-skip-if applies to a build with FLAGS:
    its selector holds, one of its include options is in FLAGS ("*": any)
    and none of its exclude options is."""
    for why, selector, include, exclude in test.skip_ifs:
        includes = tcl_list(include[0])
        excludes = [e for e in tcl_list(exclude[0]) if e]
        if (sel.expression(tcl_list(selector)) and
                any(o == "*" or o in flags for o in includes) and
                not any(o in flags for o in excludes)):
            raise Unsupported(f"dg-skip-if {{{selector}}}" + (f": {why}" if why else ""))
