/**
 * The contract's schemas as JSON Schema, by name, written by the build (build/contract-plugin.ts): the
 * part the app's first screens check.
 */
declare module 'virtual:hiwar/contract' {
  const schemas: Record<string, unknown>;
  export default schemas;
}

/** The rest of the contract's schemas, loaded on the first check of one of them. */
declare module 'virtual:hiwar/contract/more' {
  const schemas: Record<string, unknown>;
  export default schemas;
}
