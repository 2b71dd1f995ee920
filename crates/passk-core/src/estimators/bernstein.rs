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
fn from_ratios(ratios: &[f64]) -> Vec<f64> {
    let mut w = Vec::new();
    from_ratios_into(ratios, &mut w);
    w
}

/// [`from_ratios`] into `w` (its allocation reused).
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
pub fn beta_binomial_pmf_into(m: usize, a: f64, b: f64, ratios: &mut Vec<f64>, out: &mut Vec<f64>) {
    ratios.clear();
    ratios.extend((0..m).map(|t| {
        let tf = t as f64;
        ((m - t) as f64 * (a + tf)) / ((tf + 1.0) * (b + (m - t) as f64 - 1.0))
    }));
    from_ratios_into(ratios, out);
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
    /// (Vandermonde).
    fn new(k: usize) -> Elevation {
        let rows = (0..=2 * k)
            .map(|t| {
                let lo = t.saturating_sub(k);
                let ratios: Vec<f64> = (lo..t.min(k))
                    .map(|j| ((k - j) * (t - j)) as f64 / ((j + 1) * (k + j + 1 - t)) as f64)
                    .collect();
                from_ratios(&ratios)
            })
            .collect();
        Elevation { k, rows }
    }

    /// Row t: its first j and its weights.
    fn row(&self, t: usize) -> (usize, &[f64]) {
        (t.saturating_sub(self.k), &self.rows[t])
    }

    /// The degree-2k Bernstein coefficients of (Σ_j x_j B_{j,k})·(Σ_j y_j B_{j,k}), for
    /// each pair (x, y) of `pairs`: h_t = Σ_j ω_{j,t}·x_j·y_{t−j} (scorio's
    /// `_bernstein_product_values`).
    pub(crate) fn products(&self, pairs: &[(&[f64], &[f64])]) -> Vec<Vec<f64>> {
        let mut out: Vec<Vec<f64>> = pairs
            .iter()
            .map(|_| Vec::with_capacity(2 * self.k + 1))
            .collect();
        for t in 0..=2 * self.k {
            let (lo, row) = self.row(t);
            for ((x, y), h) in pairs.iter().zip(out.iter_mut()) {
                let mut s = Neumaier::default();
                for (i, w) in row.iter().enumerate() {
                    let j = lo + i;
                    s.add(w * x[j] * y[t - j]);
                }
                h.push(s.total());
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
        return elevation(k as usize).products(pairs);
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
        let made = elevation(k as usize).products(&asked);
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

/// Σ x_i·p_i, compensated.
pub(crate) fn dot(x: &[f64], p: &[f64]) -> f64 {
    let mut s = Neumaier::default();
    x.iter().zip(p).for_each(|(x, p)| s.add(x * p));
    s.total()
}
