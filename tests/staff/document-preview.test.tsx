/**
 * The preview's language: English or Español shows the draft as employees reading that language get it, its
 * Spanish texts in place (the enrollment flow's step titles in the step bar and in the steps of each case), in a
 * frame whose `lang` follows.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/staff/documents/document-edits.ts';
import es from '../../schemas/messages/es.json';
import { DocumentPreview } from '../../src/staff/documents/preview/document-preview.tsx';
import { isSamplePath, sampleOf } from './preview-fixtures.ts';

const ACCOUNT = '00000000-0000-4000-8000-0000000000aa';
const flow = JSON.parse(readFileSync(path.join(process.cwd(), 'flows/enrollment.flow.json'), 'utf8')) as Json;
/** The employer's draft of the flow with the Spanish of the first step's title. */
const draft: Json = { ...flow, translations: { es: { '/steps/profile/title': 'Perfil del empleado' } } };

/** What the staff API answers the preview: the employer (buys or waives, no HSA-only plans) and its other documents. */
const answers: Record<string, unknown> = {
  [`/api/staff/employers/${ACCOUNT}`]: {
    accountid: ACCOUNT,
    name: 'Preview Co',
    teamid: '',
    mediadata: null,
    email: null,
    employeazecustomer: 1,
    hsaonly: 0,
    edoc_period: null,
    hsaadministrator: null,
    planyearstart: '2027-01-01',
    planyearend: '2027-12-31',
    planyear: 2027,
  },
  [`/api/staff/employers/${ACCOUNT}/content/enrollment/preview`]: { documents: {} },
};

describe('the preview in another language', () => {
  it('shows the draft flow in Spanish with Español, and in English again with English', async () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <SWRConfig value={{ provider: () => new Map(), fetcher: async (key: string) => (isSamplePath(key, ACCOUNT) ? sampleOf(key) : answers[key]) }}>
            <DocumentPreview document={draft} stale={false} mayCompile={false} accountid={ACCOUNT} documentid="enrollment" />
          </SWRConfig>
        </MemoryRouter>
      </MantineProvider>,
    );
    const steps = await screen.findByRole('table', { name: 'Steps per case' });
    const bar = screen.getByRole('navigation', { name: 'Enrollment steps' });
    expect(within(steps).getAllByText('Profile').length).toBeGreaterThan(0);
    expect(within(bar).getByText('Profile')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Español' }));
    expect(await within(bar).findByText('Perfil del empleado')).toBeInTheDocument();
    expect(within(steps).getAllByText('Perfil del empleado').length).toBeGreaterThan(0);
    expect(within(steps).queryByText('Profile')).toBeNull();
    expect(bar.closest('[lang]')).toHaveAttribute('lang', 'es');
    // The screens' own texts follow: the step bar is named from the Spanish catalogue.
    expect(bar).toHaveAccessibleName(es.messages['enrollment-steps']);

    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    expect(await within(bar).findByText('Profile')).toBeInTheDocument();
    expect(bar.closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(bar).toHaveAccessibleName('Enrollment steps');
  });
});
