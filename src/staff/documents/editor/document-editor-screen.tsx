/**
 * One document for one employer: what employees get now, the draft in a code editor beside the form-based
 * edits, the live preview of the employee's screen from the draft, save, publish, and the versions with roll
 * back and diff. The server validates a draft against the meta-schemas, the engine's operations and the base
 * document's override surface; its errors (JSON pointers into the document) are marked at their lines in the
 * editor and listed below it. The base document's locked parts are marked at their lines too, with why. The editor
 * keeps the draft it started from (its tag): a save names it (If-Match, or If-None-Match: * when there was none)
 * and a publish names it, so a draft someone else saved meanwhile is shown as a conflict, never saved over or
 * published unseen. Publish first asks for confirmation, listing what changes for employees in words. A publish the
 * server's proof refuses (PROOF_FAILED: employees would be stopped or misled) lists each problem beside the draft,
 * naming its case, step and field, and marks its line when it lies in this document. A draft that changes a
 * guarded text needs a second staff member's approval first (draft-approval.tsx): Publish stays off until then.
 */
import { Alert, Anchor, Button, Grid, Group, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import flowMeta from '#content/schemas/meta/flow.schema.json';
import formMeta from '#content/schemas/meta/form.schema.json';
import { staffData, StaffApiError } from '../../api/staff-api.ts';
import type { ContentSummary, DocumentVersion, EmployerContent } from '../../api/types.ts';
import type { ProofRefusal, ProvenProblem } from '#contracts/publish-proof.ts';
import { mayAct, useStaff } from '../../layout/console-layout.tsx';
import { FailureAlert } from '../../layout/failure-alert.tsx';
import { ChangeConfirmation, type PendingChange } from '../versions/change-confirmation.tsx';
import { changeSummary, newFormSummary } from '../versions/change-summary.ts';
import { CodeEditor, type EditorSchema } from './code-editor.tsx';
import { DocumentEditForms } from './document-edit-forms.tsx';
import { documentText, lockedOf, parseDocument, sameDocument, type Json } from '../document-edits.ts';
import { DocumentPreview } from '../preview/document-preview.tsx';
import { DraftConflict, draftChangedMessage } from './draft-conflict.tsx';
import { awaitsApproval, DraftApprovalPanel } from './draft-approval.tsx';
import { emptyOwnForm } from '../own-steps/own-forms.ts';
import { locateErrors, type LocatedError } from './pointer-lines.ts';
import { VersionsPanel } from '../versions/versions-panel.tsx';

/** The document an edit started from: the draft with its version and tag, or what employees get when there is no draft. */
type Basis = { draft: { version: number; etag: string } | null; document: Json };

const basisOf = (content: EmployerContent): Basis =>
  content.draft ? { draft: { version: content.draft.version, etag: content.draft.etag }, document: content.draft.document } : { draft: null, document: content.resolved ?? {} };

/** A new form of the employer's own (Forms and Flows, New form): nothing stored yet; the editor starts from an empty form. */
const newOwnForm = (id: string, title: string): EmployerContent => ({ base: null, published: null, draft: null, resolved: emptyOwnForm(id, title), publishedEtag: '', approval: null });

/** Why the server's publish proof refused the draft: its problems, each with its line when it lies in this document. */
function ProofProblems({ problems, located }: { problems: ProvenProblem[]; located: LocatedError[] }) {
  const lineOf = (problem: ProvenProblem) => located.find((error) => error.pointer === problem.pointer && error.message === problem.sentence)?.line;
  return (
    <Alert color="red" title="Not published: employees would be stopped or misled" role="alert">
      <Text size="sm" mb="xs">
        The server walked the enrollment as employees would meet it, for each case and sample employee. Change the draft so that nothing below happens, then save and publish again.
      </Text>
      <List>
        {problems.map((problem) => {
          const line = lineOf(problem);
          return <List.Item key={problem.sentence}>{line === undefined ? problem.sentence : `Line ${line}: ${problem.sentence}`}</List.Item>;
        })}
      </List>
    </Alert>
  );
}

/** A draft someone changed since it was read: the server's sentence, the document the edit started from and the state now. */
type Conflict = { message: string; read: Json; now: EmployerContent };

export function DocumentEditorScreen() {
  const { accountid = '', documentid = '' } = useParams();
  const staff = useStaff();
  const canChange = mayAct(staff.role, 'implementer');
  const base = `/api/staff/employers/${accountid}/content/${documentid}`;
  const [search] = useSearchParams();
  const newTitle = search.get('title');
  const { data: stored, error, mutate } = useSWR<EmployerContent>(base);
  // The employer's own forms, which a flow's own steps show.
  const { data: documents } = useSWR<ContentSummary[]>(stored?.base?.kind === 'flow' ? `/api/staff/employers/${accountid}/content` : null);
  const unknown = error instanceof StaffApiError && error.failure.code === 'NOT_FOUND';
  const content = stored ?? (unknown && newTitle !== null && canChange ? newOwnForm(documentid, newTitle) : undefined);
  const { mutate: refresh } = useSWRConfig();
  /** The document and its versions as they are now (a save or a publish makes a version). */
  const reread = () => Promise.all([mutate(), refresh(`${base}/versions`)]).then(([now]) => now);
  const [text, setText] = useState<string | null>(null);
  const [lastValid, setLastValid] = useState<Json | null>(null);
  const [errors, setErrors] = useState<LocatedError[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [basis, setBasis] = useState<Basis | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [confirming, setConfirming] = useState<PendingChange | null>(null);
  const [proof, setProof] = useState<ProvenProblem[] | null>(null);

  // The editor starts from the draft when there is one, else from what employees get now.
  useEffect(() => {
    if (!content || text !== null) return;
    const start = basisOf(content);
    setBasis(start);
    setText(documentText(start.document));
    setLastValid(start.document);
  }, [content, text]);

  const parsed = useMemo(() => (text === null ? null : parseDocument(text)), [text]);
  // The base document's locked parts, marked at their lines with why (an override may change only their texts).
  const locked = useMemo(() => (content ? lockedOf(content.base ?? {}) : []), [content]);
  const notes = useMemo(
    () => (text === null || locked.length === 0 ? [] : locateErrors(text, Object.fromEntries(locked.map(([pointer, why]) => [pointer, [`Locked: ${why} Only its texts may change.`]])))),
    [text, locked],
  );
  const schema = (content?.base?.kind === 'flow' ? flowMeta : formMeta) as EditorSchema;

  const edit = (next: string) => {
    setText(next);
    setNotice(null);
    const document = parseDocument(next);
    if (document) setLastValid(document);
  };
  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    setProof(null);
    try {
      setNotice(await action());
    } catch (problem) {
      const changed = draftChangedMessage(problem);
      const now = changed !== null && basis ? await mutate() : undefined;
      if (changed !== null && basis && now) setConflict({ message: changed, read: basis.document, now });
      else setFailure(problem);
      if (problem instanceof StaffApiError && problem.failure.fieldErrors && text !== null) setErrors(locateErrors(text, problem.failure.fieldErrors));
      if (problem instanceof StaffApiError && problem.failure.code === 'PROOF_FAILED') setProof((problem.failure.data as ProofRefusal).problems);
    } finally {
      setBusy(false);
    }
  };
  const saveDraft = () =>
    run(async () => {
      setErrors([]);
      setConflict(null);
      if (!parsed) throw new Error('The draft is not valid JSON.');
      // The draft the edit started from; none: refused if someone saved one meanwhile.
      const condition: Record<string, string> = basis?.draft ? { 'if-match': basis.draft.etag } : { 'if-none-match': '*' };
      const draft = await staffData<DocumentVersion>('PUT', `${base}/draft`, { document: parsed }, condition);
      setBasis({ draft: { version: draft.version, etag: draft.etag }, document: draft.document });
      await reread();
      return `Draft saved as version ${draft.version}.`;
    });
  /** What employees get now (nothing yet for a form of the employer's own) -> the draft as read. */
  const askToPublish = () => {
    if (!content || !basis) return;
    // Nothing is published yet of a new form of the employer's own: the whole form is the change.
    const changes = content.base === null && content.published === null ? newFormSummary(basis.document) : changeSummary(content.resolved ?? {}, basis.document);
    setConfirming({ title: 'Publish these changes?', changes });
  };
  const publish = () =>
    run(async () => {
      setConfirming(null);
      setConflict(null);
      setErrors([]);
      const read = basis;
      const draft = read?.draft;
      if (!read || !draft) throw new Error('Save the draft before publishing it.');
      await staffData('POST', `${base}/publish`, { version: draft.version, etag: draft.etag });
      // The next edit starts from what is published now (no draft): naming the published draft's tag on the next
      // save would be refused as a draft published since it was read, naming the person who just published it.
      const fresh = await reread();
      setBasis(fresh ? basisOf(fresh) : { draft: null, document: read.document });
      return `Version ${draft.version} published.`;
    });
  /** A second staff member approves the stored draft as this page read it (its tag). */
  const approve = () =>
    run(async () => {
      const draft = basis?.draft;
      if (!draft) throw new Error('There is no draft to approve.');
      await staffData('POST', `${base}/approve`, { version: draft.version, etag: draft.etag });
      await reread();
      return `Version ${draft.version} approved: it may be published now.`;
    });
  /** Starts the editor again from the document as it is now (after a roll back, or to take the other person's draft). */
  const startFrom = (now: EmployerContent) => {
    const start = basisOf(now);
    setBasis(start);
    edit(documentText(start.document));
  };
  const reloadAfterRollBack = async () => {
    const fresh = await mutate();
    if (fresh) startFrom(fresh);
    setConflict(null);
    setNotice('Rolled back: employees get the chosen version on their next page load.');
  };
  const loadCurrent = (now: EmployerContent) => {
    startFrom(now);
    setConflict(null);
    setNotice('The current draft is loaded; your edits were replaced.');
  };
  const keepMine = (now: EmployerContent) => {
    setBasis(basisOf(now));
    setConflict(null);
    setNotice('Your edits are kept: saving them replaces the other change.');
  };

  const dirty = parsed !== null && basis !== null && !sameDocument(parsed, basis.document);

  return (
    <Stack>
      <Anchor component={Link} to={`/employers/${accountid}/documents`}>
        Back to the employer's documents
      </Anchor>
      <Title order={1}>
        {String(content?.base?.title ?? content?.resolved?.title ?? documentid)} ({documentid})
      </Title>
      <FailureAlert error={content ? null : error} />
      {content && (
        <Text>
          {content.base === null && !content.published
            ? "A form of the employer's own: employees get it once it is published and a step of the enrollment flow shows it"
            : `Employees get ${content.published ? `published version ${content.published.version}` : 'the base document'}`}
          {content.draft ? `; draft version ${content.draft.version} is not published yet` : ''}.
        </Text>
      )}
      {text !== null && content && (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack>
              <DocumentEditForms document={parsed} base={content.base} readOnly={!canChange} onChange={(document) => edit(documentText(document))} ownForms={documents?.filter((document) => document.own)} />
              <Title order={2}>Draft</Title>
              <CodeEditor label="Document JSON" value={text} schema={schema} errors={errors} notes={notes} readOnly={!canChange} onChange={edit} />
              {proof && <ProofProblems problems={proof} located={errors} />}
              {errors.length > 0 && !proof && (
                <Alert color="red" title="The server refused the draft" role="alert">
                  <List>
                    {errors.map((e) => (
                      <List.Item key={`${e.pointer}-${e.message}`}>
                        Line {e.line} ({e.pointer || '/'}): {e.message}
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              )}
              <FailureAlert error={errors.length > 0 || proof ? null : failure} />
              {conflict && (
                <DraftConflict
                  message={conflict.message}
                  read={conflict.read}
                  current={basisOf(conflict.now).document}
                  onLoadCurrent={() => loadCurrent(conflict.now)}
                  onKeepMine={() => keepMine(conflict.now)}
                />
              )}
              {notice && (
                <Alert color="green" role="status">
                  {notice}
                </Alert>
              )}
              <DraftApprovalPanel approval={content.approval} canChange={canChange} dirty={dirty} busy={busy} onApprove={() => void approve()} />
              {canChange && (
                <Group>
                  <Button onClick={() => void saveDraft()} loading={busy} disabled={!parsed}>
                    Save Draft
                  </Button>
                  <Button onClick={askToPublish} loading={busy} disabled={!basis?.draft || dirty || conflict !== null || awaitsApproval(content.approval)}>
                    Publish
                  </Button>
                </Group>
              )}
              <ChangeConfirmation pending={confirming} busy={busy} onConfirm={() => void publish()} onCancel={() => setConfirming(null)} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>{lastValid && <DocumentPreview document={lastValid} stale={parsed === null} mayCompile={canChange} accountid={accountid} documentid={documentid} />}</Grid.Col>
        </Grid>
      )}
      {stored && <VersionsPanel base={base} canChange={canChange} current={stored.resolved ?? {}} publishedEtag={stored.publishedEtag} onChanged={reloadAfterRollBack} onRefused={() => mutate()} />}
    </Stack>
  );
}
