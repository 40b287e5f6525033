/** The contract's schemas as JSON Schema, by name, written by the build (build/contract-plugin.ts). */
declare module 'virtual:hiwar/contract' {
  const schemas: Record<string, unknown>;
  export default schemas;
}
