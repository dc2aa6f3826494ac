// Module hooks for register.mjs: the conformance harness's `fs` import gets `fs.mjs` instead.
export async function resolve(specifier, context, next) {
  if (
    (specifier === "fs" || specifier === "node:fs") &&
    context.parentURL?.includes("/@modelcontextprotocol/conformance/")
  ) {
    return { url: new URL("./fs.mjs", import.meta.url).href, shortCircuit: true };
  }
  return next(specifier, context);
}
