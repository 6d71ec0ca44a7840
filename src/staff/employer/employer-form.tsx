/**
 * The employer's account: name, e-mail, plan year (and its first month), whether additional services are offered
 * (employeazecustomer: 1 offered, 2 not, 0 the profile's Next is off), HSA-eligible plans only (hsaonly), the days
 * before the enrollment cut-off (edoc_period), the HSA administrator, the team and the broker. Each spec code is
 * labelled by a plain name, the code itself in its one-line help. Used to create an employer and to change one.
 */
import { Button, Fieldset, Group, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { StaffBroker, StaffEmployer, StaffEmployerInput } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { SavedNote } from '../layout/saved-note.tsx';

const noBroker: StaffBroker = { firstname: '', lastname: '', emailaddress: null, phonenumber: null };

export const emptyEmployer = (): StaffEmployerInput => ({
  name: '',
  email: null,
  planyear: new Date().getFullYear() + 1,
  employeazecustomer: 1,
  hsaonly: 0,
  edoc_period: null,
  hsaadministrator: null,
  broker: null,
});

/** What the form edits of a stored employer (the settings it sends back on save). */
export function employerInput(employer: StaffEmployer): StaffEmployerInput {
  const { name, email, planyear, planyearstart, employeazecustomer, hsaonly, edoc_period, hsaadministrator, teamid, broker } = employer;
  return { name, email, planyear, planyearstart, employeazecustomer, hsaonly, edoc_period, hsaadministrator, teamid, broker };
}

/** The broker sent: none when every field is empty. */
function brokerOrNull(broker: StaffBroker | null): StaffBroker | null {
  if (!broker) return null;
  return Object.values(broker).some((value) => typeof value === 'string' && value.trim() !== '') ? broker : null;
}

type Props = {
  initial: StaffEmployerInput;
  submitText: string;
  /** Announced once a save succeeded (until the next change); none where the screen moves on after saving. */
  savedText?: string;
  readOnly?: boolean;
  onSubmit: (employer: StaffEmployerInput) => Promise<void>;
  /** Reads the stored employer again (after a save refused because someone changed it since it was loaded). */
  onReload?: () => Promise<void>;
};

export function EmployerForm({ initial, submitText, savedText, readOnly, onSubmit, onReload }: Props) {
  const [employer, setEmployer] = useState(initial);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof StaffEmployerInput>(key: K, value: StaffEmployerInput[K]) => {
    setSaved(false);
    setEmployer((current) => ({ ...current, [key]: value }));
  };
  const broker = employer.broker ?? noBroker;
  const setBroker = (key: keyof StaffBroker, value: string) =>
    set('broker', { ...broker, [key]: value === '' && (key === 'emailaddress' || key === 'phonenumber') ? null : value });
  const orNull = (value: string) => (value.trim() === '' ? null : value);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await onSubmit({ ...employer, broker: brokerOrNull(employer.broker) });
      setSaved(true);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack>
        <FailureAlert error={error} onReload={onReload} />
        <Fieldset legend="Account" disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Employer Name" required value={employer.name} onChange={(e) => set('name', e.currentTarget.value)} />
            <TextInput label="Employer Email" type="email" value={employer.email ?? ''} onChange={(e) => set('email', orNull(e.currentTarget.value))} />
            <NumberInput label="Plan Year" required min={2000} max={2100} value={employer.planyear} onChange={(value) => set('planyear', Number(value))} />
            <TextInput
              label="Plan Year Start"
              type="date"
              description="The 1st of a month in the plan year; January 1 when empty"
              value={employer.planyearstart ?? ''}
              onChange={(e) => set('planyearstart', e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
            />
            <NativeSelect
              label="Offer additional services"
              description="Whether employees get the Additional Services step after shopping (spec code employeazecustomer)"
              data={[
                { value: '1', label: 'Yes: the Additional Services step is shown' },
                { value: '2', label: 'No: the step is left out' },
                { value: '0', label: 'Closed: employees cannot go past their profile' },
              ]}
              value={String(employer.employeazecustomer)}
              onChange={(e) => set('employeazecustomer', Number(e.currentTarget.value) as StaffEmployerInput['employeazecustomer'])}
            />
            <NativeSelect
              label="HSA-eligible plans only"
              description="Yes: the employer offers only HSA-eligible plans (spec code hsaonly)"
              data={[
                { value: '0', label: 'No: every plan' },
                { value: '1', label: 'Yes: HSA-eligible plans only' },
              ]}
              value={String(employer.hsaonly)}
              onChange={(e) => set('hsaonly', Number(e.currentTarget.value) as StaffEmployerInput['hsaonly'])}
            />
            <NumberInput
              label="Days before the enrollment cut-off"
              description="The 1st of next month is offered before day 30 minus these days of a month; day 20 when empty (spec code edoc_period)"
              min={0}
              value={employer.edoc_period ?? ''}
              onChange={(value) => set('edoc_period', value === '' ? null : Number(value))}
            />
            <TextInput
              label="HSA Administrator"
              description="The company that holds the employees' HSA accounts, shown to employees on their HSA contribution"
              maxLength={200}
              value={employer.hsaadministrator ?? ''}
              onChange={(e) => set('hsaadministrator', orNull(e.currentTarget.value))}
            />
            <TextInput
              label="Team ID"
              description="The team (brokerage); a new team when empty"
              value={employer.teamid ?? ''}
              onChange={(e) => set('teamid', e.currentTarget.value.trim() === '' ? undefined : e.currentTarget.value.trim())}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Broker" disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Broker First Name" value={broker.firstname} onChange={(e) => setBroker('firstname', e.currentTarget.value)} />
            <TextInput label="Broker Last Name" value={broker.lastname} onChange={(e) => setBroker('lastname', e.currentTarget.value)} />
            <TextInput label="Broker Email" type="email" value={broker.emailaddress ?? ''} onChange={(e) => setBroker('emailaddress', e.currentTarget.value)} />
            <TextInput label="Broker Phone" value={broker.phonenumber ?? ''} onChange={(e) => setBroker('phonenumber', e.currentTarget.value)} />
          </SimpleGrid>
        </Fieldset>
        {!readOnly && (
          <Group>
            <Button type="submit" loading={busy}>
              {submitText}
            </Button>
            {savedText && <SavedNote shown={saved} text={savedText} />}
          </Group>
        )}
      </Stack>
    </form>
  );
}
