#!/usr/bin/python3
"""Charts of tools/bench's results:  plot.py RESULTS_DIR

Reads overhead.csv, nested.csv, kernels.csv and idle.csv (those present)
from RESULTS_DIR and writes there, with matplotlib (Debian's
python3-matplotlib):

    overhead.png  overhead (us) vs threads, one panel per construct
    nested.png    seconds and peak OS threads vs inner threads
    kernels.png   seconds of each task kernel
    idle.png      CPU seconds and wall seconds of the idle benchmark

One line (or bar) per runtime; failed runs are left out. Prints the path of
each chart written.
"""
import csv
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FuncFormatter, NullFormatter  # noqa: E402

PLAIN = FuncFormatter(lambda v, _: f"{v:g}")

STYLE = {  # (compiler, runtime) -> colour, marker, line style, label
    ("clang", "libomp"): ("tab:blue", "o", "-", "LLVM libomp (clang)"),
    ("clang", "libomp19"): ("tab:cyan", "x", "--", "LLVM libomp 19 (clang)"),
    ("clang", "bobbin"): ("tab:red", "s", "-", "Bobbin (clang)"),
    ("clang", "bobbin-tasklet"): ("tab:orange", "^", "--", "Bobbin tasklet (clang)"),
    ("gcc", "libgomp"): ("tab:green", "D", "-", "GNU libgomp (gcc)"),
    ("gcc", "bobbin"): ("tab:purple", "v", ":", "Bobbin (gcc)"),
}


def load(out, name):
    path = os.path.join(out, name + ".csv")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        rows = list(csv.DictReader(f))
    good = []
    for r in rows:
        if r["status"] == "failed" or r["median"] == "":
            continue
        r["param"] = int(r["param"])
        r["median"] = float(r["median"])
        good.append(r)
    return good


def series(rows, **where):
    """{(compiler, runtime): sorted [(param, row)]} of the rows matching where."""
    out = {}
    for r in rows:
        if all(r[k] == v for k, v in where.items()):
            out.setdefault((r["compiler"], r["runtime"]), []).append((r["param"], r))
    return {k: sorted(v, key=lambda x: x[0]) for k, v in out.items()}


def ordered(keys):
    return [k for k in STYLE if k in keys]


def finish(fig, out, name):
    path = os.path.join(out, name)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    print(path)


def plot_overhead(out, rows):
    if not rows:
        return
    cases = []
    for r in rows:
        if r["case"] not in cases:
            cases.append(r["case"])
    cols = 5
    nrow = math.ceil(len(cases) / cols)
    fig, axes = plt.subplots(nrow, cols, figsize=(3.2 * cols, 2.6 * nrow),
                             squeeze=False)
    threads = sorted({r["param"] for r in rows})
    for ax, case in zip(axes.flat, cases):
        s = series(rows, case=case)
        for key in ordered(s):
            colour, marker, ls, label = STYLE[key]
            xs = [p for p, _ in s[key]]
            ys = [max(r["median"], 1e-3) for _, r in s[key]]
            ax.plot(xs, ys, color=colour, marker=marker, linestyle=ls, label=label)
        ax.set_title(case, fontsize=10)
        ax.set_yscale("log")
        ax.yaxis.set_major_formatter(PLAIN)
        ax.yaxis.set_minor_formatter(NullFormatter())
        ax.set_xticks(threads)
        ax.tick_params(labelsize=8)
        ax.grid(True, which="both", alpha=0.3)
    for ax in list(axes.flat)[len(cases):]:
        ax.axis("off")
    for ax in axes[:, 0]:
        ax.set_ylabel("us per construct", fontsize=8)
    for ax in axes[-1, :]:
        ax.set_xlabel("threads", fontsize=8)
    handles, labels = [], []
    for ax in axes.flat:
        for h, l in zip(*ax.get_legend_handles_labels()):
            if l not in labels:
                handles.append(h)
                labels.append(l)
    fig.legend(handles, labels, loc="upper center", ncol=len(labels),
               bbox_to_anchor=(0.5, 1.0 + 0.12 / nrow), fontsize=9)
    fig.suptitle("Construct overheads (median, log scale; lower is better)",
                 y=1.0 + 0.2 / nrow)
    fig.tight_layout()
    finish(fig, out, "overhead.png")


def plot_nested(out, rows):
    if not rows:
        return
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4))
    s = series(rows)
    for key in ordered(s):
        colour, marker, ls, label = STYLE[key]
        xs = [p for p, _ in s[key]]
        a1.plot(xs, [r["median"] for _, r in s[key]], color=colour, marker=marker,
                linestyle=ls, label=label)
        th = [(p, float(r["os_threads"])) for p, r in s[key] if r.get("os_threads")]
        if th:
            a2.plot([p for p, _ in th], [t for _, t in th], color=colour,
                    marker=marker, linestyle=ls, label=label)
    inner = sorted({r["param"] for r in rows})
    for ax in (a1, a2):
        ax.set_xscale("log", base=2)
        ax.set_xticks(inner)
        ax.set_xticklabels([str(i) for i in inner])
        ax.set_xlabel("inner threads (outer = number of cores)")
        ax.grid(True, which="both", alpha=0.3)
    a1.set_yscale("log")
    a1.yaxis.set_major_formatter(PLAIN)
    a1.set_ylabel("seconds (log)")
    a1.set_title("Nested parallel for: time")
    a2.set_yscale("log", base=2)
    a2.yaxis.set_major_formatter(PLAIN)
    a2.set_ylabel("peak OS threads (log)")
    a2.set_title("OS threads used")
    a1.legend(fontsize=8)
    fig.tight_layout()
    finish(fig, out, "nested.png")


def bars(ax, rows, cases, value):
    keys = ordered({(r["compiler"], r["runtime"]) for r in rows})
    width = 0.8 / max(len(keys), 1)
    for i, key in enumerate(keys):
        colour, _, _, label = STYLE[key]
        xs, ys = [], []
        for j, case in enumerate(cases):
            for r in rows:
                if (r["compiler"], r["runtime"]) == key and r["case"] == case:
                    xs.append(j + (i - (len(keys) - 1) / 2) * width)
                    ys.append(value(r))
        ax.bar(xs, ys, width=width, color=colour, label=label)
    ax.set_xticks(range(len(cases)))
    ax.set_xticklabels(cases)
    ax.grid(True, axis="y", alpha=0.3)


def plot_kernels(out, rows):
    if not rows:
        return
    cases = []
    for r in rows:
        if r["case"] not in cases:
            cases.append(r["case"])
    fig, axes = plt.subplots(1, len(cases), figsize=(4 * len(cases), 3.6),
                             squeeze=False)
    for ax, case in zip(axes.flat, cases):
        sel = [r for r in rows if r["case"] == case]
        bars(ax, sel, [case], lambda r: r["median"])
        ax.set_ylabel("seconds")
        ax.set_title(f"{case}, {sel[0]['param']} threads")
    axes.flat[0].legend(fontsize=8)
    fig.suptitle("Task kernels (median seconds; lower is better)")
    fig.tight_layout()
    finish(fig, out, "kernels.png")


def plot_idle(out, rows):
    if not rows:
        return
    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    keys = ordered({(r["compiler"], r["runtime"]) for r in rows})
    for i, key in enumerate(keys):
        r = next(r for r in rows if (r["compiler"], r["runtime"]) == key)
        colour, _, _, label = STYLE[key]
        ax.bar(i, r["median"], color=colour, label=label)
        if r.get("wall"):
            ax.plot([i - 0.4, i + 0.4], [float(r["wall"])] * 2, color="black",
                    linewidth=1)
    ax.set_xticks(range(len(keys)))
    ax.set_xticklabels([STYLE[k][3].replace(" (", "\n(") for k in keys], fontsize=8)
    ax.set_ylabel("CPU seconds (bar); wall seconds (line)")
    ax.set_title(f"Idle cost, {rows[0]['param']} threads: short parallel regions "
                 "between long serial phases", fontsize=9)
    ax.grid(True, axis="y", alpha=0.3)
    fig.tight_layout()
    finish(fig, out, "idle.png")


def main():
    if len(sys.argv) != 2:
        print("usage: plot.py RESULTS_DIR", file=sys.stderr)
        return 2
    out = sys.argv[1]
    plot_overhead(out, load(out, "overhead"))
    plot_nested(out, load(out, "nested"))
    plot_kernels(out, load(out, "kernels"))
    plot_idle(out, load(out, "idle"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
