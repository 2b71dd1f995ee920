// Checks a host that serves the built page: fetches every file of dist/ from URL (the page's
// folder, e.g. https://example.org/tools/passk/), as a browser asks for them (gzip and brotli
// accepted), and prints each one's status, type, encoding, bytes on the wire and cache
// header; then what would break or cost (docs/deploy.md). Exits 1 when a file is missing or
// has a type the page cannot use (a wasm not served as application/wasm cannot be compiled
// while it downloads; a script of the wrong type is refused under the page's policy).
// Usage: node tools/check-host.mjs URL [DIST]   (DIST defaults to dist/)
import { readdirSync, statSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { join } from 'node:path';

const [base, dist = 'dist'] = process.argv.slice(2);
if (!base) {
  console.error('usage: node tools/check-host.mjs URL [DIST]');
  process.exit(2);
}
const root = base.endsWith('/') ? base : `${base}/`;
const files = readdirSync(dist).filter((f) => !f.startsWith('.') && statSync(join(dist, f)).isFile()).sort();
const WANT = { '.wasm': 'application/wasm', '.js': 'javascript', '.html': 'text/html', '.css': 'text/css', '.svg': 'image/svg+xml', '.webmanifest': 'json' };
// Hashed names change with their content: they can be kept a year. The rest must be checked.
const hashed = (f) => /-[0-9a-f]{16}(_bg)?\.(wasm|js|css)$/.test(f);

/** Fetches `url` as a browser does; resolves to { status, headers, bytes } (bytes on the wire). */
const fetchRaw = (url) =>
  new Promise((ok, fail) => {
    const get = url.startsWith('https:') ? httpsGet : httpGet;
    get(url, { headers: { 'Accept-Encoding': 'gzip, br' } }, (res) => {
      let bytes = 0;
      res.on('data', (d) => (bytes += d.length));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, bytes }));
    }).on('error', fail);
  });

let bad = 0;
const notes = [];
const rows = [];
let wire = 0;
let raw = 0;
for (const f of ['', ...files]) {
  const { status, headers, bytes } = await fetchRaw(root + f);
  const type = headers['content-type'] ?? '';
  const enc = headers['content-encoding'] ?? '';
  const size = f ? statSync(join(dist, f)).size : 0;
  rows.push(`${String(status).padEnd(4)} ${(f || '(the folder itself)').padEnd(44)} ${type.padEnd(32)} ${(enc || '-').padEnd(5)} ${String(bytes).padStart(9)} B  ${headers['cache-control'] ?? '-'}`);
  if (status !== 200) {
    bad++;
    notes.push(`${f || root}: status ${status}`);
    continue;
  }
  wire += bytes;
  raw += size;
  const ext = f.slice(f.lastIndexOf('.'));
  if (WANT[ext] && !type.includes(WANT[ext])) {
    if (ext === '.wasm' || ext === '.js') bad++;
    notes.push(`${f}: served as "${type}", expected ${WANT[ext]}`);
  }
  if (size > 10_000 && /\.(wasm|js|css|html)$/.test(f) && !enc) notes.push(`${f}: not compressed (${size} bytes; gzip gives about a third)`);
  if (hashed(f) && !/max-age=\d{6,}|immutable/.test(headers['cache-control'] ?? '')) notes.push(`${f}: a hashed name could be cached for a year (Cache-Control: public, max-age=31536000, immutable)`);
  if (!hashed(f) && /immutable|max-age=\d{5,}/.test(headers['cache-control'] ?? '')) notes.push(`${f}: its name does not change with its content, so it must not be cached long`);
}
console.log(rows.join('\n'));
console.log(`\n${files.length} files, ${(raw / 1e3).toFixed(1)} KB in dist/, ${(wire / 1e3).toFixed(1)} KB on the wire`);
if (notes.length) console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
process.exit(bad ? 1 : 0);
