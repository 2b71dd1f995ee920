//! A fast hash for the readers' maps (task ids, series, per-task answers): the Fx hash
//! (rotate, xor, multiply per 8 bytes) with a folded multiply at the end, faster than the
//! default SipHash on short keys. Its keys come from the user's own files, so resistance to crafted collisions
//! buys nothing here.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The Fx hasher.
#[derive(Debug, Default, Clone, Copy)]
pub struct Fx(u64);

impl Fx {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w) ^ (rest.len() as u64) << 56);
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        // Folded multiply: the table takes its bucket from the low bits, which the rounds
        // above leave depending on the low bytes only ("t1", "t2", … would collide).
        let m = u128::from(self.0) * 0x9e37_79b9_7f4a_7c15;
        (m as u64) ^ (m >> 64) as u64
    }
}

/// A hash map with the Fx hash.
pub type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_that_differ_hash_apart() {
        let mut m: FxMap<String, usize> = FxMap::default();
        for i in 0..10_000 {
            m.insert(format!("task/{i}"), i);
        }
        assert_eq!(m.len(), 10_000);
        assert_eq!(m["task/9999"], 9999);
        let h = |s: &str| {
            let mut f = Fx::default();
            f.write(s.as_bytes());
            f.finish()
        };
        assert_ne!(h("a"), h("a\0"));
        // Ids that differ only past their first byte still spread over the low bits the
        // table picks buckets by (before the folded multiply, "t0" … "t65535" shared few).
        let buckets: std::collections::HashSet<u64> =
            (0..65_536).map(|i| h(&format!("t{i}")) & 0xffff).collect();
        assert!(buckets.len() > 40_000, "{}", buckets.len());
        assert_ne!(h("abcdefgh"), h("abcdefgh\0"));
    }
}
