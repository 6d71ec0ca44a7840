/**
 * One employer's page: its sections as tabs, each with its own address (/staff/employers/:accountid/:section) so
 * a link or a reload opens the same section.
 */
import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { madeOn, staffTagged, staffTaggedFetcher, taggedKey, type Tagged } from '../api/staff-api.ts';
import type { StaffEmployer } from '../api/types.ts';
import { ContactsPanel } from '../employer/contacts-panel.tsx';
import { ContributionsPanel } from '../employer/contributions-panel.tsx';
import { DocumentsPanel } from '../documents/editor/documents-panel.tsx';
import { EmployeesPanel } from '../employer/employees-panel.tsx';
import { EmployerForm, employerInput } from '../employer/employer-form.tsx';
import { IchraDocumentsPanel } from '../employer/ichra-documents-panel.tsx';
import { IdentityProviderPanel } from '../employer/identity-provider-panel.tsx';
import { LogoPanel } from '../employer/logo-panel.tsx';
import { ProductsPanel } from '../employer/products-panel.tsx';
import { RegistrationLink } from '../employer/registration-link.tsx';
import { ReportsPanel } from '../employer/reports-panel.tsx';
import { mayAct, useStaff } from '../layout/console-layout.tsx';
import { FailureAlert } from '../layout/failure-alert.tsx';

const SECTIONS = [
  ['profile', 'Profile'],
  ['logo', 'Logo'],
  ['contacts', 'Contacts'],
  ['ichra-documents', 'ICHRA Documents'],
  ['products', 'Services'],
  ['contributions', 'Contributions'],
  ['employees', 'Employees'],
  ['sign-in', 'Sign-in'],
  ['documents', 'Forms and Flows'],
  ['reports', 'Reports'],
] as const;
type Section = (typeof SECTIONS)[number][0];

export function EmployerScreen() {
  const { accountid = '', section = 'profile' } = useParams();
  const navigate = useNavigate();
  // The new-employer screen opens the page with { created: true }: the profile then confirms the creation.
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const staff = useStaff();
  const canChange = mayAct(staff.role, 'implementer');
  const path = `/api/staff/employers/${accountid}`;
  // Read with its version: a save names it, so a colleague's save since is never overwritten unseen.
  const { data: tagged, error, mutate } = useSWR<Tagged<StaffEmployer>>(taggedKey(path), staffTaggedFetcher<StaffEmployer>);
  const employer = tagged?.data;
  // Bumped by a reload after a refused save: the form starts again from what is stored now.
  const [loads, setLoads] = useState(0);

  const panel = (name: Section) => {
    if (!employer) return null;
    switch (name) {
      case 'profile':
        return (
          <>
            <RegistrationLink link={employer.registrationlink} created={created} />
            <EmployerForm
              key={`${employer.accountid}/${loads}`}
              initial={employerInput(employer)}
              readOnly={!canChange}
              submitText="Save Employer"
              savedText="Employer saved."
              onSubmit={async (changed) => {
                await mutate(await staffTagged<StaffEmployer>('PUT', path, changed, madeOn(tagged?.etag ?? null)), { revalidate: false });
              }}
              onReload={async () => {
                await mutate();
                setLoads((count) => count + 1);
              }}
            />
          </>
        );
      case 'logo':
        return <LogoPanel accountid={accountid} canChange={canChange} />;
      case 'contacts':
        return <ContactsPanel accountid={accountid} canChange={canChange} />;
      case 'ichra-documents':
        return <IchraDocumentsPanel accountid={accountid} canChange={canChange} />;
      case 'products':
        return <ProductsPanel accountid={accountid} canChange={canChange} />;
      case 'contributions':
        return <ContributionsPanel accountid={accountid} canChange={canChange} />;
      case 'employees':
        return <EmployeesPanel accountid={accountid} canChange={canChange} />;
      case 'sign-in':
        return <IdentityProviderPanel accountid={accountid} canChange={canChange} />;
      case 'documents':
        return <DocumentsPanel accountid={accountid} canChange={canChange} />;
      case 'reports':
        return <ReportsPanel accountid={accountid} />;
    }
  };

  return (
    <Stack>
      <Title order={1}>{employer?.name ?? 'Employer'}</Title>
      <FailureAlert error={error} />
      <Tabs value={section} onChange={(value) => navigate(`/employers/${accountid}/${value ?? 'profile'}`)} keepMounted={false}>
        <Tabs.List>
          {SECTIONS.map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SECTIONS.map(([value, label]) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Stack>
              <Title order={2}>{label}</Title>
              {panel(value)}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
