import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses defaults that run the demo store with no keys', () => {
    const config = loadConfig({ INIT_CWD: '/srv/store' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe('/srv/store/data');
    expect(config.NODE_ENV).toBe('development');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOG_LEVEL', 'loud'],
  ])('stops boot with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('reads CORS_ORIGINS as a comma list', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  describe('in production (issue 13 #18)', () => {
    const mailed = { NODE_ENV: 'production', SMTP_URL: 'smtps://user:pass@smtp.example.com:465', ALLOW_FAX_OUTBOX: 'true' };

    it('refuses to start without PAYMENT_GATEWAY set by name, with a line naming it', () => {
      expect(() => loadConfig(mailed)).toThrow(ConfigError);
      expect(() => loadConfig(mailed)).toThrow(/^ {2}PAYMENT_GATEWAY: must be set in production/m);
    });

    it('takes the sandbox when it is named (a staging store)', () => {
      expect(loadConfig({ ...mailed, PAYMENT_GATEWAY: 'sandbox' }).PAYMENT_GATEWAY).toBe('sandbox');
    });

    it('refuses to start without SMTP_URL unless ALLOW_OUTBOX=true, with a line naming it', () => {
      const env = { NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox', ALLOW_FAX_OUTBOX: 'true' };
      expect(() => loadConfig(env)).toThrow(/^ {2}SMTP_URL: must be set in production, or ALLOW_OUTBOX=true/m);
      expect(() => loadConfig({ ...env, ALLOW_OUTBOX: 'false' })).toThrow(/SMTP_URL:/);
      expect(loadConfig({ ...env, ALLOW_OUTBOX: 'true' }).SMTP_URL).toBeUndefined();
    });

    it('names both when both are missing', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_GATEWAY:[^\n]*\n {2}SMTP_URL:/);
    });

    it("refuses the deploy template's change-me placeholders as secrets (issue 20: deploy/.env.example is public)", () => {
      const env = { ...mailed, PAYMENT_GATEWAY: 'sandbox', AUTH_SECRET: 'change-me-to-48-random-characters-0123456789abcdef' };
      expect(() => loadConfig(env)).toThrow(/^ {2}AUTH_SECRET: still the template's "change-me" placeholder/m);
      expect(() => loadConfig({ ...env, AUTH_SECRET: 'x'.repeat(48) })).not.toThrow();
    });

    it('refuses to start until production accepts that prescriptions stay in the fax outbox (issue 15)', () => {
      expect(() => loadConfig({ ...mailed, PAYMENT_GATEWAY: 'sandbox', ALLOW_FAX_OUTBOX: 'false' })).toThrow(/^ {2}ALLOW_FAX_OUTBOX: must be true in production/m);
      expect(loadConfig({ ...mailed, PAYMENT_GATEWAY: 'sandbox' }).ALLOW_FAX_OUTBOX).toBe(true);
      // issue 16: the development clock (POST /dev/clock) is never part of a store.
      expect(() => loadConfig({ ...mailed, PAYMENT_GATEWAY: 'sandbox', DEV_CLOCK: 'true' })).toThrow(/^ {2}DEV_CLOCK: must not be set in production/m);
    });

    it('development and tests start as before with neither', () => {
      expect(loadConfig({}).PAYMENT_GATEWAY).toBe('sandbox');
      expect(loadConfig({ NODE_ENV: 'test' }).ALLOW_OUTBOX).toBe(false);
    });
  });
});
