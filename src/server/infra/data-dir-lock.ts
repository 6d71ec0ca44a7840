/**
 * One process at a time on the embedded database. PGlite runs inside the process that opens it and keeps the
 * database in memory, writing its folder back as it goes: a second process on the same DATA_DIR (npm run
 * staff:create while npm start runs) works on a copy of its own, so what it writes is not seen by the first and
 * the two can overwrite each other's files. So the server and the commands hold DATA_DIR/pglite.lock while they
 * have the database open: a file naming the process (pid), what it is and since when; removed when it closes
 * the database or exits. A lock whose process is no longer alive (a server killed with SIGKILL) is stale and is
 * taken over. PostgreSQL (DATABASE_URL) needs none: every process talks to the same server.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Who holds the embedded database: 'server' for npm start, else the command (`npm run staff:create`). */
export type DataDirHolder = { pid: number; command: string; since: string };

export const SERVER = 'server';

/** The embedded database is open in another live process. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      holder.command === SERVER
        ? `The server is running on the embedded database in ${dataDir} (pid ${holder.pid})`
        : `${holder.command} is using the embedded database in ${dataDir} (pid ${holder.pid})`,
    );
    this.name = 'DataDirInUse';
  }
}

export const lockFileOf = (dataDir: string) => path.join(dataDir, 'pglite.lock');

function readHolder(file: string): DataDirHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<DataDirHolder>;
    return typeof holder.pid === 'number' ? { pid: holder.pid, command: String(holder.command), since: String(holder.since) } : null;
  } catch {
    return null;
  }
}

/** Whether a process of that id runs (EPERM: it does, under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes DATA_DIR's lock for this process as `command`, or throws DataDirInUse naming the live process holding it.
 * Answers the release (also run at exit, so process.exit after a fatal failure leaves no lock behind).
 */
export function holdDataDir(dataDir: string, command: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFileOf(dataDir);
  const mine: DataDirHolder = { pid: process.pid, command, since: new Date().toISOString() };
  // Written whole aside, then linked into place: the link fails if a lock exists, and nobody reads half a lock.
  const written = `${file}.${process.pid}`;
  writeFileSync(written, JSON.stringify(mine));
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        linkSync(written, file);
        return releaseOf(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(file);
      // This pid holding it is a lock left by an earlier run that had the same pid (pid 1 in a container).
      if (holder && holder.pid !== process.pid && alive(holder.pid)) throw new DataDirInUse(dataDir, holder);
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(written, { force: true });
  }
  throw new Error(`Another process took the embedded database in ${dataDir} at the same moment; try again.`);
}

/** The release of a lock this process holds (also run at exit). */
function releaseOf(file: string): () => void {
  const release = () => {
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.once('exit', release);
  return () => {
    process.off('exit', release);
    release();
  };
}
