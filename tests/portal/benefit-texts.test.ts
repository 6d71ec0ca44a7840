/**
 * The plan catalogue's cost-sharing texts (English, as CMS writes them) in the page's language: every pattern the
 * imported plans hold, read in Spanish; English as stored; a text outside the grammar keeps its English phrases.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseCsvRecords } from '#domain/values/csv.ts';
import { benefitInLanguage } from '#portal/benefit-texts.ts';
import { loadCatalogue } from '#portal/messages.ts';

describe('benefit texts in the page language', () => {
  afterEach(async () => {
    await loadCatalogue('en');
  });

  it.each([
    ['20% after deductible', '20% después del deducible'],
    ['$30.00', '$30.00'],
    ['$40 after deductible', '$40 después del deducible'],
    ['$10 per script', '$10 por receta'],
    ['20%, up to $150 per script', '20%, hasta $150 por receta'],
    ['$10 plus 20% after deductible', '$10 más 20% después del deducible'],
    ['first 3 visit(s) $5 then $30', 'primeras 3 consultas: $5; luego, $30'],
    ['first 4 visit(s) $0 then 30% after deductible', 'primeras 4 consultas: $0; luego, 30% después del deducible'],
    ['$25 (limit: 30 visit(s) per year)', '$25 (límite: 30 consulta(s) por año)'],
    ['$0 (limit: 1 exam(s) per year)', '$0 (límite: 1 examen(es) por año)'],
    ['40% after deductible (limit: 60 day(s) per year)', '40% después del deducible (límite: 60 día(s) por año)'],
    ['50% after deductible after $150 allowance (limit: 1 item(s) per benefit period)', '50% después del deducible tras una asignación de $150 (límite: 1 artículo(s) por período de beneficios)'],
    ['first 5 visit(s) $0 then 20% after deductible (limit: 30 day(s) per month)', 'primeras 5 consultas: $0; luego, 20% después del deducible (límite: 30 día(s) por mes)'],
  ])('reads %j in Spanish as %j', async (english, spanish) => {
    await loadCatalogue('es');
    expect(benefitInLanguage(english)).toBe(spanish);
  });

  it('leaves no English phrase in any benefit text of the imported plans', async () => {
    await loadCatalogue('es');
    const texts = new Set<string>();
    // The plan sets the product imports (data/plans/<set>/plans.csv.gz; the dom tests run from the repository's root).
    const plansRoot = path.resolve('data', 'plans');
    for (const set of readdirSync(plansRoot)) {
      for (const plan of parseCsvRecords(gunzipSync(readFileSync(path.join(plansRoot, set, 'plans.csv.gz'))).toString('utf8'))) {
        for (const column of ['primary_care', 'generic_drugs', 'urgent_care', 'emergency_room', 'inpatient_hospital']) texts.add(plan[column]!);
        for (const text of Object.values(JSON.parse(plan['benefits_json'] || '{}') as Record<string, string>)) texts.add(text);
      }
    }
    expect(texts.size).toBeGreaterThan(100);
    // Whole words only ('per' is no word of 'período').
    const english = /(?<!\p{L})(after|deductible|per|script|limit|visit|exam|item|day|year|month|then|first|up to|plus|allowance)(?!\p{L})/u;
    expect([...texts].filter((text) => english.test(benefitInLanguage(text)))).toEqual([]);
  });

  it('leaves the stored text as it is in English, and a text outside the grammar as stored', async () => {
    await loadCatalogue('en');
    expect(benefitInLanguage('50% after deductible after $150 allowance (limit: 1 item(s) per benefit period)')).toBe('50% after deductible after $150 allowance (limit: 1 item(s) per benefit period)');
    await loadCatalogue('es');
    expect(benefitInLanguage('Covered in full')).toBe('Covered in full');
  });
});
