/**
 * Stored English values (a plan's metal tier and HSA eligibility, an order's fixed texts and tax status) are shown
 * by their catalogue labels in the page's language; anything else as stored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '#contracts/entities.ts';
import { healthInsuranceOrder, hsaOrder, waiveOrder } from '#domain/enrollment/orders.ts';
import { loadCatalogue } from '#portal/messages.ts';
import { metalLabel, orderLabels, yesNoLabel } from '#portal/value-labels.ts';

const today = '2026-11-27';
const stored = (order: ReturnType<typeof waiveOrder>['order']) => order as unknown as Order;
const plan = { planid: '12345TX0010001', planname: 'Silver HSA 3000', issuername: 'Prairie', metallevel: 'Gold', ishsaeligible: 'Yes' as const, urlforbenefitsummarycoverage: null };

describe('stored values in the page language', () => {
  afterEach(async () => {
    await loadCatalogue('en');
  });

  it('names metal tiers, Yes and No, and the spec order values in Spanish', async () => {
    await loadCatalogue('es');
    expect(['Platinum', 'Gold', 'Silver', 'Bronze', 'Expanded Bronze', 'Catastrophic'].map(metalLabel)).toEqual(['Platino', 'Oro', 'Plata', 'Bronce', 'Bronce ampliado', 'Catastrófico']);
    expect([yesNoLabel('Yes'), yesNoLabel('No')]).toEqual(['Sí', 'No']);
    expect(orderLabels(stored(waiveOrder({ today, reason: 'Other', reasonOther: 'x' }).order)).description).toBe('Elijo no comprar un seguro médico');
    expect(orderLabels(stored(hsaOrder({ today, monthlyCents: 5000, administrator: null }).order))).toEqual({
      options: 'Contribución a la HSA',
      description: 'Orden de contribución a la HSA',
      productname: 'Plan de cuenta de ahorros para la salud (HSA)',
      tax_status: 'Antes de impuestos',
    });
    expect(orderLabels(stored(healthInsuranceOrder({ today, plan, amountSpentCents: 40000, hsaCents: 0 }).order))).toEqual({
      options: 'Oro',
      description: 'Plan de seguro médico 12345TX0010001',
      productname: 'Silver HSA 3000',
      tax_status: 'Antes de impuestos',
    });
    expect(orderLabels({ category: 'additionalservices', options: 'Family', description: 'Vision (Family)', productname: 'Vision', tax_status: 'Pre-Tax' }).tax_status).toBe('Antes de impuestos');
  });

  it('shows the stored values themselves in English, and an unknown value as stored', async () => {
    await loadCatalogue('en');
    expect(metalLabel('Gold')).toBe('Gold');
    expect(metalLabel('Diamond')).toBe('Diamond');
    expect(orderLabels(stored(hsaOrder({ today, monthlyCents: 5000, administrator: null }).order))).toMatchObject({ options: 'HSA Contribution', productname: 'HSA Plan' });
    expect(orderLabels({ category: 'additionalservices', options: 'Family', description: 'Vision (Family)', productname: 'Vision', tax_status: 'Post-Tax' })).toEqual({
      options: 'Family',
      description: 'Vision (Family)',
      productname: 'Vision',
      tax_status: 'Post-Tax',
    });
  });
});
