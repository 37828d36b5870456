// A module-resolution hook (registered by saline.mjs through module.register).
// The Saline package keeps its chosen backend in module state shared by its
// bundle chunks, so importing the entry twice with different query strings is
// not enough to get two backends in one process: the chunks would be shared.
// This hook passes the entry's "?instance=NAME" on to every module it imports
// from inside the package directory, so each NAME gets its own module graph.
let root;

export function initialize(data) {
  root = data.root;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const instance = context.parentURL ? new URL(context.parentURL).searchParams.get('instance') : null;
  if (!instance || !result.url.startsWith(root)) return result;
  const url = new URL(result.url);
  if (url.searchParams.has('instance')) return result;
  url.searchParams.set('instance', instance);
  return { ...result, url: url.href };
}
