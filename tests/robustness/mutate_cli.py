#!/usr/bin/python3
"""A mutation campaign against the runner (issue 15): JSON-aware mutations of experiment files,
each run through `d500 run` (and `d500 job --slurm`) under a time limit; any signal, internal
error (exit 5) or time-out is reported with the input that caused it, saved for a regression test.

Usage: mutate_cli.py BUILD_DIR OUT_DIR [--count N] [--seed S] [--timeout SECONDS]
Exits 1 when a mutation crashed, hung or ended as an internal error; 0 otherwise. Not part of
ctest (a campaign of thousands of processes takes minutes); run it by hand or from CI scripts.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

SEEDS = ["gemm_reference.json", "conv_sweep.json", "gemm_sweep.json"]

ODD_NUMBERS = [0, -1, 1, 2**31, 2**31 - 1, 2**32 + 1, 2**62, 2**63 - 1, -2**63, 2**64 - 1,
               4294967297, -4294967295, 1e308, -1e308, 0.5, 1e-300]
ODD_STRINGS = ["", "x" * 5000, "a\nb", "$N", "$", "../../../../etc/passwd", "\x1b]0;t\x07",
               "nope", "reference/nope", "\u00e9\u4e2d", "'; touch /tmp/d500-pwned #",
               "$(touch /tmp/d500-pwned)", "%s%n%x", "float16"]


def paths(value, max_depth=40):
    """Every JSON path (as a tuple) in value, containers included, down to max_depth (a mutation
    may have nested a value thousands of levels deep)."""
    out, todo = [], [((), value)]
    while todo:
        prefix, v = todo.pop()
        out.append(prefix)
        if len(prefix) >= max_depth:
            continue
        if isinstance(v, dict):
            todo.extend((prefix + (k,), x) for k, x in v.items())
        elif isinstance(v, list):
            todo.extend((prefix + (i,), x) for i, x in enumerate(v))
    return out


def get(doc, path):
    for p in path:
        doc = doc[p]
    return doc


def put(doc, path, value):
    if not path:
        return value
    get(doc, path[:-1])[path[-1]] = value
    return doc


def mutate(doc, rng):
    doc = json.loads(json.dumps(doc))
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(paths(doc))
        kind = rng.randrange(7)
        if kind == 0:
            doc = put(doc, path, rng.choice(ODD_NUMBERS))
        elif kind == 1:
            doc = put(doc, path, rng.choice(ODD_STRINGS))
        elif kind == 2:
            doc = put(doc, path, rng.choice([None, True, [], {}, [[]], {"a": 1}]))
        elif kind == 3 and path:
            parent = get(doc, path[:-1])
            if isinstance(parent, dict):
                del parent[path[-1]]
            else:
                parent.pop(path[-1])
        elif kind == 4:
            # Deep nesting is spliced in as text when the file is written (see to_text).
            doc = put(doc, path, "__DEEP_%d__" % rng.choice([10, 300, 5000, 100000]))
        elif kind == 5:
            doc = put(doc, path, [rng.choice(ODD_NUMBERS) for _ in range(rng.randint(0, 6))])
        else:
            doc = put(doc, path, {"N": list(range(rng.randint(0, 100)))})
    return doc


def to_text(doc):
    text = json.dumps(doc)
    while '"__DEEP_' in text:
        at = text.index('"__DEEP_')
        end = text.index('__"', at + 8)
        n = int(text[at + 8:end])
        text = text[:at] + "[" * n + "0" + "]" * n + text[end + 3:]
    return text


def run(argv, timeout, cwd):
    try:
        p = subprocess.run(argv, cwd=cwd, timeout=timeout, capture_output=True, text=True,
                           errors="replace")
        return p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build")
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    a = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    d500 = os.path.join(os.path.abspath(a.build), "bin", "d500")
    seeds = [json.load(open(os.path.join(root, "resources", "examples", s))) for s in SEEDS]
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    codes, bad = {}, []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(a.count):
            doc = mutate(rng.choice(seeds), rng)
            # Keep runs short: a mutation may keep the sweep, but not minutes of sampling.
            if isinstance(doc, dict) and isinstance(doc.get("repetition"), dict):
                doc["repetition"]["max_seconds"] = 0.05
            path = os.path.join(tmp, "m.json")
            text = to_text(doc)
            with open(path, "w") as f:
                f.write(text)
            for argv in ([d500, "run", path, "--db", os.path.join(tmp, "s.d500db"),
                          "--progress", "none"],
                         [d500, "job", "--slurm", os.path.join(tmp, "job.sh"), path]):
                code, err = run(argv, a.timeout, tmp)
                codes[code] = codes.get(code, 0) + 1
                crashed = code == "timeout" or code == 5 or (isinstance(code, int) and code < 0)
                if os.path.exists("/tmp/d500-pwned"):
                    crashed = True
                    os.remove("/tmp/d500-pwned")
                if crashed:
                    keep = os.path.join(a.out, "bad-%04d.json" % i)
                    with open(keep, "w") as f:
                        f.write(text)
                    bad.append((keep, argv[1], code, err.strip()[-300:]))
    print("exit codes:", ", ".join("%s: %d" % (k, v) for k, v in sorted(codes.items(), key=str)))
    for keep, cmd, code, err in bad:
        print("BAD %s (%s): %s %s" % (keep, cmd, code, err))
    print("%d mutations, %d bad" % (a.count, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
