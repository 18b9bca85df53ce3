"""Checks that a library exports every `name@version` of a list (see
libgomp_symbols.txt): prints the missing ones and exits 1 if any required
one is missing; `pending` entries are reported, not required.
Usage: check_exports.py LIBRARY LIST"""
import subprocess
import sys

lib, listing = sys.argv[1], sys.argv[2]
out = subprocess.run(["objdump", "-T", lib], check=True, capture_output=True,
                     text=True).stdout
exported = set()
for line in out.splitlines():
    fields = line.split()
    if len(fields) >= 2 and ".text" in line:
        version = fields[-2].strip("()")
        exported.add(fields[-1] + "@" + version)
required, pending = [], []
for line in open(listing):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    if line.startswith("pending "):
        pending.append(line.split()[1])
    else:
        required.append(line)
missing = [s for s in required if s not in exported]
for s in missing:
    print("missing:", s)
for s in pending:
    print("pending:", s, "(exported)" if s in exported else "(not yet)")
print("%d of %d required symbol versions exported" % (len(required) - len(missing),
                                                      len(required)))
sys.exit(1 if missing else 0)
