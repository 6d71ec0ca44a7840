/**
 * Issue 22: a staff member signs in to the console through the staff identity provider (STAFF_OIDC_*). The
 * provider is set by the product's environment, so the journey has a product of its own (own-product.ts, on
 * E2E_PORT + 2000) started after a real provider on loopback (tests/server/helpers/oidc-provider.ts, its own login
 * page, on E2E_PORT + 2001). The staff member clicks 'Sign in with ...' on /staff, signs in at the provider as a
 * member of the admins' group, lands in the console as an admin (no two-step verification asked), signs out of
 * the console and of the provider (which asks for the login again); someone of no mapped group and unknown to the
 * console is refused in words.
 */
import { expect, test } from '@playwright/test';
import { startTestProvider } from '../server/helpers/oidc-provider.ts';
import { expectClean } from './axe.ts';
import { ownProductUrl, startOwnProduct } from './own-product.ts';
import { signInAtProvider } from './specialist/oidc.ts';

const PRODUCT_OFFSET = 2000;
const PROVIDER_PORT = Number(process.env.E2E_PORT ?? 3100) + 2001;

test('a staff member signs in through the staff identity provider with the role of their group, and signs out of both', async ({ page }) => {
  test.setTimeout(240_000);
  const url = ownProductUrl(PRODUCT_OFFSET);
  const provider = await startTestProvider({
    port: PROVIDER_PORT,
    redirectUris: [`${url}/api/staff/oidc/callback`],
    postLogoutRedirectUris: [`${url}/staff/sign-in`],
  });
  provider.setAccount('ada', { email: 'ada.lovelace@staff.test', email_verified: true, groups: ['everyone', 'bp-admins'] });
  provider.setAccount('stranger', { email: 'stranger@staff.test', email_verified: true, groups: ['everyone'] });
  const product = await startOwnProduct({
    offset: PRODUCT_OFFSET,
    env: {
      OIDC_ALLOW_HTTP_LOOPBACK: 'true',
      STAFF_OIDC_ISSUER: provider.issuer,
      STAFF_OIDC_CLIENT_ID: provider.clientId,
      STAFF_OIDC_CLIENT_SECRET: provider.clientSecret,
      STAFF_OIDC_NAME: 'Acme Staff Login',
      STAFF_OIDC_SCOPE: 'openid email profile groups',
      STAFF_OIDC_ROLE_CLAIM: 'groups',
      STAFF_OIDC_ROLE_MAP: 'bp-admins=admin,bp-implementers=implementer,bp-viewers=viewer',
    },
  }).catch(async (error: unknown) => {
    await provider.close();
    throw error;
  });
  try {
    await page.goto(`${url}/staff`);
    await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with Acme Staff Login' })).toBeVisible();
    await expectClean(page, "the console's sign-in with the staff provider's button");
    await page.getByRole('link', { name: 'Sign in with Acme Staff Login' }).click();
    await signInAtProvider(page, 'ada');

    await expect(page.getByRole('heading', { name: 'Employers' })).toBeVisible();
    await expect(page.getByText('ada.lovelace@staff.test (admin)')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Staff Users' })).toBeVisible();

    // Sign Out: the console's session ends, the provider asks to confirm its own sign-out, and the sign-in follows.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(`${url}/staff/sign-in`);
    await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();
    await page.goto(`${url}/staff/users`);
    await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();

    // Signed out at the provider too: it asks for the login again. Someone the console does not know is refused.
    await page.getByRole('link', { name: 'Sign in with Acme Staff Login' }).click();
    await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
    await signInAtProvider(page, 'stranger');
    await expect(page).toHaveURL(`${url}/staff/sign-in?sso_error=not-staff`);
    await expect(page.getByRole('alert')).toHaveText(
      'Your account has no place in the staff console. Please ask an admin to add you, or to give you a group with a console role.',
    );
    await expectClean(page, "the console's sign-in after a refused sign-in through the staff provider");
  } finally {
    await product.stop();
    await provider.close();
  }
});
