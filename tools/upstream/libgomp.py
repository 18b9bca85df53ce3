"""GCC 12's libgomp testsuite, built and run as its .exp files do.

The directories and languages are those of c.exp, c++.exp and
fortran.exp: libgomp.c/**.c and libgomp.c-c++-common/**.c as C;
libgomp.c++/**.C and the c-c++-common files again as C++ (their ids end
in @c++); libgomp.fortran/**.{f,F}{,90,95,03,08} as Fortran. Flags are
those of libgomp.exp's ALWAYS_CFLAGS, then -O2 (the C and C++ default,
which dg-options replaces; for Fortran, -O2 is the one torture option
used, and dg-options adds to it), then dg-additional-options. A test is
built once, in runs/libgomp/build/ID/, and run on each runtime in a
fresh directory; its log is runs/libgomp/RUNTIME/ID.log.
"""

import concurrent.futures
import os
import re
import shutil

import common
import dejagnu

# (directory, file name pattern, language, id suffix)
GROUPS = [
    ("libgomp.c", r"\.c$", "c", ""),
    ("libgomp.c-c++-common", r"\.c$", "c", ""),
    ("libgomp.c++", r"\.C$", "c++", ""),
    ("libgomp.c-c++-common", r"\.c$", "c++", "@c++"),
    ("libgomp.fortran", r"\.[fF](|90|95|03|08)$", "fortran", ""),
]
COMPILERS = {"c": "gcc-12", "c++": "g++-12", "fortran": "gfortran-12"}
COMPILE_TIMEOUT = 600
# The environment a developer's shell may carry that would change what the
# tests see; the suites set what they need.
DROPPED_ENV = re.compile(r"(OMP|GOMP|KMP|LIBOMP)_|LD_PRELOAD$|LD_LIBRARY_PATH$")


def discover(test_dir):
    """[(id, path, language)] in DejaGnu's order (sorted per .exp)."""
    tests = []
    for directory, pattern, language, suffix in GROUPS:
        found = []
        for parent, _, files in os.walk(os.path.join(test_dir, directory)):
            found += [os.path.join(parent, f) for f in files if re.search(pattern, f)]
        tests += [(os.path.relpath(p, test_dir) + suffix, p, language) for p in sorted(found)]
    return tests


def always_flags(test_dir, out):
    """libgomp.exp's ALWAYS_CFLAGS for an installed compiler. Its -I of
    libgomp's build directory finds the config.h that configure writes;
    affinity-1.c reads one macro of it, which configure defines on glibc."""
    config = os.path.join(out, "config")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "config.h"), "w") as f:
        f.write("#define HAVE_PTHREAD_AFFINITY_NP 1\n")
    gcc = os.path.dirname(os.path.dirname(test_dir))
    return ["-I" + config, "-I" + os.path.join(gcc, "include"),
            "-I" + os.path.join(gcc, "libgomp"), "-fmessage-length=0",
            "-fno-diagnostics-show-caret", "-fdiagnostics-color=never", "-fopenmp"]


def command(test, path, language, flags, exe):
    argv = [COMPILERS[language]]
    if language == "c++" and path.endswith(".c"):
        argv += ["-x", "c++"]  # as c++.exp puts it into GCC_UNDER_TEST
    sources = [os.path.normpath(os.path.join(os.path.dirname(path), s))
               for s in test.additional_sources]
    return argv + [path] + sources + flags + ["-o", exe]


def build(argv, build_dir):
    """Builds a test unless the same command built it before; returns None
    or why it failed."""
    exe = argv[-1]
    stamp = os.path.join(build_dir, "command")
    line = " ".join(argv)
    if os.path.exists(exe) and os.path.exists(stamp) and open(stamp).read() == line:
        return None
    shutil.rmtree(build_dir, ignore_errors=True)
    os.makedirs(build_dir)
    status, output = common.run(argv, build_dir, None, COMPILE_TIMEOUT)
    with open(os.path.join(build_dir, "build.log"), "w") as f:
        f.write(f"{line}\n{output}")
    if status != 0:
        return "build: " + common.status_reason(status, COMPILE_TIMEOUT)
    with open(stamp, "w") as f:
        f.write(line)
    return None


def run_once(test, exe, runtime_dir, run_dir, log, timeout):
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    env = {k: v for k, v in os.environ.items() if not DROPPED_ENV.match(k)}
    env.update(test.env, LD_LIBRARY_PATH=runtime_dir)
    status, output = common.run([exe], run_dir, env, timeout)
    settings = [f"{k}={v}" for k, v in sorted(test.env.items())]
    with open(log, "w") as f:
        f.write(" ".join([f"LD_LIBRARY_PATH={runtime_dir}"] + settings + [exe]) + "\n"
                f"status: {status}\n{output}")
    shutil.rmtree(run_dir, ignore_errors=True)
    failed = status is None or (status != 0) != test.should_fail
    if failed:
        why = common.status_reason(status, timeout)
        return common.Result("fail", why + (" (dg-shouldfail)" if test.should_fail else ""), log)
    if test.output and not re.search(test.output, output, re.S):
        return common.Result("fail", "dg-output not matched", log)
    return common.Result("pass", "", log)


def one(test_id, path, language, always, runtime_dirs, runs, out, timeout, targets):
    """{runtime: Result} of one test."""
    logs = {rt: os.path.join(out, rt, test_id + ".log") for rt in runs}
    build_dir = os.path.join(out, "build", test_id)
    try:
        test, sel = dejagnu.read(path, language, targets)
        if test.do != "run":
            raise dejagnu.Unsupported(f"not a run test (dg-do {test.do})")
        flags = always + (
            ["-O2"] + (test.options or []) if language == "fortran"
            else test.options or ["-O2"]) + test.additional_options
        dejagnu.check_skips(test, sel, flags)
    except dejagnu.Unsupported as e:
        return {rt: common.Result("skip", str(e), "") for rt in runs}
    argv = command(test, path, language, flags, os.path.join(build_dir, "a.out"))
    failed = build(argv, build_dir)
    if failed:
        log = os.path.join(build_dir, "build.log")
        return {rt: common.Result("fail", failed, log) for rt in runs}
    results = {}
    for rt in runs:
        os.makedirs(os.path.dirname(logs[rt]), exist_ok=True)
        results[rt] = run_once(test, argv[-1], runtime_dirs[rt],
                               os.path.join(out, rt, "cwd", test_id), logs[rt], timeout)
    return results


def run(test_dir, runtime_dirs, runs, cache, args, excluded):
    """Runs the suite on RUNS; returns ({runtime: {id: Result}}, ids run)."""
    out = os.path.join(cache, "runs", "libgomp")
    targets = dejagnu.effective_targets()
    always = always_flags(test_dir, out)
    tests = [t for t in discover(test_dir)
             if not common.is_excluded(t[0], excluded) and
             (not args.only or re.search(args.only, t[0]))]
    results = {rt: {} for rt in runs}
    common.say(f"libgomp: {len(tests)} tests on {' and '.join(runs)}, {args.jobs} at a time")
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(one, test_id, path, language, always, runtime_dirs, runs,
                               out, args.timeout, targets): test_id
                   for test_id, path, language in tests}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            test_id = futures[future]
            for rt, result in future.result().items():
                results[rt][test_id] = result
            bobbin, reference = results["bobbin"][test_id], results.get("reference", {})
            if bobbin.status == "fail" and test_id in reference and \
                    reference[test_id].status == "pass":
                common.say(f"libgomp: {test_id} fails on bobbin only: {bobbin.reason}")
            if done % 100 == 0:
                common.say(f"libgomp: {done} of {len(tests)} done")
    return results, [t[0] for t in tests]
