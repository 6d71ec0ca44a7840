/**
 * Issue 22: an employee signs in with the employer's own OpenID Provider. A real provider runs on loopback
 * (tests/server/helpers/oidc-provider.ts, oidc-provider with its own login page) on E2E_PORT + 1000; a specialist
 * creates an employer, imports its census and sets the provider in the console's Sign-in section; the employee
 * clicks 'Sign in with ...', signs in on the provider's page, lands on /profile signed in, signs out, and is signed
 * out at the provider too (its login page asks again); someone of a domain the employer does not allow is refused
 * with the catalogue's words. axe finds nothing on the staff panel and on the sign-in page
 * with the provider's button.
 */
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { startTestProvider } from '../server/helpers/oidc-provider.ts';
import { expectClean } from './axe.ts';
import { baseURL } from './playwright.config.ts';
import { createEmployerAndCopyLink, importCensus } from './specialist/census.ts';
import { configureIdentityProvider, signInAtProvider, signInWithProvider, signOutOfPortalAndProvider } from './specialist/oidc.ts';
import { staffSignIn } from './support.ts';

const PROVIDER_PORT = Number(process.env.E2E_PORT ?? 3100) + 1000;

test("an employee signs in with the employer's provider, lands on the profile, and signs out of both", async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 8);
  const staff = await (await browser.newContext()).newPage();
  await staffSignIn(staff);
  const { accountid } = await createEmployerAndCopyLink(staff, `Single Sign-On Co ${tag}`);
  const email = `pat.${tag}@sso.test`;
  await importCensus(staff, `firstname,lastname,email,birthdate,zip\nPat,Provider,${email},1984-03-15,97205\n`, 'Census imported: 1 added, 0 updated, 0 unchanged.');

  const provider = await startTestProvider({
    port: PROVIDER_PORT,
    redirectUris: [`${baseURL}/api/oidc/callback`],
    postLogoutRedirectUris: [`${baseURL}/login?employer_id=${accountid}`],
  });
  try {
    provider.setAccount('pat', { email, email_verified: true });
    provider.setAccount('stranger', { email: `stranger.${tag}@elsewhere.test`, email_verified: true });
    await configureIdentityProvider(staff, {
      displayName: 'Acme Workforce',
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      allowedDomains: 'sso.test',
    });
    await expectClean(staff, "the staff console's Sign-in section");

    const employee = await (await browser.newContext()).newPage();
    await employee.goto(`/login?employer_id=${accountid}`);
    await expect(employee.getByRole('link', { name: 'Sign in with Acme Workforce' })).toBeVisible();
    await expectClean(employee, "the sign-in page with the provider's button");

    await signInWithProvider(employee, { accountid, providerName: 'Acme Workforce', login: 'pat' });
    await signOutOfPortalAndProvider(employee, accountid);

    // Signed out at the provider: signing in again asks for the login there.
    await employee.getByRole('link', { name: 'Sign in with Acme Workforce' }).click();
    await expect(employee.getByPlaceholder('Enter any login')).toBeVisible();

    // Someone of a domain the employer does not allow is refused, in words, and stays signed out.
    await signInAtProvider(employee, 'stranger');
    await expect(employee).toHaveURL(/\/login\?employer_id=[^&]+&sso_error=domain-not-allowed$/);
    await expect(employee.getByRole('alert')).toHaveText('This e-mail address cannot sign in for this employer. Please use your work account.');
    await expectClean(employee, 'the sign-in page after a refused sign-in through the provider');
  } finally {
    await provider.close();
  }
});
