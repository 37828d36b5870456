/**
 * libsodium's prime-order group functions: `group.ristretto255` (RFC 9496)
 * and `group.edwards25519` (libsodium's crypto_core_ed25519 rules: points in
 * the prime-order subgroup, its Elligator 2 map), byte for byte as libsodium
 * computes them. Method names are libsodium's without the prefix, in camel
 * case: crypto_core_ristretto255_scalar_mul is `group.ristretto255.scalarMul`,
 * crypto_scalarmult_ed25519_base_noclamp `group.edwards25519.scalarmultBaseNoclamp`.
 *
 *   const p = group.ristretto255.fromHash(sha512('input'));
 *   const q = group.ristretto255.scalarmult(group.ristretto255.scalarRandom(), p);
 *
 * Points and scalars are 32 bytes, hash and non-reduced scalar inputs 64
 * (the catalog entries' `constants`). An encoding that is not a valid point,
 * an identity result and a zero scalar to invert throw an Error, as
 * libsodium fails; wrong types or lengths throw TypeError / RangeError.
 *
 * The functions are the catalog's: each method calls the operation its
 * entry lists in `operations` (crates/saline-ops OPERATIONS), with the
 * entry's id, so this file holds no sizes and no operation codes. For
 * noble-style Edwards25519 arithmetic (canonical scalars, torsion checks)
 * see `edwards25519`.
 */
import type { CatalogOperation, Op } from './backend/types.js';
import { call, callBoolean } from './call.js';
import { entry } from './catalog.js';
import { bytes } from './input.js';

/** Each libsodium function's parameters, by its name without the prefix (libsodium's own parameter names). */
const PARAMETERS = {
  is_valid_point: ['p'],
  add: ['p', 'q'],
  sub: ['p', 'q'],
  from_uniform: ['r'],
  from_hash: ['h'],
  random: [],
  scalarmult: ['n', 'p'],
  scalarmult_noclamp: ['n', 'p'],
  scalarmult_base: ['n'],
  scalarmult_base_noclamp: ['n'],
  scalar_random: [],
  scalar_invert: ['s'],
  scalar_negate: ['s'],
  scalar_complement: ['s'],
  scalar_add: ['x', 'y'],
  scalar_sub: ['x', 'y'],
  scalar_mul: ['x', 'y'],
  scalar_reduce: ['sample'],
} as const;

/** Each parameter's length: the entry's libsodium constant of that name. */
const LENGTH = { p: 'BYTES', q: 'BYTES', r: 'UNIFORMBYTES', h: 'HASHBYTES', n: 'SCALARBYTES', s: 'SCALARBYTES', x: 'SCALARBYTES', y: 'SCALARBYTES', sample: 'NONREDUCEDSCALARBYTES' } as const;

type Name = keyof typeof PARAMETERS;
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
/** One Uint8Array per parameter name. */
type Arguments<P extends readonly string[]> = P extends readonly [string, ...infer Rest extends readonly string[]] ? [Uint8Array, ...Arguments<Rest>] : [];
type Method<N extends Name> = (...args: Arguments<(typeof PARAMETERS)[N]>) => N extends 'is_valid_point' ? boolean : Uint8Array<ArrayBuffer>;
type Methods<N extends Name> = { readonly [K in N as CamelCase<K>]: Method<K> };

const RISTRETTO255 = [
  'is_valid_point', 'add', 'sub', 'from_hash', 'random', 'scalarmult', 'scalarmult_base',
  'scalar_random', 'scalar_invert', 'scalar_negate', 'scalar_complement', 'scalar_add', 'scalar_sub', 'scalar_mul', 'scalar_reduce',
] as const satisfies readonly Name[];
const EDWARDS25519 = [...RISTRETTO255, 'from_uniform', 'scalarmult_noclamp', 'scalarmult_base_noclamp'] as const satisfies readonly Name[];

/** The Ristretto255 functions (libsodium's crypto_core_ristretto255_* and crypto_scalarmult_ristretto255*). */
export type Ristretto255Group = Methods<(typeof RISTRETTO255)[number]>;
/** The Edwards25519 functions (libsodium's crypto_core_ed25519_* and crypto_scalarmult_ed25519*). */
export type Edwards25519Group = Methods<(typeof EDWARDS25519)[number]>;

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** `names`' methods for the catalog entry `group`, each looking its operation up when first called. */
function makeGroup<T>(group: string, names: readonly Name[]): T {
  const methods: Record<string, (...args: unknown[]) => Uint8Array<ArrayBuffer> | boolean> = {};
  for (const name of names) {
    const where = `group.${group}.${camelCase(name)}`;
    let operation: CatalogOperation | undefined;
    methods[camelCase(name)] = (...args: unknown[]) => {
      const info = entry(group);
      operation ??= info.operations.find((o) => o.name === name);
      if (!operation) throw new Error(`saline: the catalog's ${group} has no ${name} (package and backend out of step?)`);
      const inputs = PARAMETERS[name].map((parameter, i) => bytes(where, parameter, args[i], info.constants[LENGTH[parameter]]));
      if (name === 'is_valid_point') return callBoolean({ fn: where }, operation.op as Op, info.id, inputs, operation.nums);
      return call({ fn: where }, operation.op as Op, info.id, inputs, operation.nums, info.outputLength);
    };
  }
  return Object.freeze(methods) as T;
}

export const group = Object.freeze({
  ristretto255: makeGroup<Ristretto255Group>('ristretto255', RISTRETTO255),
  edwards25519: makeGroup<Edwards25519Group>('edwards25519', EDWARDS25519),
});
