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
    /// x^n by binary powering, its multiplications written out: `f64::powi` is documented as
    /// not reproducible across platforms (the compiler may expand or call a builtin). This is
    /// the builtin's own loop (compiler-rt's `__powidf2`), so the digits are those `powi` gave
    /// here, now guaranteed on every platform.
    fn pow_int(self, n: i32) -> f64;
}

impl LibmMath for f64 {
    #[inline]
    fn pow_int(self, n: i32) -> f64 {
        let (mut base, mut e, mut r) = (self, n.unsigned_abs(), 1.0);
        loop {
            if e & 1 == 1 {
                r *= base;
            }
            e >>= 1;
            if e == 0 {
                break;
            }
            base *= base;
        }
        if n < 0 {
            1.0 / r
        } else {
            r
        }
    }
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

#[cfg(test)]
mod tests {
    use super::LibmMath;

    #[test]
    fn pow_int_is_exact_where_the_power_is_representable() {
        assert_eq!(3f64.pow_int(5), 243.0);
        assert_eq!((-2f64).pow_int(3), -8.0);
        assert_eq!(7f64.pow_int(0), 1.0);
        assert_eq!(2f64.pow_int(-600), f64::from_bits((1023 - 600) << 52));
        assert_eq!(2f64.pow_int(600), f64::from_bits((1023 + 600) << 52));
        assert_eq!(0.5f64.pow_int(-3), 8.0);
    }

    /// The digits `powi` gave on this platform, kept: the same bits for the exponents and
    /// bases passk uses (squares, cubes, powers of two) and many more.
    #[test]
    #[allow(clippy::disallowed_methods)]
    fn pow_int_gives_the_bits_powi_gave() {
        let mut x = 0.123_456_789_f64;
        for i in 0..2_000 {
            x = (x * 3.987_654_321 + 0.1).fract() * 4.0 - 2.0;
            for n in [-7, -3, -2, -1, 0, 1, 2, 3, 4, 5, 9, 17, 600, -600] {
                let n = if i % 2 == 0 { n } else { -n };
                let (mine, theirs) = (x.pow_int(n), x.powi(std::hint::black_box(n)));
                assert!(
                    mine.to_bits() == theirs.to_bits() || (mine.is_nan() && theirs.is_nan()),
                    "{x}^{n}: {mine:e} vs {theirs:e}"
                );
            }
        }
    }
}
