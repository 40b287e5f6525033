import type { AppConfig } from './config.ts';
import type { RunningHiwar } from './server.ts';

/**
 * Where to go, once started. Printed as text for a person: on a terminal, and always for `npm start`
 * (APP_SERVER=local, whose log shows warnings only). Otherwise (`start:prod` under a process manager,
 * its output a JSON log) one log record, `"msg":"serving"`, with the same addresses. Every address
 * answers: the API's is its documentation (`/api/v1` itself has no page), health is readiness.
 */
export function announce(hiwar: RunningHiwar, config: AppConfig, terminal: boolean): void {
  const { urls } = hiwar;
  const health = `${urls.web}/health/ready`;
  if (!terminal && config.appServer !== 'local') {
    hiwar.app.log.info(
      {
        urls: { web: urls.web, admin: urls.admin, landing: urls.landing, apiDocs: urls.docs, health },
        demoAccounts: hiwar.demoLogins.map(({ role, email }) => ({ role, email })),
      },
      'serving',
    );
    return;
  }
  const startedAt = Number(process.env.HIWAR_STARTED_AT);
  const lines = [
    ...(Number.isFinite(startedAt)
      ? [`done (${((Date.now() - startedAt) / 1000).toFixed(1)} s in all)`]
      : []),
    '',
    '  حوار — Hiwar is running',
    `  Web (students and tutors): ${urls.web}`,
    ...(urls.admin ? [`  Admin back office:         ${urls.admin}`] : []),
    ...(urls.landing ? [`  Landing site:              ${urls.landing}`] : []),
    `  API docs (OpenAPI):        ${urls.docs}`,
    `  Health (readiness):        ${health}`,
  ];
  if (hiwar.demoLogins.length > 0) {
    lines.push('', '  Demo accounts:');
    const width = Math.max(...hiwar.demoLogins.map((entry) => entry.role.length));
    for (const login of hiwar.demoLogins) {
      lines.push(`    ${login.role.padEnd(width)}  ${login.email}  /  ${login.password}`);
    }
  }
  console.log(`${lines.join('\n')}\n`);
}
