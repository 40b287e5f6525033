/**
 * What `loadContract` imports: the whole domain, through a module nothing imports statically. Importing
 * `@hiwar/domain` itself would not split: the apps import plain values (roles, bounds, error codes)
 * from that same module before their first paint, and its namespace would then be loaded with them.
 */
export * from '@hiwar/domain';
