"""Fetches what the upstream suites need into the cache, once each.

LLVM 19.1.7's openmp/ from Debian's llvm-toolchain-19 source tarball; GCC
12.2's libgomp testsuite (and the two headers its tests include from the
libgomp and include directories) from Debian's gcc-12-source package; and,
unpacked aside (never installed), Debian's libomp5-19 and libomp-19-dev
(LLVM 19's libomp, its omp.h and omp-tools.h) and llvm-19-tools (LLVM 19's
lit, FileCheck and not). A step whose result is already in the cache is
skipped, so only the first run needs the network.
"""

import glob
import os
import subprocess
import sys
import tempfile
import urllib.request

from common import say

LLVM_URL = ("http://deb.debian.org/debian/pool/main/l/llvm-toolchain-19/"
            "llvm-toolchain-19_19.1.7.orig.tar.xz")
LLVM_DIR = "llvm-toolchain-19_19.1.7"
GCC_DIR = "gcc-12.2.0"
GCC_TARBALL = "usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz"
GCC_MEMBERS = ["*/libgomp/testsuite/*", "*/libgomp/libgomp_g.h",
               "*/include/gomp-constants.h"]
LLVM19_PACKAGES = ["libomp5-19", "libomp-19-dev", "llvm-19-tools"]


def cache_dir():
    base = os.environ.get("BOBBIN_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "bobbin")
    return os.path.join(base, "upstream")


def apt_download(packages, into):
    """Downloads PACKAGES' .debs into INTO with apt-get (as the ordinary
    client does, nothing installed); returns their paths."""
    os.makedirs(into, exist_ok=True)
    os.chmod(into, 0o755)  # apt-get downloads as its own user
    subprocess.run(["apt-get", "download", "-q"] + packages, cwd=into, check=True,
                   stdout=subprocess.DEVNULL)
    return [max(glob.glob(os.path.join(into, f"{p}_*.deb"))) for p in packages]


def llvm_sources(cache):
    """openmp/ of LLVM 19.1.7; returns its runtime/test directory."""
    test_dir = os.path.join(cache, LLVM_DIR, "openmp", "runtime", "test")
    if os.path.exists(os.path.join(test_dir, "lit.cfg")):
        return test_dir
    tarball = os.path.join(cache, os.path.basename(LLVM_URL))
    if not os.path.exists(tarball):
        say(f"downloading {LLVM_URL} (164 MB)")
        urllib.request.urlretrieve(LLVM_URL, tarball + ".part")
        os.rename(tarball + ".part", tarball)
    say(f"extracting openmp/ from {os.path.basename(tarball)}")
    subprocess.run(["tar", "-xJf", tarball, "-C", cache, "--wildcards", "*/openmp/*"],
                   check=True)
    return test_dir


def gcc_sources(cache):
    """libgomp's testsuite of GCC 12.2 with the headers it includes from
    outside it; returns the testsuite directory."""
    root = os.path.join(cache, GCC_DIR)
    test_dir = os.path.join(root, "libgomp", "testsuite")
    wanted = [os.path.join(test_dir, "libgomp.c", "c.exp"),
              os.path.join(root, "libgomp", "libgomp_g.h"),
              os.path.join(root, "include", "gomp-constants.h")]
    if all(os.path.exists(w) for w in wanted):
        return test_dir
    debs = glob.glob(os.path.join(cache, "gcc-12-source_*.deb"))
    deb = max(debs) if debs else None
    if deb is None:
        say("downloading Debian's gcc-12-source (80 MB)")
        deb = apt_download(["gcc-12-source"], cache)[0]
    say(f"extracting libgomp's testsuite from {os.path.basename(deb)}")
    # The package holds the GCC tarball; stream it out rather than unpack
    # the whole package.
    deb_tar = subprocess.Popen(["dpkg-deb", "--fsys-tarfile", deb], stdout=subprocess.PIPE)
    inner = subprocess.Popen(["tar", "-xO", "./" + GCC_TARBALL], stdin=deb_tar.stdout,
                             stdout=subprocess.PIPE)
    deb_tar.stdout.close()
    subprocess.run(["tar", "-xJ", "-C", cache, "--wildcards"] + GCC_MEMBERS,
                   stdin=inner.stdout, check=True)
    inner.stdout.close()
    if inner.wait() or deb_tar.wait():
        sys.exit(f"upstream-suites: could not read {GCC_TARBALL} from {deb}")
    return test_dir


def llvm19_packages(cache):
    """Debian's LLVM 19 libomp, its headers and test tools, unpacked into
    one root; returns that root."""
    root = os.path.join(cache, "llvm19-packages")
    done = os.path.join(root, ".unpacked")
    if os.path.exists(done):
        return root
    say("downloading Debian's " + ", ".join(LLVM19_PACKAGES) + " (not installed)")
    with tempfile.TemporaryDirectory() as tmp:
        debs = apt_download(LLVM19_PACKAGES, tmp)
        for deb in debs:
            subprocess.run(["dpkg-deb", "-x", deb, root], check=True)
        with open(done, "w") as f:
            f.write("".join(os.path.basename(deb) + "\n" for deb in debs))
    return root
