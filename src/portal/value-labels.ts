/**
 * Stored values shown in the page's language. The plan catalogue, the orders and the staff's products store fixed
 * English values the server compares and prices by (a metal tier 'Gold', HSA eligibility 'Yes', a tax status
 * 'Pre-Tax', the spec's order values of §9); a screen shows each by its catalogue label instead. A value no label
 * is known for (a carrier's, a staff member's own words) is shown as stored. Plan types (HMO, PPO) read the same in
 * both languages (docs/glossary.md).
 */
import type { MetalLevel, Order, YesNo } from '#contracts/entities.ts';
import { ORDER_VALUES } from '#domain/enrollment/orders.ts';
import { formatMessage } from '#engine/runtime/messages.ts';
import { messages, type MessageKey } from '#portal/messages.ts';

const METAL_LABELS: Readonly<Record<MetalLevel, MessageKey>> = {
  Platinum: 'metal-platinum',
  Gold: 'metal-gold',
  Silver: 'metal-silver',
  Bronze: 'metal-bronze',
  'Expanded Bronze': 'metal-expanded-bronze',
  Catastrophic: 'metal-catastrophic',
};

const TAX_STATUS_LABELS: Readonly<Record<string, MessageKey>> = {
  'Pre-Tax': 'tax-status-pre-tax',
  'Post-Tax': 'tax-status-post-tax',
};

/** The fixed order values of §9 that name no plan or product of their own. */
const ORDER_VALUE_LABELS: Readonly<Record<string, MessageKey>> = {
  [ORDER_VALUES.waiveDescription]: 'order-waive-description',
  [ORDER_VALUES.hsaOptions]: 'cart-line-hsa',
  [ORDER_VALUES.hsaDescription]: 'order-hsa-description',
  [ORDER_VALUES.hsaProductName]: 'order-hsa-plan',
};

const labelled = (labels: Readonly<Record<string, MessageKey>>, value: string): string =>
  Object.hasOwn(labels, value) ? messages[labels[value]!] : value;

/** A metal tier ('Gold') as the page's language names it. */
export const metalLabel = (metal: string): string => labelled(METAL_LABELS, metal);

/** A plan's Yes or No (HSA eligible) in the page's language. */
export const yesNoLabel = (value: YesNo): string => messages[value === 'Yes' ? 'yes' : 'no'];

type OrderTexts = Pick<Order, 'category' | 'options' | 'description' | 'productname' | 'tax_status'>;

/** A health insurance order's description ('Health insurance plan <id>') in the page's language; null for another. */
function planDescription(order: OrderTexts): string | null {
  const prefix = ORDER_VALUES.healthInsuranceDescription;
  if (order.category !== 'healthinsurance' || !order.description?.startsWith(prefix)) return null;
  return formatMessage(messages['order-health-insurance-description'], { plan: order.description.slice(prefix.length) });
}

/** An order's stored texts as the page's language says them: its tier, tax status and the spec's fixed values. */
export function orderLabels(order: OrderTexts): Pick<Order, 'options' | 'description' | 'productname' | 'tax_status'> {
  const fixed = (value: string | null) => (value === null ? null : labelled(ORDER_VALUE_LABELS, value));
  return {
    options: order.category === 'healthinsurance' && order.options !== null ? metalLabel(order.options) : fixed(order.options),
    description: planDescription(order) ?? fixed(order.description),
    productname: fixed(order.productname),
    tax_status: order.tax_status === null ? null : labelled(TAX_STATUS_LABELS, order.tax_status),
  };
}
