export * from './common.enums.ts';
export * from './invoice.enums.ts';
export * from './lesson.enums.ts';
export * from './payment.enums.ts';
export * from './user.enums.ts';
