/** The Node built-in modules the loaders use (nodeBuiltin's argument). */
export type BuiltinId = 'node:crypto' | 'node:fs' | 'node:module' | 'node:os' | 'node:url' | 'node:worker_threads';
