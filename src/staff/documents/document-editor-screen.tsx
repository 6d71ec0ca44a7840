/**
 * One document for one employer: what employees get now, the draft in a code editor beside the form-based
 * edits, the live preview of the employee's screen from the draft, save, publish, and the versions with roll
 * back and diff. The server validates a draft against the meta-schemas, the engine's operations and the base
 * document's override surface; its errors (JSON pointers into the document) are marked at their lines in the
 * editor and listed below it. The base document's locked parts are marked at their lines too, with why.
 */
import { Alert, Anchor, Button, Grid, Group, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import flowMeta from '#content/schemas/meta/flow.schema.json';
import formMeta from '#content/schemas/meta/form.schema.json';
import { staffData, StaffApiError } from '../api/staff-api.ts';
import type { DocumentVersion, EmployerContent } from '../api/types.ts';
import { mayAct, useStaff } from '../layout/console-layout.tsx';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { CodeEditor, type EditorSchema } from './code-editor.tsx';
import { DocumentEditForms } from './document-edit-forms.tsx';
import { documentText, lockedOf, parseDocument, sameDocument, type Json } from './document-edits.ts';
import { DocumentPreview } from './document-preview.tsx';
import { locateErrors, type LocatedError } from './pointer-lines.ts';
import { VersionsPanel } from './versions-panel.tsx';

export function DocumentEditorScreen() {
  const { accountid = '', documentid = '' } = useParams();
  const staff = useStaff();
  const canChange = mayAct(staff.role, 'implementer');
  const base = `/api/staff/employers/${accountid}/content/${documentid}`;
  const { data: content, error, mutate } = useSWR<EmployerContent>(base);
  const [text, setText] = useState<string | null>(null);
  const [lastValid, setLastValid] = useState<Json | null>(null);
  const [errors, setErrors] = useState<LocatedError[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The editor starts from the draft when there is one, else from what employees get now.
  useEffect(() => {
    if (!content || text !== null) return;
    const start = content.draft?.document ?? content.resolved;
    setText(documentText(start));
    setLastValid(start);
  }, [content, text]);

  const parsed = useMemo(() => (text === null ? null : parseDocument(text)), [text]);
  // The base document's locked parts, marked at their lines with why (an override may change only their texts).
  const locked = useMemo(() => (content ? lockedOf(content.base) : []), [content]);
  const notes = useMemo(
    () => (text === null || locked.length === 0 ? [] : locateErrors(text, Object.fromEntries(locked.map(([pointer, why]) => [pointer, [`Locked: ${why} Only its texts may change.`]])))),
    [text, locked],
  );
  const schema = (content?.base.kind === 'flow' ? flowMeta : formMeta) as EditorSchema;

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
    try {
      setNotice(await action());
    } catch (problem) {
      setFailure(problem);
      if (problem instanceof StaffApiError && problem.failure.fieldErrors && text !== null) setErrors(locateErrors(text, problem.failure.fieldErrors));
    } finally {
      setBusy(false);
    }
  };
  const saveDraft = () =>
    run(async () => {
      setErrors([]);
      if (!parsed) throw new Error('The draft is not valid JSON.');
      const draft = await staffData<DocumentVersion>('PUT', `${base}/draft`, { document: parsed });
      await mutate();
      return `Draft saved as version ${draft.version}.`;
    });
  const publish = () =>
    run(async () => {
      const version = content?.draft?.version;
      if (version === undefined) throw new Error('Save the draft before publishing it.');
      await staffData('POST', `${base}/publish`, { version });
      await mutate();
      return `Version ${version} published.`;
    });
  const reloadAfterRollBack = async () => {
    const fresh = await mutate();
    if (fresh) edit(documentText(fresh.draft?.document ?? fresh.resolved));
    setNotice('Rolled back: employees get the chosen version on their next page load.');
  };

  const dirty = parsed !== null && content !== undefined && !sameDocument(parsed, content.draft?.document ?? content.resolved);

  return (
    <Stack>
      <Anchor component={Link} to={`/employers/${accountid}/documents`}>
        Back to the employer's documents
      </Anchor>
      <Title order={1}>
        {String(content?.base.title ?? documentid)} ({documentid})
      </Title>
      <FailureAlert error={error} />
      {content && (
        <Text>
          Employees get {content.published ? `published version ${content.published.version}` : 'the base document'}
          {content.draft ? `; draft version ${content.draft.version} is not published yet` : ''}.
        </Text>
      )}
      {text !== null && content && (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack>
              <DocumentEditForms document={parsed} base={content.base} readOnly={!canChange} onChange={(document) => edit(documentText(document))} />
              <Title order={2}>Draft</Title>
              <CodeEditor label="Document JSON" value={text} schema={schema} errors={errors} notes={notes} readOnly={!canChange} onChange={edit} />
              {errors.length > 0 && (
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
              <FailureAlert error={errors.length > 0 ? null : failure} />
              {notice && (
                <Alert color="green" role="status">
                  {notice}
                </Alert>
              )}
              {canChange && (
                <Group>
                  <Button onClick={() => void saveDraft()} loading={busy} disabled={!parsed}>
                    Save Draft
                  </Button>
                  <Button onClick={() => void publish()} loading={busy} disabled={!content.draft || dirty}>
                    Publish
                  </Button>
                </Group>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>{lastValid && <DocumentPreview document={lastValid} stale={parsed === null} mayCompile={canChange} />}</Grid.Col>
        </Grid>
      )}
      {content && <VersionsPanel base={base} canChange={canChange} onChanged={reloadAfterRollBack} />}
    </Stack>
  );
}
