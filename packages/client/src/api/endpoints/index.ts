export * from './assets.ts';
export * from './auth.ts';
export * from './call-options.ts';
export * from './confirmation-codes.ts';
export * from './parse-response.ts';
export * from './paths.ts';
export * from './users.ts';
