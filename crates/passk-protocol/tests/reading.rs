//! A reading worker's request and reply are the protocol's own messages, both ways.
#![cfg(not(target_arch = "wasm32"))]

use passk_io::read::{read_bytes, Format, ReadOptions};
use passk_protocol::codec::{decode, encode};
use passk_protocol::source::Source;
use passk_protocol::{Answer, Ask, ReadAnswer, ReadFile, ReadReply, ReadRequest, Reply, Request};

#[test]
fn a_read_request_and_its_reply_are_the_protocols_own() {
    let req = Request {
        job: 7,
        ask: Ask::Read(ReadFile {
            source: Source(b"10 3\n".to_vec()),
            name: "x.txt".into(),
            format: Some(Format::CountsText),
            options: ReadOptions::default(),
        }),
    };
    // The same bytes both ways, in the worker boundary's encoding.
    let v = encode(&req).unwrap();
    let read: ReadRequest = decode(&v).unwrap();
    assert_eq!(encode(&read).unwrap(), v);
    let file = read_bytes("x.txt", "x", b"10 3\nbad\n", None);
    let reply = ReadReply {
        job: 7,
        answer: ReadAnswer::Read {
            read: Box::new(file.clone()),
        },
    };
    let v = encode(&reply).unwrap();
    let back: Reply = decode(&v).unwrap();
    let want = Reply {
        job: 7,
        answer: Answer::Read {
            read: Box::new(file),
        },
    };
    assert_eq!(back, want);
    assert_eq!(encode(&want).unwrap(), v);
}
