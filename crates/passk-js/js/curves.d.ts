// passk/curves: the <passk-curves> element (defined on import).
import type { Inputs } from './index.js';

/** `<passk-curves>`: the page's Pass@k or Cover@τ chart of some counts. Attributes: `data`,
 * `src`, `name`, `format`, `metric` ("pass-at-k" | "cover"), `theme` ("light" | "dark"),
 * `base` (the passk page "open in passk" opens). */
export declare class PasskCurves extends HTMLElement {
  /** The counts set from script (text, bytes, { name: data } or [{ name, data }]). */
  data: Inputs | null;
  /** The series drawn, in their colours' order. */
  readonly series: string[];
}

declare global {
  interface HTMLElementTagNameMap {
    'passk-curves': PasskCurves;
  }
}
