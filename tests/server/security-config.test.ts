import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '#server/config.ts';
import { decryptSsn, encryptSsn, hashPassword, verifyPassword } from '#server/security/crypto.ts';

describe('configuration and secrets', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('has the documented defaults and is frozen', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: dir, DATABASE_URL: null, SMTP_URL: null, PUBLIC_URL: 'http://localhost:3000' });
    expect(config.APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('generates the secrets once into DATA_DIR/secrets.json and keeps them across starts', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(true);
    expect(Buffer.from(first.SSN_KEY, 'base64')).toHaveLength(32);
    expect(first.TOKEN_SECRET.length).toBeGreaterThanOrEqual(32);
    const second = loadConfig({ DATA_DIR: dir, PORT: '4000' });
    expect([second.TOKEN_SECRET, second.SSN_KEY]).toEqual([first.TOKEN_SECRET, first.SSN_KEY]);
    expect(second.PUBLIC_URL).toBe('http://localhost:4000');
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'))).toEqual({
      TOKEN_SECRET: first.TOKEN_SECRET,
      SSN_KEY: first.SSN_KEY,
    });
  });

  it('uses secrets from the environment without writing a file', () => {
    const dir = tempDir();
    const env = { DATA_DIR: dir, TOKEN_SECRET: 'x'.repeat(40), SSN_KEY: Buffer.alloc(32, 7).toString('base64') };
    const config = loadConfig(env);
    expect(config.TOKEN_SECRET).toBe(env.TOKEN_SECRET);
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(false);
  });

  it('lists every problem at once', () => {
    const dir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x', SSN_KEY: 'short', NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dir, PORT: 'abc', DATABASE_URL: 'mysql://x', SSN_KEY: 'short', NODE_ENV: 'production' });
    } catch (error) {
      const text = (error as Error).message;
      // Each setting the schema checks (env-schema) in a sentence that says what it must be and what it was.
      expect(text).toContain("PORT must be a port number, not 'abc'.");
      expect(text).toContain("DATABASE_URL must be a URL that starts with postgres://, not 'mysql://x'.");
      expect(text).toContain('SSN_KEY must be 32 bytes');
      expect(text).toContain('In production set TOKEN_SECRET.');
    }
  });

  it('encrypts SSNs with a fresh IV and authenticates them', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    const a = encryptSsn('123456789', key);
    const b = encryptSsn('123456789', key);
    expect(a).not.toBe(b);
    expect(decryptSsn(a, key)).toBe('123456789');
    expect(() => decryptSsn(a, Buffer.alloc(32, 2).toString('base64'))).toThrow();
    const [v, iv, tag, ct] = a.split('.');
    expect(() => decryptSsn([v, iv, tag, `A${ct!.slice(1)}`].join('.'), key)).toThrow();
  });

  it('hashes passwords with argon2id', async () => {
    const hash = await hashPassword('Str0ng!Pass');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Str0ng!Pass')).toBe(true);
    expect(await verifyPassword(hash, 'Str0ng!Pas')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
