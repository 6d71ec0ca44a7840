/**
 * The print view is written in the page's language: its lang, its texts from that language's catalogue, and its
 * money and dates in that language's locale.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '#portal/messages.ts';
import { cartSummary, type CartSummary } from '#portal/wizard/cart/cart-summary.ts';
import { emptyChoices } from '#portal/wizard/wizard-context.tsx';
import type { Dependent } from '#contracts/entities.ts';
import { writePrintDocument } from '#portal/wizard/cart/print-summary.ts';

const summary = {
  waiving: false,
  plan: null,
  service: null,
  coverageChosen: true,
  family: [],
  lines: [{ key: 'plan', label: 'Plan', carrier: 'Summit', plantype: 'PPO', name: 'Silver 1', metal: 'Silver', cents: 123456 }],
  totals: { contributionCents: 50000, spentCents: 123456, remainingCents: 0, premiumDeductionCents: 0, hsaDeductionCents: 0, payrollDeductionCents: 73456 },
} as CartSummary;

const details = { title: 'Carrito', memberName: 'Lucía Pérez', employerName: 'Acme', effectiveDate: '2027-01-01' };
const usd = (locale: string, dollars: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(dollars);

describe('print summary in the page language', () => {
  afterEach(async () => {
    await loadCatalogue('en');
  });

  it('writes Spanish, with lang="es", when the page is in Spanish', async () => {
    await loadCatalogue('es');
    const doc = document.implementation.createHTMLDocument('');
    writePrintDocument(doc, summary, details);
    expect(doc.documentElement.lang).toBe('es');
    expect(doc.querySelector('h1')?.textContent).toBe('Resumen del plan y de los beneficios de Lucía Pérez');
    expect(doc.body.textContent).toContain('Fecha de entrada en vigor: 1 de enero de 2027');
    expect(doc.body.textContent).toContain(usd('es-US', 1234.56));
    expect(doc.body.textContent).not.toContain('Effective date');
  });

  it('writes English, with lang="en", when the page is in English', () => {
    const doc = document.implementation.createHTMLDocument('');
    writePrintDocument(doc, summary, details);
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.body.textContent).toContain('Effective date: January 1, 2027');
    expect(doc.body.textContent).toContain('$1,234.56');
  });

  it("a waiver in Spanish: the reason labelled as a reason, no contribution, no covered family", async () => {
    await loadCatalogue('es');
    const choices = {
      ...emptyChoices(),
      contributions: { effectivedate: '2027-01-01', healthoption: 'waive' },
      waiver: { waivecoveragereason: 'Coverage under Medicare' },
      contributionCents: 45000,
    };
    const family = [{ id: 'd-1', firstname: 'Ana', lastname: 'Pérez', relationship: 'child', dateofbirth: '2015-04-03' } as Dependent];
    const waiver = cartSummary(choices, family, { waiverReason: () => 'Cobertura de Medicare' });
    const doc = document.implementation.createHTMLDocument('');
    writePrintDocument(doc, waiver, details);
    const cells = [...doc.querySelectorAll('table')[0]!.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(cells).toEqual([['Renuncia a la cobertura', 'Motivo de la renuncia: Cobertura de Medicare', usd('es-US', 0)]]);
    expect(doc.body.textContent).not.toContain('Nombre del plan: ');
    const totals = [...doc.querySelectorAll('table')[1]!.querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(totals).toContainEqual(['Contribución del empleador', usd('es-US', 0)]);
    expect(doc.body.textContent).not.toContain('Ana Pérez');
  });
});
