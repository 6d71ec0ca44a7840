import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';

describe.each(databases())('version route on $name', (database) => {
  const t = useTestApp(database);

  it('answers the version without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Version/test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: `Benefit Portal ${packageJson.version}`, message: '' });
  });

  it('refuses other methods on it with the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Version/test' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, data: null, code: 'NOT_FOUND', message: 'Not found.' });
  });
});
