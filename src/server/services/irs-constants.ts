/**
 * The IRS figures the server applies, read once from the committed reference constants
 * (data/reference/constants.json, a verbatim copy of the shared constants; see docs/decisions.md).
 */
import { hsaLimitTable, type HsaLimitTable } from '#domain/hsa.ts';
import constants from '../../../data/reference/constants.json' with { type: 'json' };

export const HSA_LIMITS: HsaLimitTable = hsaLimitTable(constants.hsa_hdhp);
