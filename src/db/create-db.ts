/**
 * Opens the database: PostgreSQL (pg Pool) when a URL is given, otherwise PGlite on a data directory or in memory.
 * Both are set up to answer the same JS values: DATE as 'YYYY-MM-DD', int8 as number, timestamptz as Date, jsonb
 * parsed; jsonb parameters are sent as JSON text on both (pg would turn a JS array into a PostgreSQL array).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { parse as pgliteParse, PGlite, protocol, types as pgliteTypes, type Results } from '@electric-sql/pglite';
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
import { Feed, listenOnPglite, listenOnPool, withFeed } from './change-feed.ts';
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

/**
 * PostgreSQL's shared buffers inside PGlite's WebAssembly heap. Its default, 128 MB, is all touched at start and
 * held for the process's life (~150 MB of RSS); the whole database after a start's import is ~19 MB (the reference
 * tables 10 MB), and pages beyond the buffers are read from the data folder through the OS's file cache
 * (bench/RESULTS.md, memory at rest).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/** PGlite's own start parameters, and the memory settings above. */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/**
 * Creates the database cluster of a fresh data folder (PGlite's initdb) in a child process and waits for it to
 * end: initdb's WebAssembly instances, ~400 MB, are never given back by the process that ran them, so the server
 * would hold them for its life. The server then opens the folder as an existing one.
 */
async function initDataDir(dataDir: string): Promise<void> {
  const script = `const [url, dataDir, params] = process.argv.slice(1);
const { PGlite } = await import(url);
const pglite = new PGlite({ dataDir, startParams: JSON.parse(params) });
await pglite.waitReady;
await pglite.close();`;
  const args = ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), dataDir, JSON.stringify(pgliteStartParams)];
  try {
    await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`PGlite could not create its database in ${dataDir}: ${stderr || (error as Error).message}`);
  }
}

/** Opens PGlite on a data folder, creating its cluster first when the folder has none. */
async function openDataDir(dataDir: string): Promise<PGlite> {
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initDataDir(dataDir);
  const pglite = new PGlite({ dataDir, startParams: pgliteStartParams, ...pgliteTypeOptions });
  await pglite.waitReady;
  return pglite;
}

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
    pool.on('connect', prepareStatements);
    const feed = new Feed();
    listenOnPool(pool, feed);
    return withFeed(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), feed);
  }
  let pglite: PGlite | Promise<PGlite>;
  if ('dataDir' in options) {
    // Opens in the background (a fresh folder's initdb takes seconds), so the server can listen meanwhile; the
    // first query waits for it (the driver's init) and hears its failure, if any.
    pglite = openDataDir(options.dataDir);
    pglite.catch(() => undefined);
  } else {
    pglite = await PGlite.create({ loadDataDir: options.loadDataDir, startParams: pgliteStartParams, ...pgliteTypeOptions });
  }
  const feed = new Feed();
  return withFeed(new Kysely<Database>({ dialect: new PGliteDialect(pglite, feed) }), feed);
}

/** Statement names by text (pg names a prepared statement per connection; the name must say which text it is). */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `bp_${createHash('sha1').update(text).digest('hex')}`;
    if (statementNames.size >= PREPARED_STATEMENTS) statementNames.delete(statementNames.keys().next().value!);
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A pool client sends each statement Kysely gives it as a named one (pg parses it once per connection), for the
 * reason PGliteConnection prepares its statements: PostgreSQL then plans it once, not on every call. The same
 * statements as on PGlite are prepared; what a connection prepared ends with it (the pool closes idle ones).
 */
function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: pg.QueryConfig | string, values?: unknown[]) => Promise<pg.QueryResult>;
  // A statement whose table changed shape since it was prepared (a migration while the server runs) fails with
  // 0A000 from then on: this connection prepares it again under another name.
  const renamed = new Map<string, string>();
  let renames = 0;
  client.query = (async (text: unknown, values?: unknown[]) => {
    if (typeof text !== 'string' || !PREPARABLE.test(text) || (values?.length ?? 0) > PREPARED_MAX_PARAMETERS) return query(text as string, values);
    const name = renamed.get(text) ?? statementName(text);
    try {
      return await query({ name, text, values });
    } catch (error) {
      if ((error as { code?: string }).code === '0A000') renamed.set(text, `${statementName(text)}_${(renames += 1)}`);
      throw error;
    }
  }) as typeof client.query;
}

/** A Kysely dialect over one PGlite instance (or the one being opened); `destroy()` closes it. */
export class PGliteDialect implements Dialect {
  /** With a feed, the database listens for change notices (change-feed.ts) before its first statement. */
  constructor(
    private readonly pglite: PGlite | Promise<PGlite>,
    private readonly feed?: Feed,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.feed);
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
  private connection: PGliteConnection | null = null;
  private holder: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(
    private readonly pglite: PGlite | Promise<PGlite>,
    private readonly feed?: Feed,
  ) {}

  async init(): Promise<void> {
    const pglite = await this.pglite;
    await pglite.waitReady;
    if (this.feed) await listenOnPglite(pglite, this.feed);
    this.connection = new PGliteConnection(pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.holder;
    let release!: () => void;
    this.holder = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.release = release;
    return this.connection!;
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
    const pglite = await Promise.resolve(this.pglite).catch(() => null);
    if (pglite && !pglite.closed) await pglite.close();
  }
}

/** Statements PGliteConnection keeps prepared (the least recently used one is closed beyond the bound). */
const PREPARED_STATEMENTS = 256;
/** Only plannable statements of a bounded parameter list are prepared (not DDL, not a batch insert of hundreds of rows). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const PREPARED_MAX_PARAMETERS = 64;
const { serialize } = protocol;

const concat = (messages: Uint8Array[]) => Buffer.concat(messages);

/**
 * PGlite's query() parses and plans its statement on every call (as the unnamed statement) and takes six calls
 * into PostgreSQL; planning is most of a small query's cost. So the connection prepares each statement it sees
 * once under a name (Parse, Describe), and then runs it with one call (Bind, Describe, Execute, Sync), with the
 * plan PostgreSQL keeps for it. Parameters are serialized and rows parsed as query() does: by the parameter types
 * PostgreSQL reported, with the instance's serializers and parsers.
 */
class PGliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, { name: string; parameterTypes: number[] }>();
  private named = 0;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const result =
      PREPARABLE.test(sql) && parameters.length <= PREPARED_MAX_PARAMETERS
        ? ((await this.pglite.runExclusive(() => this.executePrepared(sql, parameters))) as Results<R>)
        : await this.pglite.query<R>(sql, [...parameters]);
    const command = result.command;
    const changes = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return {
      rows: result.rows,
      ...(changes ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    };
  }

  private async executePrepared(sql: string, parameters: readonly unknown[]): Promise<Results> {
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
    } else {
      const name = `bp_${(this.named += 1)}`;
      const described = await this.pglite.execProtocol(concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]));
      statement = { name, parameterTypes: pgliteParse.parseDescribeStatementResults(described.messages) };
      if (this.statements.size >= PREPARED_STATEMENTS) {
        const [oldest, { name: closing }] = this.statements.entries().next().value!;
        this.statements.delete(oldest);
        await this.pglite.execProtocol(concat([serialize.close({ type: 'S', name: closing }), serialize.sync()]));
      }
    }
    this.statements.set(sql, statement);
    const { name, parameterTypes } = statement;
    const values = parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pglite.serializers[parameterTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const { messages } = await this.pglite.execProtocol(
        concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      );
      return pgliteParse.parseResults(messages, this.pglite.parsers)[0]!;
    } catch (error) {
      // A table the statement reads changed shape (a migration after the statement was prepared): prepared
      // again, under a new name, next time.
      if ((error as { code?: string }).code === '0A000') {
        this.statements.delete(sql);
        await this.pglite.execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()])).catch(() => undefined);
      }
      throw error;
    }
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite.');
  }
}
