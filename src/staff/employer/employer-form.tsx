/**
 * The employer's account: name, e-mail, plan year, employeazecustomer (1: offers the additional services, 2:
 * does not), hsaonly, edoc_period, the team and the broker. Used to create an employer and to change one.
 */
import { Button, Fieldset, Group, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { EmployerInput } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';

export const emptyEmployer = (): EmployerInput => ({
  name: '',
  email: '',
  planyear: new Date().getFullYear() + 1,
  employeazecustomer: 1,
  hsaonly: 0,
  edoc_period: null,
  team: '',
  broker: { firstName: '', lastName: '', emailAddress: null, phoneNumber: null },
});

type Props = {
  initial: EmployerInput;
  submitText: string;
  readOnly?: boolean;
  onSubmit: (employer: EmployerInput) => Promise<void>;
};

export function EmployerForm({ initial, submitText, readOnly, onSubmit }: Props) {
  const [employer, setEmployer] = useState(initial);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof EmployerInput>(key: K, value: EmployerInput[K]) => setEmployer((current) => ({ ...current, [key]: value }));
  const setBroker = (key: keyof EmployerInput['broker'], value: string) =>
    setEmployer((current) => ({ ...current, broker: { ...current.broker, [key]: value === '' && (key === 'emailAddress' || key === 'phoneNumber') ? null : value } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(employer);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack>
        <FailureAlert error={error} />
        <Fieldset legend="Account" disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Employer Name" required value={employer.name} onChange={(e) => set('name', e.currentTarget.value)} />
            <TextInput label="Employer Email" type="email" required value={employer.email} onChange={(e) => set('email', e.currentTarget.value)} />
            <NumberInput label="Plan Year" required min={2000} max={2100} value={employer.planyear} onChange={(value) => set('planyear', Number(value))} />
            <TextInput label="Team" value={employer.team} onChange={(e) => set('team', e.currentTarget.value)} />
            <NativeSelect
              label="Additional Services (employeazecustomer)"
              data={[
                { value: '1', label: '1: offered' },
                { value: '2', label: '2: not offered' },
              ]}
              value={String(employer.employeazecustomer)}
              onChange={(e) => set('employeazecustomer', Number(e.currentTarget.value))}
            />
            <NativeSelect
              label="HSA Only (hsaonly)"
              data={[
                { value: '0', label: '0: no' },
                { value: '1', label: '1: yes' },
              ]}
              value={String(employer.hsaonly)}
              onChange={(e) => set('hsaonly', Number(e.currentTarget.value))}
            />
            <NumberInput
              label="Enrollment Document Period (edoc_period)"
              min={0}
              value={employer.edoc_period ?? ''}
              onChange={(value) => set('edoc_period', value === '' ? null : Number(value))}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Broker" disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Broker First Name" value={employer.broker.firstName} onChange={(e) => setBroker('firstName', e.currentTarget.value)} />
            <TextInput label="Broker Last Name" value={employer.broker.lastName} onChange={(e) => setBroker('lastName', e.currentTarget.value)} />
            <TextInput label="Broker Email" type="email" value={employer.broker.emailAddress ?? ''} onChange={(e) => setBroker('emailAddress', e.currentTarget.value)} />
            <TextInput label="Broker Phone" value={employer.broker.phoneNumber ?? ''} onChange={(e) => setBroker('phoneNumber', e.currentTarget.value)} />
          </SimpleGrid>
        </Fieldset>
        {!readOnly && (
          <Group>
            <Button type="submit" loading={busy}>
              {submitText}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
