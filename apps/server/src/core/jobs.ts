/**
 * pg-boss keeps its tables in their own schema of our database: the worker's jobs (plugins/jobs.ts)
 * live there, and the server statistics read their queues from it.
 */
export const JOBS_SCHEMA = 'pgboss';
