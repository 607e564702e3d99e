#!/usr/bin/python3
"""The comparison statistics (src/core/wb_compare.h) against SciPy, an outside truth: for random
repetitions (log-normal, with and without ties, 3 to 50 a side, unpaired and paired), the shift's
estimate is the Hodges-Lehmann one (the median of the pairs' differences, or of the Walsh
averages), its p is SciPy's mannwhitneyu / wilcoxon (exact where the probe says exact, else the
normal approximation with the same corrections), and its interval inverts that very test: just
inside either bound SciPy's p is at least 0.05, just outside it is below. The quantile bounds are
SciPy's binomial's. Then what the intervals are worth, over fixtures of known distributions:
their coverage, the false-alarm rate, the power at the detectable difference, the pairing's
gain, the interaction's coverage. Prints "N passed, M failed".

  stats_check.py PROBE
"""
import subprocess
import sys

import numpy as np
import scipy.stats as st

probe = sys.argv[1]
rng = np.random.default_rng(20261207)
passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        if failed <= 20:
            print("stats: FAILED:", what)


def run(lines):
    out = subprocess.run([probe], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    return out.stdout.split("\n")


def test_p(kind, a, b, exact, delta=0.0):
    if kind == "U":
        return st.mannwhitneyu(a - delta, b, alternative="two-sided", method="exact" if exact else "asymptotic").pvalue
    return st.wilcoxon(a - delta, b, method="exact" if exact else "approx", correction=not exact).pvalue


cases, lines = [], []
for t in range(400):
    kind = "U" if t % 2 == 0 else "P"
    na = int(rng.integers(3, 51))
    nb = int(rng.integers(3, 51)) if kind == "U" else na
    a = np.round(rng.lognormal(0, 0.3, na) * 1000, 6)
    b = np.round(rng.lognormal(0.05 * (t % 3), 0.3, nb) * 1000, 6)
    if t % 7 == 0:
        b = np.round(b)          # ties (with a's integers too, now and then)
        a = np.round(a)
    cases.append((kind, a, b))
    lines.append("%s %d %d %s %s" % (kind, na, nb, " ".join(map(repr, a)), " ".join(map(repr, b))))
exact_intervals = 0
for (kind, a, b), line in zip(cases, run(lines)):
    est, lo, hi, p, exact, smallest = map(float, line.split())
    name = "%s %d/%d" % (kind, len(a), len(b))
    if kind == "U":
        ref_est = np.median(np.subtract.outer(a, b).ravel())
    else:
        d = a - b
        ref_est = np.median([(d[i] + d[j]) / 2 for i in range(len(d)) for j in range(i, len(d))])
    check(abs(est - ref_est) <= 1e-9 * max(1.0, abs(ref_est)), "%s: estimate %r, Hodges-Lehmann %r" % (name, est, ref_est))
    ref_p = test_p(kind, a, b, exact)
    check(abs(p - ref_p) <= 1e-7 * ref_p + 1e-12, "%s: p %r, SciPy %r (exact %d)" % (name, p, ref_p, exact))
    if lo != lo:
        check(smallest >= 0.05, "%s: no interval, though %r was the smallest p" % (name, smallest))
        continue
    if not exact:
        check(lo <= est <= hi, "%s: the estimate %r outside its interval [%r, %r]" % (name, est, lo, hi))
        continue
    exact_intervals += 1
    eps = 1e-7 * max(1.0, abs(lo), abs(hi))
    check(test_p(kind, a, b, 1, lo + eps) >= 0.05 and test_p(kind, a, b, 1, hi - eps) >= 0.05,
          "%s: just inside [%r, %r] SciPy rejects" % (name, lo, hi))
    check(test_p(kind, a, b, 1, lo - eps) < 0.05 and test_p(kind, a, b, 1, hi + eps) < 0.05,
          "%s: just outside [%r, %r] SciPy does not reject" % (name, lo, hi))
check(exact_intervals >= 200, "only %d exact intervals checked" % exact_intervals)

qcases = [(n, p) for n in (10, 50, 100, 500, 999, 1000, 5000, 100000, 10000000) for p in (0.5, 0.9, 0.99, 0.999)]
for (n, p), line in zip(qcases, run(["Q %d %r" % c for c in qcases])):
    ok, lo, hi = map(int, line.split())
    B = st.binom(n, p)
    rl = int(B.ppf(0.025))
    while B.cdf(rl) <= 0.025:
        rl += 1
    while rl > 0 and B.cdf(rl - 1) > 0.025:
        rl -= 1
    ru = int(B.isf(0.025))
    while B.sf(ru - 1) > 0.025:
        ru += 1
    while ru > 1 and B.sf(ru - 2) <= 0.025:
        ru -= 1
    want = rl >= 1 and ru <= n
    check(bool(ok) == want and (not ok or (lo, hi) == (rl, ru)),
          "quantile %g of %d: ranks %s %d %d, SciPy's binomial %s %d %d" % (p, n, ok, lo, hi, want, rl, ru))
for p, line in zip((0.5, 0.9, 0.99, 0.999), run(["M %r" % p for p in (0.5, 0.9, 0.99, 0.999)])):
    n = int(line)
    B, C = st.binom(n, p), st.binom(n - 1, p)
    # with n samples SciPy's binomial bounds the quantile on both sides (all n on one side has
    # probability <= 2.5%), with n - 1 it does not
    check(max(B.pmf(n), B.pmf(0)) <= 0.025 < max(C.pmf(n - 1), C.pmf(0)), "p%g: %d samples said to be the fewest" % (100 * p, n))

# What the intervals are worth, over fixtures drawn from known distributions (log-normal
# repetitions, now and then a stall that stretches one by 30%): of A/A comparisons, 95% of the
# intervals hold the true ratio 1 and about 5% are called different; a difference planted at the
# least ratio a comparison says it could detect is found about half of the time, at twice that
# (on the log scale) nearly always; rounds that share a slow minute cancel when paired. The
# tolerance is three binomial standard deviations of the fixtures' count.
FIXTURES = 400


def reps(n, sigma, stall=0.05, factor=1.0):
    v = rng.lognormal(0, sigma, n) * 1000 * factor
    v[rng.random(n) < stall] *= 1.3
    return v


def ratio_line(mine, base, paired):
    return "R %d %d %d %s %s" % (len(mine), len(base), paired, " ".join(map(repr, mine)), " ".join(map(repr, base)))


def ratios(lines):
    return [tuple(map(float, line.split())) for line in run(lines)[:len(lines)]]


def rate(results, what):
    return sum(1 for r in results if what(r)) / float(len(results))


def near(share, want, what):
    tol = 3 * (want * (1 - want) / FIXTURES) ** 0.5
    check(abs(share - want) <= tol, "%s: %.3f, not %.3f within %.3f" % (what, share, want, tol))
    print("stats: %s: %.3f (want %.3f +- %.3f)" % (what, share, want, tol))


covers = lambda r: r[1] <= 1 <= r[2]
differs = lambda r: int(r[3]) == 1
aa = ratios([ratio_line(reps(int(rng.integers(5, 16)), 0.05), reps(int(rng.integers(5, 16)), 0.05), 0)
             for _ in range(FIXTURES)])
near(rate(aa, covers), 0.95, "unpaired A/A, 5 to 15 a side: intervals holding 1")
near(rate(aa, differs), 0.05, "unpaired A/A: called different")
rounds, unpaired = [], []
for _ in range(FIXTURES):
    n = int(rng.integers(6, 16))
    minute = rng.lognormal(0, 0.2, n)   # what a slow minute does to both sides of a round
    a, b = minute * reps(n, 0.02, 0.02), minute * reps(n, 0.02, 0.02)
    rounds.append(ratio_line(a, b, 1))
    unpaired.append(ratio_line(a, b, 0))
paired, apart = ratios(rounds), ratios(unpaired)
near(rate(paired, covers), 0.95, "paired A/A over rounds that share a slow minute: intervals holding 1")
width = lambda rs: float(np.median([np.log(r[2] / r[1]) for r in rs]))
check(width(paired) < width(apart) / 3, "pairing does not cancel the rounds' minute: widths %g paired, %g unpaired" %
      (width(paired), width(apart)))
detectable = float(np.median([r[4] for r in ratios([ratio_line(reps(8, 0.05, 0), reps(8, 0.05, 0), 0)
                                                    for _ in range(FIXTURES)])]))
for factor, want, what in ((detectable, 0.5, "the detectable"), (detectable ** 2, 0.975, "twice the detectable")):
    found = ratios([ratio_line(reps(8, 0.05, 0, factor), reps(8, 0.05, 0), 0) for _ in range(FIXTURES)])
    near(rate(found, lambda r: differs(r) and r[1] > 1), want, "a planted difference at %s (%.3f): found" % (what, factor))
inter = []
for _ in range(FIXTURES):
    n = int(rng.integers(5, 12))
    sides = [reps(n, 0.05, 0, 1.1), reps(n, 0.05, 0), reps(n, 0.05, 0, 1.1), reps(n, 0.05, 0)]
    inter.append("I %d %d %d %d %s" % (n, n, n, n, " ".join(" ".join(map(repr, v)) for v in sides)))
both = ratios(inter)
check(rate(both, covers) >= 0.95 - 3 * (0.05 * 0.95 / FIXTURES) ** 0.5,
      "one ratio (1.1) on two machines: the interaction's interval holds 1 in %.3f" % rate(both, covers))
print("stats: the interaction of one ratio on two machines: intervals holding 1: %.3f" % rate(both, covers))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
