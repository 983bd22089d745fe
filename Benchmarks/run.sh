#!/usr/bin/env bash
# Runs the MotionCore and CubePager micro-benchmarks (release build) and prints one line per benchmark:
#   name: median ns per call, heap allocations per call, ratio to the reference in the same run.
# Each sample runs 1 000 calls (scalingFactor .kilo) and the tool reports per call; medians are
# over all samples.
# Usage: Benchmarks/run.sh [extra `swift package benchmark` options]
set -euo pipefail
cd "$(dirname "$0")"
raw="$(mktemp)"
swift package benchmark --no-progress --time-units nanoseconds "$@" 2>/dev/null >"$raw"
python3 - "$raw" <<'PY'
import re, sys
rows, name = [], None
metrics = {}
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if line and not line.startswith(("│", "╒", "╞", "├", "╘", "=", " ")) and "│" not in line:
        if name and metrics:
            rows.append((name, metrics))
        name, metrics = line.strip(), {}
        continue
    cells = [c.strip() for c in line.split("│")[1:-1]]
    if len(cells) >= 4 and cells[0] and not cells[0].startswith("Metric"):
        metrics[cells[0]] = float(cells[3])  # the p50 column
if name and metrics:
    rows.append((name, metrics))
per_call = {}
for name, m in rows:
    t = next((v for k, v in m.items() if k.startswith("Time")), None)
    a = next((v for k, v in m.items() if k.startswith("Malloc")), None)
    if t is not None:
        per_call[name] = (t, a)  # the table is already per call (scaled by 1 000)
ref = next((v[0] for k, v in per_call.items() if k.startswith("reference")), None)
if not per_call:
    sys.exit("benchmarks produced no results; run `swift package benchmark` to see why")
for name, (ns, allocs) in sorted(per_call.items(), key=lambda kv: (not kv[0].startswith("reference"), kv[0])):
    ratio = f", x{ns / ref:.2f} reference" if ref else ""
    al = f", {allocs:g} allocations" if allocs is not None else ""
    print(f"{name}: {ns:.1f} ns{al}{ratio}")
PY
rm -f "$raw"
