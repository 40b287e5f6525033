export { buildTestApp, TEST_JWT_SECRET, testConfig } from './app.ts';
export { createTestDatabase } from './database.ts';
export { createUser, loginAs, TEST_PASSWORD, uniqueEmail } from './factories.ts';
export { type FilePart, multipart } from './multipart.ts';
export { lastCodeTo, lastMessageTo } from './outbox.ts';
