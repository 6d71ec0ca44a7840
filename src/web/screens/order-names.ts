import type { Order } from '#contracts/entities.ts';
import { catalogueTexts, messages } from '#portal/messages.ts';

/** What an order is, as /welcome's plan table and /health-plan's cards name it. */
export const ORDER_AREA_NAMES: Record<Order['category'], string> = catalogueTexts({
  healthinsurance: 'welcome-area-healthinsurance',
  waive: 'welcome-area-waive',
  HSA: 'welcome-area-hsa',
  additionalservices: 'welcome-additional-services',
});
