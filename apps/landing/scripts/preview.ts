/**
 * `npm run preview -w @hiwar/landing`: serves the built site the way the product does (the landing
 * server: placeholder origins replaced, redirects, 404 status) on http://localhost:5175, pointing at
 * an API and web app on http://localhost:4000 (`npm start`).
 */
import { buildLandingServer } from '../../server/src/static/landing-site.ts';

const web = process.env.HIWAR_WEB_URL ?? 'http://localhost:4000';
const port = Number(process.env.PORT ?? 5175);
const server = await buildLandingServer({
  apiUrl: web,
  socketUrl: web,
  appServer: 'local',
  webUrl: web,
  adminUrl: 'http://localhost:4001',
  landingUrl: `http://localhost:${port}`,
  googleClientId: null,
  telegramBotUrl: null,
});
await server.listen({ host: '127.0.0.1', port });
console.log(`Landing site (built): http://localhost:${port}`);
