/** Bad content stops the server at start: every base document is checked when it is loaded. */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineConfigError } from '#engine/core/index.ts';
import { defaultContentRoot, loadBaseContent } from '#server/plugins/content.plugin.ts';

let root: string;
function copyContent(): string {
  root = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-content-'));
  for (const dir of ['schemas', 'flows']) cpSync(path.join(defaultContentRoot, dir), path.join(root, dir), { recursive: true });
  return root;
}
function edit(file: string, change: (doc: Record<string, any>) => void) {
  const full = path.join(root, file);
  const doc = JSON.parse(readFileSync(full, 'utf8'));
  change(doc);
  writeFileSync(full, JSON.stringify(doc));
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('loadBaseContent', () => {
  it('loads the real content', () => {
    const root = copyContent();
    const content = loadBaseContent(root);
    expect(content.forms.size).toBe(readdirSync(path.join(root, 'schemas/forms')).filter((file) => file.endsWith('.schema.json')).length);
    expect(content.flows.has('enrollment')).toBe(true);
  });

  it.each([
    ['a uiSchema naming an unknown widget', 'schemas/forms/waiver.schema.json', (d: any) => (d.uiSchema.waivecoveragereason['ui:widget'] = 'fancy'), /unknown widget 'fancy'/],
    ['a rule naming a missing message', 'schemas/forms/waiver.schema.json', (d: any) => (d.rules[0].message = 'gone'), /no message 'gone'/],
    ['a rule with an operation off the allow-list', 'schemas/forms/profile.schema.json', (d: any) => (d.rules[0].assert = { log: 1 }), /operation not allowed: log/],
    ['a ref to a missing shared piece', 'schemas/forms/login.schema.json', (d: any) => (d.schema.properties.email = { $ref: '../defs/none.schema.json' }), /unknown \$ref/],
    ['a file holding another id', 'schemas/forms/login.schema.json', (d: any) => (d.id = 'signin'), /holds document 'signin'/],
    ['a flow naming a missing form', 'flows/enrollment.flow.json', (d: any) => (d.steps.profile.form = 'nope'), /names form 'nope'/],
    ['a flow reading an undeclared flag', 'flows/enrollment.flow.json', (d: any) => (d.steps.cart.when = { var: 'secret' }), /reads 'secret'/],
    ['a flow computing a variable path', 'flows/enrollment.flow.json', (d: any) => (d.steps.cart.when = { var: { cat: ['employer.', 'hsaonly'] } }), /path written as text, not computed/],
    ['a string field without a maxLength', 'schemas/forms/login.schema.json', (d: any) => delete d.schema.properties.email.maxLength, /properties\/email: a string field needs a maxLength/],
    ['an $id in a schema', 'schemas/forms/login.schema.json', (d: any) => (d.schema.properties.email.$id = 'urn:email'), /\$id: a form's schema may not have \$id/],
    ['a locked part the document does not have', 'schemas/forms/waiver.schema.json', (d: any) => (d.locked['/schema/properties/nope'] = 'A typo.'), /nothing at '\/schema\/properties\/nope'/],
  ])('refuses %s', (_, file, change, reason) => {
    copyContent();
    edit(file, change);
    expect(() => loadBaseContent(root)).toThrow(EngineConfigError);
    expect(() => loadBaseContent(root)).toThrow(reason);
  });
});
