//! Tables of reciprocals 1/(base + m), so that a recurrence stepping through consecutive
//! integers multiplies instead of dividing (the sweeps along c, the hypergeometric walks).

/// Longest table of reciprocals kept by [`Recips`]; steps beyond it divide.
pub const RECIP_MAX: usize = 1 << 16;

/// The reciprocals 1/(base + m), m = 0, 1, 2, …, lane by lane: the denominators of a sequence
/// of steps, computed once and shared by every n-block (a Beta-Binomial step at c has
/// denominator b + k + (n − c − 1), an unbiased one n − c), so that a step multiplies
/// instead of dividing.
#[derive(Debug, Clone)]
pub struct Recips<const L: usize> {
    base: [f64; L],
    table: Vec<[f64; L]>,
}

impl<const L: usize> Recips<L> {
    /// The table for m < min(len, [`RECIP_MAX`]).
    pub fn new(base: [f64; L], len: u64) -> Self {
        let len = (len as usize).min(RECIP_MAX);
        let table = (0..len)
            .map(|m| base.map(|b| 1.0 / (b + m as f64)))
            .collect();
        Recips { base, table }
    }

    /// How many reciprocals the table holds (m below it are looked up, the rest divided).
    pub fn table_len(&self) -> u64 {
        self.table.len() as u64
    }

    /// 1/(base + m) for each lane.
    #[inline(always)]
    pub fn at(&self, m: u64) -> [f64; L] {
        match self.table.get(m as usize) {
            Some(r) => *r,
            None => self.base.map(|b| 1.0 / (b + m as f64)),
        }
    }
}
