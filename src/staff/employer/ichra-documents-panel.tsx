/**
 * The employer's ICHRA documents: PDFs in the product's storage, which the employee's ICHRA step lists. Each opens
 * in a new tab, served by the staff API (the browser's own PDF viewer). An upload or deletion names the list shown
 * (its ETag), so it is refused when a colleague changed the documents since (412, with a Reload). Employees see
 * a document by its file name without .pdf; each may have a name in Spanish for employees reading Spanish
 * (spanish-versions.tsx marks and counts those without).
 */
import { Anchor, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { fileAsBase64, madeOn, staffTagged, staffTaggedFetcher, taggedKey, type Tagged } from '../api/staff-api.ts';
import type { IchraDocument } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { FileUpload } from '../layout/file-upload.tsx';
import { lacksSpanish, MissingSpanishCount, NoSpanishBadge } from './spanish-versions.tsx';

/** The name employees reading English see: the file name without its extension (as /api/media/getdocs names it). */
const englishName = (filename: string) => filename.replace(/\.pdf$/i, '');

export function IchraDocumentsPanel({ accountid, canChange }: { accountid: string; canChange: boolean }) {
  const path = `/api/staff/employers/${accountid}/ichra-documents`;
  const { data: tagged, error, mutate } = useSWR<Tagged<IchraDocument[]>>(taggedKey(path), staffTaggedFetcher<IchraDocument[]>);
  const data = tagged?.data;
  const [deleteError, setDeleteError] = useState<unknown>(null);
  /** A change made on the list shown; the list and tag it leaves are shown next. */
  const change = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => {
    const stored = await staffTagged<IchraDocument[]>(method, url, body, madeOn(tagged?.etag ?? null));
    await mutate(stored, { revalidate: false });
  };
  const reload = async () => {
    await mutate();
  };
  const remove = async (name: string) => {
    setDeleteError(null);
    try {
      await change('DELETE', `${path}/${encodeURIComponent(name)}`);
    } catch (failure) {
      setDeleteError(failure);
    }
  };
  const [nameError, setNameError] = useState<unknown>(null);
  const nameInSpanish = async (filename: string, name: string) => {
    setNameError(null);
    try {
      await change('PUT', `${path}/${encodeURIComponent(filename)}/name-es`, { name_es: name.trim() === '' ? null : name });
    } catch (failure) {
      setNameError(failure);
    }
  };
  const missing = data?.filter((document) => lacksSpanish(englishName(document.filename), document.name_es)).length ?? 0;
  return (
    <Stack>
      {data && <MissingSpanishCount missing={missing} total={data.length} />}
      <FailureAlert
        error={error ?? deleteError ?? nameError}
        onReload={async () => {
          await reload();
          setDeleteError(null);
          setNameError(null);
        }}
      />
      {data && data.length === 0 && <Text>No ICHRA documents yet.</Text>}
      {data && data.length > 0 && (
        <List aria-label="ICHRA documents">
          {data.map((document) => (
            <List.Item key={document.filename}>
              <Anchor href={`${path}/${encodeURIComponent(document.filename)}`} target="_blank" rel="noopener noreferrer">
                {document.filename}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                (PDF, {sizeText(document.size)})
              </Text>{' '}
              {canChange && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove(document.filename)} aria-label={`Delete ${document.filename}`}>
                  Delete
                </Button>
              )}
              <SpanishName key={document.name_es ?? ''} document={document} canChange={canChange} save={(name) => nameInSpanish(document.filename, name)} />
            </List.Item>
          ))}
        </List>
      )}
      <FileUpload
        label="ICHRA Document (PDF)"
        accept="application/pdf"
        buttonText="Upload Document"
        disabled={!canChange || !tagged}
        upload={async (file) => {
          await change('POST', path, { filename: file.name, contentBase64: await fileAsBase64(file) });
          return `${file.name} uploaded.`;
        }}
        onReload={reload}
      />
    </Stack>
  );
}

/** A document's name in Spanish, typed and saved on its own (blank: none, so employees reading Spanish get the English). */
function SpanishName({ document, canChange, save }: { document: IchraDocument; canChange: boolean; save: (name: string) => Promise<void> }) {
  const [name, setName] = useState(document.name_es ?? '');
  const english = englishName(document.filename);
  return (
    <Group align="end" gap="xs" mt={4}>
      <TextInput
        size="xs"
        label={`${english} in Spanish`}
        lang="es"
        description={lacksSpanish(english, document.name_es) ? <NoSpanishBadge /> : undefined}
        value={name}
        readOnly={!canChange}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      {canChange && (
        <Button size="compact-sm" variant="default" disabled={name === (document.name_es ?? '')} onClick={() => void save(name)}>
          Save Spanish name of {english}
        </Button>
      )}
    </Group>
  );
}

/** A file size as people read it: '820 bytes', '14 KB', '2.5 MB'. */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
