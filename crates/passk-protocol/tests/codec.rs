//! The worker boundary's encoding (`codec`): MessagePack as the reference crate (rmp-serde)
//! writes and reads it, every value to the bit, and damage refused without a panic.
#![cfg(all(not(target_arch = "wasm32"), feature = "samples"))]

use passk_protocol::codec::{decode, encode, Error};
use passk_protocol::source::Source;
use passk_protocol::{samples, Reply, Request};
use serde::{Deserialize, Serialize};

fn messages() -> (Vec<Request>, Vec<Reply>) {
    (
        samples::requests(|b| Source(b.to_vec())),
        samples::made_replies(),
    )
}

/// Every sample message: ours read by rmp-serde and rmp-serde's (named fields) read by ours,
/// the same message both ways.
#[test]
fn messages_are_messagepack_as_the_reference_crate_reads_and_writes_it() {
    let (requests, replies) = messages();
    for r in &requests {
        let ours = encode(r).unwrap();
        let theirs: Request = rmp_serde::from_slice(&ours).unwrap();
        assert_eq!(format!("{theirs:?}"), format!("{r:?}"));
        let back: Request = decode(&rmp_serde::to_vec_named(r).unwrap()).unwrap();
        assert_eq!(format!("{back:?}"), format!("{r:?}"));
    }
    for r in &replies {
        let ours = encode(r).unwrap();
        let theirs: Reply = rmp_serde::from_slice(&ours).unwrap();
        assert_eq!(format!("{theirs:?}"), format!("{r:?}"));
        let back: Reply = decode(&rmp_serde::to_vec_named(r).unwrap()).unwrap();
        assert_eq!(format!("{back:?}"), format!("{r:?}"));
    }
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
enum Kind {
    Unit,
    New(i32),
    Pair(u8, String),
    Named { x: f32 },
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Edges {
    unsigned: Vec<u64>,
    signed: Vec<i64>,
    floats: Vec<f64>,
    singles: Vec<f32>,
    text: Vec<String>,
    #[serde(with = "serde_bytes_like")]
    bytes: Vec<u8>,
    kinds: Vec<Kind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    skipped: Option<u8>,
    maybe: Vec<Option<u16>>,
    tuple: (bool, char, ()),
}

mod serde_bytes_like {
    pub fn serialize<S: serde::Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(b)
    }
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Vec<u8>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E>(self, v: &[u8]) -> Result<Vec<u8>, E> {
                Ok(v.to_vec())
            }
        }
        d.deserialize_bytes(V)
    }
}

fn edges(len: usize) -> Edges {
    let bounds = |n: u64| [n.saturating_sub(1), n, n.saturating_add(1)];
    Edges {
        unsigned: [0, 0x7f, 0xff, 0xffff, 0xffff_ffff, u64::MAX]
            .into_iter()
            .flat_map(bounds)
            .collect(),
        signed: vec![
            0,
            -1,
            -32,
            -33,
            -128,
            -129,
            -32_768,
            -32_769,
            i64::from(i32::MIN),
            i64::from(i32::MIN) - 1,
            i64::MIN,
            i64::MAX,
        ],
        floats: vec![
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            5e-324,
            f64::MAX,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::from_bits(0x7FF8_0000_DEAD_0001),
            1.0 / 3.0,
        ],
        singles: vec![0.1, f32::NAN, -f32::MIN_POSITIVE],
        text: vec![String::new(), "ü/ß, \"x\"".into(), "x".repeat(len)],
        bytes: (0..len).map(|i| i as u8).collect(),
        kinds: vec![
            Kind::Unit,
            Kind::New(-5),
            Kind::Pair(1, "a".into()),
            Kind::Named { x: 2.5 },
        ],
        skipped: None,
        maybe: vec![None, Some(0), Some(u16::MAX)],
        tuple: (true, 'ß', ()),
    }
}

/// Every boundary of MessagePack's integer, string, bytes, list and map forms, and every float
/// to the bit (NaN payloads, −0), through ours and the reference crate.
#[test]
fn every_value_keeps_its_bits_at_every_length() {
    for len in [0, 1, 31, 32, 255, 256, 65_535, 65_536] {
        let e = edges(len);
        let bytes = encode(&e).unwrap();
        let back: Edges = decode(&bytes).unwrap();
        let theirs: Edges = rmp_serde::from_slice(&bytes).unwrap();
        let ours_of_theirs: Edges = decode(&rmp_serde::to_vec_named(&e).unwrap()).unwrap();
        for b in [&back, &theirs, &ours_of_theirs] {
            let bits = |v: &Edges| v.floats.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(b), bits(&e));
            let single = |v: &Edges| v.singles.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
            assert_eq!(single(b), single(&e));
            assert_eq!(
                (
                    &b.unsigned,
                    &b.signed,
                    &b.text,
                    &b.bytes,
                    &b.kinds,
                    &b.maybe,
                    &b.tuple
                ),
                (
                    &e.unsigned,
                    &e.signed,
                    &e.text,
                    &e.bytes,
                    &e.kinds,
                    &e.maybe,
                    &e.tuple
                )
            );
        }
        // Lists and maps longer than the 16-bit forms.
        let long: Vec<Option<u8>> = (0..len).map(|i| (i % 3 != 0).then_some(i as u8)).collect();
        assert_eq!(
            decode::<Vec<Option<u8>>>(&encode(&long).unwrap()).unwrap(),
            long
        );
        let map: std::collections::BTreeMap<u32, bool> =
            (0..len as u32).map(|i| (i, i % 2 == 0)).collect();
        assert_eq!(
            decode::<std::collections::BTreeMap<u32, bool>>(&encode(&map).unwrap()).unwrap(),
            map
        );
    }
}

/// Cut short anywhere, a message is refused; any byte changed is refused or read, never a
/// panic; nesting without end is refused, not a stack overflow; bytes after a message, or a
/// message of another type, are refused.
#[test]
fn damage_is_refused_never_a_panic() {
    let (requests, replies) = messages();
    let bytes = encode(&replies[..4].to_vec()).unwrap();
    for cut in 0..bytes.len() {
        assert!(
            matches!(decode::<Vec<Reply>>(&bytes[..cut]), Err(Error::Decode(_))),
            "cut at {cut}"
        );
    }
    let mut x: u64 = 1;
    for at in 0..bytes.len() {
        let mut bad = bytes.clone();
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1442695040888963407);
        bad[at] ^= (x >> 56) as u8 | 1;
        let _ = decode::<Vec<Reply>>(&bad);
    }
    let deep = [vec![0x91u8; 100_000], vec![0xc0]].concat();
    assert!(
        matches!(decode::<serde::de::IgnoredAny>(&deep), Err(Error::Decode(e)) if e.contains("deeper"))
    );
    let mut after = encode(&requests[0]).unwrap();
    after.push(0xc0);
    assert!(decode::<Request>(&after).is_err());
    assert!(decode::<Request>(&encode(&replies[0]).unwrap()).is_err());
    // A huge length said ahead of few bytes is refused, not allocated.
    assert!(decode::<Vec<u8>>(&[0xdd, 0xff, 0xff, 0xff, 0xff]).is_err());
}

/// A type that says it writes more items than it does: an error, not a message that reads
/// as another.
#[test]
fn a_length_said_ahead_and_not_kept_is_an_error() {
    struct Liar;
    impl Serialize for Liar {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeSeq;
            let mut seq = s.serialize_seq(Some(3))?;
            seq.serialize_element(&1u8)?;
            seq.end()
        }
    }
    assert!(matches!(encode(&Liar), Err(Error::Encode(_))));
    // A list of unknown length is written whole.
    struct Unknown;
    impl Serialize for Unknown {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq((0..40u32).filter(|i| i % 2 == 0))
        }
    }
    let back: Vec<u32> = decode(&encode(&Unknown).unwrap()).unwrap();
    assert_eq!(back, (0..40).filter(|i| i % 2 == 0).collect::<Vec<_>>());
}
