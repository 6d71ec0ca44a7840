/**
 * The employer's ICHRA documents: PDFs in the product's storage, which the employee's ICHRA step lists. Each opens
 * in a new tab, served by the staff API (the browser's own PDF viewer). An upload or deletion names the list shown
 * (its ETag), so it is refused when a colleague changed the documents since (412, with a Reload).
 */
import { Anchor, Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { fileAsBase64, madeOn, staffTagged, staffTaggedFetcher, taggedKey, type Tagged } from '../api/staff-api.ts';
import type { IchraDocument } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { FileUpload } from '../layout/file-upload.tsx';

export function IchraDocumentsPanel({ accountid, canChange }: { accountid: string; canChange: boolean }) {
  const path = `/api/staff/employers/${accountid}/ichra-documents`;
  const { data: tagged, error, mutate } = useSWR<Tagged<IchraDocument[]>>(taggedKey(path), staffTaggedFetcher<IchraDocument[]>);
  const data = tagged?.data;
  const [deleteError, setDeleteError] = useState<unknown>(null);
  /** A change made on the list shown; the list and tag it leaves are shown next. */
  const change = async (method: 'POST' | 'DELETE', url: string, body?: object) => {
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
  return (
    <Stack>
      <FailureAlert
        error={error ?? deleteError}
        onReload={async () => {
          await reload();
          setDeleteError(null);
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

/** A file size as people read it: '820 bytes', '14 KB', '2.5 MB'. */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
