//! The writer: serde's data model as MessagePack. A struct is a map of its fields by name (the
//! fields a type leaves out are simply absent), an enum's unit variant its name, any other
//! variant a one-entry map from its name to its content; integers take the fewest bytes,
//! every float keeps its width and bits (f64 as `0xcb`, f32 as `0xca`).
//!
//! Small on purpose: each method is a few bytes of code for every type serialized, so the
//! byte work is in functions of their own, not generic ones.

use serde::ser::Serialize;

use super::fault::Fault;

/// Writes MessagePack into `out`.
pub(super) struct Writer {
    pub(super) out: Vec<u8>,
}

impl Writer {
    #[inline(never)]
    pub(super) fn uint(&mut self, v: u64) {
        let o = &mut self.out;
        match v {
            0..=0x7f => o.push(v as u8),
            0x80..=0xff => o.extend_from_slice(&[0xcc, v as u8]),
            0x100..=0xffff => {
                o.push(0xcd);
                o.extend_from_slice(&(v as u16).to_be_bytes());
            }
            0x1_0000..=0xffff_ffff => {
                o.push(0xce);
                o.extend_from_slice(&(v as u32).to_be_bytes());
            }
            _ => {
                o.push(0xcf);
                o.extend_from_slice(&v.to_be_bytes());
            }
        }
    }

    #[inline(never)]
    pub(super) fn int(&mut self, v: i64) {
        if v >= 0 {
            return self.uint(v as u64);
        }
        let o = &mut self.out;
        if v >= -32 {
            o.push(v as u8);
        } else if v >= i64::from(i8::MIN) {
            o.extend_from_slice(&[0xd0, v as u8]);
        } else if v >= i64::from(i16::MIN) {
            o.push(0xd1);
            o.extend_from_slice(&(v as i16).to_be_bytes());
        } else if v >= i64::from(i32::MIN) {
            o.push(0xd2);
            o.extend_from_slice(&(v as i32).to_be_bytes());
        } else {
            o.push(0xd3);
            o.extend_from_slice(&v.to_be_bytes());
        }
    }

    /// A length after one of three markers (8-, 16-, 32-bit) or a fix form (`fix` with at
    /// most `fix_max`).
    #[inline(never)]
    fn head(&mut self, len: usize, fix: u8, fix_max: usize, wide: [u8; 3]) -> Result<(), Fault> {
        let o = &mut self.out;
        match len {
            l if l <= fix_max && fix != 0 => o.push(fix | l as u8),
            l if l <= 0xff && wide[0] != 0 => o.extend_from_slice(&[wide[0], l as u8]),
            l if l <= 0xffff => {
                o.push(wide[1]);
                o.extend_from_slice(&(l as u16).to_be_bytes());
            }
            l => {
                let l = u32::try_from(l).map_err(|_| Fault("longer than 2^32 − 1".into()))?;
                o.push(wide[2]);
                o.extend_from_slice(&l.to_be_bytes());
            }
        }
        Ok(())
    }

    #[inline(never)]
    pub(super) fn str(&mut self, s: &str) -> Result<(), Fault> {
        self.head(s.len(), 0xa0, 31, [0xd9, 0xda, 0xdb])?;
        self.out.extend_from_slice(s.as_bytes());
        Ok(())
    }

    #[inline(never)]
    pub(super) fn bin(&mut self, b: &[u8]) -> Result<(), Fault> {
        self.head(b.len(), 0, 0, [0xc4, 0xc5, 0xc6])?;
        self.out.extend_from_slice(b);
        Ok(())
    }

    pub(super) fn array(&mut self, len: usize) -> Result<(), Fault> {
        self.head(len, 0x90, 15, [0, 0xdc, 0xdd])
    }

    pub(super) fn map(&mut self, len: usize) -> Result<(), Fault> {
        self.head(len, 0x80, 15, [0, 0xde, 0xdf])
    }

    /// A one-entry map from a variant's name (its content follows).
    pub(super) fn variant(&mut self, name: &str) -> Result<(), Fault> {
        self.out.push(0x81);
        self.str(name)
    }

    /// A list or map of a length not known yet: a 32-bit head patched by [`Open::close`].
    pub(super) fn open(
        &mut self,
        len: Option<usize>,
        marker: u8,
        known: fn(&mut Self, usize) -> Result<(), Fault>,
    ) -> Result<Open<'_>, Fault> {
        let at = match len {
            Some(l) => {
                known(self, l)?;
                None
            }
            None => {
                self.out.extend_from_slice(&[marker, 0, 0, 0, 0]);
                Some(self.out.len() - 4)
            }
        };
        Ok(Open {
            w: self,
            at,
            items: 0,
            len,
        })
    }
}

/// A list, map or struct being written: its items counted, so that a length said ahead and
/// not kept is an error (not a message that reads as another), and an unknown one is patched.
pub(super) struct Open<'a> {
    pub(super) w: &'a mut Writer,
    at: Option<usize>,
    pub(super) items: usize,
    len: Option<usize>,
}

impl Open<'_> {
    #[inline(never)]
    pub(super) fn close(self) -> Result<(), Fault> {
        match (self.at, self.len) {
            (Some(at), _) => {
                let n =
                    u32::try_from(self.items).map_err(|_| Fault("longer than 2^32 − 1".into()))?;
                self.w.out[at..at + 4].copy_from_slice(&n.to_be_bytes());
                Ok(())
            }
            (None, Some(len)) if len == self.items => Ok(()),
            _ => Err(Fault("a length said ahead was not kept".into())),
        }
    }

    pub(super) fn item<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Fault> {
        self.items += 1;
        v.serialize(&mut *self.w)
    }

    pub(super) fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Fault> {
        self.items += 1;
        self.w.str(key)?;
        v.serialize(&mut *self.w)
    }
}
