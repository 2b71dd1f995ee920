// Accessibility (issue 16): axe-core finds no violation with the seven Pythia series loaded,
// at 1280 and 390 px, light and dark. axe is injected with the page's CSP bypassed for the
// audit only; nothing is hidden from it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ARTIFACTS, ROOT, start, panelsBelow } from './harness.mjs';

const AXE = readFileSync(`${ROOT}node_modules/axe-core/axe.min.js`, 'utf8');

// One page, the example run once, audited at each width and scheme in turn (the page follows
// the system's scheme and its width as they change: src/widgets/theme.rs, the charts' resize).
test('axe: no violation at 1280 and 390 px, light and dark, with the Pythia example', async () => {
  const s = await start({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  try {
    await s.page.goto(s.url);
    await s.page.getByTestId('example-pythia').click();
    await s.page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor();
    // The panels below the results too (they load as they near the screen).
    await panelsBelow(s.page);
    await s.page.addScriptTag({ content: AXE });
    const found = {};
    for (const [width, scheme] of [
      [1280, 'light'],
      [390, 'light'],
      [1280, 'dark'],
      [390, 'dark'],
    ]) {
      await s.page.setViewportSize({ width, height: 900 });
      await s.page.emulateMedia({ colorScheme: scheme });
      // Every job done (minutes on a slow machine, not a budget), then two frames drawn.
      await s.page.waitForFunction(() => !document.querySelector('[data-testid=job-progress]'), null, { timeout: 300_000 });
      await s.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      assert.equal(await s.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), scheme === 'dark');
      const result = await s.page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      const v = result.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      if (v.length) {
        found[`${width} px, ${scheme}`] = v;
        await s.page.screenshot({ path: `${ARTIFACTS}axe-${width}-${scheme}.png`, fullPage: true });
      }
    }
    assert.deepEqual(found, {});
  } finally {
    await s.close();
  }
});
