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

# The ranks (1-based) that bound the p-quantile of n samples with 95%, from SciPy's binomial: the
# quantile bounds' truth, and --precision's below.
def binom_ranks(n, p):
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
    return rl, ru


qcases = [(n, p) for n in (10, 50, 100, 500, 999, 1000, 5000, 100000, 10000000) for p in (0.5, 0.9, 0.99, 0.999)]
for (n, p), line in zip(qcases, run(["Q %d %r" % c for c in qcases])):
    ok, lo, hi = map(int, line.split())
    rl, ru = binom_ranks(n, p)
    want = rl >= 1 and ru <= n
    check(bool(ok) == want and (not ok or (lo, hi) == (rl, ru)),
          "quantile %g of %d: ranks %s %d %d, SciPy's binomial %s %d %d" % (p, n, ok, lo, hi, want, rl, ru))
for p, line in zip((0.5, 0.9, 0.99, 0.999), run(["M %r" % p for p in (0.5, 0.9, 0.99, 0.999)])):
    n = int(line)
    B, C = st.binom(n, p), st.binom(n - 1, p)
    # with n samples SciPy's binomial bounds the quantile on both sides (all n on one side has
    # probability <= 2.5%), with n - 1 it does not
    check(max(B.pmf(n), B.pmf(0)) <= 0.025 < max(C.pmf(n - 1), C.pmf(0)), "p%g: %d samples said to be the fewest" % (100 * p, n))

# --precision's measure: the median's distribution-free interval (the order statistics at the
# binomial's ranks, as for any quantile) as a fraction of the median, its larger side.
dcases = [rng.lognormal(0, 0.1, int(rng.integers(3, 200))) * 1000 for _ in range(100)]
for v, line in zip(dcases, run(["D %d %s" % (len(v), " ".join(map(repr, v))) for v in dcases])):
    got, s = float(line), np.sort(v)
    rl, ru = binom_ranks(len(v), 0.5)
    if not (rl >= 1 and ru <= len(v)):
        check(got != got, "median of %d: no interval, yet %r" % (len(v), got))
        continue
    med = np.median(v)
    want = max(med - s[rl - 1], s[ru - 1] - med) / med
    check(abs(got - want) <= 1e-12, "median of %d: precision %r, want %r" % (len(v), got, want))

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
print("stats: widths of the rounds' intervals (log): paired %.3f, unpaired %.3f" % (width(paired), width(apart)))
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

# By processes: each process one value (a geometric mean), Student's t on the logs against
# SciPy's ttest_ind (pooled variance) and its t interval; the spread split against the one-way
# random-effects estimate written out from its mean squares.
tcases, tlines = [], []
for _ in range(200):
    k1, k2 = int(rng.integers(2, 9)), int(rng.integers(2, 9))
    a, b = rng.lognormal(0.02 * int(rng.integers(0, 3)), 0.04, k1), rng.lognormal(0, 0.04, k2)
    tcases.append((a, b))
    tlines.append("T %d %d %s %s" % (k1, k2, " ".join(map(repr, a)), " ".join(map(repr, b))))
for (a, b), line in zip(tcases, run(tlines)):
    ratio, lo, hi, verdict, p = map(float, line.split())
    la, lb = np.log(a), np.log(b)
    ref = st.ttest_ind(la, lb, equal_var=True)
    df = len(a) + len(b) - 2
    sp = np.sqrt(((len(a) - 1) * la.var(ddof=1) + (len(b) - 1) * lb.var(ddof=1)) / df)
    half = st.t.ppf(0.975, df) * sp * np.sqrt(1.0 / len(a) + 1.0 / len(b))
    d = la.mean() - lb.mean()
    name = "by processes %d/%d" % (len(a), len(b))
    check(abs(p - ref.pvalue) <= 1e-8 + 1e-6 * ref.pvalue, "%s: p %r, SciPy %r" % (name, p, ref.pvalue))
    check(abs(np.log(lo) - (d - half)) <= 1e-9 and abs(np.log(hi) - (d + half)) <= 1e-9,
          "%s: [%r, %r], SciPy's t interval [%r, %r]" % (name, lo, hi, np.exp(d - half), np.exp(d + half)))
    check((int(verdict) == 1) == (ref.pvalue < 0.05), "%s: verdict %d, SciPy's p %r" % (name, verdict, ref.pvalue))
slines, scases = [], []
for _ in range(100):
    k = int(rng.integers(2, 7))
    sizes = rng.integers(2, 8, k)
    offs = rng.lognormal(0, 0.03, k)
    v = np.concatenate([offs[i] * rng.lognormal(0, 0.01, sizes[i]) * 1000 for i in range(k)])
    who = np.concatenate([[i] * sizes[i] for i in range(k)])
    scases.append((v, who))
    slines.append("S %d %s %s" % (len(v), " ".join(map(repr, v)), " ".join(str(int(w)) for w in who)))
for (v, who), line in zip(scases, run(slines)):
    k, between, within = line.split()
    lv, groups = np.log(v), sorted(set(who))
    means = {g: lv[who == g].mean() for g in groups}
    ssw = sum(((lv[who == g] - means[g]) ** 2).sum() for g in groups)
    ssb = sum((who == g).sum() * (means[g] - lv.mean()) ** 2 for g in groups)
    n, kk = len(v), len(groups)
    msw, msb = ssw / (n - kk), ssb / (kk - 1)
    n0 = (n - sum((who == g).sum() ** 2 for g in groups) / n) / (kk - 1)
    want_b = np.sqrt(max(0.0, (msb - msw) / n0))
    check(int(k) == kk and abs(float(within) - np.sqrt(msw)) <= 1e-9 and abs(float(between) - want_b) <= 1e-9,
          "spread split: %s processes, between %s within %s; want %d, %r, %r" % (k, between, within, kk, want_b, np.sqrt(msw)))
# A/A by processes: 3 processes a side, a process offset of 3% and 1% between repetitions: by
# repetitions that is called different most of the time, by processes at the stated 5%.
by_proc, by_reps = [], []
for _ in range(FIXTURES):
    sides = []
    for _side in range(2):
        offs = rng.lognormal(0, 0.03, 3)
        sides.append([o * rng.lognormal(0, 0.01, 3) * 1000 for o in offs])
    gm = [[float(np.exp(np.log(p).mean())) for p in side] for side in sides]
    by_proc.append("T 3 3 %s %s" % (" ".join(map(repr, gm[0])), " ".join(map(repr, gm[1]))))
    by_reps.append(ratio_line(np.concatenate(sides[0]), np.concatenate(sides[1]), 0))
near(rate(ratios(by_proc), differs), 0.05, "A/A, 3 processes a side (3% between, 1% within), by processes: called different")
print("stats: the same by repetitions, as if independent: called different: %.3f" % rate(ratios(by_reps), differs))
one = []
for _ in range(FIXTURES):   # one process a side, 5 repetitions each: nothing can see the offsets
    offs = rng.lognormal(0, 0.03, 2)
    one.append(ratio_line(offs[0] * rng.lognormal(0, 0.01, 5) * 1000, offs[1] * rng.lognormal(0, 0.01, 5) * 1000, 0))
print("stats: one process a side (5 repetitions each, 3%% between, 1%% within), by repetitions: called different: %.3f"
      % rate(ratios(one), differs))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
