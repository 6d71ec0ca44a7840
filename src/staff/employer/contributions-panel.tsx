/**
 * The employer's contribution rules: per class, the monthly amount for an age band and a family tier, anywhere or
 * in one state (and rating area), or no contribution on purpose. What is edited is the draft (the rules in force
 * while there is none); saving it changes nothing for employees until it is published (contribution-versions-
 * panel.tsx). The server refuses what ICHRA forbids (more than 3 to 1 within a class), a set that leaves an age
 * 0..120 of a tier without an amount, and a negative amount; its messages are shown as they are, and numbers stay
 * as typed (no clamping). The preview asks the server what one person would get under the rules on screen, saved
 * or not.
 */
import { Alert, Button, Checkbox, Group, NativeSelect, NumberInput, Stack, Table, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { staffData } from '../api/staff-api.ts';
import { FAMILY_TIER_NAMES, FAMILY_TIERS, type ContributionPreview, type StaffContributionRule as ContributionRuleWire } from '../api/types.ts';
import { FailureAlert, fieldErrorOf } from '../layout/failure-alert.tsx';
import { useEditableList } from '../layout/use-editable-list.ts';
import { SavedNote } from '../layout/saved-note.tsx';
import { ContributionVersionsPanel } from './contribution-versions-panel.tsx';

/** A rule as edited: the amount input's value, a number or the text being typed ('', '-'), sent as it is. */
type EditedRule = Omit<ContributionRuleWire, 'amount'> & { amount: number | string };

const blank = (): EditedRule => ({ contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier: 'employee', state: null, ratingArea: null, amount: 0 });
/** An age band needs an amount for every family tier: one rule per tier, to fill in. */
const band = (): EditedRule[] => FAMILY_TIERS.map((tier) => ({ ...blank(), tier }));
const TIER_OPTIONS = FAMILY_TIERS.map((tier) => ({ value: tier, label: FAMILY_TIER_NAMES[tier] }));

export function ContributionsPanel({ accountid, canChange }: { accountid: string; canChange: boolean }) {
  const path = `/api/staff/employers/${accountid}/contribution-rules`;
  const list = useEditableList<EditedRule>(path, 'rules', `${path}/draft`);
  // The console's own cache (app.tsx's provider): swr's global mutate would refresh another one.
  const { mutate } = useSWRConfig();
  const rules = list.items;
  const setRules = list.update;

  const change = (index: number, patch: Partial<EditedRule>) => {
    setRules((current) => current.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  };
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim().toUpperCase());

  return (
    <Stack>
      <FailureAlert error={list.readError ?? list.saveError} onReload={list.reload} plain title={list.saveError ? 'The draft was not saved' : undefined} />
      {/* Scrolls on its own on a phone rather than widening the page past the screen. */}
      <Table.ScrollContainer minWidth={960}>
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
              <Table.Th>No Contribution</Table.Th>
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
                    <NumberInput
                      aria-label={`Rule ${n} from age`}
                      disabled={!canChange}
                      min={0}
                      max={150}
                      clampBehavior="none"
                      value={rule.ageMin}
                      error={fieldErrorOf(list.saveError, `/rules/${i}/ageMin`)}
                      onChange={(value) => change(i, { ageMin: Number(value) })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Rule ${n} to age`}
                      disabled={!canChange}
                      min={0}
                      max={150}
                      clampBehavior="none"
                      value={rule.ageMax}
                      error={fieldErrorOf(list.saveError, `/rules/${i}/ageMax`)}
                      onChange={(value) => change(i, { ageMax: Number(value) })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Rule ${n} family`}
                      disabled={!canChange}
                      data={TIER_OPTIONS}
                      miw={180}
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
                      clampBehavior="none"
                      value={rule.ratingArea ?? ''}
                      onChange={(value) => change(i, { ratingArea: value === '' ? null : Number(value) })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Rule ${n} monthly amount`}
                      disabled={!canChange}
                      min={0}
                      clampBehavior="none"
                      decimalScale={2}
                      value={rule.amount}
                      error={fieldErrorOf(list.saveError, `/rules/${i}/amount`)}
                      onChange={(value) => change(i, { amount: value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Rule ${n} no contribution`}
                      disabled={!canChange}
                      checked={rule.noContribution === true}
                      onChange={(e) => change(i, e.currentTarget.checked ? { noContribution: true, amount: 0 } : { noContribution: false })}
                    />
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
      </Table.ScrollContainer>
      {canChange && (
        <Group>
          <Button variant="default" disabled={!list.loaded} onClick={() => setRules((current) => [...current, ...band()])}>
            Add Age Band
          </Button>
          <Button variant="default" disabled={!list.loaded} onClick={() => setRules((current) => [...current, blank()])}>
            Add Rule
          </Button>
          <Button onClick={() => void list.save().then(() => mutate(`${path}/versions`))} disabled={!list.loaded}>
            Save Draft
          </Button>
        </Group>
      )}
      <SavedNote shown={list.saved} text="Draft saved. Employees are paid by the published rules until it is published." />
      <ContributionVersionsPanel accountid={accountid} canChange={canChange} editedOn={list.etag} onChanged={list.reload} />
      <ContributionPreviewForm accountid={accountid} rules={list.loaded ? rules : undefined} />
    </Stack>
  );
}

/** `rules`: the set on screen (saved or not) to compute with; undefined until it is read (then the stored set). */
function ContributionPreviewForm({ accountid, rules }: { accountid: string; rules: EditedRule[] | undefined }) {
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
      const body = { ...(contributionClass.trim() ? { class: contributionClass.trim() } : {}), age, zip, spouse, children, ...(rules ? { rules } : {}) };
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
          <NumberInput label="Preview age" min={0} max={120} clampBehavior="none" value={age} onChange={(value) => setAge(Number(value))} />
          <TextInput label="Preview ZIP" maxLength={5} value={zip} onChange={(e) => setZip(e.currentTarget.value)} />
          <Checkbox label="With a spouse" checked={spouse} onChange={(e) => setSpouse(e.currentTarget.checked)} />
          <NumberInput label="Children" min={0} max={20} clampBehavior="none" value={children} onChange={(value) => setChildren(Number(value))} />
          <Button type="submit">Preview</Button>
        </Group>
        <FailureAlert error={error} plain />
        {preview && (
          <Alert color="blue" role="status">
            {preview.text}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
