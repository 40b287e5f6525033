import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { startHiwar } from '../apps/server/src/server.ts';
import { messages } from '../packages/ui/src/messages/messages.ts';

const text = messages.chat;
const [port, adminPort, landingPort] = [await freePort(), await freePort(), await freePort()];
const hiwar = await startHiwar(
  loadConfig({ APP_SERVER: 'local', PORT: String(port), ADMIN_PORT: String(adminPort), LANDING_PORT: String(landingPort), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hiwar-diag-')), LOG_LEVEL: 'warn', SEED_DEMO: 'true' }),
  { embeddedPersistent: false },
);
const web = hiwar.urls.web;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function login(email: string) {
  const res = await fetch(`${web}/api/v1/auth/password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'hiwar-demo-1' }) });
  return (await res.json()) as { token: string; user: { id: number; name: string }; tutor: unknown };
}
async function open(session: { token: string; user: unknown; tutor: unknown }) {
  const context = await browser.newContext({ locale: 'ar-EG', timezoneId: 'Africa/Cairo', viewport: { width: 1280, height: 800 } });
  await context.addInitScript((stored) => {
    localStorage.setItem('auth-token', JSON.stringify({ type: 'bearer', value: stored.token }));
    localStorage.setItem('user', JSON.stringify({ user: stored.user, tutor: stored.tutor }));
  }, session);
  const page = await context.newPage();
  page.on('requestfailed', (r) => console.log('REQFAILED', r.url().slice(0, 120)));
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.setDefaultTimeout(8000);
  return page;
}
const log = (p: Page) => p.getByRole('log', { name: text.conversation.messages });
let step = '';
let pages: Page[] = [];
try {
  const s = await login('student@hiwar.test');
  const t = await login('tutor@hiwar.test');
  step = 'room';
  const roomRes = await fetch(`${web}/api/v1/chat/room/by/members?members=${s.user.id},${t.user.id}`, { headers: { authorization: `Bearer ${s.token}` } });
  console.log('room status', roomRes.status);
  const room = (await roomRes.json()) as { id: number };
  const sp = await open(s);
  const tp = await open(t);
  pages = [sp, tp];
  step = 'goto';
  const pending = new Set<string>();
  sp.on('request', (r) => pending.add(r.url()));
  sp.on('requestfinished', (r) => pending.delete(r.url()));
  sp.on('requestfailed', (r) => pending.delete(r.url()));
  await sp.goto(`${web}/chat?room=${room.id}`).catch((e) => console.log('GOTO', (e as Error).message.split('\n')[0], [...pending].filter((u) => !u.includes('socket.io')).join(' ')));
  await tp.goto(`${web}/chat?room=${room.id}`, { waitUntil: 'domcontentloaded' });
  step = 'headings';
  await sp.getByRole('heading', { level: 2, name: t.user.name }).waitFor();
  await tp.getByRole('heading', { level: 2, name: s.user.name }).waitFor();
  step = 'online';
  await sp.getByText(text.rooms.online).first().waitFor();
  step = 'typing';
  const box = sp.getByRole('textbox', { name: text.composer.label });
  const first = 'مرحبًا يا أستاذة، عندي سؤال xyz';
  await box.fill(first.slice(0, 10));
  await box.pressSequentially(first.slice(10), { delay: 15 });
  await tp.getByText(text.conversation.typing(s.user.name)).waitFor();
  step = 'send';
  await box.press('Enter');
  await log(tp).getByText(first, { exact: true }).waitFor();
  step = 'read';
  await log(sp).locator('[data-message]').filter({ has: sp.getByText(first, { exact: true }) }).last().locator('[data-receipt="read"]').waitFor();
  step = 'done';
  console.log('OK');
} catch (error) {
  console.log('FAILED AT', step, (error as Error).message.split('\n')[0]);
  for (const [i, p] of pages.entries()) await p.screenshot({ path: `/tmp/diag/e2e-${i}.png` });
} finally {
  await browser.close();
  await hiwar.close();
}
