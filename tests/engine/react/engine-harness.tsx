/** Renders engine components inside the providers they need, with base documents read from schemas/ and flows/. */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { EngineProvider, type EngineServices } from '#engine/react/index.ts';
import { portalWidgets } from '#portal/widgets/index.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleDefinitions } from '#engine/compile/index.ts';
import type { FlowDocument, FormDocument, JsonSchema } from '#engine/runtime/types.ts';

// The server's loader (content.plugin.ts) resolves its root from import.meta.url, which is not a file URL under
// jsdom; the same steps here: read the defs, bundle them into each form, as the API serves it.
const root = process.cwd();
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const named = (dir: string, suffix: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .map((name) => [name.slice(0, -suffix.length), path.join(dir, name)] as const);

const definitions: Record<string, JsonSchema> = Object.fromEntries(
  named(path.join(root, 'schemas', 'defs'), '.schema.json').map(([id, file]) => [id, readJson(file) as JsonSchema]),
);
const content = {
  forms: new Map(
    named(path.join(root, 'schemas', 'forms'), '.schema.json').map(([id, file]) => [
      id,
      bundleDefinitions(readJson(file) as FormDocument, definitions),
    ]),
  ),
  flows: new Map(named(path.join(root, 'flows'), '.flow.json').map(([id, file]) => [id, readJson(file) as FlowDocument])),
};

export function baseForm(id: string): FormDocument {
  const document = content.forms.get(id);
  if (!document) throw new Error(`no form document ${id}`);
  return document;
}

export function baseFlow(id: string): FlowDocument {
  const document = content.flows.get(id);
  if (!document) throw new Error(`no flow document ${id}`);
  return document;
}

export function baseFormIds(): string[] {
  return [...content.forms.keys()];
}

/** The portal's widgets: the documents under test name them (ssn, zip). */
export const noServices: EngineServices = {
  widgets: portalWidgets,
  api: { call: async () => ({ success: false, message: 'no api in this test' }) },
  documentFetcher: async () => {
    throw new Error('no document fetcher in this test');
  },
};

export function renderWithEngine(ui: ReactNode, services: EngineServices = noServices) {
  return render(
    <MantineProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <EngineProvider services={services}>{ui}</EngineProvider>
      </SWRConfig>
    </MantineProvider>,
  );
}
