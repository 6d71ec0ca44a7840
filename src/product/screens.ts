/**
 * The screens of the enrollment wizard, by the names a flow's steps give them (a step's `screen`, or for a step
 * that names none its form's id when a screen has that name): the product's, each at the place the base flow
 * gives it (the publish proof holds an employer's flow to that, src/server/content/publish-proof.ts). A step
 * without one of these is a form of its own (the wizard's one generic form screen) or shows "This step is not
 * available yet.". The member app's table of screens has exactly these names (src/portal/wizard/wizard-screens.ts).
 */
export const WIZARD_SCREENS = ['profile', 'contributions', 'ichra-acknowledgment', 'shop-health-plans', 'flexible-spending', 'additional-services', 'cart'] as const;
export type WizardScreen = (typeof WIZARD_SCREENS)[number];

/** The page Authorize Elections leads to (/welcome): a page of the product, never a step's screen. */
export const WELCOME_PAGE = 'welcome';
