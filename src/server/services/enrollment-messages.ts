/**
 * The enrollment's refusals that name amounts or the request itself (the texts of the checks on location and on
 * what applies are the cart document's messages: schemas/forms/acknowledgements.schema.json).
 */
import { formatCents, type Cents } from '#domain/money.ts';

export const MESSAGES = {
  planNotFound: 'Plan not found: please choose a plan from the plans shown for your ZIP code and effective date.',
  premiumDiffers: (server: Cents, sent: Cents) =>
    `The plan's monthly premium for your family is ${formatCents(server)}, not ${formatCents(sent)}. Please review your cart.`,
  contributionDiffers: (server: Cents, sent: Cents) =>
    `Your employer's monthly contribution is ${formatCents(server)}, not ${formatCents(sent)}. Please review your cart.`,
  serviceUnknown: 'Please choose an additional service that is offered.',
  serviceNotOffered: 'Your employer does not offer additional services.',
  serviceDiffers: (server: Cents, sent: Cents) =>
    `The additional service costs ${formatCents(server)} a month, not ${formatCents(sent)}. Please review your cart.`,
  waiveSpends: 'A waiver spends nothing: the amount must be 0.',
  amount: 'Please enter an amount in dollars with at most two decimals.',
  hsaNeedsPlan: 'An HSA contribution needs an HSA-eligible health plan in your cart.',
  keyReused: 'This Idempotency-Key was already used for different elections. Please authorize again from your cart.',
} as const;
