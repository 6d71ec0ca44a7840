/** Makes the database available as app.db. Whoever opened it (main, a test) closes it. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';

export async function dbPlugin(app: FastifyInstance, options: { db: Kysely<Database> }): Promise<void> {
  app.decorate('db', options.db);
}
