/**
 * The enrollment's refusals that name amounts or the request itself (the texts of the checks on location and on
 * what applies are the cart document's messages: schemas/forms/acknowledgements.schema.json). Catalogue texts,
 * worded in the request's language with its money format when answered.
 */
import type { Cents } from '#domain/values/money.ts';
import { catalogueText, formatMoney, type CatalogueMessageKey } from '../../content/catalogue-messages.ts';

/** A text naming the server's amount and the one sent, each formatted for the reader. */
const amountsDiffer = (key: CatalogueMessageKey) => (server: Cents, sent: Cents) =>
  catalogueText(key, (language) => ({ server: formatMoney(server, language), sent: formatMoney(sent, language) }));

export const MESSAGES = {
  planNotFound: catalogueText('enroll-plan-not-found'),
  premiumDiffers: amountsDiffer('enroll-premium-differs'),
  contributionDiffers: amountsDiffer('enroll-contribution-differs'),
  serviceUnknown: catalogueText('enroll-service-unknown'),
  serviceNotOffered: catalogueText('enroll-service-not-offered'),
  serviceDiffers: amountsDiffer('enroll-service-differs'),
  waiveSpends: catalogueText('enroll-waiver-spends-nothing'),
  amount: catalogueText('enroll-amount-invalid'),
  hsaNeedsPlan: catalogueText('enroll-hsa-needs-plan'),
  keyReused: catalogueText('enroll-key-reused'),
} as const;
