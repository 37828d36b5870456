/**
 * The Node built-ins builtins-node.ts imports. The package has no
 * dependency on @types/node: nodeBuiltin's callers state the few shapes they
 * use (builtins-types.ts), so these are declared without types.
 */
declare module 'node:crypto';
declare module 'node:fs';
declare module 'node:module';
declare module 'node:os';
declare module 'node:url';
declare module 'node:worker_threads';
