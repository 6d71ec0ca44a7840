/**
 * A form served with validators compiled ahead validates with them alone: useDocument loads the module its answer
 * names (through importValidators) before answering the document, and neither the engine nor rjsf compiles
 * anything, as in the browser, whose CSP allows no eval.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileWithAjv, standaloneModule } from '#engine/compile/index.ts';
import { installRuntimeCompiler } from '#engine/runtime/index.ts';
import type { FormDocument } from '#engine/runtime/types.ts';
import { DocumentForm, useDocument, type FormData } from '#engine/react/index.ts';
import { baseForm, noServices, renderWithEngine } from './engine-harness.tsx';

function Served() {
  const { document } = useDocument('form', 'login', 'scope');
  const [data, setData] = useState<FormData>({});
  if (!document) return <p>Loading</p>;
  return <DocumentForm document={document} formData={data} context={{}} onChange={setData} onSubmit={() => undefined} submitText="Log In" />;
}

afterEach(() => installRuntimeCompiler(compileWithAjv));

describe('validators compiled ahead', () => {
  it('are loaded with the document and are all the form validates with', async () => {
    // A schema no test compiled before, so nothing is cached for it.
    const login = baseForm('login');
    const document: FormDocument = { ...login, schema: { ...login.schema, description: 'compiled ahead' } };
    const code = standaloneModule('login', [document.schema]);
    const importValidators = vi.fn(async () => import(/* @vite-ignore */ `data:text/javascript;base64,${btoa(code)}`));
    installRuntimeCompiler(null);

    renderWithEngine(<Served />, {
      ...noServices,
      documentFetcher: async <T,>() => ({ document, etag: '"1"', validators: '/api/content/validators/login.abc.js' }) as T,
      importValidators,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(importValidators).toHaveBeenCalledWith('/api/content/validators/login.abc.js');
  });
});
