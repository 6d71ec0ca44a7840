import { mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoIchraDocuments, pdfDocument } from '#server/content/demo-documents.ts';
import { documentName, importStorageFolder, isSafeSegment, storageIn, StorageNameError } from '#server/infra/storage.ts';
import { everyDatabase } from './helpers/databases.ts';
import { useDatabase } from './helpers/lifecycle.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(everyDatabase())('storage on $name', (database) => {
  const t = useDatabase(database, async () => ({ close: async () => {} }));
  const storage = () => storageIn(t.db);

  it('writes, lists and reads files of a folder; an absent folder lists nothing; a second write replaces', async () => {
    await storage().write('ichra-documents', 'acct-1', 'B.pdf', Buffer.from('b'));
    await storage().write('ichra-documents', 'acct-1', 'A.pdf', Buffer.from('a'));
    await storage().write('ichra-documents', 'acct-1', 'A.pdf', Buffer.from('aa'));
    expect(await storage().list('ichra-documents', 'acct-1')).toEqual([
      { filename: 'A.pdf', size: 2, name_es: null },
      { filename: 'B.pdf', size: 1, name_es: null },
    ]);
    expect((await storage().read('ichra-documents', 'acct-1', 'A.pdf'))?.toString()).toBe('aa');
    expect(await storage().read('ichra-documents', 'acct-1', 'missing.pdf')).toBeNull();
    expect(await storage().list('ichra-documents', 'nobody')).toEqual([]);
  });

  it('removes a file, and answers false for one that is not there', async () => {
    await storage().write('ichra-documents', 'acct-2', 'Gone.pdf', Buffer.from('x'));
    expect(await storage().remove('ichra-documents', 'acct-2', 'Gone.pdf')).toBe(true);
    expect(await storage().list('ichra-documents', 'acct-2')).toEqual([]);
    expect(await storage().remove('ichra-documents', 'acct-2', 'Gone.pdf')).toBe(false);
    await expect(storage().remove('ichra-documents', '..', 'secret.txt')).rejects.toBeInstanceOf(StorageNameError);
  });

  it('refuses every name that is not one plain segment', async () => {
    await expect(storage().read('ichra-documents', '..', 'secret.txt')).rejects.toBeInstanceOf(StorageNameError);
    await expect(storage().read('..', 'storage', 'secret.txt')).rejects.toBeInstanceOf(StorageNameError);
    await expect(storage().list('ichra-documents', '../..')).rejects.toBeInstanceOf(StorageNameError);
    await expect(storage().write('ichra-documents', 'acct-1', '../../x.pdf', Buffer.from('x'))).rejects.toBeInstanceOf(StorageNameError);
  });

  it('brings the files of an earlier DATA_DIR/storage in once: regular files only, never links, hidden files or folders', async () => {
    const root = path.join(dir, `storage-${database.name}`);
    const folder = path.join(root, 'ichra-documents', 'acct-3');
    mkdirSync(path.join(folder, 'sub'), { recursive: true });
    writeFileSync(path.join(dir, 'secret.txt'), 'secret');
    writeFileSync(path.join(folder, '.hidden'), 'x');
    symlinkSync(path.join(dir, 'secret.txt'), path.join(folder, 'link.pdf'));
    writeFileSync(path.join(folder, 'real.pdf'), 'ok');
    expect(await importStorageFolder(storage(), root)).toBe(1);
    expect(await storage().list('ichra-documents', 'acct-3')).toEqual([{ filename: 'real.pdf', size: 2, name_es: null }]);
    // A second start brings nothing again, and never overwrites what the database holds since.
    await storage().write('ichra-documents', 'acct-3', 'real.pdf', Buffer.from('newer'));
    expect(await importStorageFolder(storage(), root)).toBe(0);
    expect((await storage().read('ichra-documents', 'acct-3', 'real.pdf'))?.toString()).toBe('newer');
  });
});

describe('demo documents', () => {
  it('are valid PDFs: header, objects where the cross-reference table says, trailer and end marker', () => {
    for (const { filename, bytes } of demoIchraDocuments('Acme Benefits Demo')) {
      const text = bytes.toString('latin1');
      expect(filename.endsWith('.pdf')).toBe(true);
      expect(text.startsWith('%PDF-1.4\n')).toBe(true);
      expect(text.endsWith('%%EOF\n')).toBe(true);
      const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
      expect(text.slice(startxref, startxref + 4)).toBe('xref');
      const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref))!;
      const entries = text.slice(startxref).split(/\r\n|\n/).slice(3, 2 + Number(count));
      entries.forEach((entry, index) => {
        const offset = Number(entry.slice(0, 10));
        expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
      });
      for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
        const start = match.index! + match[0].length;
        expect(text.slice(start + Number(match[1]), start + Number(match[1]) + '\nendstream'.length)).toBe('\nendstream');
      }
    }
  });

  it('escapes parentheses and backslashes in text and spreads long text over pages', () => {
    const pdf = pdfDocument('A (b) \\ c', Array.from({ length: 85 }, (_, i) => `Line ${i}`)).toString('latin1');
    expect(pdf).toContain('(A \\(b\\) \\\\ c) Tj');
    expect(pdf).toContain('/Count 3');
  });

  it('are named from their file names', () => {
    expect(documentName('ICHRA Plan Document.pdf')).toBe('ICHRA Plan Document');
    expect(documentName('Summary.v2.pdf')).toBe('Summary.v2');
    expect(documentName('README')).toBe('README');
  });
});
