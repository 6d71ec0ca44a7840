import type { Order } from '#contracts/entities.ts';
import { messages } from '#web/messages.ts';

/** What an order is, as /welcome's plan table and /health-plan's cards name it. */
export const ORDER_AREA_NAMES: Record<Order['category'], string> = {
  healthinsurance: messages['welcome-area-healthinsurance'],
  waive: messages['welcome-area-waive'],
  HSA: messages['welcome-area-hsa'],
  additionalservices: messages['welcome-additional-services'],
};
