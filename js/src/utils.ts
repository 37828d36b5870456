/**
 * Byte helpers: hex, base64 and base64url, UTF-8, concatenation, random
 * bytes and constant-time equality (noble's names where noble has them).
 * The encoders are plain JS (no backend, usable before `ready()`); random
 * bytes and equality go to the core, so that one implementation of each
 * serves every binding.
 */
import { Op } from './backend/types.js';
import { call } from './call.js';
import { bytes, length } from './input.js';

const HEX = '0123456789abcdef';
const HEX_PAIRS = /* @__PURE__ */ Array.from({ length: 256 }, (_, i) => HEX[i >> 4]! + HEX[i & 15]!);

/** Lowercase hex of `data`. */
export function bytesToHex(data: Uint8Array): string {
  bytes('bytesToHex', 'data', data);
  let out = '';
  for (let i = 0; i < data.length; i++) out += HEX_PAIRS[data[i]!];
  return out;
}

function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

/** The bytes of a hex string (either case, no prefix, no separators). */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (typeof hex !== 'string') throw new TypeError(`hexToBytes: hex: expected a string, got ${typeof hex}`);
  if (hex.length % 2 !== 0) throw new RangeError(`hexToBytes: hex: expected an even number of characters, got ${hex.length}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = nibble(hex.charCodeAt(2 * i));
    const lo = nibble(hex.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) throw new Error(`hexToBytes: hex: not a hex digit at index ${hi < 0 ? 2 * i : 2 * i + 1}`);
    out[i] = (hi << 4) | lo;
  }
  return out;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Each ASCII character's value in `alphabet`, or -1. */
function alphabetIndex(alphabet: string): Int16Array {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < 64; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
}
const B64_INDEX = /* @__PURE__ */ alphabetIndex(B64);
const B64URL_INDEX = /* @__PURE__ */ alphabetIndex(B64URL);

/** RFC 4648's encoding of `data` in `alphabet` (§4 or §5), with `=` padding when `pad`. */
function encodeBase64(data: Uint8Array, alphabet: string, pad: boolean): string {
  let out = '';
  let i = 0;
  for (; i + 2 < data.length; i += 3) {
    const n = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + alphabet[n & 63]!;
  }
  const rest = data.length - i;
  if (rest === 1) {
    const n = data[i]! << 16;
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + (pad ? '==' : '');
  } else if (rest === 2) {
    const n = (data[i]! << 16) | (data[i + 1]! << 8);
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + (pad ? '=' : '');
  }
  return out;
}

/** How a decoder names its input in errors. */
interface Base64Names {
  /** "base64ToBytes: base64": what leads every message. */
  readonly where: string;
  /** "base64": the kind of character expected. */
  readonly kind: string;
  /** "group" or "character": what holds the unused bits at the end. */
  readonly last: string;
}

/**
 * Decodes the whole 4-character groups of `text[0 .. end]`, then a final
 * group of `tail` characters (0, 2 or 3: 1 or 2 more bytes), whose unused
 * bits must be zero (RFC 4648 §3.5). The callers have checked the length.
 */
function decodeBase64(text: string, index: Int16Array, end: number, tail: number, names: Base64Names): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array((end / 4) * 3 + (tail === 0 ? 0 : tail - 1));
  const digit = (i: number): number => {
    const code = text.charCodeAt(i);
    const value = code < 128 ? index[code]! : -1;
    if (value < 0) throw new Error(`${names.where}: not a ${names.kind} character at index ${i}`);
    return value;
  };
  let o = 0;
  for (let i = 0; i < end; i += 4) {
    const n = (digit(i) << 18) | (digit(i + 1) << 12) | (digit(i + 2) << 6) | digit(i + 3);
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  if (tail) {
    const a = digit(end);
    const b = digit(end + 1);
    const c = tail === 3 ? digit(end + 2) : 0;
    if ((tail === 2 ? b & 15 : c & 3) !== 0) throw new Error(`${names.where}: the last ${names.last} has non-zero unused bits`);
    out[o++] = (a << 2) | (b >> 4);
    if (tail === 3) out[o++] = ((b & 15) << 4) | (c >> 2);
  }
  return out;
}

/** Base64 of `data` (RFC 4648 §4: standard alphabet, with padding). */
export function bytesToBase64(data: Uint8Array): string {
  bytes('bytesToBase64', 'data', data);
  return encodeBase64(data, B64, true);
}

const BASE64_NAMES: Base64Names = { where: 'base64ToBytes: base64', kind: 'base64', last: 'group' };

/**
 * The bytes of a base64 string (RFC 4648 §4, padded). Strict: no
 * whitespace, no URL-safe alphabet, and the unused bits of the last group
 * must be zero (§3.5), so that every byte string has one encoding.
 */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const { where } = BASE64_NAMES;
  if (typeof base64 !== 'string') throw new TypeError(`${where}: expected a string, got ${typeof base64}`);
  if (base64.length % 4 !== 0) throw new RangeError(`${where}: expected a multiple of 4 characters, got ${base64.length}`);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  // A padded last group: its 4 - padding characters are the tail.
  const end = base64.length - (padding ? 4 : 0);
  return decodeBase64(base64, B64_INDEX, end, padding ? 4 - padding : 0, BASE64_NAMES);
}

/**
 * Base64url of `data` (RFC 4648 §5: the URL- and filename-safe alphabet),
 * without padding, as JWS, JWK and PHC strings write it (RFC 7515 §2).
 */
export function bytesToBase64url(data: Uint8Array): string {
  bytes('bytesToBase64url', 'data', data);
  return encodeBase64(data, B64URL, false);
}

const BASE64URL_NAMES: Base64Names = { where: 'base64urlToBytes: base64url', kind: 'base64url', last: 'character' };

/**
 * The bytes of an unpadded base64url string (RFC 4648 §5). Strict, as
 * base64ToBytes is: no padding, no whitespace, no standard-alphabet `+`/`/`,
 * and the unused bits of the last character must be zero (§3.5), so that
 * every byte string has one encoding.
 */
export function base64urlToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const { where } = BASE64URL_NAMES;
  if (typeof base64url !== 'string') throw new TypeError(`${where}: expected a string, got ${typeof base64url}`);
  const rest = base64url.length % 4;
  // One character holds 6 bits: never a whole byte.
  if (rest === 1) throw new RangeError(`${where}: ${base64url.length} characters is not a valid unpadded length`);
  return decodeBase64(base64url, B64URL_INDEX, base64url.length - rest, rest, BASE64URL_NAMES);
}

const encoder = /* @__PURE__ */ new TextEncoder();
const strictDecoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The UTF-8 encoding of `text`. */
export function utf8ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string') throw new TypeError(`utf8ToBytes: text: expected a string, got ${typeof text}`);
  return encoder.encode(text) as Uint8Array<ArrayBuffer>;
}

/**
 * The text `data` encodes as UTF-8. Malformed UTF-8 is an Error rather than
 * U+FFFD replacement characters (noble's bytesToUtf8 replaces), so that
 * decrypting to the wrong bytes never passes for text; a leading byte order
 * mark is kept as U+FEFF.
 */
export function bytesToUtf8(data: Uint8Array): string {
  bytes('bytesToUtf8', 'data', data);
  try {
    return strictDecoder.decode(data);
  } catch (error) {
    throw new Error('bytesToUtf8: data: not valid UTF-8', { cause: error });
  }
}

/** The bytes of `arrays`, one after another, in a new Uint8Array. */
export function concatBytes(...arrays: Uint8Array[]): Uint8Array<ArrayBuffer> {
  let total = 0;
  for (let i = 0; i < arrays.length; i++) total += bytes('concatBytes', `arrays[${i}]`, arrays[i]).length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

/** `n` bytes from the system's CSPRNG (getrandom natively, crypto.getRandomValues in WebAssembly). */
export function randomBytes(n = 32): Uint8Array<ArrayBuffer> {
  return call({ fn: 'randomBytes' }, Op.RandomBytes, 0, [], [], length('randomBytes', 'n', n));
}

/**
 * Whether `a` and `b` hold the same bytes, in time that depends only on
 * their lengths. Different lengths are simply unequal.
 *
 * An OR of XORs with no data-dependent branch, as in tweetnacl's `vn` and
 * noble's `equalBytes`: for tag-sized inputs a call into the backend cost
 * more than the comparison itself (saline/tweetnacl's crypto_verify_16 was
 * 9× slower than tweetnacl's in bench/REPORT.md before this).
 */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  bytes('equalBytes', 'a', a);
  bytes('equalBytes', 'b', b);
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
