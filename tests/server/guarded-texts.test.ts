/**
 * Texts with meaning are guarded (issue 33, "Texts that lie"; docs/decisions/047-guarded-texts-need-a-second-
 * persons-approval.md): each lie of the issue is refused when the draft is saved (a placeholder dropped, a figure
 * typed, option labels made the same) or, worded without one, is not published until a second staff member
 * approved it. The one who saved the draft cannot approve it; an approval of an earlier save does not count; the
 * approval is in the audit trail. src/engine/authoring/guarded-texts.ts is the check,
 * src/server/services/staff-employers/guarded-approvals.ts the four eyes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import type { FormDocument } from '#engine/runtime/index.ts';
import type { ContentStore } from '#server/content/content-store.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { putAsRead, signInStaff, type SignedInStaff } from './staff-fixtures.ts';

const YEAR = new Date().getUTCFullYear();
/** Early in the plan year, so the publish proof finds effective dates whatever the real date. */
const NOW = () => new Date(`${YEAR}-03-10T12:00:00Z`);

type Form = FormDocument & { schema: any; uiSchema: any; translations?: Record<string, Record<string, string>> };
type Saved = { version: number; etag: string };

describe.each(databases())('guarded texts on $name', (database) => {
  const t = useTestApp(database, { now: NOW });
  let drafter: SignedInStaff;
  let second: SignedInStaff;
  let viewer: SignedInStaff;

  const form = (id: string) => structuredClone((t.app.content as ContentStore).base.forms.get(id)!) as Form;
  const url = (accountid: string, documentid: string, tail = '') => `/api/staff/employers/${accountid}/content/${documentid}${tail}`;
  const save = (who: SignedInStaff, accountid: string, documentid: string, document: unknown) => putAsRead(t.app, who, url(accountid, documentid, '/draft'), { document } as object, url(accountid, documentid));
  async function saved(who: SignedInStaff, accountid: string, documentid: string, document: unknown): Promise<Saved> {
    const response = await save(who, accountid, documentid, document);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  const post = (who: SignedInStaff, accountid: string, documentid: string, action: '/publish' | '/approve' | '/rollback', body: Saved) =>
    t.app.inject({ method: 'POST', url: url(accountid, documentid, action), headers: who.headers, payload: { version: body.version, etag: body.etag } });
  const view = async (who: SignedInStaff, accountid: string, documentid: string) => (await t.app.inject({ method: 'GET', url: url(accountid, documentid), headers: who.headers })).json().data;
  const publishedCount = async (accountid: string) => (await t.db.selectFrom('document_override').select('id').where('accountid', '=', accountid).where('status', '=', 'published').execute()).length;

  /** The draft is refused when saved, at `pointer`, with a reason matching `reason`; nothing is stored. */
  async function refusedAtDraft(accountid: string, documentid: string, document: unknown, pointer: string, reason: RegExp) {
    const response = await save(drafter, accountid, documentid, document);
    expect(response.statusCode, response.body).toBe(400);
    const messages = response.json().fieldErrors[pointer] as string[] | undefined;
    expect(messages, response.body).toBeDefined();
    expect(messages!.some((message) => reason.test(message)), messages!.join('\n')).toBe(true);
    // The refusal's sentence names the text too: its pointer, or (a message the base lacks) its key.
    const sentence = response.json().message as string;
    expect(sentence.includes(pointer) || sentence.includes(pointer.split('/').pop()!), sentence).toBe(true);
    expect(await overrides.findDraft(t.db, accountid, documentid)).toBeUndefined();
  }

  /** The draft is saved, and its publish is refused 409 APPROVAL_REQUIRED naming the guarded text; nothing is published. */
  async function awaitsApproval(accountid: string, documentid: string, document: unknown, pointer: string): Promise<Saved> {
    const draft = await saved(drafter, accountid, documentid, document);
    const refused = await post(drafter, accountid, documentid, '/publish', draft);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'APPROVAL_REQUIRED', message: expect.stringContaining(pointer) });
    expect(refused.json().message).toMatch(/second staff member/);
    expect(refused.json().data.guardedTexts).toContainEqual(expect.objectContaining({ pointer, language: 'en' }));
    expect(await publishedCount(accountid)).toBe(0);
    return draft;
  }

  beforeAll(async () => {
    [drafter, second, viewer] = [await signInStaff(t.app, 'implementer'), await signInStaff(t.app, 'admin'), await signInStaff(t.app, 'viewer')];
  });

  describe('the texts that lie of issue 33', () => {
    it('refuses the contribution label "we pay $2,000.00 every month": the amount is typed, the server states it', async () => {
      const { accountid } = await createEmployer(t.db);
      const lie = form('contributions');
      lie.messages['contribution-label'] = 'we pay $2,000.00 every month';
      await refusedAtDraft(accountid, 'contributions', lie, '/messages/contribution-label', /'\$2,000\.00' is typed.*amounts, dates and names come from the server/);
    });

    it('refuses the affordability verdict reversed with its {cost} placeholder dropped', async () => {
      const { accountid } = await createEmployer(t.db);
      const lie = form('affordability');
      lie.messages['verdict-may-decline'] = 'The ICHRA is affordable for you: your cost is at most {threshold}. You cannot take a premium tax credit.';
      await refusedAtDraft(accountid, 'affordability', lie, '/messages/verdict-may-decline', /must keep \{cost\} of the base text, which the server fills in/);
    });

    it('holds the payroll acknowledgment "Nothing will ever be deducted" until a second staff member approves it', async () => {
      const { accountid } = await createEmployer(t.db);
      const lie = form('acknowledgements');
      lie.schema.properties.deductionacknowledged.title = 'Nothing will ever be deducted';
      await awaitsApproval(accountid, 'acknowledgements', lie, '/schema/properties/deductionacknowledged/title');
    });

    it('holds the ICHRA certification "Tick to continue." until a second staff member approves it', async () => {
      const { accountid } = await createEmployer(t.db);
      const lie = form('ichra-acknowledgment');
      lie.schema.properties.ichracertified.title = 'Tick to continue.';
      await awaitsApproval(accountid, 'ichra-acknowledgment', lie, '/schema/properties/ichracertified/title');
    });

    it('refuses an HSA text with a $20,000 limit typed, and an HSA limit text of the catalogue set by override', async () => {
      const { accountid } = await createEmployer(t.db);
      const lie = form('acknowledgements');
      lie.messages['order-hsa-plan-not-eligible'] = 'Your plan is not HSA eligible. The HSA limit is $20,000 a year.';
      await refusedAtDraft(accountid, 'acknowledgements', lie, '/messages/order-hsa-plan-not-eligible', /'\$20,000' is typed/);
      // The annual limit is the catalogue's, with the server's {limit}: no document's override can say it.
      const added = form('acknowledgements');
      added.messages['hsa-annual-limit'] = 'Annual HSA limit: $20,000';
      await refusedAtDraft(accountid, 'acknowledgements', added, '/messages/hsa-annual-limit', /hsa-annual-limit is not a message of acknowledgements/);
    });

    it('refuses all six waiver reasons relabelled "Coverage through Spouse/Partner": each option keeps a label of its own', async () => {
      const { accountid } = await createEmployer(t.db);
      const lie = form('waiver');
      lie.uiSchema.waivecoveragereason['ui:enumNames'] = Array(6).fill('Coverage through Spouse/Partner');
      await refusedAtDraft(accountid, 'waiver', lie, '/uiSchema/waivecoveragereason/ui:enumNames/1', /option 2 has the label of option 1, 'Coverage through Spouse\/Partner'; each option keeps a label of its own/);
    });

    it('refuses waiver reasons swapped (another option\'s label) and a list of another length', async () => {
      const { accountid } = await createEmployer(t.db);
      const swapped = form('waiver');
      const labels = swapped.uiSchema.waivecoveragereason['ui:enumNames'] as string[];
      [labels[0], labels[3]] = [labels[3]!, labels[0]!];
      await refusedAtDraft(accountid, 'waiver', swapped, '/uiSchema/waivecoveragereason/ui:enumNames/0', /'Coverage under Medicare' is the base label of option 4, not of option 1/);
      const shorter = form('waiver');
      shorter.uiSchema.waivecoveragereason['ui:enumNames'] = labels.slice(0, 5);
      await refusedAtDraft(accountid, 'waiver', shorter, '/uiSchema/waivecoveragereason/ui:enumNames', /one label for each of the 6 options/);
    });

    it('guards the Spanish too: a figure typed in the Spanish of a guarded text is refused at its translation', async () => {
      const { accountid } = await createEmployer(t.db);
      const lie = form('contributions');
      lie.translations = { ...lie.translations, es: { ...lie.translations!.es, '/messages/contribution-label': 'Pagamos $2,000.00 al mes' } };
      await refusedAtDraft(accountid, 'contributions', lie, '/translations/es/~1messages~1contribution-label', /'\$2,000\.00' is typed/);
    });

    it('publishes a reworded guarded text that keeps its placeholders once approved, and other texts without approval', async () => {
      const { accountid } = await createEmployer(t.db);
      const plain = form('affordability');
      plain.messages.intro = 'Check whether the allowance is affordable for you.';
      const draft = await saved(drafter, accountid, 'affordability', plain);
      expect((await view(drafter, accountid, 'affordability')).approval).toMatchObject({ guardedTexts: [], savedByYou: true });
      expect((await post(drafter, accountid, 'affordability', '/publish', draft)).statusCode).toBe(200);
      const reworded = form('affordability');
      reworded.messages['verdict-may-decline'] = 'Not affordable: {cost} a month is above {threshold}. You may decline the ICHRA and take a premium tax credit instead, if you are otherwise eligible.';
      const next = await saved(drafter, accountid, 'affordability', reworded);
      expect((await post(drafter, accountid, 'affordability', '/publish', next)).json().code).toBe('APPROVAL_REQUIRED');
      expect((await post(second, accountid, 'affordability', '/approve', next)).statusCode).toBe(200);
      expect((await post(drafter, accountid, 'affordability', '/publish', next)).statusCode).toBe(200);
    });
  });

  describe('four eyes', () => {
    it('the drafter cannot approve, nor a viewer; a second staff member can, the audit trail shows it, and then it publishes', async () => {
      const { accountid } = await createEmployer(t.db);
      const text = form('acknowledgements');
      text.schema.properties.deductionacknowledged.title = 'I understand that what my elections cost above the employer contribution comes out of my pay before tax.';
      const draft = await awaitsApproval(accountid, 'acknowledgements', text, '/schema/properties/deductionacknowledged/title');

      const own = await post(drafter, accountid, 'acknowledgements', '/approve', draft);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ code: 'APPROVER_SAVED_DRAFT', message: expect.stringContaining('You saved this draft last, so you cannot approve it') });
      expect((await post(viewer, accountid, 'acknowledgements', '/approve', draft)).json()).toMatchObject({ code: 'FORBIDDEN' });

      const pending = await view(second, accountid, 'acknowledgements');
      expect(pending.approval).toEqual({
        guardedTexts: [expect.objectContaining({ pointer: '/schema/properties/deductionacknowledged/title', language: 'en', after: text.schema.properties.deductionacknowledged.title })],
        savedBy: drafter.email,
        savedByYou: false,
        approvedBy: null,
        approvedAt: null,
      });
      const approved = await post(second, accountid, 'acknowledgements', '/approve', draft);
      expect(approved.statusCode, approved.body).toBe(200);
      // The approval leaves the draft's tag as it was: the publisher's read still holds.
      expect(approved.json().data.etag).toBe(draft.etag);
      expect((await view(drafter, accountid, 'acknowledgements')).approval).toMatchObject({ approvedBy: second.email, approvedAt: expect.any(String), savedByYou: true });

      const audit = (await t.app.inject({ method: 'GET', url: `/api/staff/audit?entityid=${accountid}/acknowledgements`, headers: second.headers })).json().data as Array<Record<string, any>>;
      const entry = audit.find((row) => row.action === 'approve');
      expect(entry).toMatchObject({ staffEmail: second.email, action: 'approve', entity: 'document_override', before: { version: draft.version, savedBy: drafter.email }, after: { version: draft.version, approvedBy: second.email } });
      expect(entry!.after.guardedTexts[0]).toMatchObject({ pointer: '/schema/properties/deductionacknowledged/title' });

      const published = await post(drafter, accountid, 'acknowledgements', '/publish', draft);
      expect(published.statusCode, published.body).toBe(200);
      const served = await t.app.content.form('acknowledgements', accountid, 'en');
      expect((served.schema as { properties: Record<string, { title: string }> }).properties.deductionacknowledged!.title).toBe(text.schema.properties.deductionacknowledged.title);
    });

    it('an approval of an earlier save does not count: a change after it needs approving again', async () => {
      const { accountid } = await createEmployer(t.db);
      const text = form('ichra-acknowledgment');
      text.schema.properties.ichracertified.title = "I certify that I have received and reviewed my employer's ICHRA documents and will have individual health insurance each month I receive the ICHRA.";
      const first = await awaitsApproval(accountid, 'ichra-acknowledgment', text, '/schema/properties/ichracertified/title');
      expect((await post(second, accountid, 'ichra-acknowledgment', '/approve', first)).statusCode).toBe(200);
      // The second staff member's approval is of the draft as it was; the drafter changes it after.
      text.schema.properties.ichracertified.title = 'Tick to continue.';
      const changed = await saved(drafter, accountid, 'ichra-acknowledgment', text);
      expect((await view(drafter, accountid, 'ichra-acknowledgment')).approval).toMatchObject({ approvedBy: null });
      expect((await post(drafter, accountid, 'ichra-acknowledgment', '/publish', changed)).json().code).toBe('APPROVAL_REQUIRED');
      // Approving with the tag read before the change is refused as a draft changed since.
      expect((await post(second, accountid, 'ichra-acknowledgment', '/approve', first)).json().code).toBe('DRAFT_CHANGED');
      // The second staff member changing it makes them its last saver: now the first may approve, and it publishes.
      const theirs = await saved(second, accountid, 'ichra-acknowledgment', text);
      expect((await post(second, accountid, 'ichra-acknowledgment', '/approve', theirs)).json().code).toBe('APPROVER_SAVED_DRAFT');
      expect((await post(drafter, accountid, 'ichra-acknowledgment', '/approve', theirs)).statusCode).toBe(200);
      expect((await post(second, accountid, 'ichra-acknowledgment', '/publish', theirs)).statusCode).toBe(200);
    });

    it('a draft that changes no guarded text needs no approval (409 to approve it)', async () => {
      const { accountid } = await createEmployer(t.db);
      const plain = form('waiver');
      plain.title = 'Waive Coverage (our words)';
      const draft = await saved(drafter, accountid, 'waiver', plain);
      expect((await post(second, accountid, 'waiver', '/approve', draft)).json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('needs no approval') });
    });

    it('a roll back to a guarded text never approved is refused; to the base document, or to an approved version, it is not', async () => {
      const { accountid } = await createEmployer(t.db);
      const text = form('ichra-acknowledgment');
      text.schema.properties.ichracertified.title = 'Tick to continue.';
      // A version published before guarded texts were approved (as stored then), then the base document again.
      const old = await overrides.insertVersion(t.db, { accountid, documentid: 'ichra-acknowledgment', status: 'published', patch: { schema: { properties: { ichracertified: { title: 'Tick to continue.' } } } }, staffId: drafter.id, now: new Date() });
      const read = await view(drafter, accountid, 'ichra-acknowledgment');
      const toBase = await t.app.inject({ method: 'POST', url: url(accountid, 'ichra-acknowledgment', '/rollback'), headers: drafter.headers, payload: { version: 0, etag: read.publishedEtag } });
      expect(toBase.statusCode, toBase.body).toBe(200);
      const now = await view(drafter, accountid, 'ichra-acknowledgment');
      const back = await t.app.inject({ method: 'POST', url: url(accountid, 'ichra-acknowledgment', '/rollback'), headers: drafter.headers, payload: { version: old.version, etag: now.publishedEtag } });
      expect(back.statusCode, back.body).toBe(409);
      expect(back.json()).toMatchObject({ code: 'APPROVAL_REQUIRED', message: expect.stringContaining('/schema/properties/ichracertified/title'), data: { guardedTexts: [expect.objectContaining({ after: 'Tick to continue.' })] } });

      // An approved version published, then the base again: rolling back to the approved one needs no second approval.
      const approvedText = form('ichra-acknowledgment');
      approvedText.schema.properties.ichracertified.title = "I certify that I have read my employer's ICHRA documents and will be enrolled in individual health insurance for each month I receive the ICHRA.";
      const draft = await saved(drafter, accountid, 'ichra-acknowledgment', approvedText);
      expect((await post(second, accountid, 'ichra-acknowledgment', '/approve', draft)).statusCode).toBe(200);
      expect((await post(drafter, accountid, 'ichra-acknowledgment', '/publish', draft)).statusCode).toBe(200);
      const afterPublish = await view(drafter, accountid, 'ichra-acknowledgment');
      expect((await t.app.inject({ method: 'POST', url: url(accountid, 'ichra-acknowledgment', '/rollback'), headers: drafter.headers, payload: { version: 0, etag: afterPublish.publishedEtag } })).statusCode).toBe(200);
      const atBase = await view(drafter, accountid, 'ichra-acknowledgment');
      const again = await t.app.inject({ method: 'POST', url: url(accountid, 'ichra-acknowledgment', '/rollback'), headers: drafter.headers, payload: { version: draft.version, etag: atBase.publishedEtag } });
      expect(again.statusCode, again.body).toBe(200);
    });
  });
});
