/**
 * The profile's County field (its document names the 'county-name' widget): on a Spanish page it shows the county in
 * the reader's words ('Condado de Marion') whether the ZIP lookup filled it or the profile was opened with it, while
 * the form keeps the crosswalk's name ('Marion County'), the one the server checks; a county typed in the reader's
 * words is kept as the crosswalk's name, anything else as typed. On an English page the field is the crosswalk's name.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentForm, type FormData } from '#engine/react/index.ts';
import { loadCatalogue } from '#portal/messages.ts';
import { baseForm, renderWithEngine } from '../../engine/react/engine-harness.tsx';
import { mockApi, ok } from '../../web/layout/test-app.tsx';

const profile = baseForm('profile');

function Profile({ initial }: { initial: FormData }) {
  const [data, setData] = useState<FormData>(initial);
  return (
    <>
      <DocumentForm document={profile} formData={data} context={{ today: '2026-03-10' }} onChange={setData} onSubmit={() => undefined} submitText="Save" />
      <output data-testid="data">{JSON.stringify(data)}</output>
    </>
  );
}

const kept = () => JSON.parse(screen.getByTestId('data').textContent ?? '{}') as FormData;
const county = () => screen.getByRole('textbox', { name: /^County/ });

function renderProfile(initial: FormData = {}) {
  mockApi({
    'GET /api/USZipCounty/97002/': ok({
      locationlist: [{ city: 'Aurora', countyname: 'Marion County', countylabel: 'Condado de Marion', countycode: '41047', statename: 'Oregon', state: 'OR', zipcode: '97002', share: 1 }],
    }),
  });
  renderWithEngine(<Profile initial={initial} />);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await loadCatalogue('en');
});

describe('County field on a Spanish page', () => {
  beforeEach(async () => {
    await loadCatalogue('es');
  });

  it("shows the county the ZIP lookup filled in the reader's words and keeps the crosswalk's name", async () => {
    renderProfile();
    await userEvent.type(screen.getByRole('textbox', { name: /^ZIP Code/ }), '97002');
    await waitFor(() => expect(kept()).toMatchObject({ county: 'Marion County', city: 'Aurora' }));
    expect(county()).toHaveValue('Condado de Marion');
  });

  it("shows a stored county in the reader's words", () => {
    renderProfile({ county: 'Orleans Parish' });
    expect(county()).toHaveValue('Parroquia de Orleans');
    expect(kept()).toMatchObject({ county: 'Orleans Parish' });
  });

  it("keeps a county typed in the reader's words as the crosswalk's name, anything else as typed", async () => {
    renderProfile();
    await userEvent.type(county(), 'Condado de Polk');
    await userEvent.tab();
    expect(kept()).toMatchObject({ county: 'Polk County' });
    expect(county()).toHaveValue('Condado de Polk');

    await userEvent.clear(county());
    await userEvent.type(county(), 'Carson City');
    await userEvent.tab();
    expect(kept()).toMatchObject({ county: 'Carson City' });
    expect(county()).toHaveValue('Carson City');

    await userEvent.clear(county());
    await userEvent.tab();
    expect(kept()).not.toHaveProperty('county');
  });
});

describe('County field on an English page', () => {
  it("is the crosswalk's name, and what is typed is kept as typed", async () => {
    renderProfile({ county: 'Marion County' });
    expect(county()).toHaveValue('Marion County');
    await userEvent.clear(county());
    await userEvent.type(county(), 'Polk County');
    await userEvent.tab();
    expect(kept()).toMatchObject({ county: 'Polk County' });
    expect(county()).toHaveValue('Polk County');
  });
});
