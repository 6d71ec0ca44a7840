/**
 * The profile's ZIP field with the real profile document: the 5th digit runs GET /api/USZipCounty/{zip}/ through
 * the api client and fills city, county and state; several counties open the blocking 'Select a county' picker in
 * the answer's order (largest share first); failures show the catalogue texts inline.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentForm, type FormData } from '#engine/react/index.ts';
import { baseForm, renderWithEngine } from '../../engine/react/engine-harness.tsx';
import { fail, mockApi, ok, type Handler } from '../../web/layout/test-app.tsx';

const profile = baseForm('profile');

/** A county as the ZIP lookup answers it; `countylabel`, its name in the request's language, the server's. */
const location = (countyname: string, countycode: string, share: number, zip = '75007', countylabel = countyname) => ({
  city: 'Carrollton',
  countyname,
  countylabel,
  countycode,
  statename: 'Texas',
  state: 'TX',
  zipcode: zip,
  share,
});

function Profile({ initial = {} }: { initial?: FormData }) {
  const [data, setData] = useState<FormData>(initial);
  return (
    <>
      <DocumentForm document={profile} formData={data} context={{ today: '2026-03-10' }} onChange={setData} onSubmit={() => undefined} submitText="Save" />
      <output data-testid="data">{JSON.stringify(data)}</output>
    </>
  );
}

const shown = () => JSON.parse(screen.getByTestId('data').textContent ?? '{}') as FormData;

function renderProfile(handlers: Record<string, Handler>, initial?: FormData) {
  const requests = mockApi(handlers);
  renderWithEngine(<Profile initial={initial} />);
  return { requests, zip: screen.getByRole('textbox', { name: /^ZIP Code/ }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ZIP widget', () => {
  it('fills city, county and state from a one-county ZIP on the 5th digit, leading zero kept', async () => {
    const { requests, zip } = renderProfile({
      'GET /api/USZipCounty/00501/': ok({
        locationlist: [{ city: 'Holtsville', countyname: 'Suffolk County', countylabel: 'Suffolk County', countycode: '36103', statename: 'New York', state: 'NY', zipcode: '00501', share: 1 }],
      }),
    });
    await userEvent.type(zip, '0050');
    expect(requests.filter((r) => r.path.startsWith('/api/USZipCounty'))).toEqual([]);
    await userEvent.type(zip, '1');
    await waitFor(() => expect(shown()).toMatchObject({ postalcode: '00501', city: 'Holtsville', county: 'Suffolk County', stateorprovince: 'NY' }));
    expect(zip).toHaveValue('00501');
    expect(screen.getByRole('textbox', { name: /^City/ })).toHaveValue('Holtsville');
    expect(screen.getByRole('textbox', { name: /^County/ })).toHaveValue('Suffolk County');
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue('NY');
    expect(requests.filter((r) => r.path.startsWith('/api/USZipCounty'))).toHaveLength(1);
  });

  it('leaves a field the person typed in while the lookup was on its way, and fills the others', async () => {
    const { zip } = renderProfile({ 'GET /api/USZipCounty/97005/': ok({ locationlist: [location('Washington County', '41067', 1, '97005')] }) });
    // The answer waits until the person has typed a city of their own.
    const answer = globalThis.fetch;
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return answer(...args);
    });
    await userEvent.type(zip, '97005');
    const city = screen.getByRole('textbox', { name: /^City/ });
    await userEvent.type(city, 'Beaverton');
    open();
    await waitFor(() => expect(shown()).toMatchObject({ county: 'Washington County', stateorprovince: 'TX' }));
    expect(city).toHaveValue('Beaverton');
    await userEvent.tab();
    expect(shown()).toMatchObject({ postalcode: '97005', city: 'Beaverton', county: 'Washington County' });
  });

  it("opens the blocking 'Select a county' picker for several counties, largest share first, each by the lookup's label, and fills the choice's name", async () => {
    const { zip } = renderProfile({
      'GET /api/USZipCounty/75007/': ok({
        locationlist: [
          location('Denton County', '48121', 0.8978, '75007', 'Condado de Denton'),
          location('Dallas County', '48113', 0.0764, '75007', 'Condado de Dallas'),
          location('Collin County', '48085', 0.0259, '75007', 'Condado de Collin'),
        ],
      }),
    });
    await userEvent.type(zip, '75007');
    const picker = await screen.findByRole('dialog', { name: 'Select a county' });
    expect(within(picker).getAllByRole('button').map((b) => b.textContent)).toEqual(['Condado de Denton', 'Condado de Dallas', 'Condado de Collin']);
    // Blocking: no close button, Escape does not close it.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Select a county' })).toBeInTheDocument();
    expect(within(picker).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();

    await userEvent.click(within(picker).getByRole('button', { name: 'Condado de Dallas' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select a county' })).not.toBeInTheDocument());
    expect(shown()).toMatchObject({ postalcode: '75007', city: 'Carrollton', county: 'Dallas County', stateorprovince: 'TX' });
  });

  it.each([
    ['an unknown ZIP (404)', fail(404, 'NOT_FOUND', 'Invalid or non-existent zip code'), 'Invalid or non-existent zip code'],
    ['a refused ZIP (400)', fail(400, 'VALIDATION_FAILED', 'Please check your Zip Code'), 'Please check your Zip Code'],
    ['a server failure (500)', fail(500, 'INTERNAL', 'Something went wrong.'), 'Please try Again!!. Internel Server Error.'],
  ])('shows the catalogue text inline for %s and fills nothing', async (_label, reply, text) => {
    const { zip } = renderProfile({ 'GET /api/USZipCounty/99999/': reply }, { city: 'Keep' });
    await userEvent.type(zip, '99999');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(shown()).toMatchObject({ city: 'Keep', postalcode: '99999' });
    expect(shown()).not.toHaveProperty('county');
    expect(shown()).not.toHaveProperty('stateorprovince');
    // Editing the ZIP clears the lookup's message.
    await userEvent.type(zip, '{Backspace}');
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('takes back the city, county and state an earlier ZIP filled when the next ZIP is no ZIP; a city typed since stays', async () => {
    const { zip } = renderProfile({
      'GET /api/USZipCounty/97005/': ok({ locationlist: [location('Washington County', '41067', 1, '97005')] }),
      'GET /api/USZipCounty/99999/': fail(404, 'NOT_FOUND', 'No such ZIP'),
      'GET /api/USZipCounty/97006/': fail(404, 'NOT_FOUND', 'No such ZIP'),
    });
    await userEvent.type(zip, '97005');
    await waitFor(() => expect(shown()).toMatchObject({ city: 'Carrollton', county: 'Washington County', stateorprovince: 'TX' }));
    await userEvent.clear(zip);
    await userEvent.type(zip, '99999');
    await waitFor(() => expect(shown()).not.toHaveProperty('county'));
    expect(shown()).not.toHaveProperty('city');
    expect(shown()).not.toHaveProperty('stateorprovince');
    expect(screen.getByRole('textbox', { name: /^County/ })).toHaveValue('');

    // Opened with a whole ZIP and its city: a city the person typed since is theirs, the rest goes.
    await userEvent.clear(zip);
    await userEvent.type(zip, '97005');
    await waitFor(() => expect(shown()).toMatchObject({ county: 'Washington County' }));
    const city = screen.getByRole('textbox', { name: /^City/ });
    await userEvent.clear(city);
    await userEvent.type(city, 'Beaverton');
    await userEvent.clear(zip);
    await userEvent.type(zip, '97006');
    await waitFor(() => expect(shown()).not.toHaveProperty('county'));
    expect(shown()).toMatchObject({ city: 'Beaverton' });
  });

  it('takes back what the saved ZIP came with when a profile opened with it gets a ZIP that is none', async () => {
    const { zip } = renderProfile(
      { 'GET /api/USZipCounty/99999/': fail(404, 'NOT_FOUND', 'No such ZIP') },
      { postalcode: '97005', city: 'Beaverton', county: 'Washington County', stateorprovince: 'OR' },
    );
    await userEvent.clear(zip);
    await userEvent.type(zip, '99999');
    await waitFor(() => expect(shown()).not.toHaveProperty('county'));
    expect(shown()).not.toHaveProperty('city');
  });

  it("shows 'Error fetching county and city' when the lookup gets no answer at all", async () => {
    renderWithEngine(<Profile />);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('network down'))));
    await userEvent.type(screen.getByRole('textbox', { name: /^ZIP Code/ }), '75007');
    expect(await screen.findByText('Error fetching county and city')).toBeInTheDocument();
  });
});
