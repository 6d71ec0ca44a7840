/**
 * Bad content stops the server at start: every base document is checked when it is loaded, and so is every
 * translation file (schemas/translations/<language>/) whose texts it puts into its document's `translations`.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineConfigError } from '#engine/runtime/index.ts';
import { defaultContentRoot, loadBaseContent } from '#server/content/base-content.ts';

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

  it("puts each translation file's texts into its document's translations; a text left out is no error (English shows)", () => {
    copyContent();
    edit('schemas/translations/es/waiver.json', (d) => delete d.texts['/messages/enter-waiver-reason']);
    const waiver = loadBaseContent(root).forms.get('waiver')!;
    expect(waiver.translations?.es?.['/title']).toBe('Renuncia a la cobertura');
    expect(waiver.translations?.es).not.toHaveProperty('/messages/enter-waiver-reason');
  });

  it('refuses a translation file naming no base document', () => {
    copyContent();
    writeFileSync(path.join(root, 'schemas/translations/es/nope.json'), JSON.stringify({ language: 'es', document: 'nope', texts: { '/title': 'Nada' } }));
    expect(() => loadBaseContent(root)).toThrow(/translations\/es\/nope.json at \/document: there is no base document 'nope'/);
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
    ['a translation of a pointer that is no text', 'schemas/translations/es/waiver.json', (d: any) => (d.texts['/messages/nope'] = 'Nada'), /waiver at \/translations\/es: .*\/messages\/nope: the document has no text here/],
    ['a translation whose placeholders differ', 'schemas/translations/es/login.json', (d: any) => (d.texts['/messages/account-locked'] = 'Espere {minutos} minutos.'), /\/messages\/account-locked: the translation must keep the marks of the text \(\{minutes\}\)/],
    ['a translation file of another shape', 'schemas/translations/es/waiver.json', (d: any) => ((d.text = d.texts), delete d.texts), /translations\/es\/waiver.json: .*must have required property 'texts'/],
    ['a translation file holding another document', 'schemas/translations/es/waiver.json', (d: any) => (d.document = 'login'), /the file waiver.json holds the texts of 'login'/],
    ['base texts of a language inside the document', 'schemas/forms/waiver.schema.json', (d: any) => (d.translations = { es: { '/title': 'Renuncia' } }), /waiver at \/translations: the base texts in other languages belong in schemas\/translations/],
  ])('refuses %s', (_, file, change, reason) => {
    copyContent();
    edit(file, change);
    expect(() => loadBaseContent(root)).toThrow(EngineConfigError);
    expect(() => loadBaseContent(root)).toThrow(reason);
  });
});
