//! serde's side of the reader: its requests (`Deserializer`) answered with the reader's items,
//! lists and maps (`Items`) and enums (`Variant`).

use serde::de::{self, DeserializeSeed, Visitor};

use super::fault::Fault;
use super::read::{Item, Reader};

impl<'de> Reader<'de> {
    /// A list's items, read by `v` (one level deeper, entered).
    fn seq_of<V: Visitor<'de>>(&mut self, left: usize, v: V) -> Result<V::Value, Fault> {
        let out = v.visit_seq(Items { r: self, left });
        self.depth -= 1;
        out
    }

    /// A map's entries, read by `v` (one level deeper, entered).
    fn map_of<V: Visitor<'de>>(&mut self, left: usize, v: V) -> Result<V::Value, Fault> {
        let out = v.visit_map(Items { r: self, left });
        self.depth -= 1;
        out
    }
}

/// A list's items or a map's entries still to read.
struct Items<'a, 'de> {
    r: &'a mut Reader<'de>,
    left: usize,
}

impl<'de> de::SeqAccess<'de> for Items<'_, 'de> {
    type Error = Fault;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Fault> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.r).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de> de::MapAccess<'de> for Items<'_, 'de> {
    type Error = Fault;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Fault> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.r).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Fault> {
        seed.deserialize(&mut *self.r)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// An enum's variant: by name alone (a unit variant), or with its content next.
struct Variant<'a, 'de> {
    r: &'a mut Reader<'de>,
    name: &'de str,
    content: bool,
}

impl<'a, 'de> de::EnumAccess<'de> for Variant<'a, 'de> {
    type Error = Fault;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Fault> {
        let name = de::value::BorrowedStrDeserializer::<Fault>::new(self.name);
        Ok((seed.deserialize(name)?, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_, 'de> {
    type Error = Fault;

    fn unit_variant(self) -> Result<(), Fault> {
        if self.content {
            // `{ name: nil }` is a unit variant too.
            de::Deserialize::deserialize(&mut *self.r)
        } else {
            Ok(())
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Fault> {
        if !self.content {
            return Err(Reader::bare(self.name));
        }
        seed.deserialize(&mut *self.r)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, Fault> {
        if !self.content {
            return Err(Reader::bare(self.name));
        }
        de::Deserializer::deserialize_any(&mut *self.r, v)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Fault> {
        self.tuple_variant(0, v)
    }
}

/// `deserialize_*` that read one kind of item with a reader of their own (not generic: a few
/// bytes of code for every type read) and hand it to the visitor.
macro_rules! only {
    ($($method:ident: $read:ident => $visit:ident;)*) => {$(
        fn $method<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Fault> {
            v.$visit(self.$read()?)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = Fault;

    fn is_human_readable(&self) -> bool {
        false
    }

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Fault> {
        match self.next()? {
            Item::Nil => v.visit_unit(),
            Item::Bool(b) => v.visit_bool(b),
            Item::Uint(u) => v.visit_u64(u),
            Item::Int(i) => v.visit_i64(i),
            Item::F32(f) => v.visit_f32(f),
            Item::F64(f) => v.visit_f64(f),
            Item::Str(s) => v.visit_borrowed_str(s),
            Item::Bin(b) => v.visit_borrowed_bytes(b),
            Item::Array(n) => {
                self.enter()?;
                self.seq_of(n, v)
            }
            Item::Map(n) => {
                self.enter()?;
                self.map_of(n, v)
            }
        }
    }

    only! {
        deserialize_bool: boolean => visit_bool;
        deserialize_u8: unsigned => visit_u64;
        deserialize_u16: unsigned => visit_u64;
        deserialize_u32: unsigned => visit_u64;
        deserialize_u64: unsigned => visit_u64;
        deserialize_i8: signed => visit_i64;
        deserialize_i16: signed => visit_i64;
        deserialize_i32: signed => visit_i64;
        deserialize_i64: signed => visit_i64;
        deserialize_f32: single => visit_f32;
        deserialize_f64: double => visit_f64;
        deserialize_str: text => visit_borrowed_str;
        deserialize_string: text => visit_borrowed_str;
        deserialize_char: text => visit_borrowed_str;
        deserialize_identifier: text => visit_borrowed_str;
        deserialize_bytes: bin => visit_borrowed_bytes;
        deserialize_byte_buf: bin => visit_borrowed_bytes;
    }

    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Fault> {
        match self.next()? {
            Item::Nil => v.visit_unit(),
            other => Err(Reader::wrong(other, &"nil")),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Fault> {
        if self.peek() == Some(0xc0) {
            self.at += 1;
            v.visit_none()
        } else {
            v.visit_some(self)
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Fault> {
        self.deserialize_unit(v)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Fault> {
        v.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Fault> {
        let n = self.array()?;
        self.seq_of(n, v)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, Fault> {
        self.deserialize_seq(v)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        v: V,
    ) -> Result<V::Value, Fault> {
        self.deserialize_seq(v)
    }

    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Fault> {
        let n = self.map()?;
        self.map_of(n, v)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Fault> {
        self.deserialize_map(v)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Fault> {
        let (name, content) = match self.next()? {
            Item::Str(name) => (name, false),
            Item::Map(1) => match self.next()? {
                Item::Str(name) => (name, true),
                other => return Err(Reader::wrong(other, &"a variant's name")),
            },
            other => return Err(Reader::wrong(other, &"a variant")),
        };
        self.enter()?;
        let out = v.visit_enum(Variant {
            r: self,
            name,
            content,
        });
        self.depth -= 1;
        out
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Fault> {
        self.deserialize_any(v)
    }
}
