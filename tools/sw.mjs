// Post-build step (a Trunk hook, after split.mjs and csp.mjs): writes the service worker into
// the build: tools/service-worker.js with the list of the build's files (what it caches at
// install) and a version named by their contents, so that each build's worker is new and
// replaces the last one's cache cleanly.
// Usage: node tools/sw.mjs [DIR]   (default: $TRUNK_STAGING_DIR, else dist)
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR ?? 'dist';
const files = [];
const walk = (d) => {
  for (const name of readdirSync(d).sort()) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) {
      if (!name.startsWith('.')) walk(p);
    } else if (name !== 'sw.js' && !name.startsWith('.')) {
      files.push(relative(dir, p).split('\\').join('/'));
    }
  }
};
walk(dir);
// The Parquet reader (a worker started only when a Parquet file is loaded) is not fetched at
// install: the service worker caches it when the page first asks for it.
const onUse = files.filter((f) => f.startsWith('passk-parquet'));
files.splice(0, files.length, ...files.filter((f) => !onUse.includes(f)));
if (onUse.length !== 3) {
  console.error(`sw.mjs: expected the Parquet worker's three files, found ${JSON.stringify(onUse)}`);
  process.exit(1);
}
for (const needed of ['index.html', 'passk-engine-loader.js', 'passk-engine_bg.wasm', 'passk-engine-first_bg.wasm', 'manifest.webmanifest']) {
  if (!files.includes(needed)) {
    console.error(`sw.mjs: ${needed} is not in ${dir}: the page would not work offline`);
    process.exit(1);
  }
}
const hash = createHash('sha256');
for (const f of [...files, ...onUse]) hash.update(f).update(readFileSync(join(dir, f)));
const version = hash.digest('hex').slice(0, 16);
const template = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8');
const sw = template.replace("'__PASSK_VERSION__'", JSON.stringify(version)).replace('__PASSK_FILES__', JSON.stringify(files, null, 2));
writeFileSync(join(dir, 'sw.js'), sw);
console.log(`sw.mjs: sw.js caches ${files.length} files (version ${version}), ${onUse.length} more on use`);
