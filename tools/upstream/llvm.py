"""LLVM 19's openmp/runtime/test, run by LLVM 19's lit as its CMake build
runs it, once per runtime.

The lit.site.cfg that CMake would write is written here, for clang-19
against Debian's libomp 19 (its omp.h, omp-tools.h, and libomp.so to link
to) with OMPT on; the Bobbin run's only difference is LD_LIBRARY_PATH.
Compiles go through cc_cache, so the Bobbin run reuses the reference run's
binaries. A test's id is its path under runtime/test; the ompt/ ones form
their own suite in the report.
"""

import fnmatch
import json
import os
import re
import subprocess
import sys
import time

import common

HERE = os.path.dirname(os.path.abspath(__file__))
LIB = "usr/lib/llvm-19/lib"
BIN = "usr/lib/llvm-19/bin"
LIT = "usr/lib/llvm-19/build/utils/lit/lit.py"

SITE_CFG = """\
# Written by tools/upstream-suites: what LLVM's CMake writes into
# lit.site.cfg for an in-tree build of libomp with OMPT.
config.test_c_compiler = "{cc} /usr/bin/clang-19"
config.test_cxx_compiler = "{cc} /usr/bin/clang++-19"
config.test_compiler_features = ['clang', 'clang-19', 'clang-19.1', 'clang-19.1.7', 'x86_64']
config.test_compiler_has_omp_h = True
config.test_filecheck = "{packages}/{bin}/FileCheck"
config.test_not = "{packages}/{bin}/not"
config.test_openmp_flags = "-fopenmp -pthread"
config.test_extra_flags = ""
config.libomp_obj_root = "{exec_root}"
config.library_dir = "{packages}/{lib}"
config.omp_header_directory = "{packages}/{lib}/clang/19/include"
config.operating_system = "Linux"
config.hwloc_library_dir = ""
config.using_hwloc = False
config.has_ompt = True
config.has_ompx_taskgraph = False
config.has_libm = True
config.has_libatomic = False
config.is_standalone_build = False
config.has_omit_frame_pointer_flag = True
config.target_arch = "x86_64"
lit_config.load_config(config, "{test_dir}/lit.cfg")
# The runtime under test; the binaries were linked to the reference.
config.environment["LD_LIBRARY_PATH"] = "{runtime_dir}"
"""

def reference_dir(packages):
    return os.path.join(packages, LIB)


# In lit's log of a test: each command it ran, the status of a failed
# one, and FileCheck's message for a check that failed.
EXECUTED = "# executed command: "
COMMAND_FAILED = re.compile(r"error: command failed with exit status: (-?\d+)")
CHECK_FAILED = re.compile(r"^# \| \S+?:(\d+):\d+: error: (.*)$", re.M)
MESSAGE = re.compile(r"^# \| (.+)$", re.M)


def reason(code, output, timeout):
    """One line saying why lit failed a test: the first command of the
    test's own that failed (a crash makes FileCheck fail too), else
    FileCheck's first complaint."""
    if code == "TIMEOUT":
        return f"timeout ({timeout} s)"
    commands = output.split(EXECUTED)[1:]
    for command in commands:
        failed = COMMAND_FAILED.search(command)
        words = [w for w in command.split("\n", 1)[0].split() if w != "env" and "=" not in w]
        if failed and "FileCheck" not in words[0]:
            # The test's binary is %t; name any other program (a checker).
            program = next((w for w in words if w.endswith(".py")), words[0])
            who = "" if program.endswith(".tmp") else os.path.basename(program) + ": "
            status = int(failed.group(1))
            if status < 0 or status > 128:
                return who + "signal " + common.signal_name(abs(status) % 128)
            return who + f"exit {status}"
    for command in commands:
        if COMMAND_FAILED.search(command):
            check = CHECK_FAILED.search(command)
            if check:
                return f"FileCheck, line {check.group(1)}: {check.group(2)[:100]}"
            said = MESSAGE.search(command)
            return "FileCheck: " + (said.group(1).replace("FileCheck error: ", "")[:100]
                                    if said else "failed")
    return code.lower()


def run(runtime, runtime_dir, sources, packages, cache, args, excluded):
    """Runs the suite on one runtime; returns {id: Result}."""
    exec_root = os.path.join(cache, "runs", "llvm19", runtime)
    os.makedirs(exec_root, exist_ok=True)
    cc = " ".join([common.PYTHON, os.path.join(HERE, "cc_cache"),
                   os.path.join(cache, "runs", "llvm19", "binaries"), exec_root])
    with open(os.path.join(exec_root, "lit.site.cfg"), "w") as f:
        f.write(SITE_CFG.format(cc=cc, packages=packages, bin=BIN, lib=LIB,
                                exec_root=exec_root, test_dir=sources,
                                runtime_dir=runtime_dir))
    results_json = os.path.join(exec_root, "results.json")
    if os.path.exists(results_json):
        os.remove(results_json)
    lit = [common.PYTHON, os.path.join(packages, LIT),
           "-q", "-j", str(args.jobs), "--timeout", str(args.timeout), "-o", results_json]
    if args.only:
        lit += ["--filter", args.only]
    if excluded:
        lit += ["--filter-out", "|".join(" :: " + fnmatch.translate(g) for g in excluded)]
    log = os.path.join(exec_root, "lit.log")
    common.say(f"llvm19: lit on {runtime}, {args.jobs} tests at a time (log: {log})")
    start = time.monotonic()
    with open(log, "w") as f:
        subprocess.run(lit + [exec_root], stdout=f, stderr=subprocess.STDOUT)
    common.say(f"llvm19: {runtime} done in {time.monotonic() - start:.0f} s")
    if not os.path.exists(results_json):
        sys.exit(f"upstream-suites: lit wrote no results; see {log}")
    with open(results_json) as f:
        tests = json.load(f)["tests"]
    results = {}
    logs = os.path.join(exec_root, "logs")
    for t in tests:
        test_id = t["name"].split(" :: ", 1)[1]
        path = os.path.join(logs, test_id + ".log")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(t.get("output", ""))
        if t["code"] in ("PASS", "XFAIL"):
            results[test_id] = common.Result("pass", "", path)
        elif t["code"] == "UNSUPPORTED":
            results[test_id] = common.Result("skip", "unsupported", path)
        else:
            results[test_id] = common.Result(
                "fail", reason(t["code"], t.get("output", ""), args.timeout), path)
    return results
