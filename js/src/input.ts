/**
 * Argument checks shared by every family, run before anything reaches a
 * backend: a wrong type is a TypeError, a wrong length or range a RangeError,
 * and every message starts with the function and names the parameter
 * ("gcm: key: expected 16, 24 or 32 bytes, got 31").
 *
 * Strings are turned into UTF-8 only by `message` (messages, passwords and a
 * few labels); keys, nonces and salts go through `bytes`, which refuses them,
 * because a string key silently loses entropy and hides encoding bugs.
 */
import type { LengthRule } from './backend/types.js';
import { bufferOf, isDetachedBuffer, lengthOf, typedArrayTag } from './intrinsics.js';

/** A message or password: bytes, or a string taken as UTF-8. */
export type Input = Uint8Array | string;

const encoder = /* @__PURE__ */ new TextEncoder();

/** The largest output any function allocates (2^31 − 1 bytes: every engine's typed-array limit). */
export const MAX_LENGTH = 0x7fffffff;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an Array';
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  if (value instanceof ArrayBuffer) return 'an ArrayBuffer';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/**
 * Whether `value` is a Uint8Array, also one from another realm (a vm context
 * or an iframe, where `instanceof` fails). Node's Buffer is a Uint8Array.
 */
export function isBytes(value: unknown): value is Uint8Array {
  return typedArrayTag(value) === 'Uint8Array';
}

/**
 * A detached buffer reads as empty; passing it on would hash or encrypt
 * nothing without a word (intrinsics.ts `isDetachedBuffer`).
 */
function isDetached(view: Uint8Array): boolean {
  return isDetachedBuffer(bufferOf(view));
}

/** The expected size as the core words it ("32 bytes", "16, 24 or 32 bytes"). */
export function describeRule(rule: LengthRule): string {
  if ('exactly' in rule) return `${rule.exactly} bytes`;
  if ('oneOf' in rule) {
    const list = rule.oneOf;
    return list.length === 1 ? `${list[0]} bytes` : `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]} bytes`;
  }
  if ('multipleOf' in rule) return `a multiple of ${rule.multipleOf} bytes`;
  return rule.max === null ? `at least ${rule.min} bytes` : `${rule.min} to ${rule.max} bytes`;
}

function accepts(rule: LengthRule, length: number): boolean {
  if ('exactly' in rule) return length === rule.exactly;
  if ('oneOf' in rule) return rule.oneOf.includes(length);
  if ('multipleOf' in rule) return rule.multipleOf !== 0 && length % rule.multipleOf === 0;
  return length >= rule.min && (rule.max === null || length <= rule.max);
}

/**
 * A byte argument (key, nonce, salt, signature ...): a Uint8Array only.
 * `rule`, from the catalog or a number of bytes, checks the length (null: any).
 */
export function bytes(where: string, name: string, value: unknown, rule?: LengthRule | number | null): Uint8Array {
  if (!isBytes(value)) {
    const hint = typeof value === 'string' ? ' (strings are accepted for messages and passwords only)' : '';
    throw new TypeError(`${where}: ${name}: expected a Uint8Array, got ${describe(value)}${hint}`);
  }
  const length = lengthOf(value);
  if (length === 0 && isDetached(value)) {
    throw new TypeError(`${where}: ${name}: the Uint8Array's ArrayBuffer is detached`);
  }
  if (rule !== undefined && rule !== null) {
    const r: LengthRule = typeof rule === 'number' ? { exactly: rule } : rule;
    if (!accepts(r, length)) {
      throw new RangeError(`${where}: ${name}: expected ${describeRule(r)}, got ${length}`);
    }
  }
  return value;
}

/** An optional byte argument: undefined (or null) stays null, meaning "not given". */
export function optionalBytes(where: string, name: string, value: unknown, rule?: LengthRule | number | null): Uint8Array | null {
  return value === undefined || value === null ? null : bytes(where, name, value, rule);
}

/** A message or password: a Uint8Array, or a string encoded as UTF-8. */
export function message(where: string, name: string, value: unknown): Uint8Array {
  if (typeof value === 'string') return encoder.encode(value);
  if (!isBytes(value)) throw new TypeError(`${where}: ${name}: expected a Uint8Array or a string, got ${describe(value)}`);
  // `bytes` without its second type check: this is every one-shot call's hot path.
  if (lengthOf(value) === 0 && isDetached(value)) throw new TypeError(`${where}: ${name}: the Uint8Array's ArrayBuffer is detached`);
  return value;
}

/** A whole number from `min` to `max`. */
export function integer(where: string, name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number') throw new TypeError(`${where}: ${name}: expected a number, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${where}: ${name}: expected an integer from ${min} to ${max}, got ${value}`);
  }
  return value;
}

/** An output length: a whole number of bytes JS can allocate. */
export function length(where: string, name: string, value: unknown, min = 0): number {
  return integer(where, name, value, min, MAX_LENGTH);
}

/** A boolean option; undefined gives `fallback`. */
export function flag(where: string, name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new TypeError(`${where}: ${name}: expected a boolean, got ${describe(value)}`);
  return value;
}

/**
 * An options object. Saline never ignores an option silently, so a key it
 * does not know is a TypeError naming the key; undefined values count as
 * not given. Whether the algorithm takes a known option is the core's call
 * (it answers UnsupportedOption, surfaced as TypeError).
 */
export function options<K extends string>(where: string, value: unknown, known: readonly K[]): Partial<Record<K, unknown>> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value) || isBytes(value)) {
    throw new TypeError(`${where}: options: expected an object, got ${describe(value)}`);
  }
  for (const key of Object.keys(value)) {
    if (!(known as readonly string[]).includes(key)) {
      const list = known.length ? `known options: ${known.join(', ')}` : 'it takes no options';
      throw new TypeError(`${where}: unknown option '${key}' (${list})`);
    }
  }
  return value as Partial<Record<K, unknown>>;
}

/** `size`, or a RangeError naming the parameter when no typed array can be that long. */
export function outputSize(where: string, name: string, size: number): number {
  if (size > MAX_LENGTH) throw new RangeError(`${where}: ${name}: at most ${MAX_LENGTH} bytes can be produced, asked for ${size}`);
  return size;
}

/** Allocates an output buffer, naming the parameter if the engine refuses the size. */
export function alloc(where: string, name: string, size: number): Uint8Array<ArrayBuffer> {
  outputSize(where, name, size);
  try {
    return new Uint8Array(size);
  } catch {
    throw new RangeError(`${where}: ${name}: cannot allocate ${size} bytes`);
  }
}
