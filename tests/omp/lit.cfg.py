# lit configuration of Bobbin's OpenMP tests. The build tree's
# lit.site.cfg.py (from lit.site.cfg.py.in) sets the paths, then loads this.
#
# Parameter: -D runtime=bobbin (default) links the tests against
# build/lib/libomp.so.5; -D runtime=system links LLVM's libomp instead, to
# check a test's expectations against the reference runtime. Tests that only
# make sense on Bobbin say `REQUIRES: bobbin`.
import os
import shutil
import subprocess

import lit.formats

config.name = "bobbin-omp"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp"]  # .cpp: %libomp-compile picks C++ from the name
config.excludes = ["include"]
config.test_source_root = config.bobbin_src_dir

runtime = lit_config.params.get("runtime", "bobbin")
if runtime not in ("bobbin", "system"):
    lit_config.fatal("runtime must be bobbin or system, not %r" % runtime)
if runtime == "bobbin":
    config.available_features.add("bobbin")
    lib_dir = config.bobbin_lib_dir
else:
    config.available_features.add("system-libomp")
    lib_dir = config.system_libomp_dir

# The tests' environment: nothing of the caller's OpenMP settings leaks in.
keep = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
for var in ("HOME", "TMPDIR", "LANG"):
    if var in os.environ:
        keep[var] = os.environ[var]
config.environment = keep
config.environment["BOBBIN_NUM_ES"] = "2"
# `-D ult_kind=full` (lsa, roc, ss, sc) runs the tests with that kind of ULT.
ult_kind = lit_config.params.get("ult_kind")
if ult_kind:
    config.environment["BOBBIN_ULT_KIND"] = ult_kind
# A waiter runs a task on its own stack only if the task's unit may run
# there: an SC unit (the default) may, the other kinds have stacks of
# their own. Pthread runtimes always do.
if ult_kind in (None, "sc") or runtime != "bobbin":
    config.available_features.add("tasks-on-waiter-stack")
preload = ""
if config.sanitize and runtime == "bobbin" and config.sanitizer_preload:
    # The test programs are not instrumented; the sanitized library needs
    # the ASan runtime loaded first.
    preload = config.sanitizer_preload
    config.environment["LD_PRELOAD"] = preload
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0"

bobbin_lib = os.path.join(config.bobbin_lib_dir, "libomp.so.5")
check_h_dir = os.path.join(config.bobbin_src_dir, "include")


def compile_cmd(libdir):
    return " ".join([
        config.clang, "-fopenmp", "-O1", "-Wall", "%s", "-o", "%t",
        "-I" + config.omp_include_dir, "-I" + check_h_dir,
        "-L" + libdir, "-Wl,-rpath," + libdir, "-lpthread"])


# Longest first: lit applies substitutions in order.
config.substitutions.append(("%system-libomp-compile",
                             compile_cmd(config.system_libomp_dir)))
config.substitutions.append(("%libomp-compile", compile_cmd(lib_dir)))
config.substitutions.append(("%libomp-run", "%t"))
# clang 19 (no omp.h of its own: the copy of LLVM 14's in <build>/include).
clang19 = "/usr/bin/clang-19"
if os.path.exists(clang19):
    config.available_features.add("clang19")
    config.substitutions.append(("%clang19-compile", compile_cmd(lib_dir).replace(
        config.clang, clang19, 1).replace(
        "-I" + config.omp_include_dir,
        "-I" + os.path.join(os.path.dirname(config.bobbin_lib_dir), "include"), 1)))
# LLVM 14's libomptarget with its x86_64 host plugin: clang programs built
# with %libomptarget-compile offload to it (`REQUIRES: libomptarget`).
llvm_lib = "/usr/lib/llvm-14/lib"
plugin = "libomptarget.rtl.x86_64.so"
if all(os.path.exists(os.path.join(llvm_lib, name))
       for name in ("libomptarget.so", plugin)):
    if preload:
        # ASan's dlopen loads the plugin without libomptarget's search path
        # (no device then, on LLVM's libomp too): the tests' library path
        # gets a directory holding the plugin alone.
        plugin_dir = os.path.join(config.test_exec_root, "libomptarget-plugin")
        os.makedirs(plugin_dir, exist_ok=True)
        if not os.path.lexists(os.path.join(plugin_dir, plugin)):
            os.symlink(os.path.join(llvm_lib, plugin), os.path.join(plugin_dir, plugin))
        config.environment["LD_LIBRARY_PATH"] = plugin_dir
    config.available_features.add("libomptarget")
    config.substitutions.insert(0, ("%libomptarget-compile", compile_cmd(lib_dir) +
                                    " -fopenmp-targets=x86_64-pc-linux-gnu"))
# OMPT tests (ompt/): LLVM's omp-tools.h, alone in a directory so that
# gcc keeps its own omp.h, and the program's symbols exported, so that the
# runtime finds a tool's ompt_start_tool in a gcc binary (linked against
# libgomp, which does not reference it) as in a clang one.
ompt_include = os.path.join(config.test_exec_root, "ompt-include")
os.makedirs(ompt_include, exist_ok=True)
if not os.path.lexists(os.path.join(ompt_include, "omp-tools.h")):
    os.symlink(os.path.join(config.omp_include_dir, "omp-tools.h"),
               os.path.join(ompt_include, "omp-tools.h"))
config.substitutions.append(("%ompt-flags", "-I" + ompt_include + " -rdynamic"))
config.substitutions.append(("%ompt-include", "-I" + ompt_include))
# tools/profile's OMPT profiler, built beside the runtime.
config.substitutions.append(("%profile-lib",
                             os.path.join(config.bobbin_lib_dir, "libbobbin_profile.so")))
# LLVM 14's Archer (libomp-14-dev), an OMPT tool for ThreadSanitizer:
# `REQUIRES: archer`, %archer-lib. Its programs are built with
# -fsanitize=thread, which the sanitizer tree's preloaded ASan excludes:
# there they say `UNSUPPORTED: sanitize`.
archer = os.path.join(llvm_lib, "libarcher.so")
if os.path.exists(archer):
    config.available_features.add("archer")
    config.substitutions.append(("%archer-lib", archer))
if config.sanitize:
    config.available_features.add("sanitize")
# The default stack size of units, which sanitizer builds keep at 1M, and
# half of ulimit -s (at most 64M) where that is more than 4M
# (threading/init.c): FileCheck -DSTACK=%default-stack.
def default_stack():
    import resource
    limit = resource.getrlimit(resource.RLIMIT_STACK)[0]
    mib = 64 if limit == resource.RLIM_INFINITY else min(limit >> 20, 64)
    if mib // 2 > 4:
        return "%dM" % (mib // 2)
    return "1M" if config.sanitize else "4M"
config.substitutions.append(("%default-stack", default_stack()))
config.substitutions.append(("%bobbin-preload",
                             ":".join(p for p in (preload, bobbin_lib) if p)))
config.substitutions.append(("%bobbin-lib", bobbin_lib))
config.substitutions.append(("%libomp-dir", lib_dir))
# Debian's OpenMP build of OpenBLAS (libopenblas0-openmp): tests that run it
# say `REQUIRES: openblas` and link it with %openblas-flags.
openblas = "/usr/lib/x86_64-linux-gnu/openblas-openmp"
if os.path.exists(os.path.join(openblas, "libopenblas.so")):
    config.available_features.add("openblas")
    config.substitutions.append(("%openblas-flags", " ".join([
        "-I/usr/include/x86_64-linux-gnu/openblas-openmp", "-L" + openblas,
        "-Wl,-rpath," + openblas, "-lopenblas", "-lm"])))
    config.substitutions.append(("%openblas-dir", openblas))
# Debian's python3 with python3-numpy (guest/numpy_dlopen.c): `REQUIRES: numpy`.
debian_python = "/usr/bin/python3"
if subprocess.run([debian_python, "-c", "import numpy"], capture_output=True).returncode == 0:
    config.available_features.add("numpy")
    config.substitutions.append(("%python3", debian_python))
# Open MPI (openmpi-bin, libopenmpi-dev): `REQUIRES: mpi`, %mpi-flags, and
# %mpirun, which may oversubscribe this machine's cores and run as root.
if shutil.which("mpicc") and shutil.which("mpirun"):
    mpi_flags = " ".join(subprocess.run(["mpicc", "--showme:" + part], check=True,
                                        capture_output=True, text=True).stdout.strip()
                         for part in ("compile", "link"))
    config.available_features.add("mpi")
    config.substitutions.append(("%mpi-flags", mpi_flags))
    config.substitutions.append(("%mpirun", "env OMPI_ALLOW_RUN_AS_ROOT=1 "
                                 "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun --oversubscribe"))
# FileCheck and not from LLVM 14, only where they stand as a command word.
for tool in ("FileCheck", "not"):
    config.substitutions.append((r"(?<![\w/.%%-])%s(?![\w/.-])" % tool,
                                 os.path.join(config.llvm_tools_dir, tool)))

# ---- gcc and gfortran ----------------------------------------------------------
# Every C/C++ test runs twice: built by clang (feature `clang`, the name as
# is) and by gcc against gcc's own omp.h and libgomp.so.1 (feature `gcc`,
# reported as gcc/<dir>/<test>). With runtime=bobbin the gcc programs find
# Bobbin through their rpath, since build/lib holds it as libgomp.so.1; with
# runtime=system they run on the system's libgomp. Tests a compiler cannot
# build say `REQUIRES: clang` (or gcc). Fortran tests (.f90) are gfortran's
# only. `-D compilers=clang` (or gcc) runs one variant.
import copy
import sys

compilers = lit_config.params.get("compilers", "clang,gcc").split(",")
config.available_features.add("clang")
config.suffixes.append(".f90")


def gnu_compile_cmd(driver, libdir):
    parts = [driver, "-fopenmp", "-O1", "-Wall", "%s", "-o", "%t"]
    if driver != "gfortran":
        parts.append("-I" + check_h_dir)
    if libdir:  # else the system's libgomp.so.1
        parts.append("-Wl,-rpath," + libdir)
    return " ".join(parts + ["-lpthread"])


gnu_lib_dir = config.bobbin_lib_dir if runtime == "bobbin" else None
gnu = {"gcc": shutil.which("gcc"), "gfortran": shutil.which("gfortran")}
gcc_config = copy.copy(config)
gcc_config.available_features = (set(config.available_features)
                                  - {"clang", "clang19"}) | {"gcc"}
if gnu["gfortran"]:
    gcc_config.available_features.add("gfortran")
gcc_config.substitutions = [
    (pattern, replacement) for pattern, replacement in config.substitutions
    if pattern not in ("%system-libomp-compile", "%libomp-compile", "%clang19-compile")]
# %system-libomp-compile: against the compiler's reference runtime (libgomp).
gcc_config.substitutions[:0] = [
    ("%system-libomp-compile", gnu_compile_cmd("gcc", None)),
    ("%gfortran-compile", gnu_compile_cmd("gfortran", gnu_lib_dir)),
    ("%libomp-compile", gnu_compile_cmd("gcc", gnu_lib_dir)),
]


sys.path.insert(0, config.bobbin_src_dir)
import lit_gcc  # noqa: E402

# Directories of gcc's own tests (the GOMP interface, gfortran): no clang build.
gcc_only = ["gomp", "fortran"]
config.test_format = lit_gcc.ClangAndGccTest(compilers,
                                             gcc_config if gnu["gcc"] else None,
                                             gcc_only)
