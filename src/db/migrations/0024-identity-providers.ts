import { sql, type Kysely } from 'kysely';

/**
 * Employees sign in with their employer's OpenID Provider (docs/staff.md, "An employer's identity provider"):
 * - employer_identity_provider: one provider per employer; the client secret sealed with AES-256-GCM (crypto.ts
 *   sealClientSecret; never in clear, never answered); the claim with the e-mail; the allowed e-mail domains
 *   (lower-case, without '@'); 'census' (only the employer's members) or 'open' (an unknown person of an allowed
 *   domain may register through it).
 * - oidc_login_state: a sign-in on its way to the provider. The state travels in the browser (query and a cookie)
 *   and is stored only as its SHA-256; the nonce and the PKCE verifier stay here (the verifier sealed). A state is
 *   taken once (used_at): a callback coming back with it again is refused.
 * - oidc_session: the provider's ID token of a product session signed in through it (sealed), for the provider's
 *   sign-out (RP-initiated logout); gone with the session.
 * - security_event: the provider's issuer of an event of such a sign-in, and why one was refused.
 */
const statements = [
  `create table employer_identity_provider (
      accountid uuid primary key references employer(accountid) on delete cascade,
      display_name text not null,
      issuer text not null,
      client_id text not null,
      client_secret_sealed text not null,
      email_claim text not null default 'email',
      allowed_domains text[] not null default '{}',
      registration text not null check (registration in ('census', 'open')),
      createdon timestamptz not null default now(),
      modifiedon timestamptz not null default now()
    )`,
  `create table oidc_login_state (
      state_hash text primary key,
      accountid uuid not null references employer(accountid) on delete cascade,
      nonce text not null,
      code_verifier_sealed text not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`,
  `create index oidc_login_state_expiry on oidc_login_state(expires_at)`,
  `create table oidc_session (
      session_id uuid primary key references session(id) on delete cascade,
      accountid uuid not null references employer(accountid) on delete cascade,
      id_token_sealed text not null
    )`,
  `alter table security_event add column identity_provider text`,
  `alter table security_event add column reason text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
