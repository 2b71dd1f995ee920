//! Bernstein-polynomial numerics of the count scores' posterior moments (as the scorio
//! package's `eval/_posterior.py`, scorio 0.2.3): the Beta-binomial pmf, the degree-2k
//! weights of a product of two degree-k Bernstein polynomials, and the products of credit
//! vectors, made once per budget.

use crate::num::libm_math::LibmMath;
use crate::num::sum::Neumaier;

/// Weights w_0..w_m from their consecutive ratios ρ_j = w_{j+1}/w_j (> 0), normalised to
/// sum 1: multiplied outward from the largest weight, so that the weights that carry the
/// mass are a few roundings from it (scorio's `_normalized_recurrence_weights` sums the logs
/// of the ratios outward from the same place); those far out underflow to 0.
///
/// # Formula
/// w_a = 1 at the mode a (the first j with ρ_j ≤ 1 when the ratios fall, as they do for a
/// log-concave sequence; otherwise the largest running product, found in logs),
/// w_{j+1} = w_j·ρ_j above it and w_{j−1} = w_j/ρ_{j−1} below; then w / Σw.
fn from_ratios_into(ratios: &[f64], w: &mut Vec<f64>) {
    let m = ratios.len();
    // Falling throughout, and the first ratio ≤ 1, in one pass.
    let (mut falling, mut first) = (true, m);
    for (t, &r) in ratios.iter().enumerate() {
        if t > 0 && r > ratios[t - 1] {
            falling = false;
            break;
        }
        if r <= 1.0 && first == m {
            first = t;
        }
    }
    let anchor = if falling {
        first
    } else {
        let (mut anchor, mut run, mut top) = (0, 0.0, 0.0);
        for (t, r) in ratios.iter().enumerate() {
            run += r.libm_ln();
            if run > top {
                (anchor, top) = (t + 1, run);
            }
        }
        anchor
    };
    w.clear();
    w.resize(m + 1, 0.0);
    w[anchor] = 1.0;
    for j in anchor..m {
        w[j + 1] = w[j] * ratios[j];
    }
    for j in (0..anchor).rev() {
        w[j] = w[j + 1] / ratios[j];
    }
    let mut total = Neumaier::default();
    w.iter().for_each(|x| total.add(*x));
    let inv = 1.0 / total.total();
    w.iter_mut().for_each(|x| *x *= inv);
}

/// The Beta-binomial pmf P(J = j), j = 0..=m, of J ~ Binomial(m, p), p ~ Beta(a, b), from
/// the ratios of consecutive terms (scorio's `_beta_binomial_probabilities`).
///
/// # Formula
/// P(j+1)/P(j) = (m−j)(a+j) / ((j+1)(b+m−j−1)).
pub fn beta_binomial_pmf(m: usize, a: f64, b: f64) -> Vec<f64> {
    let mut out = Vec::new();
    beta_binomial_pmf_into(m, a, b, &mut Vec::new(), &mut out);
    out
}

/// [`beta_binomial_pmf`] into `out`, its ratios in `ratios` (both allocations reused).
///
/// For a ≥ 1 and b ≥ 1 the pmf is log-concave: its mode, the first j whose ratio is at most
/// 1, is found by bisection on the ratio's numerator and denominator (no division), and each
/// term is one division from its neighbour, outward from the mode; otherwise as
/// `from_ratios_into` does (every ratio, then a running product).
pub fn beta_binomial_pmf_into(m: usize, a: f64, b: f64, ratios: &mut Vec<f64>, out: &mut Vec<f64>) {
    let mf = m as f64;
    // P(j+1)/P(j) = num(j)/den(j).
    let num = |t: usize| (mf - t as f64) * (a + t as f64);
    let den = |t: usize| (t as f64 + 1.0) * (b + mf - t as f64 - 1.0);
    if !(a >= 1.0 && b >= 1.0) {
        ratios.clear();
        ratios.extend((0..m).map(|t| num(t) / den(t)));
        return from_ratios_into(ratios, out);
    }
    // The first t with num(t) ≤ den(t) (m when none): the ratios fall.
    let (mut lo, mut hi) = (0usize, m);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if num(mid) <= den(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let anchor = lo;
    out.clear();
    out.resize(m + 1, 0.0);
    out[anchor] = 1.0;
    for j in anchor..m {
        out[j + 1] = out[j] * (num(j) / den(j));
    }
    for j in (0..anchor).rev() {
        out[j] = out[j + 1] * (den(j) / num(j));
    }
    // Positive terms: plain sums, four side by side, lose no digit to cancellation.
    let mut lanes = [0.0f64; 4];
    for (i, x) in out.iter().enumerate() {
        lanes[i % 4] += x;
    }
    let inv = 1.0 / ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3]));
    out.iter_mut().for_each(|x| *x *= inv);
}

/// The degree-2k weights of a product of two degree-k Bernstein polynomials: for each t,
/// ω_{j,t} = C(k, j)·C(k, t−j)/C(2k, t) over j = max(0, t−k)..=min(t, k), row by row.
pub(crate) struct Elevation {
    k: usize,
    /// Row t: ω_{j,t} for j from max(0, t−k) (about k² numbers: k ≤ [`GENERAL_K_MAX`]).
    rows: Vec<Vec<f64>>,
}

impl Elevation {
    /// The rows from the ratios of consecutive weights (integers below 2⁵³, so each ratio
    /// is rounded once), normalised from their largest (scorio's
    /// `_bernstein_product_values`).
    ///
    /// # Formula
    /// ω_{j+1,t}/ω_{j,t} = (k−j)(t−j) / ((j+1)(k−t+j+1)); each row sums to 1
    /// (Vandermonde). Row 2k − t is row t backward (the passes of one half are the failures
    /// of the other), so that only the first k + 1 rows are made.
    fn new(k: usize) -> Elevation {
        let mut ratios = Vec::with_capacity(k);
        let mut rows: Vec<Vec<f64>> = (0..=k)
            .map(|t| {
                ratios.clear();
                ratios.extend(
                    (0..t).map(|j| ((k - j) * (t - j)) as f64 / ((j + 1) * (k + j + 1 - t)) as f64),
                );
                let mut row = Vec::with_capacity(t + 1);
                from_ratios_into(&ratios, &mut row);
                row
            })
            .collect();
        for t in k + 1..=2 * k {
            let mut row = rows[2 * k - t].clone();
            row.reverse();
            rows.push(row);
        }
        Elevation { k, rows }
    }

    /// Row t: its first j and its weights.
    fn row(&self, t: usize) -> (usize, &[f64]) {
        (t.saturating_sub(self.k), &self.rows[t])
    }

    /// The degree-2k Bernstein coefficients of (Σ_j x_j B_{j,k})·(Σ_j y_j B_{j,k}), for
    /// each pair (x, y) of `pairs`: h_t = Σ_j ω_{j,t}·x_j·y_{t−j} (scorio's
    /// `_bernstein_product_values`); every x_j·y_{t−j} of one sign (see
    /// [`products_mixed`](Self::products_mixed) otherwise).
    pub(crate) fn products(&self, pairs: &[(&[f64], &[f64])]) -> Vec<Vec<f64>> {
        self.products_of(pairs, false)
    }

    /// [`products`](Self::products) of vectors whose products change sign (centred
    /// credits): compensated sums, so that what is left after the terms cancel keeps its
    /// digits.
    pub(crate) fn products_mixed(&self, pairs: &[(&[f64], &[f64])]) -> Vec<Vec<f64>> {
        self.products_of(pairs, true)
    }

    fn products_of(&self, pairs: &[(&[f64], &[f64])], mixed: bool) -> Vec<Vec<f64>> {
        let mut out: Vec<Vec<f64>> = pairs
            .iter()
            .map(|_| Vec::with_capacity(2 * self.k + 1))
            .collect();
        for t in 0..=2 * self.k {
            let (lo, row) = self.row(t);
            for ((x, y), h) in pairs.iter().zip(out.iter_mut()) {
                if mixed {
                    let mut s = Neumaier::default();
                    for (i, w) in row.iter().enumerate() {
                        let j = lo + i;
                        s.add(w * x[j] * y[t - j]);
                    }
                    h.push(s.total());
                    continue;
                }
                // Every term has the sign of the product of two credit vectors that keep
                // theirs (squares, and credits less an end one): plain sums lose no digit
                // to cancellation, four of them side by side.
                let mut lanes = [0.0f64; 4];
                for (i, w) in row.iter().enumerate() {
                    let j = lo + i;
                    lanes[i % 4] += w * x[j] * y[t - j];
                }
                h.push((lanes[0] + lanes[1]) + (lanes[2] + lanes[3]));
            }
        }
        out
    }
}

/// The most products kept (each of one pair of credit vectors at one budget).
const KEPT: usize = 512;

/// The most weights kept (about 8 MB at k = 1,000).
const KEPT_WEIGHTS: usize = 2;

/// A product kept: its budget, the bits of its pair's credits, and its coefficients.
type Kept = (u64, Vec<u64>, Vec<f64>);

/// The products of the credit vectors of the budgets prepared lately, by budget and the bits
/// of their credits, pair by pair: every series of a report has the same, and the scores of
/// a budget share theirs (the count scores' intervals make mG-Pass@k's square, which the
/// geometric blends ask for again). Made while the list is held, so that the threads of a
/// report, at the same budgets at about the same time, make each once.
static PRODUCTS: std::sync::Mutex<Vec<Kept>> = std::sync::Mutex::new(Vec::new());

/// The weights of the budgets used lately.
static WEIGHTS: std::sync::Mutex<Vec<std::sync::Arc<Elevation>>> =
    std::sync::Mutex::new(Vec::new());

/// The degree-2k weights ([`Elevation`]) at budget k, made once for all its products.
pub(crate) fn elevation(k: usize) -> std::sync::Arc<Elevation> {
    let Ok(mut kept) = WEIGHTS.lock() else {
        return std::sync::Arc::new(Elevation::new(k));
    };
    if let Some(e) = kept.iter().find(|e| e.k == k) {
        return e.clone();
    }
    let e = std::sync::Arc::new(Elevation::new(k));
    if kept.len() >= KEPT_WEIGHTS {
        kept.remove(0);
    }
    kept.push(e.clone());
    e
}

/// The squares (of each vector of `general`) at budget k, made once.
pub(crate) fn squares(k: u64, general: &[&[f64]]) -> Vec<Vec<f64>> {
    let pairs: Vec<(&[f64], &[f64])> = general.iter().map(|x| (*x, *x)).collect();
    products(k, &pairs)
}

/// The Bernstein products of each pair of credit vectors at budget k, each made once.
pub(crate) fn products(k: u64, pairs: &[(&[f64], &[f64])]) -> Vec<Vec<f64>> {
    let bits = |(x, y): &(&[f64], &[f64])| -> Vec<u64> {
        x.iter().chain(y.iter()).map(|v| v.to_bits()).collect()
    };
    let keys: Vec<Vec<u64>> = pairs.iter().map(bits).collect();
    let Ok(mut kept) = PRODUCTS.lock() else {
        return elevation(k as usize).products_mixed(pairs);
    };
    let find = |kept: &[Kept], key: &[u64]| {
        kept.iter()
            .find(|(kk, b, _)| *kk == k && b.as_slice() == key)
            .map(|e| e.2.clone())
    };
    let mut out: Vec<Option<Vec<f64>>> = keys.iter().map(|key| find(&kept, key)).collect();
    let missing: Vec<usize> = (0..pairs.len()).filter(|&i| out[i].is_none()).collect();
    if !missing.is_empty() {
        let asked: Vec<(&[f64], &[f64])> = missing.iter().map(|&i| pairs[i]).collect();
        // Plain sums where every term keeps one sign, compensated ones otherwise.
        let signed = |v: &[f64]| v.iter().all(|x| *x >= 0.0) || v.iter().all(|x| *x <= 0.0);
        let e = elevation(k as usize);
        let made = if asked.iter().all(|(x, y)| signed(x) && signed(y)) {
            e.products(&asked)
        } else {
            e.products_mixed(&asked)
        };
        for (&i, h) in missing.iter().zip(made) {
            if kept.len() >= KEPT {
                kept.remove(0);
            }
            kept.push((k, keys[i].clone(), h.clone()));
            out[i] = Some(h);
        }
    }
    out.into_iter().map(Option::unwrap_or_default).collect()
}

/// Σ x_i·p_i of terms of either sign, compensated.
pub(crate) fn dot_mixed(x: &[f64], p: &[f64]) -> f64 {
    let mut s = Neumaier::default();
    x.iter().zip(p).for_each(|(x, p)| s.add(x * p));
    s.total()
}

/// Σ x_i·p_i of terms of one sign (credits that keep theirs, and a pmf): plain sums, four
/// side by side, lose no digit to cancellation.
pub(crate) fn dot(x: &[f64], p: &[f64]) -> f64 {
    let mut lanes = [0.0f64; 4];
    for (i, (x, p)) in x.iter().zip(p).enumerate() {
        lanes[i % 4] += x * p;
    }
    (lanes[0] + lanes[1]) + (lanes[2] + lanes[3])
}
