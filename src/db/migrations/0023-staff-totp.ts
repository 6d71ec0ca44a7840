import { sql, type Kysely } from 'kysely';

/**
 * A second factor for staff who sign in with a password (docs/staff.md, "Two-step verification"):
 * - staff_user: the TOTP secret sealed with AES-256-GCM (crypto.ts sealTotpSecret; never in clear), when it was
 *   turned on, the last 30-second time step a code was accepted for (a code is never taken twice), the secret of an
 *   enrollment not yet confirmed (sealed too), and the recovery codes as their SHA-256 (each works once: removed
 *   from the array when used).
 * - staff_signin_pending: a sign-in whose password was right but whose second factor is still to come ('code') or
 *   still to be set up because an admin requires it ('enroll'). Its cookie's opaque token is stored only as its
 *   SHA-256; it lives 5 minutes and dies after 5 wrong codes. It is no session: it opens only the second-factor
 *   routes.
 * - staff_console_setting: one row; whether every staff user must have a second factor.
 * - security_event: the TOTP events name the staff user (staff_user_id) instead of a member.
 */
const statements = [
  `alter table staff_user add column totp_secret text`,
  `alter table staff_user add column totp_enabled_at timestamptz`,
  `alter table staff_user add column totp_last_step integer`,
  `alter table staff_user add column totp_pending_secret text`,
  `alter table staff_user add column totp_recovery_hashes text[] not null default '{}'`,
  `create table staff_signin_pending (
      id uuid primary key,
      staff_user_id uuid not null references staff_user(id) on delete cascade,
      token_hash text not null unique,
      purpose text not null check (purpose in ('code', 'enroll')),
      failures integer not null default 0 check (failures >= 0),
      expireson timestamptz not null
    )`,
  `create index staff_signin_pending_user on staff_signin_pending(staff_user_id)`,
  `create table staff_console_setting (
      id boolean primary key default true check (id),
      second_factor_required boolean not null default false
    )`,
  `insert into staff_console_setting (id, second_factor_required) values (true, false)`,
  `alter table security_event add column staff_user_id uuid references staff_user(id) on delete set null`,
  `alter table security_event drop constraint security_event_kind_check`,
  `alter table security_event add constraint security_event_kind_check check (kind in ('sign-in', 'sign-in-failed',
    'lockout', 'password-set', 'password-reset', 'reset-requested', 'refresh-reuse', 'refresh-retry', 'sign-out',
    'staff-totp-enabled', 'staff-totp-disabled', 'staff-totp-failed', 'staff-totp-reset', 'staff-recovery-code-used'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
