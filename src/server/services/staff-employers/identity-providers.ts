/**
 * An employer's identity provider as the staff console sets it (docs/staff.md, "An employer's identity provider").
 * The client secret is sealed before it is stored and never answered, nor written to the audit trail (which says
 * only whether one is set and whether it changed). Each change and its audit record share one transaction.
 */
import { CONSOLE_LOCALE } from '#contracts/language.ts';
import { fillPlural } from '#contracts/messages.ts';
import type { StaffIdentityProvider, StaffIdentityProviderInput, StaffIdentityProviderTest } from '#contracts/staff/staff-identity-provider.ts';
import type { DbOrTx } from '#db/database.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as providers from '#db/repositories/sign-in/identity-provider.repository.ts';
import { recordStaffChange } from '#db/repositories/staff/staff-audit.repository.ts';
import type { Config } from '../../config.ts';
import { openClientSecret, sealClientSecret } from '../../security/crypto.ts';
import { badRequest, notFound } from '../../errors.ts';
import { representationTag, requireUnchanged, type Precondition } from '../../http/preconditions.ts';
import { checkProviderUrl, ProviderAddressError } from '../../oidc/provider-fetch.ts';
import { problemOf, relyingPartyPolicyOf, testConnection } from '../../oidc/relying-party.ts';
import { redirectUriOf, signInPageOf } from '../../oidc/urls.ts';
import type { Staff } from '../../ports.ts';
import { employerOr404 } from './staff-employers.ts';

function answerOf(config: Config, row: providers.IdentityProviderRow): StaffIdentityProvider {
  return {
    displayName: row.display_name,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecretSet: true,
    emailClaim: row.email_claim,
    allowedDomains: row.allowed_domains,
    registration: row.registration,
    redirectUri: redirectUriOf(config.PUBLIC_URL),
    postLogoutRedirectUri: signInPageOf(config.PUBLIC_URL, row.accountid),
  };
}

/** What the audit keeps: the settings, never the secret. */
const auditView = (answer: StaffIdentityProvider | null) =>
  answer && { ...answer, redirectUri: undefined, postLogoutRedirectUri: undefined };

function checkedIssuer(config: Config, issuer: string): string {
  try {
    // Kept as typed: the provider's issuer identifier must match it exactly (a trailing slash included).
    checkProviderUrl(issuer.trim(), relyingPartyPolicyOf(config));
    return issuer.trim();
  } catch (error) {
    if (error instanceof ProviderAddressError) throw badRequest(error.message, { '/issuer': [error.message] });
    throw error;
  }
}

export async function readProvider(db: DbOrTx, config: Config, accountid: string): Promise<StaffIdentityProvider | null> {
  await employerOr404(db, accountid);
  const row = await providers.findByAccount(db, accountid);
  return row ? answerOf(config, row) : null;
}

/** The tag of the provider as GET answers it (its ETag); null when there is none. */
export const providerTag = (answer: StaffIdentityProvider | null) => (answer ? representationTag(answer) : null);

/**
 * Sets the provider: `read` is the version it was edited from (its tag), or If-None-Match: * when there was none;
 * one stored, changed or removed since is not replaced (412).
 */
export async function saveProvider(db: DbOrTx, config: Config, staff: Staff, accountid: string, input: StaffIdentityProviderInput, read: Precondition): Promise<StaffIdentityProvider> {
  const issuer = checkedIssuer(config, input.issuer);
  const allowedDomains = [...new Set(input.allowedDomains.map((domain) => domain.toLowerCase()))];
  return db.transaction().execute(async (tx) => {
    await employers.lockForUpdate(tx, accountid);
    await employerOr404(tx, accountid);
    const current = await providers.findByAccount(tx, accountid);
    await requireUnchanged(tx, read, providerTag(current ? answerOf(config, current) : null), {
      name: "the employer's identity provider",
      entity: 'identity_provider',
      entityId: accountid,
      actions: ['create', 'update', 'delete'],
    });
    if (!current && input.clientSecret === undefined) {
      const message = 'Enter the client secret the provider gave for this client.';
      throw badRequest(message, { '/clientSecret': [message] });
    }
    const row = await providers.upsert(tx, accountid, {
      display_name: input.displayName.trim(),
      issuer,
      client_id: input.clientId.trim(),
      client_secret_sealed: input.clientSecret === undefined ? current!.client_secret_sealed : sealClientSecret(input.clientSecret, config.SSN_KEY),
      email_claim: input.emailClaim,
      allowed_domains: allowedDomains,
      registration: input.registration,
    });
    const after = answerOf(config, row);
    await recordStaffChange(tx, {
      staffId: staff.id,
      action: current ? 'update' : 'create',
      entity: 'identity_provider',
      entityId: accountid,
      before: auditView(current ? answerOf(config, current) : null),
      after: { ...auditView(after), clientSecretChanged: input.clientSecret !== undefined },
    });
    return after;
  });
}

export async function removeProvider(db: DbOrTx, config: Config, staff: Staff, accountid: string): Promise<null> {
  return db.transaction().execute(async (tx) => {
    await employerOr404(tx, accountid);
    const current = await providers.findByAccount(tx, accountid);
    if (!current) throw notFound('This employer has no identity provider.');
    await providers.remove(tx, accountid);
    await recordStaffChange(tx, { staffId: staff.id, action: 'delete', entity: 'identity_provider', entityId: accountid, before: auditView(answerOf(config, current)), after: null });
    return null;
  });
}

/** 'Test connection': the stored provider's discovery document and signing keys. A failure is an answer, not an error. */
export async function testProvider(db: DbOrTx, config: Config, accountid: string): Promise<StaffIdentityProviderTest> {
  await employerOr404(db, accountid);
  const row = await providers.findByAccount(db, accountid);
  if (!row) throw notFound('This employer has no identity provider.');
  try {
    const found = await testConnection(
      { issuer: row.issuer, clientId: row.client_id, clientSecret: openClientSecret(row.client_secret_sealed, config.SSN_KEY) },
      relyingPartyPolicyOf(config),
    );
    const text = { one: 'Discovery worked: {issuer} publishes {count} signing key.', other: 'Discovery worked: {issuer} publishes {count} signing keys.' };
    return { ok: true, message: fillPlural(text, found.keys, CONSOLE_LOCALE, { issuer: found.issuer }) };
  } catch (error) {
    return { ok: false, message: `The provider could not be used: ${problemOf(error)}` };
  }
}
