//! Elementary functions from the `libm` crate (a port of musl's), so that the native command
//! line and the WebAssembly page compute bit-identical numbers: `f64::ln` and friends call
//! the platform's C library natively, whose last bits differ from musl's, and an optimiser
//! fed different last bits stops at a slightly different point.

/// The elementary functions passk's estimators use, computed the same way on every platform.
pub trait LibmMath: Copy {
    /// ln x.
    fn libm_ln(self) -> f64;
    /// e^x.
    fn libm_exp(self) -> f64;
    /// ln(1 + x), accurate for small x.
    fn libm_ln_1p(self) -> f64;
    /// e^x − 1, accurate for small x.
    fn libm_exp_m1(self) -> f64;
    /// x^y.
    fn libm_pow(self, y: f64) -> f64;
    /// cos x.
    fn libm_cos(self) -> f64;
    /// 2^x.
    fn libm_exp2(self) -> f64;
    /// log₂ x.
    fn libm_log2(self) -> f64;
    /// log₁₀ x.
    fn libm_log10(self) -> f64;
    /// sinh x.
    fn libm_sinh(self) -> f64;
    /// cosh x.
    fn libm_cosh(self) -> f64;
    /// asinh x.
    fn libm_asinh(self) -> f64;
}

impl LibmMath for f64 {
    #[inline]
    fn libm_ln(self) -> f64 {
        libm::log(self)
    }
    #[inline]
    fn libm_exp(self) -> f64 {
        libm::exp(self)
    }
    #[inline]
    fn libm_ln_1p(self) -> f64 {
        libm::log1p(self)
    }
    #[inline]
    fn libm_exp_m1(self) -> f64 {
        libm::expm1(self)
    }
    #[inline]
    fn libm_pow(self, y: f64) -> f64 {
        libm::pow(self, y)
    }
    #[inline]
    fn libm_cos(self) -> f64 {
        libm::cos(self)
    }
    #[inline]
    fn libm_exp2(self) -> f64 {
        libm::exp2(self)
    }
    #[inline]
    fn libm_log2(self) -> f64 {
        libm::log2(self)
    }
    #[inline]
    fn libm_log10(self) -> f64 {
        libm::log10(self)
    }
    #[inline]
    fn libm_sinh(self) -> f64 {
        libm::sinh(self)
    }
    #[inline]
    fn libm_cosh(self) -> f64 {
        libm::cosh(self)
    }
    #[inline]
    fn libm_asinh(self) -> f64 {
        libm::asinh(self)
    }
}
