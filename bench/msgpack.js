// The engine's messages from JavaScript (bench/run.mjs asks the engine worker directly): a
// message crosses as { bytes: Uint8Array, files: [] }, its bytes MessagePack with named
// fields (crates/passk-protocol/src/codec.rs). Enough of MessagePack for the bench's request
// (maps, strings, unsigned integers) and for any reply (every type but ext). Loaded into the
// page as a script: it defines `self.__msgpack = { post, read }`.
(() => {
  const utf8 = new TextEncoder();
  const text = new TextDecoder();

  // Appends `v`'s bytes to `out` (a list of Uint8Arrays).
  function encode(v, out) {
    const head = (...b) => out.push(Uint8Array.from(b));
    const be32 = (n) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
    if (typeof v === 'string') {
      const b = utf8.encode(v);
      if (b.length < 32) head(0xa0 | b.length);
      else head(0xdb, ...be32(b.length));
      out.push(b);
    } else if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 2 ** 32) {
      head(0xce, ...be32(v));
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      if (keys.length > 15) throw new Error('msgpack.js: a map of more than 15 keys');
      head(0x80 | keys.length);
      for (const k of keys) {
        encode(k, out);
        encode(v[k], out);
      }
    } else throw new Error(`msgpack.js: cannot encode ${v}`);
  }

  function decode(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0;
    const u8 = () => view.getUint8(at++);
    const take = (n) => ((at += n), at - n);
    const str = (n) => text.decode(bytes.subarray(take(n), at));
    const arr = (n) => Array.from({ length: n }, value);
    const map = (n) => {
      const o = {};
      for (let i = 0; i < n; i++) {
        const k = value();
        o[k] = value();
      }
      return o;
    };
    function value() {
      const t = u8();
      if (t < 0x80) return t;
      if (t < 0x90) return map(t & 15);
      if (t < 0xa0) return arr(t & 15);
      if (t < 0xc0) return str(t & 31);
      if (t >= 0xe0) return t - 256;
      switch (t) {
        case 0xc0: return null;
        case 0xc2: return false;
        case 0xc3: return true;
        case 0xc4: return bytes.slice(take(u8()), at);
        case 0xc5: return bytes.slice(take(view.getUint16(take(2))), at);
        case 0xc6: return bytes.slice(take(view.getUint32(take(4))), at);
        case 0xca: return view.getFloat32(take(4));
        case 0xcb: return view.getFloat64(take(8));
        case 0xcc: return u8();
        case 0xcd: return view.getUint16(take(2));
        case 0xce: return view.getUint32(take(4));
        case 0xcf: return Number(view.getBigUint64(take(8)));
        case 0xd0: return view.getInt8(take(1));
        case 0xd1: return view.getInt16(take(2));
        case 0xd2: return view.getInt32(take(4));
        case 0xd3: return Number(view.getBigInt64(take(8)));
        case 0xd9: return str(u8());
        case 0xda: return str(view.getUint16(take(2)));
        case 0xdb: return str(view.getUint32(take(4)));
        case 0xdc: return arr(view.getUint16(take(2)));
        case 0xdd: return arr(view.getUint32(take(4)));
        case 0xde: return map(view.getUint16(take(2)));
        case 0xdf: return map(view.getUint32(take(4)));
        default: throw new Error(`msgpack.js: type 0x${t.toString(16)} not read`);
      }
    }
    return value();
  }

  self.__msgpack = {
    // Posts `message` (a plain object) to `worker` as the engine reads it.
    post(worker, message) {
      const parts = [];
      encode(message, parts);
      const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      parts.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
      worker.postMessage({ bytes, files: [] }, [bytes.buffer]);
    },
    // The message of an engine's event, decoded.
    read(event) {
      return decode(event.data.bytes);
    },
  };
})();
