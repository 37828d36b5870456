// Helpers shared by adapters: pure functions of the fixture, no library code.

// "aes-192-cbc" -> key of 24 bytes taken from the fixture's 32-byte key.
export const aesKey = (fx, algorithm) => fx.key.subarray(0, Number(algorithm.split('-')[1]) / 8);

// The three AES modes the workloads name, for adapters that loop over them.
export const AES_ALGORITHMS = ['128', '192', '256'].flatMap((b) => ['cbc', 'ctr', 'gcm'].map((m) => `aes-${b}-${m}`));

export const HMACS = ['hmac-sha1', 'hmac-sha256', 'hmac-sha512', 'hmac-md5'];

// Output of random key generation cannot be compared across libraries.
export const unchecked = (run) => ({ run, output: () => null });

// Adds one factory per algorithm: ops[`${operation}:${alg}`] = make(alg).
export function each(ops, operation, algorithms, make) {
  for (const alg of algorithms) {
    const factory = make(alg);
    if (factory) ops[`${operation}:${alg}`] = factory;
  }
}
