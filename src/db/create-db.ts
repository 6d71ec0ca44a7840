/**
 * Opens the database: PostgreSQL (pg Pool) when a URL is given, otherwise PGlite on a data directory or in memory.
 * Both are set up to answer the same JS values: DATE as 'YYYY-MM-DD', int8 as number, timestamptz as Date, jsonb
 * parsed; jsonb parameters are sent as JSON text on both (pg would turn a JS array into a PostgreSQL array).
 */
import { mkdirSync } from 'node:fs';
import type pg from 'pg';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './database.ts';

export type CreateDbOptions =
  | { databaseUrl: string; searchPath?: string; poolSize?: number }
  | { dataDir: string }
  | { inMemory: true; loadDataDir?: Blob | File };

const DATE_OID = 1082;
const INT8_OID = 20;

const pgTypes = (types: typeof pg.types) =>
  ({
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === DATE_OID) return (value: string) => value;
      if (oid === INT8_OID) return (value: string) => Number(value);
      return types.getTypeParser(oid, format);
    },
  }) as pg.CustomTypesConfig;

/** The parsers and serializers PGlite needs to answer what pg answers (see file comment). */
export const pgliteTypeOptions = {
  parsers: {
    [DATE_OID]: (value: string) => value,
    [INT8_OID]: (value: string) => Number(value),
  },
  serializers: {
    [pgliteTypes.JSON]: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
    [pgliteTypes.JSONB]: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
  },
};

export async function createDb(options: CreateDbOptions): Promise<Kysely<Database>> {
  if ('databaseUrl' in options) {
    // Imported only for a PostgreSQL server: an embedded start does not wait for its modules (~0.1 s).
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: pgTypes(pg.types),
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let pglite: PGlite;
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    // Opens in the background (a fresh folder's initdb takes seconds), so the server can listen meanwhile; the
    // first query waits for it (the driver's init) and hears its failure, if any.
    pglite = new PGlite({ dataDir: options.dataDir, ...pgliteTypeOptions });
    pglite.waitReady.catch(() => undefined);
  } else {
    pglite = await PGlite.create({ loadDataDir: options.loadDataDir, ...pgliteTypeOptions });
  }
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}

/** A Kysely dialect over one PGlite instance; `destroy()` closes it. */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/**
 * PGlite is a single session, so the driver hands out its one connection to one holder at a time: a transaction
 * keeps it from begin to commit/rollback and no other query can slip into the middle of it.
 */
class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private holder: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.holder;
    let release!: () => void;
    this.holder = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.holder;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const command = result.command;
    const changes = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return {
      rows: result.rows,
      ...(changes ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite.');
  }
}
