import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtime-config.ts';

describe('readRuntimeConfig', () => {
  it('falls back to the page origin and same-origin API calls', () => {
    const config = readRuntimeConfig({});
    expect(config.apiUrl).toBe('');
    expect(config.appServer).toBe('local');
    expect(config.webUrl).toBe(globalThis.location.origin);
    expect(config.googleClientId).toBeNull();
  });

  it('trims trailing slashes and reads the Google client id', () => {
    const config = readRuntimeConfig({
      apiUrl: 'https://api.hiwar.eg/',
      appServer: 'production',
      googleClientId: ' abc.apps ',
    });
    expect(config.apiUrl).toBe('https://api.hiwar.eg');
    expect(config.googleClientId).toBe('abc.apps');
  });

  it('stops the app on an invalid server name (spec §5)', () => {
    expect(() => readRuntimeConfig({ appServer: 'nonsense' })).toThrow('Missing or invalid server');
  });

  it("reads the config the server wrote into the page, before the dev server's script", () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'hiwar-config';
    block.textContent = JSON.stringify({ apiUrl: 'https://api.example/', appServer: 'production' });
    document.head.append(block);
    window.__HIWAR_CONFIG__ = { apiUrl: 'http://localhost:4000' };
    try {
      expect(readRuntimeConfig()).toMatchObject({ apiUrl: 'https://api.example', appServer: 'production' });
      block.textContent = '{ broken';
      expect(readRuntimeConfig().apiUrl).toBe('http://localhost:4000');
      block.remove();
      expect(readRuntimeConfig().apiUrl).toBe('http://localhost:4000');
    } finally {
      block.remove();
      delete window.__HIWAR_CONFIG__;
    }
  });
});
