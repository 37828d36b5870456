/**
 * The engine's own TypedArray and DataView getters, captured when this
 * module loads. Sizes that decide what a backend reads come from these,
 * never from properties of the argument: a Uint8Array whose `length` was
 * redefined (`Object.defineProperty(u, 'length', ...)`) or an object posing
 * as one (`Object.setPrototypeOf(o, Uint8Array.prototype)`) would otherwise
 * make a layout describe bytes that are not there. They also recognise a
 * Uint8Array from another realm (a vm context, an iframe), where
 * `instanceof` fails.
 */
type Getter<T> = (this: unknown) => T;
const typedArrayPrototype = /* @__PURE__ */ Object.getPrototypeOf(Uint8Array.prototype) as object;
const uncurry = Function.prototype.call;
/** `(target) => target[key]` through the getter on `proto` as it was at load, whatever `target` overrides. */
const intrinsic = <T>(proto: object, key: PropertyKey): ((target: unknown) => T) =>
  uncurry.bind(Object.getOwnPropertyDescriptor(proto, key)!.get as Getter<T>) as (target: unknown) => T;

/** 'Uint8Array' for a real Uint8Array (or Buffer, from any realm), another name for other typed arrays, undefined otherwise. */
export const typedArrayTag = /* @__PURE__ */ intrinsic<string | undefined>(typedArrayPrototype, Symbol.toStringTag);
export const lengthOf = /* @__PURE__ */ intrinsic<number>(typedArrayPrototype, 'length');
export const bufferOf = /* @__PURE__ */ intrinsic<ArrayBufferLike>(typedArrayPrototype, 'buffer');
export const byteOffsetOf = /* @__PURE__ */ intrinsic<number>(typedArrayPrototype, 'byteOffset');
export const byteLengthOf = /* @__PURE__ */ intrinsic<number>(typedArrayPrototype, 'byteLength');
export const dataViewBuffer = /* @__PURE__ */ intrinsic<ArrayBufferLike>(DataView.prototype, 'buffer');
export const dataViewOffset = /* @__PURE__ */ intrinsic<number>(DataView.prototype, 'byteOffset');
export const dataViewLength = /* @__PURE__ */ intrinsic<number>(DataView.prototype, 'byteLength');
export const isView = ArrayBuffer.isView;

/**
 * Whether `buffer` is detached (its views then read as length 0, so an empty
 * input must be asked). A new view over a detached buffer throws; over a live
 * ArrayBuffer or SharedArrayBuffer it does not. Unlike the ES2024 `detached`
 * getter, this cannot be answered by a property the caller defined.
 */
export function isDetachedBuffer(buffer: ArrayBufferLike): boolean {
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}
