// Post-build step (a Trunk hook): write a Content-Security-Policy into the built page that
// confines it to its own origin, allowing Trunk's inline loader script by its SHA-256 hash.
// Usage: node tools/csp.mjs [index.html]   (default: $TRUNK_STAGING_DIR/index.html)
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = process.argv[2] ?? join(process.env.TRUNK_STAGING_DIR ?? 'dist', 'index.html');
let html = readFileSync(file, 'utf8');
html = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\s*/g, '');

const hashes = [];
for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
  hashes.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
}
if (hashes.length === 0) {
  console.error(`csp.mjs: no inline loader script found in ${file}`);
  process.exit(1);
}
const policy = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`,
  "connect-src 'self'",
  // The engine worker (passk-engine_loader.js), from this origin only; no blob: workers.
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
if (!/<head[^>]*>/.test(html)) {
  console.error(`csp.mjs: no <head> in ${file}`);
  process.exit(1);
}
html = html.replace(/<head([^>]*)>/, (h) => `${h}\n    ${meta}`);
writeFileSync(file, html);
console.log(`csp.mjs: policy written to ${file} (${hashes.length} inline script hash)`);
