import { sql, type Kysely } from 'kysely';

/**
 * Accounts and sessions (docs/security.md, V2 and V3). Everything lives in tables so that several instances on one
 * PostgreSQL behave as one:
 * - session: one row per sign-in; an access token names its session (`sid`) and is good only while the row is
 *   live (not ended, used within 30 minutes, younger than 12 hours). Refresh token families are sessions.
 * - signin_failure: consecutive failed sign-ins per e-mail address (its SHA-256, whether or not it has an account,
 *   so a lockout tells nothing about who is registered) and the lockout's end.
 * - security_event: sign-in success and failure, lockout, password set and reset, refresh token reuse, sign-out.
 * - set_password_token.purpose: 'invite' (the registration link) or 'reset' (forgot password, 30 minutes).
 */
const statements = [
  `create table session (
      id uuid primary key,
      memberid uuid not null references member(id) on delete cascade,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null,
      ended_at timestamptz,
      end_reason text check (end_reason in ('sign-out', 'password-reset', 'refresh-reuse'))
    )`,
  `create index session_member on session(memberid) where ended_at is null`,
  `create table signin_failure (
      email_hash text primary key,
      failures integer not null default 0 check (failures >= 0),
      locked_until timestamptz,
      updated_at timestamptz not null default now()
    )`,
  `create table security_event (
      id uuid primary key,
      occurred_at timestamptz not null default now(),
      kind text not null check (kind in ('sign-in', 'sign-in-failed', 'lockout', 'password-set', 'password-reset',
        'reset-requested', 'refresh-reuse', 'sign-out')),
      memberid uuid references member(id) on delete set null,
      client_address text not null
    )`,
  `create index security_event_member on security_event(memberid, occurred_at)`,
  `create index security_event_time on security_event(occurred_at)`,
  `alter table set_password_token add column purpose text not null default 'invite' check (purpose in ('invite', 'reset'))`,
  `create index refresh_token_family on refresh_token(family_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
