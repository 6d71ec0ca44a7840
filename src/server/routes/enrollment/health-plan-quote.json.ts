/**
 * The answer of POST /api/HealthPlanQuote written as JSON bytes, byte for byte what Fastify's serializer makes of
 * its response schema (HealthPlanQuoteSchema, src/contracts/enrollment-answers.ts) for the same quote (tests/server/health-plan-quote.json
 * .test.ts compares them), without building and serializing every plan with its benefit texts on every call.
 *
 * Everything of a plan but the effective date and the family's rate depends only on its catalogue row and, for
 * ishsaeligible, on the plan year's law (plan-quotes.ts hsaEligibleOf), so each row's JSON is written once for each
 * ishsaeligible, in three pieces around those two values, and kept while the row is: the rows are
 * the ones plan.repository.ts keeps in its bounded cache, and a WeakMap on them lets the pieces go with them
 * (after an import or the cache's expiry the rows, and so the pieces, are new). A quote then prices the plans
 * and joins bytes.
 *
 * The whole answer is kept too (quoteAnswer): it is made only of the quote's rating inputs (services/enrollment/plan-quotes.ts
 * quoteRating: the plan year, the catalogue area, each person's role, age on the effective date and tobacco use;
 * no name or id of the member) with the effective date and the language of its notice, and of the catalogue. It is kept under those inputs, in
 * a bounded LRU under the catalogue's epoch (plan.repository.ts catalogueEpoch), so an import or the catalogue
 * cache's expiry forgets it, and a change of family or location asks for another key. Its compressed copies are
 * kept with it (content-coding.ts: brotli or gzip, each made on the first request that accepts it).
 */
import { HealthPlanSchema, type HealthPlan } from '#contracts/enrollment-answers.ts';
import type { Language } from '#contracts/language.ts';
import { todayUtc } from '#domain/values/dates.ts';
import type { DbOrTx } from '#db/database.ts';
import type { MemberFamily } from '#db/repositories/member/member.repository.ts';
import { catalogueEpoch, type PlanRow } from '#db/repositories/reference/plan.repository.ts';
import { EncodedAnswer } from '../../http/content-coding.ts';
import { dollarsOf, dollarsOfAnswer } from '../../http/money-wire.ts';
import { LRUCache } from 'lru-cache';
import { hsaEligibleOf, priceRating, quoteRating, toHealthPlan, type PricedQuote, type QuoteWhere } from '../../services/enrollment/plan-quotes.ts';

/** The answer's content type, as Fastify gives a serialized object. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A plan's fields in the schema's order (the serializer's), and where the two per-quote values sit in it. */
const FIELDS = Object.keys(HealthPlanSchema.properties) as Array<keyof HealthPlan>;
const DATE_AT = FIELDS.indexOf('planeffectivedate');
const RATE_AT = FIELDS.indexOf('rate');
if (!(DATE_AT >= 0 && DATE_AT < RATE_AT)) throw new Error('HealthPlanSchema: planeffectivedate must come before rate');

/** One plan as JSON: head + the effective date + middle + the rate + tail. */
type PlanPieces = { head: Buffer; middle: Buffer; tail: Buffer };

/** A row's pieces for each value of its ishsaeligible, which follows the plan year (hsaEligibleOf). */
const piecesOfRow = new WeakMap<PlanRow, Map<'Yes' | 'No', PlanPieces>>();

/** `"name":value` of each field in [from, to) with a value (the serializer leaves undefined ones out). */
function fieldsJson(plan: HealthPlan, from: number, to: number): string[] {
  return FIELDS.slice(from, to).flatMap((field) => (plan[field] === undefined ? [] : [`"${field}":${JSON.stringify(plan[field])}`]));
}

function piecesOf(row: PlanRow, effectiveDate: string): PlanPieces {
  let byHsa = piecesOfRow.get(row);
  if (!byHsa) piecesOfRow.set(row, (byHsa = new Map()));
  const hsa = hsaEligibleOf(row, effectiveDate);
  let pieces = byHsa.get(hsa);
  if (!pieces) {
    // The per-quote date and rate are cut out below; any value serves here. Its cents are the wire's dollars
    // through the routes' money edge (money-wire.ts), as the serializer would have them.
    const plan = dollarsOfAnswer(HealthPlanSchema, toHealthPlan(row, 0, effectiveDate)) as HealthPlan;
    pieces = {
      head: Buffer.from(`{${[...fieldsJson(plan, 0, DATE_AT), '"planeffectivedate":'].join(',')}`),
      middle: Buffer.from(`${[...fieldsJson(plan, DATE_AT + 1, RATE_AT), '"rate":'].map((text) => `,${text}`).join('')}`),
      tail: Buffer.from(`${fieldsJson(plan, RATE_AT + 1, FIELDS.length).map((text) => `,${text}`).join('')}}`),
    };
    byHsa.set(hsa, pieces);
  }
  return pieces;
}

/** The route's whole answer, `{ success: true, data: quote, message }` (route-schemas.ts ok), as JSON bytes. */
export function quoteAnswerJson(quote: PricedQuote, effectiveDate: string): Buffer {
  const date = Buffer.from(JSON.stringify(effectiveDate));
  const comma = Buffer.from(',');
  const chunks: Buffer[] = [Buffer.from('{"success":true,"data":{"healthplans":[')];
  for (const [index, { row, premiumCents }] of quote.priced.entries()) {
    const { head, middle, tail } = piecesOf(row, effectiveDate);
    if (index > 0) chunks.push(comma);
    chunks.push(head, date, middle, Buffer.from(String(dollarsOf(premiumCents))), tail);
  }
  const { planyear, ratesyear, estimated, message } = quote;
  chunks.push(
    Buffer.from(
      `],"planyear":${planyear},"ratesyear":${ratesyear},"estimated":${estimated},"message":${JSON.stringify(message)}},` +
        `"message":${JSON.stringify(message ?? '')}}`,
    ),
  );
  return Buffer.concat(chunks);
}

/** Finished answers kept per catalogue epoch (about 136 KB each at the densest pair, plus 7 KB of brotli, 8 of gzip). */
const ANSWER_ENTRIES = 64;
const answersOfEpoch = new WeakMap<object, LRUCache<string, EncodedAnswer>>();

/**
 * The last answer of each kept family. The session cache (session-cache.ts) hands every call of a member the same
 * frozen family object until the family changes, so the same question (day, place, effective date) in the same
 * catalogue epoch has the same checks and the same answer: it skips working out the rating again.
 */
const lastAnswerOfFamily = new WeakMap<MemberFamily, { question: string; epoch: object; answer: EncodedAnswer }>();

/**
 * The route's answer for a family on file: quoteRating's checks (400s) first, then the answer kept for the same
 * rating inputs and effective date, or a new one (kept when the catalogue was not forgotten meanwhile).
 */
export async function quoteAnswer(db: DbOrTx, family: MemberFamily, where: QuoteWhere, now: Date, language: Language): Promise<EncodedAnswer> {
  const epoch = catalogueEpoch(db);
  const question = [todayUtc(now), where.postalcode, where.countycode, where.effectiveDate, language].join(' ');
  const remembered = Object.isFrozen(family) && !db.isTransaction;
  const last = remembered ? lastAnswerOfFamily.get(family) : undefined;
  if (last && last.question === question && last.epoch === epoch) return last.answer;
  const answer = await answerOf(db, family, where, now, language, epoch);
  if (remembered && catalogueEpoch(db) === epoch) lastAnswerOfFamily.set(family, { question, epoch, answer });
  return answer;
}

async function answerOf(db: DbOrTx, family: MemberFamily, where: QuoteWhere, now: Date, language: Language, epoch: object): Promise<EncodedAnswer> {
  const rating = await quoteRating(db, family, where, now);
  const made = async () => new EncodedAnswer(quoteAnswerJson(await priceRating(db, rating, language), where.effectiveDate));
  if (db.isTransaction) return made();
  const key = JSON.stringify([where.effectiveDate, language, rating]);
  let answers = answersOfEpoch.get(epoch);
  const kept = answers?.get(key);
  if (kept) return kept;
  const answer = await made();
  if (catalogueEpoch(db) !== epoch) return answer;
  if (!answers) answersOfEpoch.set(epoch, (answers = new LRUCache({ max: ANSWER_ENTRIES })));
  answers.set(key, answer);
  return answer;
}
