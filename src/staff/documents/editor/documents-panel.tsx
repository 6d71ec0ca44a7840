/**
 * The documents (forms and the enrollment flow) an employer's employees get, each opening its editor; then the
 * forms of the employer's own (a step of its own shows one), and for implementers a new one: its id and title
 * open the editor on an empty form, which exists once its draft is saved (docs/staff.md, Forms of the employer's own).
 */
import { Anchor, Button, Fieldset, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import type { ContentSummary } from '../../api/types.ts';
import { FailureAlert } from '../../layout/failure-alert.tsx';
import { OWN_FORM_ID_PATTERN, ownFormIdProblem } from '../own-steps/own-forms.ts';

function DocumentList({ accountid, documents, label }: { accountid: string; documents: ContentSummary[]; label: string }) {
  return (
    <List aria-label={label}>
      {documents.map((document) => (
        <List.Item key={document.id}>
          <Anchor component={Link} to={`/employers/${accountid}/documents/${document.id}`}>
            {document.title || document.id}
          </Anchor>{' '}
          ({document.kind} {document.id})
        </List.Item>
      ))}
    </List>
  );
}

function NewOwnForm({ accountid, taken }: { accountid: string; taken: ReadonlySet<string> }) {
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = (event: FormEvent) => {
    event.preventDefault();
    const why = ownFormIdProblem(id, taken) ?? (title.trim() === '' ? 'Give the form a title: employees read it as the step\'s heading.' : null);
    setProblem(why);
    if (why) return;
    navigate(`/employers/${accountid}/documents/${id}?${new URLSearchParams({ title: title.trim() })}`);
  };
  return (
    <form onSubmit={create} aria-label="New form of the employer's own">
      <Fieldset legend="New form of the employer's own">
        <Stack gap="xs">
          <TextInput
            label="Form id"
            description="Lowercase letters, digits and hyphens, starting with a letter (e.g. commuter-benefits); it cannot change later."
            value={id}
            pattern={OWN_FORM_ID_PATTERN}
            onChange={(event) => setId(event.currentTarget.value)}
          />
          <TextInput label="Form title" value={title} onChange={(event) => setTitle(event.currentTarget.value)} maxLength={200} />
          {problem && (
            <Text c="red.8" role="alert">
              {problem}
            </Text>
          )}
          <Button type="submit" w="fit-content">
            Create Form
          </Button>
        </Stack>
      </Fieldset>
    </form>
  );
}

export function DocumentsPanel({ accountid, canChange }: { accountid: string; canChange: boolean }) {
  const { data, error } = useSWR<ContentSummary[]>(`/api/staff/employers/${accountid}/content`);
  const owns = data?.filter((document) => document.own) ?? [];
  return (
    <Stack>
      <FailureAlert error={error} />
      {data && <DocumentList accountid={accountid} documents={data.filter((document) => !document.own)} label="Documents" />}
      {data && (
        <>
          <Title order={2} size="h4">
            Forms of the employer's own
          </Title>
          {owns.length > 0 ? (
            <DocumentList accountid={accountid} documents={owns} label="Forms of the employer's own" />
          ) : (
            <Text>None yet. A form of the employer's own asks its employees questions of its own, on a step of its own.</Text>
          )}
          {canChange && <NewOwnForm accountid={accountid} taken={new Set(data.map((document) => document.id))} />}
        </>
      )}
    </Stack>
  );
}
