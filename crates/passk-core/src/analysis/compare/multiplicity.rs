//! Corrections for testing many pairs at once: Holm's step-down adjusted p and the
//! Benjamini–Hochberg q, over one family (all pairs at one budget). Missing p values (a pair
//! with no test) stay missing and are not counted in the family.

/// The indices of the p values present, in ascending order of p (ties by index).
fn order(p: &[Option<f64>]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..p.len()).filter(|&i| p[i].is_some()).collect();
    idx.sort_by(|&a, &b| {
        p[a].unwrap_or(1.0)
            .total_cmp(&p[b].unwrap_or(1.0))
            .then(a.cmp(&b))
    });
    idx
}

/// Holm's step-down adjusted p values.
///
/// # Formula
/// With the m present p values sorted, p₍₁₎ ≤ … ≤ p₍ₘ₎: p̃₍ᵢ₎ = max_{j ≤ i} min(1, (m − j + 1)·p₍ⱼ₎).
pub fn holm(p: &[Option<f64>]) -> Vec<Option<f64>> {
    let idx = order(p);
    let m = idx.len() as f64;
    let mut out = vec![None; p.len()];
    let mut running = 0.0f64;
    for (j, &i) in idx.iter().enumerate() {
        let adj = ((m - j as f64) * p[i].unwrap_or(1.0)).min(1.0);
        running = running.max(adj);
        out[i] = Some(running);
    }
    out
}

/// Benjamini–Hochberg q values (false discovery rate).
///
/// # Formula
/// q₍ᵢ₎ = min_{j ≥ i} min(1, m·p₍ⱼ₎ / j) over the m present p values sorted ascending.
pub fn benjamini_hochberg(p: &[Option<f64>]) -> Vec<Option<f64>> {
    let idx = order(p);
    let m = idx.len() as f64;
    let mut out = vec![None; p.len()];
    let mut running = 1.0f64;
    for (j, &i) in idx.iter().enumerate().rev() {
        let q = (m * p[i].unwrap_or(1.0) / (j + 1) as f64).min(1.0);
        running = running.min(q);
        out[i] = Some(running);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn some(v: &[f64]) -> Vec<Option<f64>> {
        v.iter().copied().map(Some).collect()
    }

    fn round(v: Vec<Option<f64>>) -> Vec<Option<f64>> {
        v.into_iter()
            .map(|x| x.map(|x| (x * 1e12).round() / 1e12))
            .collect()
    }

    #[test]
    fn holm_against_a_hand_worked_family() {
        // p = 0.01, 0.04, 0.03, 0.005 (m = 4). Sorted: 0.005·4 = 0.02, 0.01·3 = 0.03,
        // 0.03·2 = 0.06, 0.04·1 = 0.04 → running max 0.02, 0.03, 0.06, 0.06.
        let got = round(holm(&some(&[0.01, 0.04, 0.03, 0.005])));
        assert_eq!(got, some(&[0.03, 0.06, 0.06, 0.02]));
        // A missing p stays missing and is not counted (m = 2): 0.35·2 = 0.7, then
        // max(0.7, 0.6·1) = 0.7.
        assert_eq!(
            round(holm(&[Some(0.6), None, Some(0.35)])),
            [Some(0.7), None, Some(0.7)]
        );
        // Capped at 1: 0.6·2 = 1.2 → 1, then max(1, 0.7) = 1.
        assert_eq!(round(holm(&some(&[0.6, 0.7]))), some(&[1.0, 1.0]));
        assert_eq!(holm(&[]), Vec::<Option<f64>>::new());
    }

    #[test]
    fn benjamini_hochberg_against_a_hand_worked_family() {
        // p = 0.01, 0.04, 0.03, 0.005 (m = 4). Sorted 0.005, 0.01, 0.03, 0.04:
        // m·p/j = 0.02, 0.02, 0.04, 0.04 → running min from the top: 0.02, 0.02, 0.04, 0.04.
        let got = round(benjamini_hochberg(&some(&[0.01, 0.04, 0.03, 0.005])));
        assert_eq!(got, some(&[0.02, 0.04, 0.04, 0.02]));
        // A later smaller ratio pulls earlier q values down: p = 0.02, 0.021 (m = 2):
        // 0.04, 0.021 → 0.021, 0.021.
        assert_eq!(
            round(benjamini_hochberg(&some(&[0.02, 0.021]))),
            some(&[0.021, 0.021])
        );
        assert_eq!(
            round(benjamini_hochberg(&[None, Some(0.5)])),
            [None, Some(0.5)]
        );
    }
}
