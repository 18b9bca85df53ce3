# lit configuration of Bobbin's OpenMP tests. The build tree's
# lit.site.cfg.py (from lit.site.cfg.py.in) sets the paths, then loads this.
#
# Parameter: -D runtime=bobbin (default) links the tests against
# build/lib/libomp.so.5; -D runtime=system links LLVM's libomp instead, to
# check a test's expectations against the reference runtime. Tests that only
# make sense on Bobbin say `REQUIRES: bobbin`.
import os

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
config.substitutions.append(("%bobbin-preload",
                             ":".join(p for p in (preload, bobbin_lib) if p)))
config.substitutions.append(("%bobbin-lib", bobbin_lib))
config.substitutions.append(("%libomp-dir", lib_dir))
# FileCheck and not from LLVM 14, only where they stand as a command word.
for tool in ("FileCheck", "not"):
    config.substitutions.append((r"(?<![\w/.%%-])%s(?![\w/.-])" % tool,
                                 os.path.join(config.llvm_tools_dir, tool)))

