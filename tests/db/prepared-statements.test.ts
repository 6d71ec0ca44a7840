/**
 * Statements are prepared once per connection (src/db/create-db.ts: PGlite's connection and pg's pool clients):
 * each call still answers for its own parameters, errors keep their SQLSTATE and leave the connection usable, a
 * statement whose table changed shape is prepared again, and more statements than are kept prepared still run.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { everyDatabase } from '../server/helpers/databases.ts';

describe.each(everyDatabase())('prepared statements on $name', (database) => {
  it('answers each call for its own parameters (text, null, date, JSON) and keeps errors and the connection', async () => {
    const { db, close } = await database.create();
    try {
      await sql`create table prepared_probe (id int primary key, note text, at timestamptz, doc jsonb)`.execute(db);
      const insert = (id: number, note: string | null, doc: unknown) =>
        db.insertInto('prepared_probe' as never).values({ id, note, at: new Date(Date.UTC(2026, 0, id)), doc: JSON.stringify(doc) } as never).execute();
      await insert(1, 'one', { a: 1 });
      await insert(2, null, [2]);
      const read = (id: number) => sql<{ id: number; note: string | null; at: Date; doc: unknown }>`select * from prepared_probe where id = ${id}`.execute(db);
      expect((await read(1)).rows).toEqual([{ id: 1, note: 'one', at: new Date(Date.UTC(2026, 0, 1)), doc: { a: 1 } }]);
      expect((await read(2)).rows).toEqual([{ id: 2, note: null, at: new Date(Date.UTC(2026, 0, 2)), doc: [2] }]);
      expect((await read(3)).rows).toEqual([]);
      await expect(insert(1, 'again', {})).rejects.toMatchObject({ code: '23505' });
      expect((await read(1)).rows[0]?.note).toBe('one');
    } finally {
      await close();
    }
  });

  it('prepares a statement again once its table changed shape', async () => {
    const { db, close } = await database.create();
    try {
      await sql`create table prepared_shape (id int)`.execute(db);
      await sql`insert into prepared_shape values (1)`.execute(db);
      const read = () => sql<Record<string, unknown>>`select * from prepared_shape where id = ${1}`.execute(db);
      for (let call = 0; call < 12; call += 1) await read();
      await sql`alter table prepared_shape add column note text`.execute(db);
      const outcomes: unknown[] = [];
      for (let call = 0; call < 24; call += 1) outcomes.push(await read().then((result) => result.rows[0], (error: { code?: string }) => error.code));
      // At most one refusal per connection that had prepared it (0A000), then the new shape.
      expect(outcomes.filter((outcome) => typeof outcome === 'string').every((code) => code === '0A000')).toBe(true);
      expect(outcomes.at(-1)).toEqual({ id: 1, note: null });
    } finally {
      await close();
    }
  });

  it('runs more distinct statements than it keeps prepared', async () => {
    const { db, close } = await database.create();
    try {
      for (let n = 0; n < 300; n += 1) {
        const { rows } = await sql<{ n: number }>`select ${sql.lit(n)}::int + ${n}::int as n`.execute(db);
        expect(rows[0]?.n).toBe(2 * n);
      }
    } finally {
      await close();
    }
  });
});
