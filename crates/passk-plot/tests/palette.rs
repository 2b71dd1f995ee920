//! Issue 16: the series palette — at least 12 colours, every pair distinguishable in both
//! themes (CIELAB ΔE76 ≥ 18), the first six also under simulated deuteranopia and protanopia
//! (Machado, Oliveira & Fernandes 2009, severity 1; ΔE ≥ 9), and each colour visible on its
//! background (contrast ≥ 2.2:1, the Okabe–Ito orange's on white).
#![cfg(not(target_arch = "wasm32"))]

use passk_plot::{BACKGROUNDS, PALETTE};

type Rgb = [f64; 3];

fn rgb(c: u32) -> Rgb {
    let [_, r, g, b] = c.to_be_bytes();
    [r as f64 / 255.0, g as f64 / 255.0, b as f64 / 255.0]
}

fn linear(c: f64) -> f64 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn gamma(c: f64) -> f64 {
    let c = c.clamp(0.0, 1.0);
    if c <= 0.0031308 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

fn lab(c: Rgb) -> Rgb {
    let [r, g, b] = c.map(linear);
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ]
}

fn delta_e(a: Rgb, b: Rgb) -> f64 {
    let (a, b) = (lab(a), lab(b));
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

const DEUTAN: [[f64; 3]; 3] = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];
const PROTAN: [[f64; 3]; 3] = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];

fn simulate(c: Rgb, m: &[[f64; 3]; 3]) -> Rgb {
    let l = c.map(linear);
    [0, 1, 2].map(|i| gamma(m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]))
}

fn luminance(c: Rgb) -> f64 {
    let [r, g, b] = c.map(linear);
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// The smallest ΔE over pairs among the first `n` colours, after `see`.
fn closest(colours: &[Rgb], n: usize, see: impl Fn(Rgb) -> Rgb) -> (f64, usize, usize) {
    let mut worst = (f64::INFINITY, 0, 0);
    for i in 0..n {
        for j in i + 1..n {
            let d = delta_e(see(colours[i]), see(colours[j]));
            if d < worst.0 {
                worst = (d, i, j);
            }
        }
    }
    worst
}

#[test]
fn twelve_colours_apart_in_both_themes() {
    assert!(PALETTE.len() >= 12);
    for (theme, bg, pick) in [("light", BACKGROUNDS.0, 0), ("dark", BACKGROUNDS.1, 1)] {
        let colours: Vec<Rgb> = PALETTE
            .iter()
            .map(|p| rgb(if pick == 0 { p.0 } else { p.1 }))
            .collect();
        let all = closest(&colours, colours.len(), |c| c);
        assert!(
            all.0 >= 18.0,
            "{theme}: slots {} and {} ΔE {:.1}",
            all.1,
            all.2,
            all.0
        );
        for (name, m) in [("deuteranopia", &DEUTAN), ("protanopia", &PROTAN)] {
            let six = closest(&colours, 6, |c| simulate(c, m));
            assert!(
                six.0 >= 9.0,
                "{theme}, {name}: slots {} and {} ΔE {:.1}",
                six.1,
                six.2,
                six.0
            );
        }
        for (i, c) in colours.iter().enumerate() {
            let k = contrast(*c, rgb(bg));
            assert!(k >= 2.2, "{theme}: slot {i} contrast {k:.2}");
        }
    }
}

/// The checks themselves tell colours apart: two blues the issue found indistinguishable in
/// dark mode (#56B4E9 and #9AD4F5, the old palette's) fail the threshold, black and white pass.
#[test]
fn the_measure_separates_what_it_should() {
    assert!(delta_e(rgb(0x56B4E9), rgb(0x9AD4F5)) < 18.0);
    assert!(delta_e(rgb(0x000000), rgb(0xffffff)) > 99.0);
    assert!((contrast(rgb(0x000000), rgb(0xffffff)) - 21.0).abs() < 1e-9);
}
