/**
 * Creates an employer, then opens its page (logo, contacts, documents and the rest are set there), which confirms
 * the creation with the employer's registration link to copy.
 */
import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { staffData } from '../api/staff-api.ts';
import type { StaffEmployer } from '../api/types.ts';
import { EmployerForm, emptyEmployer } from '../employer/employer-form.tsx';

export function NewEmployerScreen() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return (
    <Stack>
      <Title order={1}>New Employer</Title>
      <EmployerForm
        initial={emptyEmployer()}
        submitText="Create Employer"
        onSubmit={async (employer) => {
          const created = await staffData<StaffEmployer>('POST', '/api/staff/employers', employer);
          await mutate('/api/staff/employers');
          navigate(`/employers/${created.accountid}`, { state: { created: true } });
        }}
      />
    </Stack>
  );
}
