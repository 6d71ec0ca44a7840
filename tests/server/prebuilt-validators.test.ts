/**
 * The base forms' validators compiled at build time (writeBaseValidators, `npm run build`): one module per base
 * form, named by the hash the server computes for the form it serves; the server sends the build's file instead of
 * compiling, and compiles over a file that names other schemas. About files, not the database: PGlite only.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasExport, standaloneModule } from '#engine/compile/index.ts';
import { type FormDocument } from '#engine/runtime/index.ts';
import { loadBaseContent } from '#server/content/base-content.ts';
import { validatedSchemas, validatorsHash, writeBaseValidators } from '#server/content/validator-modules.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';

const base = loadBaseContent();
const root = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-validators-'));
const fileOf = async (form: FormDocument) => path.join(root, `${await validatorsHash(form)}.js`);

describe('validators compiled at build time', () => {
  beforeAll(async () => {
    // Left by an earlier build: the build empties the folder first.
    writeFileSync(path.join(root, `${'0'.repeat(64)}.js`), 'export const schemas = [];');
    await writeBaseValidators(root, base.forms.values());
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const test = useTestApp(databases()[0]!, { validatorsRoot: root });
  const get = (url: string) => test.app.inject({ method: 'GET', url });

  it('writes one module per base form, named by the hash in the path the server gives the form, and nothing else', async () => {
    const names = new Set<string>();
    for (const id of base.forms.keys()) {
      const validators = (await get(`/api/content/forms/${id}`)).json().data.validators as string;
      const hash = /^\/api\/content\/validators\/[a-z-]+\.([0-9a-f]{64})\.js$/.exec(validators)![1]!;
      names.add(`${hash}.js`);
    }
    expect(readdirSync(root).sort()).toEqual([...names].sort());
    // Forms with the same schemas (terms and privacy) share the first one's module, as in memory.
    const first = new Map<string, FormDocument>();
    for (const form of base.forms.values()) {
      const file = await fileOf(form);
      if (!first.has(file)) first.set(file, form);
    }
    for (const [file, form] of first) expect(readFileSync(file, 'utf8')).toBe(standaloneModule(form.id, await validatedSchemas(form)));
  });

  it("serves a base form's module from the build's file, without compiling it", async () => {
    const profile = base.forms.get('profile')!;
    const file = await fileOf(profile);
    const marked = `${readFileSync(file, 'utf8')}// read from the build\n`;
    writeFileSync(file, marked);
    const validators = (await get('/api/content/forms/profile')).json().data.validators as string;
    const response = await get(validators);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(marked);
  });

  it('compiles over a file that names other schemas than its hash says', async () => {
    const login = base.forms.get('login')!;
    const waiver = readFileSync(await fileOf(base.forms.get('waiver')!), 'utf8');
    writeFileSync(await fileOf(login), waiver);
    const response = await get((await get('/api/content/forms/login')).json().data.validators as string);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toBe(waiver);
    expect(response.body).toContain(`\n${schemasExport(await validatedSchemas(login))}\n`);
  });

  it('compiles over a file an earlier build wrote, which names no helpers (its patterns ran on the backtracking engine)', async () => {
    const dependent = base.forms.get('dependent')!;
    const file = await fileOf(dependent);
    const earlier = readFileSync(file, 'utf8').replace(/\nexport const helpers = [^\n]*/, '');
    writeFileSync(file, earlier);
    const response = await get((await get('/api/content/forms/dependent')).json().data.validators as string);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toBe(earlier);
    expect(response.body).toContain('\nexport const helpers = ');
  });
});
