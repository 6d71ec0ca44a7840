/** The employers the staff user looks after, each opening its own page; implementers of all employers add new ones. */
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import type { StaffEmployerSummary } from '../api/types.ts';
import { mayAct, useStaff } from '../layout/console-layout.tsx';
import { FailureAlert } from '../layout/failure-alert.tsx';

export function EmployersScreen() {
  const staff = useStaff();
  const { data, error } = useSWR<StaffEmployerSummary[]>('/api/staff/employers');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Employers</Title>
        {mayAct(staff.role, 'implementer') && staff.allEmployers && (
          <Button component={Link} to="/employers/new">
            New Employer
          </Button>
        )}
      </Group>
      <FailureAlert error={error} />
      {data && data.length === 0 && <Text>No employers yet.</Text>}
      {data && data.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Plan Year</Table.Th>
              <Table.Th>Employees</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((employer) => (
              <Table.Tr key={employer.accountid}>
                <Table.Td>
                  <Anchor component={Link} to={`/employers/${employer.accountid}`}>
                    {employer.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{employer.email}</Table.Td>
                <Table.Td>{employer.planyear}</Table.Td>
                <Table.Td>{employer.employees.total}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
