/**
 * The product's file storage: DATA_DIR/storage/<container>/<folder>/<file>, one level of folders per container
 * (the ICHRA documents: container 'ichra-documents', one folder per employer, named by its accountid). Every
 * name is one path segment checked here (no separators, no '.' or '..', no control characters, no leading dot,
 * at most 200 characters), and the joined path must still lie inside the root, so no name can reach outside it.
 * Only regular files are listed and read; symbolic links and hidden files are not.
 */
import { lstat, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type StoredFile = { filename: string; size: number };

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
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of container/folder[/file]; throws StorageNameError for a name that is not one segment. */
  private pathOf(...segments: string[]): string {
    for (const segment of segments) if (!isSafeSegment(segment)) throw new StorageNameError(segment);
    const joined = path.resolve(this.root, ...segments);
    if (!joined.startsWith(this.root + path.sep)) throw new StorageNameError(segments.join('/'));
    return joined;
  }

  /** The regular files of a folder, by name; none when the folder does not exist. */
  async list(container: string, folder: string): Promise<StoredFile[]> {
    const dir = this.pathOf(container, folder);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files: StoredFile[] = [];
    for (const filename of names.sort((a, b) => a.localeCompare(b, 'en'))) {
      if (!isSafeSegment(filename)) continue;
      const stats = await lstat(path.join(dir, filename));
      if (stats.isFile()) files.push({ filename, size: stats.size });
    }
    return files;
  }

  /** A file's bytes, or null when there is no such regular file. */
  async read(container: string, folder: string, filename: string): Promise<Buffer | null> {
    const file = this.pathOf(container, folder, filename);
    try {
      const stats = await lstat(file);
      if (!stats.isFile()) return null;
      return await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Writes a file (whole, through a temporary name, so a reader never sees half of it). */
  async write(container: string, folder: string, filename: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(container, folder, filename);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.part`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  }

  /** Deletes a regular file; false when there is no such file. */
  async remove(container: string, folder: string, filename: string): Promise<boolean> {
    const file = this.pathOf(container, folder, filename);
    try {
      if (!(await lstat(file)).isFile()) return false;
      await unlink(file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}

/** The storage of a data directory: DATA_DIR/storage. */
export function storageIn(dataDir: string): Storage {
  return new Storage(path.join(dataDir, 'storage'));
}
