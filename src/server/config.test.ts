import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to demo mode on loopback', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', svcUrl: null, sim: { svcPort: 9991, users: 300 } });
  });
  it('reads a real server and trims its trailing slash; empty strings mean unset', () => {
    expect(loadConfig({ SVC_URL: 'https://chat.example.com/', PORT: '' }).svcUrl).toBe('https://chat.example.com');
  });
  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SVC_URL: 'ftp://x' })).toThrow(/SVC_URL/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });
});
