import { sql, type Kysely } from 'kysely';

/**
 * Staff users of the console (docs/staff.md), their sessions and the audit trail of every change they make:
 * - staff_user: one row per person; the e-mail address is stored lower-cased (unique), the password as argon2id;
 *   role admin (manages staff users) > implementer (manages employers and their documents) > viewer (reads).
 * - staff_session: one row per sign-in; the cookie's opaque token is stored only as its SHA-256. Live while not
 *   ended, used within 30 minutes and younger than 12 hours (the members' limits).
 * - staff_audit: who changed what, when, with the entity's state before and after (jsonb, null when there is none).
 */
const statements = [
  `create table staff_user (
      id uuid primary key,
      email text not null unique check (email = lower(email)),
      password_hash text not null,
      role text not null check (role in ('admin', 'implementer', 'viewer')),
      disabled boolean not null default false,
      createdon timestamptz not null default now()
    )`,
  `create table staff_session (
      id uuid primary key,
      staff_user_id uuid not null references staff_user(id) on delete cascade,
      token_hash text not null unique,
      createdon timestamptz not null,
      lastusedon timestamptz not null,
      endedon timestamptz
    )`,
  `create index staff_session_user on staff_session(staff_user_id) where endedon is null`,
  `create table staff_audit (
      id uuid primary key,
      staff_user_id uuid not null references staff_user(id),
      action text not null,
      entity text not null,
      entity_id text not null,
      before jsonb,
      after jsonb,
      createdon timestamptz not null default now()
    )`,
  `create index staff_audit_entity on staff_audit(entity, entity_id, createdon)`,
  `create index staff_audit_time on staff_audit(createdon)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
