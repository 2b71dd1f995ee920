// A static file server for the built page, bound to 127.0.0.1 only: at the root, or under a
// sub-path (`base`, as a project page of a static host serves it), and gzipped (`gzip`, as a
// host compresses text and wasm), as the tests and the bench ask.
// Usage: node tools/serve.mjs [DIR] [PORT] [BASE] [gzip]   (defaults: dist 8080 /; PORT 0 picks a free one)
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.jsonl': 'application/x-ndjson',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** Serves `dir` on 127.0.0.1:`port` under `base` (a path ending in /; anything else is 404),
 * gzipped when `gzip` and the request accepts it; resolves to { server, url }. */
export function serve(dir, port = 0, { base = '/', gzip = false } = {}) {
  const root = resolve(dir);
  const zipped = new Map();
  const server = createServer(async (req, res) => {
    try {
      const full = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (!full.startsWith(base)) throw new Error('outside the base path');
      const path = full.slice(base.length - 1);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      let body = await readFile(file);
      const headers = {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
      };
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && !/\.(png)$/.test(file)) {
        if (!zipped.has(file)) zipped.set(file, gzipSync(body, { level: 9 }));
        body = zipped.get(file);
        headers['Content-Encoding'] = 'gzip';
        headers.Vary = 'Accept-Encoding';
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      ok({ server, url: `http://127.0.0.1:${server.address().port}${base}` });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir = 'dist', port = '8080', base = '/', zip] = process.argv.slice(2);
  const { url } = await serve(dir, Number(port), { base, gzip: zip === 'gzip' });
  console.log(`passk is served at ${url}  (Ctrl-C to stop)`);
}
