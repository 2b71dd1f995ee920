// A first visit on a slow phone (issue 51): Chromium's emulation of Lighthouse's mobile profile
// — 1.6 Mbps down, 750 kbps up, 150 ms round trip (Network.emulateNetworkConditions), the CPU
// slowed 4× (Emulation.setCPUThrottlingRate) — with the files served gzipped, as a host sends
// them, in a fresh browser (nothing cached). Prints, from the navigation: when the calculator
// answers n = 200, c = 5, k = 10 (22.83 %, typed as soon as its fields exist), when the
// example's Pass@k chart is drawn, and the gzipped wasm fetched before that chart (and in all,
// without scrolling). Needs the release build in dist/ (./dev build). Usage:
//   [RUNS=n] node bench/phone.mjs
import { start, typeInto } from '../tests/e2e/harness.mjs';

const runs = Number(process.env.RUNS ?? 1);
for (let r = 0; r < runs; r++) {
  const h = await start({ gzip: true, viewport: { width: 390, height: 844 }, touch: true, dataTables: 'closed' });
  try {
    const cdp = await h.context.newCDPSession(h.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6e6 / 8) * 0.9,
      uploadThroughput: (750e3 / 8) * 0.9,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Bytes on the wire of each wasm, and when it finished (ms since the navigation): the
    // engine worker's requests too (they share the emulated network; Playwright reports them).
    const wasm = [];
    let t0 = 0;
    h.context.on('requestfinished', async (req) => {
      if (!req.url().endsWith('.wasm')) return;
      const t = req.timing();
      const at = t.startTime + t.responseEnd - t0;
      const sizes = await req.sizes().catch(() => null);
      wasm.push({ file: req.url().split('/').pop(), bytes: sizes?.responseBodySize ?? 0, at });
    });
    t0 = Date.now();
    await h.page.goto(h.url, { waitUntil: 'commit' });
    const chart = h.page
      .locator('[data-testid="chart-pass-at-k"][data-drawn]')
      .waitFor({ state: 'attached', timeout: 120_000 })
      .then(() => Date.now() - t0);
    await h.page.getByTestId('n').waitFor({ timeout: 120_000 });
    const shown = Date.now() - t0;
    await typeInto(h.page, 'n', '200');
    await typeInto(h.page, 'c', '5');
    await typeInto(h.page, 'k', '10');
    await h.page.getByTestId('pass-at-k').filter({ hasText: '22.83' }).waitFor({ timeout: 120_000 });
    const calc = Date.now() - t0;
    const drawn = await chart;
    await h.page.waitForTimeout(1500);
    const before = wasm.filter((w) => w.at <= drawn).reduce((a, w) => a + w.bytes, 0);
    const all = wasm.reduce((a, w) => a + w.bytes, 0);
    console.log(`phone profile: calculator answers ${(calc / 1000).toFixed(2)} s (shown at ${(shown / 1000).toFixed(2)} s, then typed), the example's chart ${(drawn / 1000).toFixed(2)} s after navigation; wasm before the chart ${(before / 1000).toFixed(1)} KB gzipped, ${(all / 1000).toFixed(1)} KB in all (${wasm.map((w) => `${w.file.replace(/-[0-9a-f]{16}/, '')} ${(w.bytes / 1000).toFixed(1)} KB at ${(w.at / 1000).toFixed(1)} s`).join(', ')})`);
    if (h.problems.length) console.log(`  problems: ${JSON.stringify(h.problems)}`);
  } finally {
    await h.close();
  }
}
