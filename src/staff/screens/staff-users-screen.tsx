/**
 * Staff users, for admins: add one (e-mail, role, employers, first password), change a role or employers (an
 * implementer's or viewer's: some, or all; admins see all), disable or enable, reset a lost
 * second factor, and require two-step verification for every staff user. A change of a role, of access or of the
 * setting names the version shown (If-Match), so one made on what a colleague changed since is refused (412, with
 * who and when and a Reload).
 */
import { Button, Checkbox, Group, MultiSelect, NativeSelect, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { staffData, staffTaggedFetcher, taggedKey, type Tagged } from '../api/staff-api.ts';
import { STAFF_ROLES, type ConsoleSettings, type EmployerAccess, type StaffEmployerSummary, type StaffRole, type StaffUser } from '../api/types.ts';
import { useStaff } from '../layout/console-layout.tsx';
import { FailureAlert } from '../layout/failure-alert.tsx';

/** Which employers a staff user sees: "All employers", or those picked. */
function EmployersPicker({ of, access, employers, onChange }: { of: string; access: EmployerAccess; employers: StaffEmployerSummary[]; onChange: (access: EmployerAccess) => void }) {
  return (
    <Stack gap={4}>
      <Checkbox label={`All employers for ${of}`} checked={access.all} onChange={(e) => onChange({ ...access, all: e.currentTarget.checked })} />
      {!access.all && (
        <MultiSelect
          aria-label={`Employers of ${of}`}
          placeholder={access.accountids.length === 0 ? 'No employer' : undefined}
          searchable
          data={employers.map((employer) => ({ value: employer.accountid, label: employer.name }))}
          value={access.accountids}
          onChange={(accountids) => onChange({ all: false, accountids })}
        />
      )}
    </Stack>
  );
}

export function StaffUsersScreen() {
  const me = useStaff();
  const { data, error, mutate } = useSWR<StaffUser[]>(me.role === 'admin' ? '/api/staff/users' : null);
  const settings = useSWR<Tagged<ConsoleSettings>>(me.role === 'admin' ? taggedKey('/api/staff/settings') : null, staffTaggedFetcher<ConsoleSettings>);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('implementer');
  const [password, setPassword] = useState('');
  const [access, setAccess] = useState<EmployerAccess>({ all: true, accountids: [] });
  const employers = useSWR<StaffEmployerSummary[]>(me.role === 'admin' ? '/api/staff/employers' : null);
  const [changeError, setChangeError] = useState<unknown>(null);

  /** The condition of a change of what was shown: the version read. */
  const madeOnShown = (etag: string | null | undefined): Record<string, string> => (etag ? { 'if-match': etag } : {});
  const run = async (change: () => Promise<unknown>) => {
    setChangeError(null);
    try {
      await change();
      await Promise.all([mutate(), settings.mutate()]);
    } catch (failure) {
      setChangeError(failure);
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await staffData('POST', '/api/staff/users', { email, role, password, employers: access });
      setEmail('');
      setPassword('');
      setAccess({ all: true, accountids: [] });
    });
  };

  if (me.role !== 'admin') return <Title order={1}>Staff users are managed by admins.</Title>;
  return (
    <Stack>
      <Title order={1}>Staff Users</Title>
      <FailureAlert
        error={error ?? settings.error ?? employers.error ?? changeError}
        onReload={async () => {
          await Promise.all([mutate(), settings.mutate()]);
          setChangeError(null);
        }}
      />
      {settings.data && (
        <Checkbox
          label="Require two-step verification for every staff user"
          description="Staff without it set it up at their next sign-in; their sessions end now. Turn it on for yourself first (Security)."
          checked={settings.data.data.secondFactorRequired}
          onChange={(e) => {
            const secondFactorRequired = e.currentTarget.checked;
            void run(() => staffData('PATCH', '/api/staff/settings', { secondFactorRequired }, madeOnShown(settings.data?.etag)));
          }}
        />
      )}
      {/* The table scrolls on its own on a phone rather than widening the page past the screen. */}
      {data && (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Staff users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Employers</Table.Th>
                <Table.Th>Access</Table.Th>
                <Table.Th>Two-step verification</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Role of ${user.email}`}
                      data={STAFF_ROLES}
                      value={user.role}
                      onChange={(e) => void run(() => staffData('PATCH', `/api/staff/users/${user.id}`, { role: e.currentTarget.value }, madeOnShown(user.etag)))}
                    />
                  </Table.Td>
                  <Table.Td>
                    {user.role === 'admin' ? (
                      <Text size="sm">All employers (admin)</Text>
                    ) : (
                      <EmployersPicker
                        of={user.email}
                        access={user.employers}
                        employers={employers.data ?? []}
                        onChange={(next) => void run(() => staffData('PATCH', `/api/staff/users/${user.id}`, { employers: next }, madeOnShown(user.etag)))}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={user.id === me.id}
                      onClick={() => void run(() => staffData('PATCH', `/api/staff/users/${user.id}`, { disabled: !user.disabled }, madeOnShown(user.etag)))}
                    >
                      {user.disabled ? `Enable ${user.email}` : `Disable ${user.email}`}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    {user.secondFactor ? (
                      <Group gap="xs">
                        <Text size="sm">On</Text>
                        <Button size="xs" variant="default" onClick={() => void run(() => staffData('DELETE', `/api/staff/users/${user.id}/totp`))}>
                          {`Reset two-step verification of ${user.email}`}
                        </Button>
                      </Group>
                    ) : (
                      <Text size="sm">Off</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <form onSubmit={add} aria-labelledby="new-staff-title">
        <Stack gap="xs">
          <Title order={2} id="new-staff-title">
            Add a Staff User
          </Title>
          <Group align="end">
            <TextInput label="New staff email" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <NativeSelect label="New staff role" data={STAFF_ROLES} value={role} onChange={(e) => setRole(e.currentTarget.value as StaffRole)} />
            <PasswordInput label="First password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
            <Button type="submit">Add Staff User</Button>
          </Group>
          {role !== 'admin' && (
            <Stack gap={4}>
              <Text size="sm">The new staff user sees all employers, or only those picked here once All employers is off; admins see all.</Text>
              <EmployersPicker of="the new staff user" access={access} employers={employers.data ?? []} onChange={setAccess} />
            </Stack>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
