import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_ID_PATTERN } from '#contracts/document-id.ts';

const meta = (file: string) => JSON.parse(readFileSync(new URL(`../../schemas/meta/${file}`, import.meta.url), 'utf8'));

describe("a document's id", () => {
  it('is what the meta-schemas take (JSON cannot import the constant)', () => {
    const form = meta('form.schema.json');
    const flow = meta('flow.schema.json');
    const translation = meta('translation.schema.json');
    expect(form.properties.id.pattern).toBe(DOCUMENT_ID_PATTERN);
    expect(flow.properties.id.pattern).toBe(DOCUMENT_ID_PATTERN);
    expect(flow.definitions.step.properties.form.pattern).toBe(DOCUMENT_ID_PATTERN);
    expect(translation.properties.document.pattern).toBe(DOCUMENT_ID_PATTERN);
  });
});
