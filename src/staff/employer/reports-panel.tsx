/**
 * The employer's reports: enrollment counts and list (with a column per own field of the employer; a page at a
 * time, searched and filtered by the server: employee-pages.tsx), and the payroll deduction CSV (a plain download).
 */
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { EnrollmentReportPage } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { ScrollTable } from '../layout/scroll-table.tsx';
import { EmployeeFilters, PageButtons, useEmployeePages } from './employee-pages.tsx';

export function ReportsPanel({ accountid }: { accountid: string }) {
  const base = `/api/staff/employers/${accountid}/reports`;
  const pages = useEmployeePages<EnrollmentReportPage>(`${base}/enrollment`, 'Employees');
  const { data, error } = pages;
  return (
    <Stack>
      <Anchor href={`${base}/payroll.csv`} download>
        Download the payroll deduction report (CSV)
      </Anchor>
      <Title order={3}>Enrollment</Title>
      <FailureAlert error={error} />
      {data && (
        <>
          <Group component="dl" aria-label="Enrollment counts">
            {Object.entries(data.counts).map(([status, count]) => (
              <Group key={status} gap={4}>
                <Text component="dt" fw={600}>
                  {status}:
                </Text>
                <Text component="dd" m={0}>
                  {count}
                </Text>
              </Group>
            ))}
          </Group>
          <EmployeeFilters pages={pages} label="Enrollment" />
          {data.employees.length === 0 && <Text>{pages.filtered ? 'No employees match this search.' : 'No employees yet.'}</Text>}
          <ScrollTable label="Enrollment" caption={pages.position ?? undefined} minWidth={640} headings={['Name', 'Status', 'Since', 'Plan', ...(data.employees[0]?.employerfields.map((field) => field.label) ?? [])]}>
            {data.employees.map((employee) => (
              <Table.Tr key={employee.memberid}>
                <Table.Td>
                  {employee.firstname} {employee.lastname}
                </Table.Td>
                <Table.Td>{employee.status}</Table.Td>
                <Table.Td>{employee.statusdate.slice(0, 10)}</Table.Td>
                <Table.Td>{employee.plan ?? ''}</Table.Td>
                {employee.employerfields.map((field) => (
                  <Table.Td key={`${field.of}-${field.name}`}>{field.answer}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </ScrollTable>
          <PageButtons pages={pages} label="Enrollment" />
        </>
      )}
    </Stack>
  );
}
