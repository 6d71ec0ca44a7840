/**
 * The screens of the flow's steps, by the names the flow gives them (the enrollment wizard's, and the staff
 * console's flow preview shows some of them as they are). A step without a screen whose form has none of that name
 * is only a form and shows FormStepScreen; any other step without one shows 'not available'. The names are the
 * product's (src/product/screens.ts), which the publish proof holds a flow to.
 */
import { AdditionalServicesScreen } from './additional-services-screen.tsx';
import { CartScreen } from './cart-screen.tsx';
import { ContributionsScreen } from './contributions-screen.tsx';
import { FlexibleSpendingScreen } from './flexible-spending-screen.tsx';
import { IchraAcknowledgmentScreen } from './ichra-acknowledgment-screen.tsx';
import { ProfileScreen } from './profile-screen.tsx';
import { ShopHealthPlansScreen } from './shop/shop-health-plans-screen.tsx';
import type { WizardScreen } from '#product/screens.ts';

export const wizardScreens = {
  profile: ProfileScreen,
  contributions: ContributionsScreen,
  'ichra-acknowledgment': IchraAcknowledgmentScreen,
  'shop-health-plans': ShopHealthPlansScreen,
  'flexible-spending': FlexibleSpendingScreen,
  'additional-services': AdditionalServicesScreen,
  cart: CartScreen,
} satisfies Record<WizardScreen, unknown>;
