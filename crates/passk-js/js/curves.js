// <passk-curves>: the page's Pass@k or Cover@τ chart of some counts, for any page: drawn by
// passk's own plot code and palette (the full module's wasm), with the read-out under the
// pointer, light or dark, and a link "open in passk" that carries the data to the page.
//
//   <script type="module" src="…/passk/curves.js"></script>
//   <passk-curves src="runs/base.jsonl" metric="pass-at-k" base="https://…/passk/"></passk-curves>
//
// Attributes: `data` (the counts inline: any format passk reads, e.g. `n c` lines, CSV or JSON
// lines), `src` (a file on the same origin; several separated by spaces), `name` (the inline
// data's file name, default "data"), `format` (default: detected), `metric` ("pass-at-k" or
// "cover"), `theme` ("light", "dark", or by default the system's), `base` (the passk page the
// link opens; no link without it). The property `data` takes text, bytes, { name: data } or
// [{ name, data }]. Events: `passk-drawn`, and `passk-error` (its detail the reason, also shown).
import './index.js';
import { CurvesChart } from './wasm/full/passk_js.js';
import { PasskError } from './common.js';

// The page's chart proportions (src/widgets/chart_size.rs): 0.6 of the width, 280 to 560 px.
const size = (width) => {
  const w = Math.max(width, 280);
  return [w, Math.min(Math.max(w * 0.6, 280), 560)];
};

const STYLE = `
:host { display: block; position: relative; font: 13px/1.4 system-ui, sans-serif; color: #1f2328; }
:host([hidden]) { display: none; }
:host(.dark) { color: #e6edf3; }
.wrap { position: relative; }
canvas { display: block; touch-action: pan-y; }
.hair { position: absolute; width: 1px; background: currentColor; opacity: 0.45; pointer-events: none; }
.readout { position: absolute; top: 6px; padding: 4px 8px; border: 1px solid #8c959f; border-radius: 4px;
  background: #ffffffee; font-size: 12px; pointer-events: none; white-space: nowrap; }
:host(.dark) .readout { background: #161b22ee; }
.readout table { border-collapse: collapse; }
.readout th, .readout td { padding: 0 4px; text-align: right; font-variant-numeric: tabular-nums; }
.readout th:first-child, .readout td:first-child { text-align: left; }
.foot { display: flex; gap: 12px; justify-content: space-between; align-items: baseline; min-height: 1.4em; }
.error { color: #cf222e; }
:host(.dark) .error { color: #ff7b72; }
a { color: #0969da; }
:host(.dark) a { color: #58a6ff; }
[hidden] { display: none !important; }
`;

class PasskCurves extends HTMLElement {
  static observedAttributes = ['data', 'src', 'name', 'format', 'metric', 'theme', 'base'];

  #chart = null;
  #given = undefined;
  #loading = 0;
  #dark = matchMedia('(prefers-color-scheme: dark)');

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${STYLE}</style>
      <div class="wrap"><canvas data-testid="passk-curves-canvas" role="img"></canvas>
        <div class="hair" hidden></div>
        <div class="readout" data-testid="passk-curves-readout" role="status" hidden></div></div>
      <div class="foot"><span class="error" data-testid="passk-curves-error" hidden></span>
        <span class="notes" data-testid="passk-curves-notes"></span>
        <a class="open" data-testid="passk-curves-open" target="_blank" rel="noopener" hidden>open in passk</a></div>`;
    this.canvas = root.querySelector('canvas');
    this.hair = root.querySelector('.hair');
    this.readout = root.querySelector('.readout');
    this.error = root.querySelector('.error');
    this.notes = root.querySelector('.notes');
    this.open = root.querySelector('.open');
    this.canvas.addEventListener('pointermove', (e) => this.#point(e.offsetX));
    this.canvas.addEventListener('pointerdown', (e) => this.#point(e.offsetX));
    this.canvas.addEventListener('pointerleave', () => this.#point(null));
    this.#dark.addEventListener('change', () => this.#draw());
    this.resize = new ResizeObserver(() => this.#draw());
  }

  connectedCallback() {
    this.resize.observe(this);
    this.#load();
  }

  disconnectedCallback() {
    this.resize.disconnect();
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.isConnected) return;
    if (['metric', 'theme'].includes(name)) this.#draw();
    else if (name === 'base') this.#link();
    else this.#load();
  }

  /** The counts set from script: text, bytes, { name: data } or [{ name, data }]. */
  get data() {
    return this.#given ?? this.getAttribute('data');
  }

  set data(value) {
    this.#given = value;
    if (this.isConnected) this.#load();
  }

  /** The series drawn, in their colours' order. */
  get series() {
    return this.#chart ? this.#chart.names() : [];
  }

  // The inputs: the property's, the inline attribute's, or the files of `src` (fetched).
  async #inputs() {
    const name = this.getAttribute('name') || 'data';
    const given = this.#given;
    if (given !== undefined && given !== null) {
      if (typeof given === 'string' || given instanceof Uint8Array || given instanceof ArrayBuffer) return [[name, given]];
      if (Array.isArray(given)) return given.map((x) => [x.name, x.data]);
      return Object.entries(given);
    }
    if (this.hasAttribute('data')) return [[name, this.getAttribute('data')]];
    const src = (this.getAttribute('src') || '').split(/\s+/).filter(Boolean);
    return Promise.all(src.map(async (s) => {
      const url = new URL(s, document.baseURI);
      if (url.origin !== location.origin) throw new PasskError(`${s}: not on this page's origin (passk reads only its own origin's files)`);
      const res = await fetch(url);
      if (!res.ok) throw new PasskError(`${s}: ${res.status} ${res.statusText}`);
      return [decodeURIComponent(url.pathname.split('/').pop() || 'data'), new Uint8Array(await res.arrayBuffer())];
    }));
  }

  async #load() {
    const ticket = ++this.#loading;
    try {
      const inputs = await this.#inputs();
      if (ticket !== this.#loading) return;
      if (inputs.length === 0) return this.#fail(null);
      const chart = new CurvesChart(inputs, this.getAttribute('format') ?? undefined);
      this.#chart?.free();
      this.#chart = chart;
      const rejected = chart.rejected();
      this.notes.textContent = rejected.length ? `${rejected.length} row(s) rejected: ${rejected[0]}${rejected.length > 1 ? ' …' : ''}` : '';
      this.notes.title = rejected.join('\n');
      this.#fail(null);
      this.#draw();
      this.#link();
    } catch (e) {
      if (ticket === this.#loading) this.#fail(e);
    }
  }

  #fail(e) {
    this.error.hidden = !e;
    this.error.textContent = e ? e.message : '';
    if (e) {
      this.#chart?.free();
      this.#chart = null;
      this.open.hidden = true;
      this.dispatchEvent(new CustomEvent('passk-error', { detail: e.message }));
    }
  }

  get #isDark() {
    const theme = this.getAttribute('theme');
    return theme === 'dark' || (theme !== 'light' && this.#dark.matches);
  }

  #draw() {
    const chart = this.#chart;
    const width = this.clientWidth;
    if (!chart || width === 0) return;
    const dark = this.#isDark;
    this.classList.toggle('dark', dark);
    const [w, h] = size(width);
    const dpr = Math.min(Math.max(devicePixelRatio || 1, 1), 4);
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    const metric = this.getAttribute('metric') || 'pass-at-k';
    try {
      chart.draw(this.canvas, metric, dark, dpr);
    } catch (e) {
      return this.#fail(new PasskError(e.message));
    }
    this.canvas.setAttribute('aria-label', `${metric === 'cover' ? 'Cover@τ' : 'Pass@k'} of ${chart.names().join(', ')}`);
    this.canvas.setAttribute('data-drawn', '');
    this.#point(null);
    this.dispatchEvent(new CustomEvent('passk-drawn'));
  }

  // The read-out and the cross-hair at the pointer's column (CSS pixels), or hidden.
  #point(x) {
    const dpr = this.canvas.width / (parseFloat(this.canvas.style.width) || 1);
    const shown = x === null || !this.#chart ? null : this.#chart.readout(x * dpr);
    this.readout.hidden = this.hair.hidden = !shown;
    if (!shown) return;
    const cell = (tag, text) => `<${tag}>${String(text).replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c])}</${tag}>`;
    this.readout.innerHTML = `<div>${cell('strong', shown.caption)}</div><table><tr>${shown.head.map((h) => cell('th', h)).join('')}</tr>${shown.rows
      .map((r) => `<tr>${r.map((c) => cell('td', c)).join('')}</tr>`)
      .join('')}</table>`;
    const left = shown.px / dpr;
    Object.assign(this.hair.style, { left: `${left}px`, top: `${shown.top / dpr}px`, height: `${(shown.bottom - shown.top) / dpr}px` });
    // The read-out on the side away from the cross-hair.
    const right = left > this.canvas.clientWidth / 2;
    Object.assign(this.readout.style, right ? { left: '', right: `${this.canvas.clientWidth - left + 8}px` } : { right: '', left: `${left + 8}px` });
  }

  #link() {
    const base = this.getAttribute('base');
    if (!this.#chart || !base) {
      this.open.hidden = true;
      return;
    }
    try {
      this.open.href = this.#chart.link(new URL(base, document.baseURI).href);
      this.open.hidden = false;
    } catch (e) {
      this.open.hidden = true;
      this.#fail(new PasskError(e.message));
    }
  }
}

if (!customElements.get('passk-curves')) customElements.define('passk-curves', PasskCurves);
export { PasskCurves };
