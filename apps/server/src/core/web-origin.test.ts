import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { onWebOrigin, requestWebOrigin, webOrigins } from './web-origin.ts';

const local = {
  appServer: 'local' as const,
  publicUrls: { web: 'http://localhost:4000/', admin: '', landing: '' },
};
const production = {
  appServer: 'production' as const,
  publicUrls: { web: 'https://app.hiwar.example', admin: '', landing: '' },
};

/** What `requestWebOrigin` answers for a request with `headers` (behind a trusted proxy when told). */
async function originOf(
  config: typeof local | typeof production,
  headers: Record<string, string>,
  trustProxy = false,
): Promise<string> {
  const app = Fastify({ trustProxy });
  app.get('/', (request) => ({ origin: requestWebOrigin(request, config) }));
  const res = await app.inject({ method: 'GET', url: '/', headers });
  await app.close();
  return res.json().origin;
}

describe('the web origins a deployment serves', () => {
  it('are PUBLIC_WEB_URL’s, with its loopback twin in local mode only', () => {
    expect(webOrigins(local)).toEqual(['http://localhost:4000', 'http://127.0.0.1:4000']);
    expect(
      webOrigins({ ...local, publicUrls: { ...local.publicUrls, web: 'http://127.0.0.1:5000' } }),
    ).toEqual(['http://127.0.0.1:5000', 'http://localhost:5000']);
    expect(webOrigins({ ...local, appServer: 'staging' })).toEqual(['http://localhost:4000']);
    expect(webOrigins(production)).toEqual(['https://app.hiwar.example']);
  });

  it('follow the request among those, and never beyond them', async () => {
    expect(await originOf(local, { host: '127.0.0.1:4000' })).toBe('http://127.0.0.1:4000');
    expect(await originOf(local, { origin: 'http://127.0.0.1:4000', host: 'localhost:4000' })).toBe(
      'http://127.0.0.1:4000',
    );
    const hostile: Record<string, string>[] = [
      { host: 'evil.example' },
      { host: '127.0.0.1:4001' },
      { origin: 'null', host: 'evil.example' },
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:4000@evil.example' },
      { origin: 'x'.repeat(5000) },
    ];
    for (const headers of hostile) {
      expect(await originOf(local, headers), JSON.stringify(headers)).toBe('http://localhost:4000');
    }
    expect(await originOf(production, { host: 'localhost' })).toBe('https://app.hiwar.example');
  });

  it('read X-Forwarded-* only behind a trusted proxy', async () => {
    const forwarded = {
      host: '10.0.0.5:4000',
      'x-forwarded-host': 'app.hiwar.example',
      'x-forwarded-proto': 'https',
    };
    expect(await originOf(production, forwarded, true)).toBe('https://app.hiwar.example');
    expect(await originOf(local, { host: '10.0.0.5', 'x-forwarded-host': '127.0.0.1:4000' }, false)).toBe(
      'http://localhost:4000',
    );
    expect(await originOf(local, { host: '10.0.0.5', 'x-forwarded-host': '127.0.0.1:4000' }, true)).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it('move only addresses of their own under the prefix', () => {
    const twin = 'http://127.0.0.1:4000';
    expect(
      onWebOrigin('http://localhost:4000/fawry-sandbox/emu/3ds/7?x=1', twin, local, '/fawry-sandbox'),
    ).toBe('http://127.0.0.1:4000/fawry-sandbox/emu/3ds/7?x=1');
    expect(onWebOrigin('http://localhost:4000/card-added', twin, local, '/fawry-sandbox')).toBe(
      'http://localhost:4000/card-added',
    );
    expect(onWebOrigin('https://atfawry.com/fawry-sandbox/x', twin, local, '/fawry-sandbox')).toBe(
      'https://atfawry.com/fawry-sandbox/x',
    );
    expect(onWebOrigin('http://localhost:4000//evil.example/x', twin, local)).toBe(
      'http://127.0.0.1:4000//evil.example/x',
    );
    expect(onWebOrigin('not a url', twin, local)).toBe('not a url');
  });
});
