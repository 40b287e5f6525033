export * from './account.hooks.ts';
export * from './api-client-context.tsx';
