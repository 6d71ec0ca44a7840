import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDocuments } from '#server/content/demo-documents.ts';
import { MEDIA_LINK_SECONDS, signedFileUrl } from '#server/routes/documents/media.routes.ts';
import { storageIn } from '#server/infra/storage.ts';
import { databases } from './helpers/databases.ts';
import { createTestApp } from './helpers/app.ts';
import { createEmployer, registerMember } from './helpers/fixtures.ts';
import { useEnrollmentWorld } from './enrollment.fixtures.ts';

const CONTAINER = 'ichra-documents';
const getdocs = (folderName: string, container = CONTAINER) =>
  `/api/media/getdocs?containerName=${encodeURIComponent(container)}&folderName=${encodeURIComponent(folderName)}`;

describe.each(databases())('media routes on $name', (database) => {
  const world = useEnrollmentWorld(database);

  beforeAll(async () => {
    const storage = storageIn(world.db);
    await seedDemoDocuments(storage, world.demo.accountid, world.demo.accountname);
    // The other employer keeps one document of its own, which no demo member may reach.
    await storage.write(CONTAINER, world.other.accountid, 'Other Plan Document.pdf', Buffer.from('%PDF-1.4 other'));
  });

  const list = async (auth: { authorization: string }, folderName: string) => {
    const response = await world.app.inject({ method: 'GET', url: getdocs(folderName), headers: auth });
    return { status: response.statusCode, body: response.json() };
  };

  describe('GET /api/media/getdocs', () => {
    it("lists the employer's documents, named from their file names, with signed links", async () => {
      const { status, body } = await list(world.alice.auth, world.demo.accountname);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      const documents = body.data.documents as Array<{ name: string; filename: string; url: string }>;
      expect(documents.map((d) => [d.name, d.filename])).toEqual([
        ['ICHRA Notice to Employees', 'ICHRA Notice to Employees.pdf'],
        ['ICHRA Plan Document', 'ICHRA Plan Document.pdf'],
      ]);
      for (const document of documents) {
        const url = new URL(document.url, 'http://portal.test');
        expect(url.pathname).toBe(`/api/media/file/${CONTAINER}/${world.demo.accountid}/${encodeURIComponent(document.filename)}`);
        expect(url.searchParams.get('member')).toBe(world.alice.memberId);
        expect(url.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
      }
    });

    it('answers an empty list for an employer without documents', async () => {
      const employer = await createEmployer(world.db, { accountname: 'Empty Employer' });
      const dave = await registerMember(world.app, employer, { firstname: 'Dave' });
      const { status, body } = await list(dave.auth, 'Empty Employer');
      expect(status).toBe(200);
      expect(body.data.documents).toEqual([]);
    });

    it("refuses another employer's folder (403) both ways", async () => {
      const fromDemo = await list(world.alice.auth, world.other.accountname);
      expect(fromDemo.status).toBe(403);
      expect(fromDemo.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await list(world.carol.auth, world.demo.accountname)).status).toBe(403);
      expect((await list(world.carol.auth, world.other.accountname)).body.data.documents.map((d: { name: string }) => d.name)).toEqual([
        'Other Plan Document',
      ]);
    });

    it('refuses a folder name of broken UTF-8 (an encoded lone surrogate reads as replacement characters)', async () => {
      const url = `/api/media/getdocs?containerName=${CONTAINER}&folderName=Acme%ED%A0%80`;
      const response = await world.app.inject({ method: 'GET', url, headers: world.alice.auth });
      expect(response.statusCode).toBe(403);
    });

    it('requires a sign-in', async () => {
      const response = await world.app.inject({ method: 'GET', url: getdocs(world.demo.accountname) });
      expect(response.statusCode).toBe(401);
    });

    it.each([
      ['another container', getdocs('Acme Benefits Demo', 'private')],
      ['no folder', `/api/media/getdocs?containerName=${CONTAINER}`],
      ['a NUL in the folder', getdocs('Acme\u0000Demo')],
      ['a path in the folder', getdocs('../ichra-documents')],
      ['a huge folder name', getdocs('x'.repeat(5000))],
    ])('answers 400 for %s', async (_, url) => {
      const response = await world.app.inject({ method: 'GET', url, headers: world.alice.auth });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    });
  });

  describe('GET /api/media/file/{container}/{accountid}/{filename}', () => {
    const firstLink = async () => {
      const { body } = await list(world.alice.auth, world.demo.accountname);
      return (body.data.documents as Array<{ url: string; filename: string }>).find((d) => d.filename === 'ICHRA Plan Document.pdf')!;
    };

    it('serves the PDF through the signed link, without a bearer header', async () => {
      const { url } = await firstLink();
      const response = await world.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`inline; filename*=UTF-8''ICHRA%20Plan%20Document.pdf`);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const text = response.rawPayload.toString('latin1');
      expect(text.startsWith('%PDF-1.4\n')).toBe(true);
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
      expect(text).toContain('(Acme Benefits Demo: ICHRA Plan Document) Tj');
    });

    it('serves the same file from a second instance on the same database (files live in the database)', async () => {
      const { url } = await firstLink();
      const second = await createTestApp(world.db, { env: { TOKEN_SECRET: world.config.TOKEN_SECRET, SSN_KEY: world.config.SSN_KEY } });
      try {
        // Its own DATA_DIR holds no file at all.
        const response = await second.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.toString('latin1')).toContain('(Acme Benefits Demo: ICHRA Plan Document) Tj');
      } finally {
        await second.close();
      }
    });

    it('refuses a changed signature, a changed file, another folder and an expired link (403)', async () => {
      const { url } = await firstLink();
      const link = new URL(url, 'http://portal.test');
      const tampered = new URL(link);
      tampered.searchParams.set('signature', `${link.searchParams.get('signature')!.slice(0, -2)}AA`);
      const otherFile = link.pathname.replace('ICHRA%20Plan%20Document.pdf', 'ICHRA%20Notice%20to%20Employees.pdf') + link.search;
      const otherFolder = link.pathname.replace(world.demo.accountid, world.other.accountid) + link.search;
      const later = new URL(link);
      later.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
      for (const attempt of [tampered.pathname + tampered.search, otherFile, otherFolder, later.pathname + later.search]) {
        const response = await world.app.inject({ method: 'GET', url: attempt });
        expect(response.statusCode, attempt).toBe(403);
        expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
      const past = new Date(Date.now() - (MEDIA_LINK_SECONDS + 60) * 1000);
      const expired = signedFileUrl(
        world.config,
        { container: CONTAINER, accountid: world.demo.accountid, filename: 'ICHRA Plan Document.pdf', member: world.alice.memberId },
        past,
      );
      expect((await world.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    });

    it("refuses a correctly signed link to another employer's file when the member is not one of its members", async () => {
      const url = signedFileUrl(world.config, {
        container: CONTAINER,
        accountid: world.other.accountid,
        filename: 'Other Plan Document.pdf',
        member: world.alice.memberId,
      });
      expect((await world.app.inject({ method: 'GET', url })).statusCode).toBe(403);
      const own = signedFileUrl(world.config, {
        container: CONTAINER,
        accountid: world.other.accountid,
        filename: 'Other Plan Document.pdf',
        member: world.carol.memberId,
      });
      expect((await world.app.inject({ method: 'GET', url: own })).statusCode).toBe(200);
    });

    it('answers 404 for a signed link to a file that is gone', async () => {
      const url = signedFileUrl(world.config, {
        container: CONTAINER,
        accountid: world.demo.accountid,
        filename: 'Removed.pdf',
        member: world.alice.memberId,
      });
      expect((await world.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    });

    it.each([
      ['a path in the file name', `/api/media/file/${CONTAINER}/{account}/..%2F..%2Fsecrets.json?member={member}&expires=1&signature=x`],
      ['a hidden file', `/api/media/file/${CONTAINER}/{account}/.secrets?member={member}&expires=1&signature=x`],
      ['another container', `/api/media/file/private/{account}/a.pdf?member={member}&expires=1&signature=x`],
      ['no signature', `/api/media/file/${CONTAINER}/{account}/a.pdf?member={member}&expires=1`],
      ['a member that is no id', `/api/media/file/${CONTAINER}/{account}/a.pdf?member=me&expires=1&signature=x`],
    ])('answers 400 for %s', async (_, template) => {
      const url = template.replace('{account}', world.demo.accountid).replace('{member}', world.alice.memberId);
      const response = await world.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
    });
  });
});
