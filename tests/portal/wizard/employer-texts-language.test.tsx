/**
 * Texts staff write for an employer, on a Spanish page: the server sends each in Spanish where written, else in
 * English with its language; the screens mark an English one lang="en" (so a screen reader reads it in English)
 * and leave the page's own language unmarked. The service's description and options, the cart's service line and
 * the ICHRA documents' names.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#contracts/entities.ts';
import { loadCatalogue } from '#portal/messages.ts';
import { AdditionalServicesScreen } from '#portal/wizard/additional-services-screen.tsx';
import { cartSummary } from '#portal/wizard/cart/cart-summary.ts';
import { IchraAcknowledgmentScreen } from '#portal/wizard/ichra-acknowledgment-screen.tsx';
import { documentHandlers, mockApi, ok, signIn } from '../../web/layout/test-app.tsx';
import { choicesWith, inCents, renderStep } from './screen-harness.tsx';
import { renderStep as renderFormStep } from './step-harness.tsx';

/** As GET /api/Product answers it (dollars); the cart reads the app's, in cents. */
const halfTranslated: Product = {
  id: 'prod-1',
  productname: 'Wellness Plus',
  vendorname: 'Acme Wellness',
  description: 'Gym and coaching',
  descriptionlang: 'en',
  category: 'additionalservices',
  subcategory: null,
  taxstatus: 'Post-Tax',
  options: [
    { id: 'opt-1', option: 'Individual', optionlang: 'es', cost: 25 },
    { id: 'opt-2', option: 'Family', optionlang: 'en', cost: 45.5 },
  ],
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await loadCatalogue('en');
});

describe('on a Spanish page', () => {
  beforeEach(async () => {
    await loadCatalogue('es');
  });

  it("marks the service's English description and English option lang=\"en\", the Spanish ones not", async () => {
    renderStep('additional-services', AdditionalServicesScreen, { choices: choicesWith({}), handlers: { 'GET /api/Product': ok({ productlist: [halfTranslated] }) } });
    expect(await screen.findByText('Gym and coaching')).toHaveAttribute('lang', 'en');
    const options = within(screen.getByRole('combobox')).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('lang'))).toEqual([null, 'en']);
  });

  it("marks the cart's service line lang=\"en\" when its option has no Spanish", () => {
    const line = (optionId: string) => cartSummary(choicesWith({ service: { product: inCents(halfTranslated), optionId, added: true } })).lines.find((one) => one.key === 'service');
    expect(line('opt-2')).toMatchObject({ name: 'Wellness Plus (Family)', nameLang: 'en' });
    expect(line('opt-1')!.nameLang).toBeUndefined();
  });

  it('marks an ICHRA document named in English lang="en", one named in Spanish not', async () => {
    signIn();
    mockApi({
      ...documentHandlers(),
      'GET /api/media/getdocs?containerName=ichra-documents&folderName=Acme%20Benefits%20Demo': ok({
        documents: [
          { name: 'Documento del plan', namelang: 'es', filename: 'Plan Document.pdf', url: '/api/media/file/a' },
          { name: 'Summary', namelang: 'en', filename: 'Summary.pdf', url: '/api/media/file/b' },
        ],
      }),
    });
    renderFormStep('ichra-acknowledgment', IchraAcknowledgmentScreen);
    expect(await screen.findByRole('link', { name: 'Summary' })).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('link', { name: 'Documento del plan' })).not.toHaveAttribute('lang');
  });
});

describe('on an English page', () => {
  it('marks nothing: every text is in the page language', async () => {
    const english: Product = { ...halfTranslated, options: halfTranslated.options.map((option) => ({ ...option, optionlang: 'en' })) };
    renderStep('additional-services', AdditionalServicesScreen, { choices: choicesWith({}), handlers: { 'GET /api/Product': ok({ productlist: [english] }) } });
    expect(await screen.findByText('Gym and coaching')).not.toHaveAttribute('lang');
    await waitFor(() => expect(within(screen.getByRole('combobox')).getAllByRole('option').map((option) => option.getAttribute('lang'))).toEqual([null, null]));
    expect(cartSummary(choicesWith({ service: { product: inCents(english), optionId: 'opt-2', added: true } })).lines[0]!.nameLang).toBeUndefined();
  });
});
