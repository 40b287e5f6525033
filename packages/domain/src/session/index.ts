export * from './session.rules.ts';
export * from './session.schemas.ts';
