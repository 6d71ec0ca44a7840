/**
 * The employer's ICHRA documents: PDFs in the product's storage, which the employee's ICHRA step lists. Each opens
 * in a new tab, served by the staff API (the browser's own PDF viewer).
 */
import { Anchor, Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { fileAsBase64, staffData } from '../api/staff-api.ts';
import type { IchraDocument } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { FileUpload } from '../layout/file-upload.tsx';

export function IchraDocumentsPanel({ accountid, canChange }: { accountid: string; canChange: boolean }) {
  const path = `/api/staff/employers/${accountid}/ichra-documents`;
  const { data, error, mutate } = useSWR<IchraDocument[]>(path);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const remove = async (name: string) => {
    setDeleteError(null);
    try {
      await staffData('DELETE', `${path}/${encodeURIComponent(name)}`);
      await mutate();
    } catch (failure) {
      setDeleteError(failure);
    }
  };
  return (
    <Stack>
      <FailureAlert error={error ?? deleteError} />
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
        disabled={!canChange}
        upload={async (file) => {
          await staffData('POST', path, { filename: file.name, contentBase64: await fileAsBase64(file) });
          await mutate();
          return `${file.name} uploaded.`;
        }}
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
