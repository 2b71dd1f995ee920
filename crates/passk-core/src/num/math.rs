//! Elementary functions from the `libm` crate (a port of musl's), so that the native command
//! line and the WebAssembly page compute bit-identical numbers: `f64::ln` and friends call
//! the platform's C library natively, whose last bits differ from musl's, and an optimiser
//! fed different last bits stops at a slightly different point.

/// The elementary functions passk's estimators use, computed the same way on every platform.
pub trait Det: Copy {
    /// ln x.
    fn dln(self) -> f64;
    /// e^x.
    fn dexp(self) -> f64;
    /// ln(1 + x), accurate for small x.
    fn dln_1p(self) -> f64;
    /// e^x − 1, accurate for small x.
    fn dexp_m1(self) -> f64;
    /// x^y.
    fn dpowf(self, y: f64) -> f64;
    /// cos x.
    fn dcos(self) -> f64;
}

impl Det for f64 {
    #[inline]
    fn dln(self) -> f64 {
        libm::log(self)
    }
    #[inline]
    fn dexp(self) -> f64 {
        libm::exp(self)
    }
    #[inline]
    fn dln_1p(self) -> f64 {
        libm::log1p(self)
    }
    #[inline]
    fn dexp_m1(self) -> f64 {
        libm::expm1(self)
    }
    #[inline]
    fn dpowf(self, y: f64) -> f64 {
        libm::pow(self, y)
    }
    #[inline]
    fn dcos(self) -> f64 {
        libm::cos(self)
    }
}
