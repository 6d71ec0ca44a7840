/**
 * The money of the console's calls that it reads and shows (docs/decisions/038-route-schemas-are-their-types.md):
 * the staff client turns their answers' dollars into cents with the member client's decoder
 * (src/portal/api/money-decoder.ts), by the same Dollars the routes are built with, so the preview's member screens
 * and the contribution tables read cents as the member app does. The set-up lists staff edit (products and their
 * prices, contribution rules) stay in dollars both ways: their inputs show and send what staff typed, and the
 * server's edge refuses a wrong amount on its field.
 */
import { ContributionPreviewSchema, ContributionRulesPreviewSchema } from '#contracts/staff/staff-employers.ts';
import { PreviewSampleSchema } from '#contracts/staff/staff-preview.ts';
import type { MoneyCall } from '#contracts/money/member-money.ts';
import { moneyDecoder } from '#portal/api/money-decoder.ts';

export const STAFF_MONEY_CALLS: readonly MoneyCall[] = [
  { method: 'GET', path: '/api/staff/employers/:accountid/preview-sample', answer: PreviewSampleSchema },
  { method: 'GET', path: '/api/staff/employers/:accountid/contribution-rules/draft/preview', answer: ContributionRulesPreviewSchema },
  { method: 'POST', path: '/api/staff/employers/:accountid/contribution-preview', answer: ContributionPreviewSchema },
];

export const staffMoney = moneyDecoder(STAFF_MONEY_CALLS);
