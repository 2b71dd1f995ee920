//! The reader: MessagePack back into serde's data model, as [`write`](super::write) writes
//! it (and any MessagePack of the same shape: any integer width). Strings and bytes
//! are borrowed from the message where the type allows.
//! Never panics: bytes cut short, a wrong type or nesting deeper than [`DEPTH`] are errors.
//!
//! Small on purpose, as the writer: one function reads the next item's head ([`Reader::next`],
//! not generic), and a reader of its own each kind of item (`visit.rs` hands them to serde).

use serde::de;

use super::fault::Fault;

/// How deep lists and maps may nest (the protocol's messages: about a dozen).
const DEPTH: u32 = 128;

/// One item's head.
#[derive(Debug, Clone, Copy)]
pub(super) enum Item<'de> {
    Nil,
    Bool(bool),
    Uint(u64),
    Int(i64),
    F32(f32),
    F64(f64),
    Str(&'de str),
    Bin(&'de [u8]),
    Array(usize),
    Map(usize),
}

/// Reads MessagePack from a message's bytes.
pub(super) struct Reader<'de> {
    bytes: &'de [u8],
    pub(super) at: usize,
    pub(super) depth: u32,
}

impl<'de> Reader<'de> {
    pub(super) fn new(bytes: &'de [u8]) -> Self {
        Reader {
            bytes,
            at: 0,
            depth: 0,
        }
    }

    /// Whether every byte was read.
    pub(super) fn done(&self) -> bool {
        self.at == self.bytes.len()
    }

    fn take(&mut self, n: usize) -> Result<&'de [u8], Fault> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| Fault("the message is cut short".into()))?;
        let b = &self.bytes[self.at..end];
        self.at = end;
        Ok(b)
    }

    fn be<const N: usize>(&mut self) -> Result<[u8; N], Fault> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn len(&mut self, width: usize) -> Result<usize, Fault> {
        Ok(match width {
            1 => self.be::<1>()?[0].into(),
            2 => u16::from_be_bytes(self.be()?).into(),
            _ => u32::from_be_bytes(self.be()?) as usize,
        })
    }

    fn str(&mut self, len: usize) -> Result<Item<'de>, Fault> {
        let b = self.take(len)?;
        std::str::from_utf8(b)
            .map(Item::Str)
            .map_err(|_| Fault("a string that is not UTF-8".into()))
    }

    /// The next item's head (its content, for a string or bytes).
    #[inline(never)]
    pub(super) fn next(&mut self) -> Result<Item<'de>, Fault> {
        let t = self.be::<1>()?[0];
        Ok(match t {
            0x00..=0x7f => Item::Uint(t.into()),
            0x80..=0x8f => Item::Map((t & 0x0f).into()),
            0x90..=0x9f => Item::Array((t & 0x0f).into()),
            0xa0..=0xbf => self.str((t & 0x1f).into())?,
            0xc0 => Item::Nil,
            0xc2 => Item::Bool(false),
            0xc3 => Item::Bool(true),
            0xc4..=0xc6 => {
                let len = self.len(1 << (t - 0xc4))?;
                Item::Bin(self.take(len)?)
            }
            0xca => Item::F32(f32::from_bits(u32::from_be_bytes(self.be()?))),
            0xcb => Item::F64(f64::from_bits(u64::from_be_bytes(self.be()?))),
            0xcc => Item::Uint(self.be::<1>()?[0].into()),
            0xcd => Item::Uint(u16::from_be_bytes(self.be()?).into()),
            0xce => Item::Uint(u32::from_be_bytes(self.be()?).into()),
            0xcf => Item::Uint(u64::from_be_bytes(self.be()?)),
            0xd0 => Item::Int(i8::from_be_bytes(self.be()?).into()),
            0xd1 => Item::Int(i16::from_be_bytes(self.be()?).into()),
            0xd2 => Item::Int(i32::from_be_bytes(self.be()?).into()),
            0xd3 => Item::Int(i64::from_be_bytes(self.be()?)),
            0xd9..=0xdb => {
                let len = self.len(1 << (t - 0xd9))?;
                self.str(len)?
            }
            0xdc | 0xdd => Item::Array(self.len(2 << (t - 0xdc))?),
            0xde | 0xdf => Item::Map(self.len(2 << (t - 0xde))?),
            0xe0..=0xff => Item::Int(i64::from(t as i8)),
            _ => {
                return Err(Fault(format!(
                    "a MessagePack type passk does not write (0x{t:02x})"
                )))
            }
        })
    }

    /// The next byte, not read.
    pub(super) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// Why `item` is not what `visitor` expects.
    #[inline(never)]
    pub(super) fn wrong(item: Item<'_>, expected: &dyn de::Expected) -> Fault {
        let unexpected = match item {
            Item::Nil => de::Unexpected::Unit,
            Item::Bool(b) => de::Unexpected::Bool(b),
            Item::Uint(u) => de::Unexpected::Unsigned(u),
            Item::Int(i) => de::Unexpected::Signed(i),
            Item::F32(f) => de::Unexpected::Float(f.into()),
            Item::F64(f) => de::Unexpected::Float(f),
            Item::Str(s) => de::Unexpected::Str(s),
            Item::Bin(b) => de::Unexpected::Bytes(b),
            Item::Array(_) => de::Unexpected::Seq,
            Item::Map(_) => de::Unexpected::Map,
        };
        de::Error::invalid_type(unexpected, expected)
    }

    /// One level deeper, or why not.
    #[inline(never)]
    pub(super) fn enter(&mut self) -> Result<(), Fault> {
        if self.depth >= DEPTH {
            return Err(Fault(format!("nested deeper than {DEPTH}")));
        }
        self.depth += 1;
        Ok(())
    }

    /// The length of the list next, or why it is not one.
    #[inline(never)]
    pub(super) fn array(&mut self) -> Result<usize, Fault> {
        match self.next()? {
            Item::Array(n) => self.enter().map(|()| n),
            other => Err(Reader::wrong(other, &"a list")),
        }
    }

    /// The length of the map next, or why it is not one.
    #[inline(never)]
    pub(super) fn map(&mut self) -> Result<usize, Fault> {
        match self.next()? {
            Item::Map(n) => self.enter().map(|()| n),
            other => Err(Reader::wrong(other, &"a map")),
        }
    }

    /// Why a variant has no content.
    #[cold]
    #[inline(never)]
    pub(super) fn bare(name: &str) -> Fault {
        Fault(format!("the variant {name} without its content"))
    }
}

/// Readers of one kind of item: the item, or what was expected, in words of their own (not
/// the visitor's, whose text would be linked for every type read).
macro_rules! one {
    ($($fn:ident -> $t:ty, $what:literal: $($item:ident($x:ident) => $e:expr),+;)*) => {
        impl<'de> Reader<'de> {$(
            #[inline(never)]
            pub(super) fn $fn(&mut self) -> Result<$t, Fault> {
                match self.next()? {
                    $(Item::$item($x) => $e,)+
                    other => Err(Reader::wrong(other, &$what)),
                }
            }
        )*}
    };
}

// Each takes only the items the writer writes for it: an unsigned type's value is never
// written negative, nor a float as an integer.
one! {
    boolean -> bool, "a boolean": Bool(b) => Ok(b);
    unsigned -> u64, "an unsigned integer": Uint(u) => Ok(u);
    signed -> i64, "an integer": Int(i) => Ok(i), Uint(u) => i64::try_from(u).map_err(|_| Reader::wrong(Item::Uint(u), &"an i64"));
    single -> f32, "a 32-bit float": F32(f) => Ok(f);
    double -> f64, "a 64-bit float": F64(f) => Ok(f);
    text -> &'de str, "a string": Str(s) => Ok(s);
    bin -> &'de [u8], "bytes": Bin(b) => Ok(b);
}
