// Accessibility (issue 16): axe-core finds no violation with the seven Pythia series loaded,
// at 1280 and 390 px, light and dark. axe is injected with the page's CSP bypassed for the
// audit only; nothing is hidden from it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ARTIFACTS, ROOT, start } from './harness.mjs';

const AXE = readFileSync(`${ROOT}node_modules/axe-core/axe.min.js`, 'utf8');

for (const [width, scheme] of [
  [1280, 'light'],
  [390, 'light'],
  [1280, 'dark'],
  [390, 'dark'],
]) {
  test(`axe: no violation at ${width} px, ${scheme}, with the Pythia example`, async () => {
    const s = await start({ colorScheme: scheme, viewport: { width, height: 900 }, bypassCSP: true });
    try {
      await s.page.goto(s.url);
      await s.page.getByTestId('example-pythia').click();
      await s.page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor();
      // Every job done: minutes on a slow machine (about 45 s on one), not a budget.
      await s.page.waitForFunction(() => !document.querySelector('[data-testid=job-progress]'), null, { timeout: 300_000 });
      await s.page.addScriptTag({ content: AXE });
      const result = await s.page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
      const found = result.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      if (found.length) await s.page.screenshot({ path: `${ARTIFACTS}axe-${width}-${scheme}.png`, fullPage: true });
      assert.deepEqual(found, []);
    } finally {
      await s.close();
    }
  });
}
