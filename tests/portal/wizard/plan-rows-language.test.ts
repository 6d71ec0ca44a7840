/**
 * The plan views and the Export Plans CSV in Spanish: the rows' labels from the Spanish catalogue, the metal tier
 * and HSA eligibility by their labels, the cost-sharing texts in Spanish words; a carrier's names as stored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HealthPlan } from '#contracts/entities.ts';
import { loadCatalogue } from '#portal/messages.ts';
import { DETAIL_ROWS, EXPORT_ROWS } from '#portal/wizard/shop/plan-rows.ts';

/** A plan as the app holds it: money in cents (the API client decoded the quote's dollars). */
const plan = {
  planid: 'P1',
  planname: 'Moda Gold PPO',
  issuername: 'Moda',
  plantype: 'PPO',
  metallevel: 'Gold',
  ishsaeligible: 'Yes',
  rate: 41_250,
  annualdeductibleindividual: 200_000,
  annualdeductiblefamily: 400_000,
  annualoopmaxindividual: 800_000,
  annualoopmaxfamily: 1_600_000,
  primarycarevisit: 'first 3 visit(s) $5 then $30',
  genericdrugs: '$10 per script',
  urgentcare: '$50 after deductible',
  emergencyroomservices: '30% after deductible',
  inpatienthospitalservices: '30% after deductible (limit: 60 day(s) per year)',
  benefits: { specialistvisit: '$60 after deductible' },
} as unknown as HealthPlan;

const values = (rows: typeof EXPORT_ROWS) => Object.fromEntries(rows.map((row) => [row.key, row.value(plan)]));

describe('plan rows in the page language', () => {
  afterEach(async () => {
    await loadCatalogue('en');
  });

  it('exports and details a plan in Spanish', async () => {
    await loadCatalogue('es');
    expect(values(EXPORT_ROWS)).toMatchObject({ issuername: 'Moda', planname: 'Moda Gold PPO', metallevel: 'Oro', ishsaeligible: 'Sí', genericdrugs: '$10 por receta' });
    expect(EXPORT_ROWS.find((row) => row.key === 'metallevel')!.label).toBe('Nivel de metal');
    expect(values(DETAIL_ROWS)).toMatchObject({
      plantype: 'PPO',
      metallevel: 'Oro',
      primarycarevisit: 'primeras 3 consultas: $5; luego, $30',
      inpatienthospitalservices: '30% después del deducible (límite: 60 día(s) por año)',
      specialistvisit: '$60 después del deducible',
    });
  });

  it('keeps the stored English in English', async () => {
    await loadCatalogue('en');
    expect(values(EXPORT_ROWS)).toMatchObject({ metallevel: 'Gold', ishsaeligible: 'Yes', genericdrugs: '$10 per script' });
  });
});
