/**
 * The employer's employees: a census CSV import (checked whole by the server: any bad row refuses the file, and
 * every bad row is listed with its line and reason; imported again it updates the employees it names, and the
 * report says how many were added, updated and unchanged, and what each updated row changed; the new employees may
 * be e-mailed at once), the invitation
 * (or its resend) per employee while they have not set a password, and where each
 * stands: invited, registered, enrolled or waived, since when, and the elected plan; then the employee's answers to
 * the employer's own fields (one column each, titled as the employer's document titles the field). A page at a
 * time, searched and filtered by the server (employee-pages.tsx).
 */
import { Alert, Button, Checkbox, List, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { CENSUS_COLUMNS, REQUIRED_CENSUS_COLUMNS } from '#domain/employer/census-columns.ts';
import { fileAsText, staffData, StaffApiError } from '../api/staff-api.ts';
import type { CensusImport, CensusRowProblem, EmployeePage, StaffEmployee } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { ScrollTable } from '../layout/scroll-table.tsx';
import { FileUpload } from '../layout/file-upload.tsx';
import { EmployeeFilters, PageButtons, useEmployeePages } from './employee-pages.tsx';

const OPTIONAL_CENSUS_COLUMNS = CENSUS_COLUMNS.filter((column) => !REQUIRED_CENSUS_COLUMNS.includes(column));
/** The columns a census may have, said where the file is chosen (docs/staff-employers.md, Census file). */
const CENSUS_HINT = `First line: the column names. Required: ${REQUIRED_CENSUS_COLUMNS.join(', ')}; optional: ${OPTIONAL_CENSUS_COLUMNS.join(', ')}. Dates as YYYY-MM-DD or MM/DD/YYYY.`;

/** What an import did, in words: the counts, then each updated row with the fields it changed. */
function CensusReport({ report }: { report: CensusImport }) {
  return (
    <>
      <Text>
        Census imported: {report.added} added, {report.updated} updated, {report.unchanged} unchanged
        {report.invited > 0 ? `, ${report.invited} invited` : ''}.
      </Text>
      {report.updates.length > 0 && (
        <List aria-label="Rows updated">
          {report.updates.map((update) => (
            <List.Item key={update.line}>
              Line {update.line}: {update.changed.join(', ')}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}

function CensusFailure({ error }: { error: unknown }) {
  const report = error instanceof StaffApiError ? (error.failure.data as { rows?: CensusRowProblem[] } | null) : null;
  return (
    <Alert color="red" role="alert" title="Nothing was imported">
      {(error as Error).message}
      {report?.rows && report.rows.length > 0 && (
        <List aria-label="Rows refused">
          {report.rows.map((row) => (
            <List.Item key={`${row.line}-${row.reason}`}>
              Line {row.line}: {row.reason}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

export function EmployeesPanel({ accountid, canChange }: { accountid: string; canChange: boolean }) {
  const base = `/api/staff/employers/${accountid}`;
  const pages = useEmployeePages<EmployeePage>(`${base}/employees`, 'Employees');
  const { error, mutate } = pages;
  const employees = pages.data?.employees;
  const [inviteError, setInviteError] = useState<unknown>(null);
  const [invited, setInvited] = useState<string | null>(null);
  const [inviteOnImport, setInviteOnImport] = useState(false);

  const invite = async (employee: StaffEmployee) => {
    setInviteError(null);
    setInvited(null);
    try {
      await staffData('POST', `${base}/employees/${employee.memberid}/invite`, {});
      setInvited(`Invitation sent to ${employee.email}.`);
      await mutate();
    } catch (failure) {
      setInviteError(failure);
    }
  };

  return (
    <Stack>
      {/* Chosen before the import it applies to. */}
      <Checkbox
        label="E-mail each imported employee the set-password link"
        disabled={!canChange}
        checked={inviteOnImport}
        onChange={(e) => setInviteOnImport(e.currentTarget.checked)}
      />
      <FileUpload
        label="Census (CSV)"
        description={CENSUS_HINT}
        accept=".csv,text/csv"
        buttonText="Import Census"
        disabled={!canChange}
        upload={async (file) => {
          const answer = await staffData<CensusImport>('POST', `${base}/census`, { csv: await fileAsText(file), invite: inviteOnImport });
          await mutate();
          return <CensusReport report={answer} />;
        }}
        renderFailure={(failure) => <CensusFailure error={failure} />}
      />
      <FailureAlert error={error ?? inviteError} />
      {invited && (
        <Alert color="green" role="status">
          {invited}
        </Alert>
      )}
      <EmployeeFilters pages={pages} label="Employees" />
      {employees && employees.length === 0 && <Text>{pages.filtered ? 'No employees match this search.' : 'No employees yet.'}</Text>}
      {employees && employees.length > 0 && (
        <ScrollTable
          label="Employees"
          caption={pages.position ?? undefined}
          minWidth={760}
          headings={['Name', 'Email', 'Class', 'Status', 'Since', 'Plan', ...employees[0]!.employerfields.map((field) => field.label), 'Invitation']}
        >
          {employees.map((employee) => (
            <Table.Tr key={employee.memberid}>
              <Table.Td>
                {employee.firstname} {employee.lastname}
              </Table.Td>
              <Table.Td>{employee.email}</Table.Td>
              <Table.Td>{employee.contributionclass}</Table.Td>
              <Table.Td>{employee.status}</Table.Td>
              <Table.Td>{employee.statusdate.slice(0, 10)}</Table.Td>
              <Table.Td>{employee.plan ?? ''}</Table.Td>
              {employee.employerfields.map((field) => (
                <Table.Td key={`${field.of}-${field.name}`}>{field.answer}</Table.Td>
              ))}
              <Table.Td>
                {canChange && employee.status === 'invited' && (
                  <Button size="xs" variant="default" onClick={() => void invite(employee)} aria-label={`Send Invitation to ${employee.email}`}>
                    Send Invitation
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
      <PageButtons pages={pages} label="Employees" />
    </Stack>
  );
}
