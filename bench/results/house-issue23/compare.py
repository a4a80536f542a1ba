"""Before/after table from the rounds in README.md: per case the median of the rounds' medians
on each side, the after/before ratio, the run's spread (half the width of the before side's range
over every measured read, relative to its median) and each side's ratio to the raw read.

    python3 compare.py [ROUNDS_DIR]     (default: rounds/ beside this file; <side>-<n>/<exp>-*.csv)
"""
import csv, glob, os, statistics, sys
from collections import defaultdict

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), 'rounds')

def load(side):
    cases = defaultdict(list)
    for f in sorted(glob.glob(f'{ROOT}/{side}-*/[12]-*.csv')):
        for r in csv.DictReader(open(f)):
            key = (r['experiment'], r['point'], r['format'], r['codec'])
            cases[key].append(r)
    return cases

before, after = load('before'), load('after')
rows = []
for key in sorted(set(before) & set(after), key=lambda k: (k[0], k[1], k[2], k[3])):
    b, a = before[key], after[key]
    bm = statistics.median(float(r['seconds_median']) for r in b)
    am = statistics.median(float(r['seconds_median']) for r in a)
    bmin = min(float(r['seconds_min']) for r in b); bmax = max(float(r['seconds_max']) for r in b)
    amin = min(float(r['seconds_min']) for r in a); amax = max(float(r['seconds_max']) for r in a)
    # The run's spread for this case: half the width of the before side's range, relative.
    spread = (bmax - bmin) / 2 / bm
    ratio = am / bm
    checks = {r['checksum'] for r in b + a}
    verdict = 'slower beyond spread' if ratio - 1 > spread else 'within spread' if ratio >= 1 else 'faster'
    braw = statistics.median(float(r['ratio_to_raw']) for r in b)
    araw = statistics.median(float(r['ratio_to_raw']) for r in a)
    rows.append((key, len(b), len(a), bm, bmin, bmax, am, amin, amax, ratio, spread, len(checks) == 1, verdict, braw, araw))

print('| exp | point | format | codec | rounds b/a | before median s (min–max) | after median s (min–max) | after/before | spread ± | verdict | of raw, before → after | checksums agree |')
print('|---|---|---|---|---|---|---|---|---|---|---|---|')
for (e, p, f, c), nb, na, bm, bmin, bmax, am, amin, amax, ratio, spread, agree, v, braw, araw in rows:
    print(f'| {e} | {p} | {f} | {c} | {nb}/{na} | {bm:.4f} ({bmin:.4f}–{bmax:.4f}) | {am:.4f} ({amin:.4f}–{amax:.4f}) | {ratio:.3f} | {spread:.3f} | {v} | {braw:.3f} → {araw:.3f} | {"yes" if agree else "NO"} |')
missing = set(before) ^ set(after)
if missing:
    print('\ncases on one side only:', sorted(missing), file=sys.stderr)
