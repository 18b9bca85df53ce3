"""What both suites share: a test's result, running a program under a
timeout, the exclusion list, the stored results and the report."""

import collections
import fnmatch
import json
import os
import signal
import subprocess

# Debian's Python, which has psutil (lit's --timeout needs it).
PYTHON = "/usr/bin/python3"

# status: "pass", "fail" or "skip"; reason: one line, for fail and skip;
# log: the file holding the test's commands and output.
Result = collections.namedtuple("Result", "status reason log")


def say(msg):
    print(f"upstream-suites: {msg}", flush=True)


def signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


def run(argv, cwd, env, timeout):
    """Runs ARGV with stdout and stderr merged; returns (exit status, or
    None after TIMEOUT seconds, output). A negative status is a signal. A
    timed-out program is killed with everything it started."""
    p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        status = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        status = None
    return status, out.decode(errors="replace")


def status_reason(status, timeout):
    if status is None:
        return f"timeout ({timeout} s)"
    if status < 0:
        return "signal " + signal_name(-status)
    return f"exit {status}"


def read_excluded(path):
    """{suite: {glob: reason}} from the exclusion list: per line, a glob
    matched against suite/test-id, then why."""
    excluded = collections.defaultdict(dict)
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            pattern, _, why = line.partition(" ")
            suite, _, test = pattern.partition("/")
            if not test or not why.strip():
                raise SystemExit(f"upstream-suites: {path}:{number}: expected "
                                 "'suite/test-path reason'")
            excluded[suite][test] = why.strip()
    return excluded


def is_excluded(test_id, globs):
    return any(fnmatch.fnmatchcase(test_id, g) for g in globs)


def merge_stored(path, results):
    """Adds RESULTS to those stored in PATH from earlier runs (a run with
    --only updates its tests only); returns all of them."""
    stored = {}
    if os.path.exists(path):
        with open(path) as f:
            stored = {k: Result(*v) for k, v in json.load(f).items()}
    stored.update(results)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(stored, f, indent=0, sort_keys=True)
    return stored


def report(suite, reference, bobbin, ran, excluded):
    """Prints the suite's summary line and its differences. REFERENCE and
    BOBBIN map test ids to Results; RAN lists the ids of this run (the
    reference may come from an earlier run). Returns how many tests fail
    on Bobbin and not on the reference (or with no reference result)."""
    if not ran:
        print(f"{suite}: no tests selected ({excluded} excluded)")
        return 0
    def passed(results):
        return sum(1 for t in ran if t in results and results[t].status == "pass")

    only_bobbin = [t for t in ran if bobbin[t].status == "fail" and
                   t in reference and reference[t].status == "pass"]
    only_reference = [t for t in ran if bobbin[t].status == "pass" and
                      t in reference and reference[t].status == "fail"]
    both = [t for t in ran if bobbin[t].status == "fail" and
            t in reference and reference[t].status == "fail"]
    unknown = [t for t in ran if bobbin[t].status == "fail" and t not in reference]
    skipped = sum(1 for t in ran if bobbin[t].status == "skip")
    print(f"{suite}: reference {passed(reference)} pass, bobbin {passed(bobbin)} pass, "
          f"{len(only_bobbin)} fail only on bobbin "
          f"({len(ran)} tests: {skipped} skipped, {len(both)} fail on both, "
          f"{len(only_reference)} fail only on the reference, {excluded} excluded)")
    width = max((len(t) for t in ran), default=0)
    for title, tests, results in (("fail only on bobbin", only_bobbin, bobbin),
                                  ("fail on bobbin, no reference result", unknown, bobbin),
                                  ("fail only on the reference", only_reference, reference)):
        if tests:
            print(f"  {title}:")
            for t in sorted(tests):
                print(f"    {t:{width}}  {results[t].reason}")
    return len(only_bobbin) + len(unknown)
