// Post-build step (a Trunk hook, before csp.mjs): the page wasm split in parts.
//
// The page is built with the `split` feature, so the functions marked `wasm_split(workspace)`
// (src/lazy_part.rs) and `wasm_split(panels)` (src/analysis/lower_panels.rs) import their
// code instead of calling it.
// This step takes cargo's wasm (linked with --emit-relocs, see build.rs), moves those
// functions and everything only they reach into wasm files of their own (wasm-split-cli, the
// splitter cargo-leptos uses): split_workspace (the data workspace), split_panels (the panels
// below the results) and chunk_N (what both reach). It runs wasm-bindgen and wasm-opt on every
// part itself and puts them in place of Trunk's page files, under content-hashed names.
// index.html gets the new files' integrity hashes and a script that fetches and compiles the
// workspace's parts as the page starts; the panels' part is fetched when the page asks for it.
//
// Usage: node tools/split.mjs   (in Trunk's post_build stage: TRUNK_STAGING_DIR, TRUNK_PROFILE)
// SPLIT_NAMES=1 keeps the function names (wasm-opt -g), for profiles; cargo must keep them too
// (CARGO_PROFILE_WASM_RELEASE_STRIP=false).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const staging = process.env.TRUNK_STAGING_DIR ?? 'dist';
const fail = (msg) => {
  console.error(`split.mjs: ${msg}`);
  process.exit(1);
};
// The page is always built with the "split" feature: unsplit, its wasm could not load.
if ((process.env.TRUNK_PROFILE ?? 'release') !== 'release') fail('the page is split in release builds only: trunk build --release (./dev build)');
const targetDir = process.env.CARGO_TARGET_DIR ?? 'target';
const raw = join(targetDir, 'wasm32-unknown-unknown', 'wasm-release', 'passk-web.wasm');
if (!existsSync(raw)) fail(`no ${raw} (was the page built with data-cargo-profile="wasm-release"?)`);
const js = readdirSync(staging).find((f) => /^passk-web-[0-9a-f]+\.js$/.test(f));
if (!js) fail(`no passk-web-*.js in ${staging}`);
const stem = js.slice(0, -3);

const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
const work = mkdtempSync(join(tmpdir(), 'passk-split-'));
const parts = join(work, 'parts');
const out = join(work, 'out');
run('wasm-split-cli', ['--target', 'web', '--out-name', stem, raw, parts]);
// split_NAME.wasm: a split point's own code; chunk_N.wasm: code two of them share.
const chunks = readdirSync(parts).filter((f) => /^(split|chunk)_\w+\.wasm$/.test(f));
if (!chunks.some((f) => f.startsWith('split_'))) fail('wasm-split-cli found no split point: was the page built with the "split" feature?');
run('wasm-bindgen', ['--target', 'web', '--keep-lld-exports', '--no-demangle', '--no-typescript',
  '--out-dir', out, '--out-name', stem, join(parts, `${stem}.wasm`)]);
// The same features Trunk's wasm-opt is given in index.html.
const features = ['--enable-bulk-memory', '--enable-bulk-memory-opt', '--enable-nontrapping-float-to-int',
  '--enable-sign-ext', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue'];
const opt = (from, to) => run('wasm-opt', ['-Oz', ...features, ...(process.env.SPLIT_NAMES ? ['-g'] : []), from, '-o', to]);
opt(join(out, `${stem}_bg.wasm`), join(out, `${stem}_bg.wasm`));

const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
// The second parts under content-hashed names, and the loader that names them.
let loader = readFileSync(join(parts, '__wasm_split.js'), 'utf8');
// Fetched as the page starts: the workspace's part and the chunks it needs (its loader's
// dependencies, `[__chunk_N, …]`); the other parts (the panels below the results) when the
// page first calls them.
const deps = loader.match(/__wasm_split_load_workspace = wrapAsyncCb\(makeLoad\([\s\S]*?, \[([^\]]*)\]\)\)/);
if (!deps) fail('__wasm_split.js has no loader for the workspace part');
const startsEarly = new Set(['split_workspace.wasm', ...[...deps[1].matchAll(/__chunk_(\d+)/g)].map((m) => `chunk_${m[1]}.wasm`)]);
const early = [];
for (const c of chunks) {
  opt(join(parts, c), join(out, c));
  const bytes = readFileSync(join(out, c));
  const named = `${c.slice(0, -5)}-${hash(bytes)}.wasm`;
  renameSync(join(out, c), join(staging, named));
  // The loader fetched and compiled a part when first called; it now takes the module whose
  // compilation index.html started (compileStreaming, off the main thread, while the first
  // part loads).
  const fetcher = `const src = fetch(new URL("./${c}", import.meta.url));
    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));`;
  if (!loader.includes(fetcher)) fail(`__wasm_split.js does not fetch ./${c} as expected`);
  loader = loader.replace(fetcher, `const module = window.__passkSplit?.[${JSON.stringify(named)}] ??
      WebAssembly.compileStreaming(fetch(new URL("./${named}", import.meta.url)));
    return async (imports) => ({ instance: await WebAssembly.instantiate(await module, imports) });`);
  if (startsEarly.has(c)) early.push(`${JSON.stringify(named)}: window.__passkFirst.then(() => WebAssembly.compileStreaming(fetch("./${named}")))`);
}
const loaderName = `__wasm_split-${hash(loader)}.js`;
writeFileSync(join(staging, loaderName), loader);
let mainJs = readFileSync(join(out, `${stem}.js`), 'utf8');
// Only the module's address changes: the wasm still names its imports "./__wasm_split.js".
// (wasm-bindgen imports the loader once per split point: every such line changes.)
const importLine = /^(import \* as \w+ from )"\.\/__wasm_split\.js"/gm;
if (!importLine.test(mainJs)) fail(`${stem}.js does not import ./__wasm_split.js`);
mainJs = mainJs.replace(importLine, `$1"./${loaderName}"`);
writeFileSync(join(staging, js), mainJs);
renameSync(join(out, `${stem}_bg.wasm`), join(staging, `${stem}_bg.wasm`));
rmSync(work, { recursive: true, force: true });

// index.html: the replaced files' integrity, and the second parts' compilation started.
const index = join(staging, 'index.html');
let html = readFileSync(index, 'utf8');
for (const f of [js, `${stem}_bg.wasm`]) {
  const re = new RegExp(`(href="\\./${f}"[^>]*integrity=")[^"]*(")`);
  if (!re.test(html)) fail(`index.html has no integrity for ${f}`);
  html = html.replace(re, `$1${sri(readFileSync(join(staging, f)))}$2`);
}
// Nothing the first screen does not need shares the network with what it does: the page's
// first part (the calculator) is fetched alone, then the workspace's parts and the engine
// worker (index.html) together. `__passkFirst` settles once the first part's wasm has
// arrived (its resource timing entry), or after 4 s whatever happens. The parts then start
// compiling (a rejection is kept for the loader to report).
const start = `<script>window.__passkFirst = new Promise((ok) => {
        const first = (es) => es.some((e) => /\\/${stem}_bg\\.wasm$/.test(e.name));
        new PerformanceObserver((l, o) => first(l.getEntries()) && (o.disconnect(), ok())).observe({ type: 'resource', buffered: true });
        setTimeout(ok, 4000);
      });
      window.__passkSplit = { ${early.join(', ')} };
      for (const p of Object.values(window.__passkSplit)) p.catch(() => {});</script>`;
html = html.replace(/<head([^>]*)>/, (h) => `${h}\n    ${start}`);
html = html.replace('</head>', `<link rel="modulepreload" href="./${loaderName}" crossorigin="anonymous"></head>`);
writeFileSync(index, html);
const size = (f) => readFileSync(join(staging, f)).length;
console.log(`split.mjs: ${stem}_bg.wasm ${size(`${stem}_bg.wasm`)} bytes first, then ${chunks.join(', ')} (${loaderName})`);
