import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/config/env.server';

/* The environment is parsed at start-up: defaults for a fresh machine, a clear refusal otherwise. */

const quiet = () => undefined;

describe('parseEnv', () => {
  it('starts with no configuration at all', () => {
    const warnings: string[] = [];
    const env = parseEnv({}, (m) => warnings.push(m));
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      CHANNEL_SLUG: 'demo',
      TRUST_PROXY: false,
      BOOTSTRAP_TTL_SECONDS: 30,
      COOKIE_SECURE: false,
    });
    expect(env.CHANNEL_API_URL).toBeUndefined();
    expect(env.CHANNEL_CONFIG_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toHaveLength(1);
    expect(warnings.join()).toMatch(/SESSION_SECRET/);
  });

  it('in production without SESSION_SECRET uses a random secret per process, with a warning', () => {
    const warnings: string[] = [];
    const a = parseEnv({ NODE_ENV: 'production' }, (m) => warnings.push(m));
    const b = parseEnv({ NODE_ENV: 'production' }, quiet);
    expect(a.SESSION_SECRET[0]).not.toBe(b.SESSION_SECRET[0]);
    expect(a.SESSION_SECRET[0].length).toBeGreaterThanOrEqual(32);
    expect(warnings.join()).toMatch(/random secret/);
  });

  it('splits rotated secrets and derives the channel config URL', () => {
    const env = parseEnv({ SESSION_SECRET: 'new, old', CHANNEL_API_URL: 'https://api.example.test/', CHANNEL_SLUG: 'east-league' }, quiet);
    expect(env.SESSION_SECRET).toEqual(['new', 'old']);
    expect(env.CHANNEL_API_URL).toBe('https://api.example.test');
    expect(env.CHANNEL_CONFIG_URL).toBe('https://api.example.test/channels/east-league.json');
  });

  it('reads TRUST_PROXY as Express does', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }, quiet).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '2' }, quiet).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'loopback' }, quiet).TRUST_PROXY).toBe('loopback');
  });

  it('refuses bad values and names every one', () => {
    expect(() => parseEnv({ PORT: 'abc', CHANNEL_API_URL: 'not a url', NODE_ENV: 'staging' }, quiet)).toThrow(
      /Invalid environment variables:[\s\S]*NODE_ENV[\s\S]*PORT[\s\S]*CHANNEL_API_URL/,
    );
  });
});

describe('COOKIE_SECURE', () => {
  it('is on for an https:// site and off for plain http://localhost, unless set', () => {
    expect(parseEnv({ PUBLIC_URL: 'https://watch.example.com' }, () => {}).COOKIE_SECURE).toBe(true);
    expect(parseEnv({}, () => {}).COOKIE_SECURE).toBe(false);
    expect(parseEnv({ PUBLIC_URL: 'https://watch.example.com', COOKIE_SECURE: 'false' }, () => {}).COOKIE_SECURE).toBe(false);
    expect(parseEnv({ COOKIE_SECURE: 'true' }, () => {}).COOKIE_SECURE).toBe(true);
  });
});
