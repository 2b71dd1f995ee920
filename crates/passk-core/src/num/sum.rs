//! Compensated summation, so that means over a million tasks keep their last digits.

/// Neumaier's improved Kahan summation.
#[derive(Debug, Default, Clone, Copy)]
pub struct Neumaier {
    sum: f64,
    comp: f64,
}

impl Neumaier {
    /// Adds one term.
    pub fn add(&mut self, v: f64) {
        let t = self.sum + v;
        if self.sum.abs() >= v.abs() {
            self.comp += (self.sum - t) + v;
        } else {
            self.comp += (v - t) + self.sum;
        }
        self.sum = t;
    }

    /// Both parts mapped by `f`: a scaling by a power of two keeps the sum as it was.
    pub fn scaled(self, f: impl Fn(f64) -> f64) -> Neumaier {
        Neumaier {
            sum: f(self.sum),
            comp: f(self.comp),
        }
    }

    /// The compensated total.
    pub fn total(&self) -> f64 {
        self.sum + self.comp
    }
}

/// Compensated sum of an iterator of values.
pub fn sum<I: IntoIterator<Item = f64>>(values: I) -> f64 {
    let mut acc = Neumaier::default();
    for v in values {
        acc.add(v);
    }
    acc.total()
}
