export { buildTestApp, TEST_JWT_SECRET, testConfig } from './app.ts';
export { createTestDatabase } from './database.ts';
