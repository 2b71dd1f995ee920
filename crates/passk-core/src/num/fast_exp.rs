//! e^x by a table of 2^(i/64) and a short polynomial, for the hot loops of the scaled fits
//! (each node of a group's walk costs one exponential).
//!
//! The `libm` crate's `exp` (fdlibm's) reduces x by ln 2 alone and so needs a rational
//! approximation with a division; here x is reduced by ln 2/64, which leaves |r| ≤ ln 2/128
//! for a degree-5 polynomial without division. Within 1 ulp of the correctly rounded e^x
//! where |x| < 704 (the tests check it against `libm::exp`); outside, and for NaN, it is
//! `libm::exp` itself. The same operations natively and in WebAssembly: the same bits.

/// 2^(i/64) rounded to a double (its bits), with its rounding error relative to it:
/// (2^(i/64) − T_i)/T_i. Computed with mpmath at 200 bits:
/// `float((2**(i/64) − f)/f)` and the bits of `f = float(2**(i/64))`.
const TABLE: [(f64, u64); 64] = [
    (0.0, 0x3ff0000000000000),
    (-1.507066976926039e-17, 0x3ff02c9a3e778061),
    (4.9997448722726326e-17, 0x3ff059b0d3158574),
    (7.357846871247418e-18, 0x3ff0874518759bc8),
    (8.189317638195515e-17, 0x3ff0b5586cf9890f),
    (1.6665881442326747e-18, 0x3ff0e3ec32d3d1a2),
    (-7.402825309426177e-17, 0x3ff11301d0125b51),
    (-6.170654745608695e-17, 0x3ff1429aaea92de0),
    (-2.7939114859515733e-17, 0x3ff172b83c7d517b),
    (4.776959425256223e-17, 0x3ff1a35beb6fcb75),
    (9.341710609905046e-17, 0x3ff1d4873168b9aa),
    (4.585670326662351e-17, 0x3ff2063b88628cd6),
    (7.826573258636076e-17, 0x3ff2387a6e756238),
    (2.823784425951061e-17, 0x3ff26b4565e27cdd),
    (3.2904726646008416e-17, 0x3ff29e9df51fdee1),
    (4.721368121170128e-17, 0x3ff2d285a6e4030b),
    (3.3484623336251524e-17, 0x3ff306fe0a31b715),
    (5.527550048505249e-17, 0x3ff33c08b26416ff),
    (-6.346552106729483e-17, 0x3ff371a7373aa9cb),
    (-1.5456342819397733e-17, 0x3ff3a7db34e59ff7),
    (3.750854201303127e-17, 0x3ff3dea64c123422),
    (-5.346099009198751e-18, 0x3ff4160a21f72e2a),
    (2.1023049675215714e-18, 0x3ff44e086061892d),
    (1.3357510088834541e-17, 0x3ff486a2b5c13cd0),
    (1.9572585293112036e-17, 0x3ff4bfdad5362a27),
    (-5.478069123926778e-17, 0x3ff4f9b2769d2ca7),
    (-2.1571477251208752e-17, 0x3ff5342b569d4f82),
    (6.663804589232195e-17, 0x3ff56f4736b527da),
    (5.68648095791174e-17, 0x3ff5ab07dd485429),
    (7.007875046906994e-17, 0x3ff5e76f15ad2148),
    (-4.8923067513522756e-17, 0x3ff6247eb03a5585),
    (-6.872303720902018e-17, 0x3ff6623882552225),
    (-6.835808657661922e-17, 0x3ff6a09e667f3bcd),
    (-8.416011634717156e-18, 0x3ff6dfb23c651a2f),
    (-2.092304381843353e-17, 0x3ff71f75e8ec5f74),
    (-3.833464968654295e-17, 0x3ff75feb564267c9),
    (-2.3591094770850053e-17, 0x3ff7a11473eb0187),
    (9.50689710108796e-18, 0x3ff7e2f336cf4e62),
    (-6.735219232374683e-17, 0x3ff82589994cce13),
    (-7.226635472101257e-17, 0x3ff868d99b4492ed),
    (5.1548301170786783e-17, 0x3ff8ace5422aa0db),
    (2.4253985766689806e-17, 0x3ff8f1ae99157736),
    (-6.432131775424189e-18, 0x3ff93737b0cdc5e5),
    (-6.336161863401293e-17, 0x3ff97d829fde4e50),
    (1.5341410053603723e-17, 0x3ff9c49182a3f090),
    (-4.123367330661149e-17, 0x3ffa0c667b5de565),
    (-6.152602891550265e-17, 0x3ffa5503b23e255d),
    (3.540948262646183e-17, 0x3ffa9e6b5579fdbf),
    (4.875160526227062e-17, 0x3ffae89f995ad3ad),
    (-4.719539664590972e-18, 0x3ffb33a2b84f15fb),
    (-1.0772487078934056e-17, 0x3ffb7f76f2fb5e47),
    (1.821405440362259e-17, 0x3ffbcc1e904bc1d2),
    (1.685487290628973e-17, 0x3ffc199bdd85529c),
    (3.621615935336894e-17, 0x3ffc67f12e57d14b),
    (1.01562190116415e-17, 0x3ffcb720dcef9069),
    (-5.495118966122005e-17, 0x3ffd072d4a07897c),
    (1.790126907604513e-17, 0x3ffd5818dcfba487),
    (5.265370768556274e-17, 0x3ffda9e603db3285),
    (-3.266924100901318e-17, 0x3ffdfc97337b9b5f),
    (1.7963932659833022e-17, 0x3ffe502ee78b3ff6),
    (-5.545065618639427e-17, 0x3ffea4afa2a490da),
    (5.336805878514151e-17, 0x3ffefa1bee615a27),
    (4.5784915277060095e-17, 0x3fff50765b6e4540),
    (2.0414278897578303e-17, 0x3fffa7c1819e90d8),
];

/// 1.5·2^52: adding it rounds a double of magnitude below 2^51 to an integer.
const SHIFT: f64 = 6_755_399_441_055_744.0;
/// 64/ln 2.
const INV_LN2_64: f64 = 92.332_482_616_893_66;
/// ln 2/64 in two parts: fdlibm's ln 2 high part (21 trailing zero bits, so k·hi is exact
/// for |k| < 2^32) and the rest.
const LN2_HI_64: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000) / 64.0;
const LN2_LO_64: f64 = f64::from_bits(0x3dea_39ef_3579_3c76) / 64.0;

/// e^x.
///
/// # Formula
/// k = round(64·x/ln 2), r = x − k·ln 2/64 (|r| ≤ ln 2/128), e^x = 2^⌊k/64⌋ · T_(k mod 64) ·
/// (1 + tail + r + r²/2 + r³/6 + r⁴/24 + r⁵/120); the polynomial's remainder r⁶/720 is below
/// 4·10^-17.
#[inline]
pub fn exp(x: f64) -> f64 {
    // (NaN too.)
    if x.is_nan() || x.abs() >= 704.0 {
        return libm::exp(x);
    }
    let kd = x * INV_LN2_64 + SHIFT - SHIFT;
    let r = x - kd * LN2_HI_64 - kd * LN2_LO_64;
    let k = kd as i64;
    let (tail, bits) = TABLE[(k & 63) as usize];
    let scale = f64::from_bits(bits.wrapping_add(((k >> 6) as u64) << 52));
    let r2 = r * r;
    let p = tail + r + r2 * (0.5 + r * (1.0 / 6.0)) + r2 * r2 * (1.0 / 24.0 + r * (1.0 / 120.0));
    scale + scale * p
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The distance in ulps between two positive finite doubles.
    fn ulps(a: f64, b: f64) -> u64 {
        a.to_bits().abs_diff(b.to_bits())
    }

    #[test]
    fn within_one_ulp_of_libm_and_exact_where_it_is() {
        // libm's exp is within 1 ulp of e^x: here within 1 ulp of it (so within 2 of e^x)
        // and, in most places, equal (89 % of these; a fault in the table or the
        // polynomial would show as many ulps, or as far fewer equal).
        let mut rng = crate::num::rng::SplitMix64::new(7);
        let mut equal = 0;
        let n = 200_000;
        for i in 0..n {
            let u = rng.uniform();
            // Spread over the whole range, and densely near 0 where most of the walk's are.
            let x = if i % 2 == 0 {
                1408.0 * u - 704.0
            } else {
                40.0 * u - 40.0
            };
            let (got, want) = (exp(x), libm::exp(x));
            assert!(ulps(got, want) <= 1, "{x}: {got:e} against {want:e}");
            equal += usize::from(got == want);
        }
        assert!(equal > n * 4 / 5, "{equal} of {n} equal");
        for x in [0.0, -0.0, 1e-300, -1e-300, 1.0, -1.0, 703.9, -703.9] {
            assert!(ulps(exp(x), libm::exp(x)) <= 1, "{x}");
        }
        assert_eq!(exp(0.0), 1.0);
        assert_eq!(exp(1.0), std::f64::consts::E);
    }

    #[test]
    fn outside_the_fast_range_it_is_libm() {
        for x in [
            704.0,
            709.7,
            710.0,
            -704.0,
            -745.0,
            -746.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            assert_eq!(exp(x).to_bits(), libm::exp(x).to_bits(), "{x}");
        }
        assert!(exp(f64::NAN).is_nan());
        assert_eq!(exp(-1000.0), 0.0);
        assert_eq!(exp(1000.0), f64::INFINITY);
    }

    #[test]
    fn the_table_is_two_to_the_i_over_64() {
        // Each entry with its tail squares to the entry of twice its index (to 2 ulps), and
        // 2^(32/64) is √2 rounded.
        for i in 0..32 {
            let (t, b) = TABLE[i];
            let v = f64::from_bits(b);
            let (t2, b2) = TABLE[2 * i];
            let sq = v * v * (1.0 + 2.0 * t);
            assert!(ulps(sq, f64::from_bits(b2) * (1.0 + t2)) <= 2, "{i}");
            assert!(t.abs() < f64::EPSILON, "{i}");
        }
        assert_eq!(f64::from_bits(TABLE[32].1), std::f64::consts::SQRT_2);
    }
}
