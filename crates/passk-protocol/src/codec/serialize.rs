//! serde's side of the writer: its requests (`Serializer`, and each kind of list or map
//! being written) answered with the writer's forms.

use serde::ser::{self, Serialize};

use super::fault::Fault;
use super::write::{Open, Writer};

/// `serialize_*` of integers, each widened to 64 bits and written in the fewest bytes.
macro_rules! integers {
    ($($method:ident($t:ty) => $write:ident),*) => {$(
        fn $method(self, v: $t) -> Result<(), Fault> {
            self.$write(v.into());
            Ok(())
        }
    )*};
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Fault;
    type SerializeSeq = Open<'a>;
    type SerializeTuple = Open<'a>;
    type SerializeTupleStruct = Open<'a>;
    type SerializeTupleVariant = Open<'a>;
    type SerializeMap = Open<'a>;
    type SerializeStruct = Open<'a>;
    type SerializeStructVariant = Open<'a>;

    fn is_human_readable(&self) -> bool {
        false
    }

    fn serialize_bool(self, v: bool) -> Result<(), Fault> {
        self.out.push(if v { 0xc3 } else { 0xc2 });
        Ok(())
    }

    integers! {
        serialize_i8(i8) => int, serialize_i16(i16) => int, serialize_i32(i32) => int,
        serialize_i64(i64) => int, serialize_u8(u8) => uint, serialize_u16(u16) => uint,
        serialize_u32(u32) => uint, serialize_u64(u64) => uint
    }

    fn serialize_f32(self, v: f32) -> Result<(), Fault> {
        self.out.push(0xca);
        self.out.extend_from_slice(&v.to_bits().to_be_bytes());
        Ok(())
    }

    fn serialize_f64(self, v: f64) -> Result<(), Fault> {
        self.out.push(0xcb);
        self.out.extend_from_slice(&v.to_bits().to_be_bytes());
        Ok(())
    }

    fn serialize_char(self, v: char) -> Result<(), Fault> {
        self.str(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, v: &str) -> Result<(), Fault> {
        self.str(v)
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), Fault> {
        self.bin(v)
    }

    fn serialize_none(self) -> Result<(), Fault> {
        self.out.push(0xc0);
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Fault> {
        v.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Fault> {
        self.out.push(0xc0);
        Ok(())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Fault> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Fault> {
        self.str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Fault> {
        v.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<(), Fault> {
        self.variant(variant)?;
        v.serialize(self)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Open<'a>, Fault> {
        self.open(len, 0xdd, Writer::array)
    }

    fn serialize_tuple(self, len: usize) -> Result<Open<'a>, Fault> {
        self.open(Some(len), 0xdd, Writer::array)
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Open<'a>, Fault> {
        self.open(Some(len), 0xdd, Writer::array)
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Open<'a>, Fault> {
        self.variant(variant)?;
        self.open(Some(len), 0xdd, Writer::array)
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Open<'a>, Fault> {
        self.open(len, 0xdf, Writer::map)
    }

    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Open<'a>, Fault> {
        self.open(Some(len), 0xdf, Writer::map)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Open<'a>, Fault> {
        self.variant(variant)?;
        self.open(Some(len), 0xdf, Writer::map)
    }
}

/// The kinds of list whose items are values alone: each item counted and written.
macro_rules! items {
    ($($kind:ident :: $method:ident),*) => {$(
        impl ser::$kind for Open<'_> {
            type Ok = ();
            type Error = Fault;

            fn $method<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Fault> {
                self.item(v)
            }

            fn end(self) -> Result<(), Fault> {
                self.close()
            }
        }
    )*};
}

items!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// The kinds of map whose keys are field names: each field counted and written by name.
macro_rules! fields {
    ($($kind:ident),*) => {$(
        impl ser::$kind for Open<'_> {
            type Ok = ();
            type Error = Fault;

            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                v: &T,
            ) -> Result<(), Fault> {
                self.field(key, v)
            }

            fn end(self) -> Result<(), Fault> {
                self.close()
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);

impl ser::SerializeMap for Open<'_> {
    type Ok = ();
    type Error = Fault;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Fault> {
        self.items += 1;
        k.serialize(&mut *self.w)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Fault> {
        v.serialize(&mut *self.w)
    }

    fn end(self) -> Result<(), Fault> {
        self.close()
    }
}
