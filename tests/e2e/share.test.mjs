// Share links: a preset link, a dataset's link opened in a fresh browser, history while
// editing, the user's own input kept aside, and hostile links.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { assertClean, firstRow, panelsBelow, typeInto, usePage, waitForText, withPage } from './harness.mjs';

const h = usePage({ path: null, recordDialogs: true });

/** Opens the preset link n = 10, c = 3, k = 5 and waits for its pass@5. */
async function openPreset() {
  await h.page.goto(`${h.url}#n=10&c=3&k=5`);
  await waitForText(h.page, 'pass-at-k-full', '0.9166666666666666');
}
const b64url = (buf) => buf.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const dataLink = (wire) => `#v=1&d=${b64url(deflateRawSync(Buffer.from(JSON.stringify(wire))))}`;

/** Every cell of the results table and the series summary, and the fields and menus. */
async function everything(page) {
  await firstRow(page);
  // Every panel shown (those below the results load as they near the screen).
  await panelsBelow(page);
  await page.waitForFunction(() => !document.querySelector('[data-testid=analysis-busy]'));
  return page.evaluate(() => {
    const cells = (id) => [...document.querySelectorAll(`[data-testid=${id}] tr`)].map((r) => [...r.children].map((c) => c.textContent.trim()));
    const values = [...document.querySelectorAll('input[data-testid], select[data-testid], textarea[data-testid]')]
      .filter((e) => !['share-url', 'counts-input'].includes(e.dataset.testid))
      .map((e) => [e.dataset.testid, e.type === 'checkbox' ? e.checked : e.value]);
    return {
      results: cells('results-table'),
      summary: cells('series-summary'),
      ranking: cells('ranking-table'),
      values,
      advanced: document.querySelector('[data-testid=advanced-settings]').open,
    };
  });
}

test('a preset link sets the calculator, typed by hand', async () => {
  await openPreset();
  assert.equal(await h.page.getByTestId('n').inputValue(), '10');
  // A first visit had no input of its own: nothing to restore.
  assert.equal(await h.page.getByTestId('restore-previous').count(), 0);
  assert.equal(await h.page.getByTestId('share-message').count(), 0);
});

test('a dataset link on a first visit keeps nothing aside: the page had no input of the user\'s', async () => {
  await withPage({ path: '#ex=pythia' }, async (other) => {
    await other.page.getByTestId('results-table').locator('tbody tr', { hasText: 'Pythia 12B' }).first().waitFor({ timeout: 60_000 });
    await other.page.waitForTimeout(500);
    assert.equal(await other.page.getByTestId('previous-note').count(), 0);
    assert.equal(await other.page.evaluate(() => localStorage.getItem('passk.previous.v1')), null);
  });
});

test('the link wins over saved input, which can be restored', async () => {
  await h.page.goto(h.url);
  await typeInto(h.page, 'n', '20');
  await typeInto(h.page, 'k', '2');
  // pass@2 of n = 20, c = 3: 1 − C(17, 2)/C(20, 2) = 54/190.
  await waitForText(h.page, 'pass-at-k-full', '= 0.28421052631578');
  await h.page.waitForTimeout(300);
  await openPreset();
  await h.page.getByTestId('restore-previous').click();
  await waitForText(h.page, 'pass-at-k-full', '= 0.28421052631578');
  assert.equal(new URL(h.page.url()).hash, '');
  assert.equal(await h.page.getByTestId('restore-previous').count(), 0);
});

test('editing replaces the history entry; back and forward restore each link', async () => {
  await openPreset();
  await h.page.goto(`${h.url}#n=8&c=1&k=2`);
  await waitForText(h.page, 'pass-at-k', /^25\.00%$/);
  const length = await h.page.evaluate(() => history.length);
  await typeInto(h.page, 'k', '4');
  await h.page.waitForFunction(() => location.hash.includes('k=4'));
  assert.equal(await h.page.evaluate(() => history.length), length, 'one entry, replaced');
  await h.page.goBack();
  await waitForText(h.page, 'pass-at-k-full', '0.9166666666666666');
  await h.page.goForward();
  await waitForText(h.page, 'pass-at-k', /^50\.00%$/);
  assert.equal(await h.page.getByTestId('k').inputValue(), '4');
  // Leave the user's input restored for the next test.
  await h.page.getByTestId('restore-previous').click();
  await h.page.waitForFunction(() => location.hash === '');
});

test('a dataset link opens in a fresh browser with every number the same', async () => {
  await h.page.goto(h.url);
  await h.page.getByTestId('clear-input').click();
  const csv = 'model,task,n,c\nA,t1,10,3\nA,t2,10,0\nA,t3,10,10\nA,t4,12,5\nB,t2,10,9\nB,t1,10,4\nB,t3,10,10\nB,t4,12,1\n';
  await h.page.getByTestId('counts-input').fill(csv);
  await h.page.getByTestId('results-table').locator('tbody tr', { hasText: 'B' }).first().waitFor();
  await typeInto(h.page, 'k-list', '1, 3, 7, 50');
  await h.page.locator('[data-testid=advanced-settings] summary').click();
  await typeInto(h.page, 'seed', '7');
  await typeInto(h.page, 'bootstrap', '20');
  await h.page.getByTestId('toggle-zoibb').check();
  await panelsBelow(h.page);
  await h.page.getByTestId('fit-series').selectOption('B');
  await h.page.getByTestId('rank-k').selectOption('7');
  await h.page.waitForTimeout(500);
  const mine = await everything(h.page);
  await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(h.url).origin });
  await h.page.getByTestId('share-link').click();
  await waitForText(h.page, 'share-status', /^Link copied: [\d,]+ characters\.$/);
  const link = await h.page.getByTestId('share-url').inputValue();
  assert.equal(await h.page.evaluate(() => navigator.clipboard.readText()), link);
  assert.match(link, /#v=1&n=\d+&c=\d+&k=\d+&d=[A-Za-z0-9_-]+$/);
  assert.match(await h.page.getByTestId('share-status').textContent(), /\d characters/);
  assert.equal(await h.page.getByTestId('share-long').count(), 0);
  assert.equal(new URL(h.page.url()).hash, new URL(link).hash);

  await withPage({ path: new URL(link).hash }, async (other) => {
    const theirs = await everything(other.page);
    assert.ok(mine.results.length > 5);
    assert.deepEqual(theirs.results, mine.results);
    assert.deepEqual(theirs.ranking, mine.ranking);
    assert.deepEqual(theirs.values, mine.values);
    assert.equal(theirs.advanced, true);
    // The summary names the same series with the same counts (the input's name is the link's).
    // Columns: shown, series, read from, tasks, …
    assert.deepEqual(theirs.summary.map((r) => [r[1], ...r.slice(3)]), mine.summary.map((r) => [r[1], ...r.slice(3)]));
    assertClean(other);
  });
});

test('hostile and broken links give a message and a usable page', async () => {
  const bomb = `#v=1&d=${b64url(deflateRawSync(Buffer.alloc(64 << 20)))}`;
  const script = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 1">';
  const named = dataLink({
    inputs: [{ file: script, name: script, series: [{ model: script, n: [10, 10], c: [3, 7], ids: [script, 'b'] }] }],
  });
  const cases = [
    ['#v=1&d=!!!!', /not base64url/],
    [`#v=1&d=${b64url(Buffer.from('not deflate at all, really not'))}`, /not a valid deflate stream/],
    [bomb, /more than 4 MB/],
    ['#n=1000000000000000000000000000000&c=1&k=1', /at most 10\^12/],
    ['#n=10&c=1&k=2000000000000', /at most 10\^12/],
    [dataLink({ inputs: [{ file: 'f', name: 'x', series: [{ n: [2000000000000], c: [1] }] }] }), /above the limit of 10\^12/],
    ['#v=7&n=10&c=3&k=5', /version 7/],
    [`#n=${encodeURIComponent(script)}&c=1&k=1`, /not a number/],
  ];
  for (const [hash, want] of cases) {
    await h.page.goto(`${h.url}${hash}`);
    await h.page.getByTestId('share-message').waitFor();
    assert.match(await h.page.getByTestId('share-message').textContent(), want, hash.slice(0, 60));
    // Still usable: the calculator answers.
    await typeInto(h.page, 'k', '2');
    await h.page.getByTestId('pass-at-k-full').waitFor();
  }
  await h.page.goto(`${h.url}${named}`);
  await waitForText(h.page, 'series-summary', '<script>');
  await firstRow(h.page);
  assert.equal(await h.page.evaluate(() => window.__pwned), undefined);
  assert.equal(await h.page.locator('main script, main img').count(), 0);
  assertClean(h);
});

test('a link to a built-in example names it: a few dozen characters, the same numbers', async () => {
  await h.page.goto(h.url);
  await h.page.getByTestId('clear-input').click();
  await h.page.getByTestId('example-pythia').click();
  await h.page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor();
  await h.page.waitForTimeout(500);
  const mine = await everything(h.page);
  await h.page.getByTestId('share-link').click();
  await waitForText(h.page, 'share-status', /^Link copied: [\d,]+ characters\.$/);
  const link = await h.page.getByTestId('share-url').inputValue();
  const hash = new URL(link).hash;
  assert.match(hash, /^#v=1&n=\d+&c=\d+&k=\d+&ex=pythia$/);
  assert.ok(hash.length < 60, hash);
  await withPage({ path: hash }, async (other) => {
    await other.page.getByTestId('results-table').filter({ hasText: 'Pythia 12B' }).waitFor();
    const theirs = await everything(other.page);
    assert.deepEqual(theirs.results, mine.results);
    assert.deepEqual(theirs.summary, mine.summary);
    assertClean(other);
  });
  // A changed setting follows the name; an unknown example is refused with a message.
  await typeInto(h.page, 'k-list', '1, 7');
  await h.page.waitForFunction(() => /&ex=pythia&d=[A-Za-z0-9_-]+$/.test(location.hash));
  await withPage({ path: '#ex=nosuch' }, async (other) => {
    await waitForText(other.page, 'share-message', 'no built-in example named "nosuch"');
  });
});
