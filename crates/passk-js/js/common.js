// What both entry points share: the refusal's class (one class, so that `instanceof`
// holds whichever entry threw it), the wasm's loading (Node reads the file, a browser fetches
// it beside this one), and the closed forms and `read` over a wasm's exports.

/** Loads a wasm-bindgen module (`init`) from `file`, beside this one. */
export async function load(init, file) {
  const url = new URL(file, import.meta.url);
  if (url.protocol === 'file:' && typeof process === 'object' && process.versions?.node) {
    const { readFile } = await import('node:fs/promises');
    await init({ module_or_path: await readFile(url) });
  } else {
    await init({ module_or_path: url });
  }
}

/** A refusal: an input or an option passk does not take, with the reason (the argument and
 * the index named: `n[1] = 10.5: must be a whole number`). */
export class PasskError extends Error {
  constructor(message) {
    super(message);
    this.name = 'PasskError';
  }
}

// Runs `f`, rethrowing the wasm's refusals as PasskError.
export function call(f) {
  try {
    return f();
  } catch (e) {
    if (e instanceof Error && e.name === 'PasskError' && !(e instanceof PasskError)) {
      throw new PasskError(e.message);
    }
    throw e;
  }
}

/** The closed forms and `read` over a wasm's exports. */
export function closedForms(wasm) {
  return {
    /** pass@k: one number for one task (n, c numbers) and one budget; an array per task or
     * per budget; rows per task (arrays of both). NaN where the unbiased k > n. */
    passAtK(n, c, k, estimator = 'unbiased') {
      return call(() => wasm.passAtK(n, c, k, estimator));
    },
    /** pass^k (every one of k samples passes), shaped as passAtK. */
    passHatK(n, c, k, estimator = 'unbiased') {
      return call(() => wasm.passHatK(n, c, k, estimator));
    },
    /** A file read as the page and the command line read it: { file, format, series,
     * rejected, notes }. */
    read(data, { format, name } = {}) {
      return call(() => wasm.read(data, format ?? undefined, name ?? undefined));
    },
  };
}
