/**
 * The employer's logo: a JPEG, stored by the server as the spec's base64 mediadata (size-checked there), shown as
 * the employee portal shows it and opened in a new tab from the staff API. An upload names the logo shown (its
 * logotag), so it never replaces a logo a colleague uploaded since without the person seeing it.
 */
import { Anchor, Image, Stack, Text } from '@mantine/core';
import useSWR from 'swr';
import { fileAsBase64, madeOn, staffData } from '../api/staff-api.ts';
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
        disabled={!canChange || !employer}
        upload={async (file) => {
          const stored = await staffData<StaffEmployer>('PUT', `${path}/logo`, { filename: file.name, contentBase64: await fileAsBase64(file) }, madeOn(employer?.logotag ?? null));
          await mutate(stored, { revalidate: false });
          return 'Logo uploaded.';
        }}
        onReload={async () => {
          await mutate();
        }}
      />
    </Stack>
  );
}
