export * from './app-error.ts';
export * from './error-codes.ts';
export * from './validation-error-code.ts';
