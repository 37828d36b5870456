/**
 * Turns a backend's BackendError into the JS error class a caller expects
 * (types.ts, ErrorCode): a length or range → RangeError; an unknown name or
 * an option the algorithm does not take (ErrorCode.Unsupported) → TypeError;
 * a malformed encoding → Error; a failed tag or signature → Error saying so;
 * the random source → Error. The class comes from the code alone; the
 * message is only reworded (issue 15). Messages keep the core's wording ("key: expected 32 bytes,
 * got 31") behind the name of the JS function, with the core's parameter
 * names spelled as the JS API spells them.
 */
import { ErrorCode, type BackendError } from './backend/types.js';

/** The core's parameter names that the JS API spells differently. */
const JS_NAMES: Record<string, string> = {
  'public key': 'publicKey',
  'secret key': 'secretKey',
  'sealed box': 'sealed',
  'signed message': 'signedMessage',
  personal: 'personalization',
  iterations: 'c',
  // Every KDF and hash option that sets an output length is dkLen (HKDF's, `length`, renames per call).
  'output length': 'dkLen',
};

/** How the core's names map to one function's parameters, on top of JS_NAMES. */
export type Renames = Readonly<Record<string, string>>;

export function isBackendError(error: unknown): error is BackendError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as BackendError).code === 'number' &&
    typeof (error as BackendError).message === 'string'
  );
}

/** "what: rest" and "X does not take the option 'what'", renamed for JS. */
function rename(raw: string, renames: Renames | undefined): string {
  // The core's pointer to its Rust catalog means nothing to a JS caller.
  const message = raw.replace(/ \(see saline::catalog::ALGORITHMS\)$/, '');
  const spell = (what: string) => renames?.[what] ?? JS_NAMES[what] ?? what;
  const option = /^(.*) does not take the option '([^']*)'$/.exec(message);
  if (option) return `${option[1]} does not take the option '${spell(option[2]!)}'`;
  const colon = message.indexOf(': ');
  if (colon > 0) {
    const what = message.slice(0, colon);
    if (what in JS_NAMES || (renames && what in renames)) return spell(what) + message.slice(colon);
  }
  return message;
}

/**
 * The JS error for `error` thrown by a backend during `where`. `failure` is
 * the message for a failed verification (AEADs say "authentication failed").
 * Anything that is not a BackendError (a bug, an engine limit) passes through.
 */
export function translate(where: string, error: unknown, failure = 'verification failed', renames?: Renames): unknown {
  if (!isBackendError(error)) return error;
  const text = `${where}: ${rename(error.message, renames)}`;
  switch (error.code) {
    case ErrorCode.Range:
      return new RangeError(text);
    case ErrorCode.Unsupported:
      return new TypeError(text);
    case ErrorCode.Verification:
      return new Error(`${where}: ${failure}`);
    default:
      return new Error(text);
  }
}
