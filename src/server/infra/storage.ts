/**
 * The product's file storage, in the database (table stored_file, migration 0018), so every instance on it serves
 * the same files: container / folder / file, one level of folders per container (the ICHRA documents: container
 * 'ichra-documents', one folder per employer, named by its accountid). Every name is one path segment checked here
 * (no separators, no '.' or '..', no control characters, no leading dot, at most 200 characters), as when files
 * lived on disk; `importStorageFolder` brings the files of that earlier DATA_DIR/storage into the database once.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { DbOrTx } from '#db/database.ts';

/** `name_es`: the name a person reads in Spanish, when staff wrote one (an ICHRA document's, migration 0029). */
export type StoredFile = { filename: string; size: number; name_es: string | null };

/** The name a person reads of a stored file: its file name without the extension. */
export function documentName(filename: string): string {
  const extension = path.extname(filename);
  return extension && extension !== filename ? filename.slice(0, -extension.length) : filename;
}

export class StorageNameError extends Error {
  constructor(readonly segment: string) {
    super('Not a valid storage name.');
    this.name = 'StorageNameError';
  }
}

const MAX_SEGMENT = 200;
const CONTROL = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text may name a container, folder or file: one plain path segment. */
export function isSafeSegment(segment: string): boolean {
  return (
    segment.length > 0 &&
    segment.length <= MAX_SEGMENT &&
    !segment.startsWith('.') &&
    !/[/\\:*?"<>|]/.test(segment) &&
    !CONTROL.test(segment) &&
    !LONE_SURROGATE.test(segment) &&
    segment.trim() === segment
  );
}

export class Storage {
  constructor(private readonly db: DbOrTx) {}

  private static check(...segments: string[]): void {
    for (const segment of segments) if (!isSafeSegment(segment)) throw new StorageNameError(segment);
  }

  /** The files of a folder, by name; none when the folder has none. */
  async list(container: string, folder: string): Promise<StoredFile[]> {
    Storage.check(container, folder);
    const rows = await this.db
      .selectFrom('stored_file')
      .select(['filename', 'size', 'name_es'])
      .where('container', '=', container)
      .where('folder', '=', folder)
      .execute();
    return rows.sort((a, b) => a.filename.localeCompare(b.filename, 'en')).map(({ filename, size, name_es }) => ({ filename, size, name_es }));
  }

  /** The files of a folder as list() answers them, each with a hash of its content (a version of the folder). */
  async fingerprints(container: string, folder: string): Promise<Array<StoredFile & { sha256: string }>> {
    Storage.check(container, folder);
    const rows = await this.db
      .selectFrom('stored_file')
      .select(['filename', 'size', 'name_es', sql<string>`encode(sha256(bytes), 'hex')`.as('sha256')])
      .where('container', '=', container)
      .where('folder', '=', folder)
      .execute();
    return rows.sort((a, b) => a.filename.localeCompare(b.filename, 'en'));
  }

  /** A file's bytes, or null when there is no such file. */
  async read(container: string, folder: string, filename: string): Promise<Buffer | null> {
    Storage.check(container, folder, filename);
    const row = await this.db
      .selectFrom('stored_file')
      .select('bytes')
      .where('container', '=', container)
      .where('folder', '=', folder)
      .where('filename', '=', filename)
      .executeTakeFirst();
    return row ? Buffer.from(row.bytes) : null;
  }

  /** Writes a file whole, in one statement (a reader never sees half of it); an existing one is replaced. */
  async write(container: string, folder: string, filename: string, bytes: Uint8Array): Promise<void> {
    Storage.check(container, folder, filename);
    await this.db
      .insertInto('stored_file')
      .values({ container, folder, filename, bytes, size: bytes.byteLength })
      .onConflict((oc) => oc.columns(['container', 'folder', 'filename']).doUpdateSet({ bytes, size: bytes.byteLength, updated_at: new Date() }))
      .execute();
  }

  /** Sets the Spanish name a person reads of a file (null: none); false when there is no such file. A new upload of the file keeps it. */
  async setSpanishName(container: string, folder: string, filename: string, name: string | null): Promise<boolean> {
    Storage.check(container, folder, filename);
    const result = await this.db
      .updateTable('stored_file')
      .set({ name_es: name })
      .where('container', '=', container)
      .where('folder', '=', folder)
      .where('filename', '=', filename)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes a file; false when there is no such file. */
  async remove(container: string, folder: string, filename: string): Promise<boolean> {
    Storage.check(container, folder, filename);
    const result = await this.db
      .deleteFrom('stored_file')
      .where('container', '=', container)
      .where('folder', '=', folder)
      .where('filename', '=', filename)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/** The storage of a database. */
export function storageIn(db: DbOrTx): Storage {
  return new Storage(db);
}

/**
 * Brings the files of a folder laid out as container/folder/file (the earlier DATA_DIR/storage) into the database,
 * each only when the database has no file of that name; only regular files with safe names, never symbolic links
 * or hidden files. Answers how many files were brought in.
 */
export async function importStorageFolder(storage: Storage, root: string): Promise<number> {
  const regularFiles = async (dir: string, wantDirectories: boolean) => {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const kept: string[] = [];
    for (const name of names) {
      if (!isSafeSegment(name)) continue;
      const stats = await lstat(path.join(dir, name));
      if (wantDirectories ? stats.isDirectory() : stats.isFile()) kept.push(name);
    }
    return kept;
  };
  let imported = 0;
  for (const container of await regularFiles(root, true)) {
    for (const folder of await regularFiles(path.join(root, container), true)) {
      const present = new Set((await storage.list(container, folder)).map((file) => file.filename));
      for (const filename of await regularFiles(path.join(root, container, folder), false)) {
        if (present.has(filename)) continue;
        await storage.write(container, folder, filename, await readFile(path.join(root, container, folder, filename)));
        imported += 1;
      }
    }
  }
  return imported;
}
