/**
 * The employer's logo: a JPEG, stored by the server as the spec's base64 mediadata (size-checked there), shown as
 * the employee portal shows it and opened in a new tab from the staff API.
 */
import { Anchor, Image, Stack, Text } from '@mantine/core';
import useSWR from 'swr';
import { fileAsBase64, staffData } from '../api/staff-api.ts';
import type { StaffEmployer } from '../api/types.ts';
import { FileUpload } from '../layout/file-upload.tsx';

export function LogoPanel({ accountid, canChange }: { accountid: string; canChange: boolean }) {
  const path = `/api/staff/employers/${accountid}`;
  const { data: employer, mutate } = useSWR<StaffEmployer>(path);
  return (
    <Stack>
      {employer?.mediadata ? (
        <>
          <Image src={`data:image/jpeg;base64,${employer.mediadata}`} alt={`${employer.name} logo`} maw={240} />
          <Anchor href={`${path}/logo`} target="_blank" rel="noopener noreferrer">
            Open the logo
          </Anchor>
        </>
      ) : (
        <Text>No logo yet.</Text>
      )}
      <FileUpload
        label="Logo (JPEG)"
        accept="image/jpeg"
        buttonText="Upload Logo"
        disabled={!canChange}
        upload={async (file) => {
          await staffData('PUT', `${path}/logo`, { filename: file.name, contentBase64: await fileAsBase64(file) });
          await mutate();
          return 'Logo uploaded.';
        }}
      />
    </Stack>
  );
}
