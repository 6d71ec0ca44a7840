/**
 * The employer's contribution rules: per class, the monthly amount for an age band and a family tier, anywhere or
 * in one state (and rating area). The server refuses what ICHRA forbids (more than 3 to 1 within a class) and its
 * message is shown as it is. The preview asks the server what one person would get.
 */
import { Alert, Button, Checkbox, Group, NativeSelect, NumberInput, Stack, Table, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { staffData } from '../api/staff-api.ts';
import { FAMILY_TIERS, type ContributionPreview, type StaffContributionRule as ContributionRuleWire } from '../api/types.ts';
import { FailureAlert } from '../layout/failure-alert.tsx';
import { useEditableList } from '../layout/use-editable-list.ts';
import { SavedNote } from '../layout/saved-note.tsx';

const blank = (): ContributionRuleWire => ({ contributionclass: 'ALL', ageMin: 18, ageMax: 64, tier: 'employee', state: null, ratingArea: null, amount: 0 });
/** An age band needs an amount for every family tier: one rule per tier, to fill in. */
const band = (): ContributionRuleWire[] => FAMILY_TIERS.map((tier) => ({ ...blank(), tier }));

export function ContributionsPanel({ accountid, canChange }: { accountid: string; canChange: boolean }) {
  const path = `/api/staff/employers/${accountid}/contribution-rules`;
  const list = useEditableList<ContributionRuleWire>(path, 'rules');
  const rules = list.items;
  const setRules = list.update;

  const change = (index: number, patch: Partial<ContributionRuleWire>) => {
    setRules((current) => current.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  };
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim().toUpperCase());

  return (
    <Stack>
      <FailureAlert error={list.readError ?? list.saveError} title={list.saveError ? 'The rules were not saved' : undefined} />
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Class</Table.Th>
            <Table.Th>From Age</Table.Th>
            <Table.Th>To Age</Table.Th>
            <Table.Th>Family</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Rating Area</Table.Th>
            <Table.Th>Monthly Amount ($)</Table.Th>
            <Table.Th>Remove</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule, i) => {
            const n = i + 1;
            return (
              <Table.Tr key={i}>
                <Table.Td>
                  <TextInput aria-label={`Rule ${n} class`} disabled={!canChange} value={rule.contributionclass} onChange={(e) => change(i, { contributionclass: e.currentTarget.value })} />
                </Table.Td>
                <Table.Td>
                  <NumberInput aria-label={`Rule ${n} from age`} disabled={!canChange} min={0} max={120} value={rule.ageMin} onChange={(value) => change(i, { ageMin: Number(value) })} />
                </Table.Td>
                <Table.Td>
                  <NumberInput aria-label={`Rule ${n} to age`} disabled={!canChange} min={0} max={120} value={rule.ageMax} onChange={(value) => change(i, { ageMax: Number(value) })} />
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={`Rule ${n} family`}
                    disabled={!canChange}
                    data={[...FAMILY_TIERS]}
                    value={rule.tier}
                    onChange={(e) => change(i, { tier: e.currentTarget.value as ContributionRuleWire['tier'] })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput aria-label={`Rule ${n} state`} disabled={!canChange} maxLength={2} value={rule.state ?? ''} onChange={(e) => change(i, { state: orNull(e.currentTarget.value) })} />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Rule ${n} rating area`}
                    disabled={!canChange}
                    min={1}
                    value={rule.ratingArea ?? ''}
                    onChange={(value) => change(i, { ratingArea: value === '' ? null : Number(value) })}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput aria-label={`Rule ${n} monthly amount`} disabled={!canChange} min={0} decimalScale={2} value={rule.amount} onChange={(value) => change(i, { amount: Number(value) })} />
                </Table.Td>
                <Table.Td>
                  <Button variant="subtle" color="red" disabled={!canChange} onClick={() => setRules((current) => current.filter((_, j) => j !== i))}>
                    Remove rule {n}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {canChange && (
        <Group>
          <Button variant="default" disabled={!list.loaded} onClick={() => setRules((current) => [...current, ...band()])}>
            Add Age Band
          </Button>
          <Button variant="default" disabled={!list.loaded} onClick={() => setRules((current) => [...current, blank()])}>
            Add Rule
          </Button>
          <Button onClick={() => void list.save()} disabled={!list.loaded}>Save Rules</Button>
        </Group>
      )}
      <SavedNote shown={list.saved} text="Contribution rules saved." />
      <ContributionPreviewForm accountid={accountid} />
    </Stack>
  );
}

function ContributionPreviewForm({ accountid }: { accountid: string }) {
  const [contributionClass, setClass] = useState('');
  const [age, setAge] = useState(45);
  const [zip, setZip] = useState('30301');
  const [spouse, setSpouse] = useState(true);
  const [children, setChildren] = useState(1);
  const [preview, setPreview] = useState<ContributionPreview | null>(null);
  const [error, setError] = useState<unknown>(null);

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPreview(null);
    try {
      const body = { ...(contributionClass.trim() ? { class: contributionClass.trim() } : {}), age, zip, spouse, children };
      setPreview(await staffData<ContributionPreview>('POST', `/api/staff/employers/${accountid}/contribution-preview`, body));
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <form onSubmit={(event) => void ask(event)} aria-labelledby="contribution-preview-title">
      <Stack gap="xs">
        <Title order={3} id="contribution-preview-title">
          Preview a Contribution
        </Title>
        <Group align="end">
          <TextInput label="Preview class" placeholder="ALL" value={contributionClass} onChange={(e) => setClass(e.currentTarget.value)} />
          <NumberInput label="Preview age" min={0} max={120} value={age} onChange={(value) => setAge(Number(value))} />
          <TextInput label="Preview ZIP" maxLength={5} value={zip} onChange={(e) => setZip(e.currentTarget.value)} />
          <Checkbox label="With a spouse" checked={spouse} onChange={(e) => setSpouse(e.currentTarget.checked)} />
          <NumberInput label="Children" min={0} max={20} value={children} onChange={(value) => setChildren(Number(value))} />
          <Button type="submit">Preview</Button>
        </Group>
        <FailureAlert error={error} />
        {preview && (
          <Alert color="blue" role="status">
            {preview.text}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
