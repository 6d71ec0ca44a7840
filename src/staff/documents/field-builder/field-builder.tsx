/**
 * The field builder beside the code editor: a specialist adds a field of the employer's own (kind, label, help
 * text, options, required, where it sits) and orders, hides or removes fields without writing JSON. Every change is
 * a pure edit of field-edits.ts handed to onChange, so it lands in the same draft the code editor shows and Save
 * Draft's server checks apply unchanged. A form of the employer's own may not require answers: its Required box
 * stays off and says why. A text field may be given a format (a common shape or a pattern of the specialist's own,
 * tried live on a sample answer with the server's own pattern rule) and its message in English and Spanish.
 */
import { Button, Checkbox, Fieldset, Group, NativeSelect, NumberInput, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Json } from '../document-edits.ts';
import {
  addField,
  FIELD_KINDS,
  MESSAGE_MAX_LENGTH,
  NO_FORMAT,
  TEXT_SHAPES,
  tryFormat,
  fieldGroupsOf,
  fieldRows,
  isOwnForm,
  moveField,
  newFieldName,
  newFieldProblems,
  optionsOf,
  OWN_FORM_REQUIRED,
  removeField,
  setHidden,
  type FieldGroup,
  type FieldKind,
  type FieldRow,
  type NewFieldProblems,
  type TextFormat,
  type TextShape,
} from './field-edits.ts';

type Props = { document: Json; base: Json | null; readOnly: boolean; onChange: (document: Json) => void };

/** The value of 'Where it sits' that puts the field first (a field name is never empty). */
const AT_THE_TOP = '';

function FieldList({ rows, onMove, onHide, onRemove }: { rows: FieldRow[]; onMove: (name: string, by: -1 | 1) => void; onHide: (name: string, hidden: boolean) => void; onRemove: (name: string) => void }) {
  return (
    // Scrolls on its own on a phone rather than widening the page past the screen.
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label="Fields in order" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Shown</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={row.name}>
              <Table.Td>
                {row.title}
                {row.required ? ' (required)' : ''}
                {row.own ? " (employer's own)" : ''}
              </Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.hidden ? 'Hidden' : 'Shown'}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Button size="compact-sm" variant="default" aria-label={`Move up: ${row.title}`} disabled={i === 0} onClick={() => onMove(row.name, -1)}>
                    Move up
                  </Button>
                  <Button size="compact-sm" variant="default" aria-label={`Move down: ${row.title}`} disabled={i === rows.length - 1} onClick={() => onMove(row.name, 1)}>
                    Move down
                  </Button>
                  {row.hideLock === null && (
                    <Button size="compact-sm" variant="default" aria-label={`${row.hidden ? 'Show' : 'Hide'}: ${row.title}`} onClick={() => onHide(row.name, !row.hidden)}>
                      {row.hidden ? 'Show' : 'Hide'}
                    </Button>
                  )}
                  {row.own && (
                    <Button size="compact-sm" variant="default" color="red" aria-label={`Remove: ${row.title}`} onClick={() => onRemove(row.name)}>
                      Remove
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The answer the tester tries, and what it says: the server's own refusal of the pattern, or whether it fits. */
function FormatTester({ format }: { format: TextFormat }) {
  const [answer, setAnswer] = useState('');
  const trial = tryFormat(format, answer);
  const verdict =
    trial === null ? 'Write the pattern to try it.' : 'problem' in trial ? trial.problem : answer === '' ? 'Type an answer to try the format.' : trial.fits ? 'This answer fits the format.' : 'This answer does not fit: the employee gets your message.';
  return (
    <Stack gap={4}>
      <TextInput label="Try an answer" description="Type an answer as an employee would: nothing is saved." value={answer} onChange={(e) => setAnswer(e.currentTarget.value)} />
      <Text size="sm" role="status" c={trial !== null && 'problem' in trial ? 'red.8' : undefined}>
        {verdict}
      </Text>
    </Stack>
  );
}

/** The format of a text field: its shape, the digits' number or the own pattern, the tester and the two messages. */
function FormatFields({ format, problems, onChange }: { format: TextFormat; problems: NewFieldProblems; onChange: (format: TextFormat) => void }) {
  const set = (patch: Partial<TextFormat>) => onChange({ ...format, ...patch });
  return (
    <Fieldset legend="Format of the answer" variant="unstyled">
      <Stack gap="xs">
        <NativeSelect label="Answers must be" data={TEXT_SHAPES} value={format.shape} onChange={(e) => set({ shape: e.currentTarget.value as TextShape })} />
        {format.shape === 'digits' && (
          <NumberInput label="Number of digits" min={1} max={50} clampBehavior="none" allowDecimal={false} value={format.digits} error={problems.digits} onChange={(value) => set({ digits: Number(value) })} />
        )}
        {format.shape === 'own' && (
          <TextInput
            label="Pattern"
            description="A regular expression the whole answer must match, e.g. [A-Z]{2}[0-9]{4}. No lookahead, lookbehind or backreference."
            withAsterisk
            value={format.pattern}
            error={problems.pattern}
            onChange={(e) => set({ pattern: e.currentTarget.value })}
          />
        )}
        {format.shape !== 'any' && (
          <>
            <FormatTester format={format} />
            <Textarea
              label="Message when the answer does not fit"
              description={`What the employee reads under the field, at most ${MESSAGE_MAX_LENGTH} characters.`}
              withAsterisk
              autosize
              minRows={1}
              value={format.message}
              error={problems.message}
              onChange={(e) => set({ message: e.currentTarget.value })}
            />
            <Textarea
              label="Message when the answer does not fit, in Spanish"
              description="Employees reading Spanish get the English message while this is empty."
              lang="es"
              autosize
              minRows={1}
              value={format.messageEs}
              error={problems.messageEs}
              onChange={(e) => set({ messageEs: e.currentTarget.value })}
            />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}

function NewFieldForm({ document, base, group, onChange }: { document: Json; base: Json | null; group: FieldGroup; onChange: (document: Json) => void }) {
  const rows = fieldRows(document, base, group);
  const [kind, setKind] = useState<FieldKind>('text');
  const [label, setLabel] = useState('');
  const [help, setHelp] = useState('');
  const [options, setOptions] = useState('');
  const [required, setRequired] = useState(false);
  const [format, setFormat] = useState<TextFormat>(NO_FORMAT);
  const [after, setAfter] = useState<string | null>(null);
  const [problems, setProblems] = useState<NewFieldProblems>({});
  const [added, setAdded] = useState<string | null>(null);
  const ownForm = isOwnForm(base);
  // Until a place is chosen (or when the chosen field is gone), a new field goes last.
  const place = after !== null && (after === AT_THE_TOP || rows.some((row) => row.name === after)) ? after : (rows.at(-1)?.name ?? AT_THE_TOP);
  const name = label.trim() === '' ? null : newFieldName(document, base, group, label);

  const add = () => {
    const field = { kind, label, help, required: required && !ownForm, options: optionsOf(options), after: place === AT_THE_TOP ? null : place, format: kind === 'text' ? format : undefined };
    const found = newFieldProblems(field, base);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setAdded(null);
      return;
    }
    const result = addField(document, base, group, field);
    onChange(result.document);
    setAdded(`Added ${label.trim()} (${result.name}). Save the draft to check it on the server.`);
    setLabel('');
    setHelp('');
    setOptions('');
    setRequired(false);
    setFormat(NO_FORMAT);
    setAfter(result.name);
  };

  return (
    <Fieldset legend="Add a field">
      <Stack gap="xs">
        <NativeSelect label="Kind" data={FIELD_KINDS} value={kind} onChange={(e) => setKind(e.currentTarget.value as FieldKind)} />
        <TextInput
          label="Label"
          withAsterisk
          value={label}
          error={problems.label}
          description={name ? `Field name: ${name}` : 'The field name is made from the label.'}
          onChange={(e) => setLabel(e.currentTarget.value)}
        />
        <Textarea label="Help text" description="Shown under the field (optional)." autosize minRows={1} value={help} error={problems.help} onChange={(e) => setHelp(e.currentTarget.value)} />
        {kind === 'choice' && (
          <Textarea
            label="Options"
            description="One option a line, in the order shown."
            withAsterisk
            autosize
            minRows={3}
            value={options}
            error={problems.options}
            onChange={(e) => setOptions(e.currentTarget.value)}
          />
        )}
        {kind === 'text' && <FormatFields format={format} problems={problems} onChange={setFormat} />}
        <Checkbox
          label="Must be answered"
          checked={required && !ownForm}
          disabled={ownForm}
          description={ownForm ? OWN_FORM_REQUIRED : 'Employees cannot go on without answering it.'}
          error={problems.required}
          onChange={(e) => setRequired(e.currentTarget.checked)}
        />
        <NativeSelect
          label="Where it sits"
          data={[{ value: AT_THE_TOP, label: 'At the top' }, ...rows.map((row) => ({ value: row.name, label: `After ${row.title} (${row.name})` }))]}
          value={place}
          onChange={(e) => setAfter(e.currentTarget.value)}
        />
        <Group>
          <Button onClick={add}>Add Field</Button>
        </Group>
        {added && (
          <Text size="sm" role="status">
            {added}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}

export function FieldBuilder({ document, base, readOnly, onChange }: Props) {
  const groups = fieldGroupsOf(document);
  const [groupId, setGroupId] = useState('form');
  const group = groups.find((g) => g.id === groupId) ?? groups[0]!;
  const rows = fieldRows(document, base, group);
  return (
    <Fieldset legend="Fields" disabled={readOnly}>
      <Stack gap="xs">
        {groups.length > 1 && (
          <NativeSelect label="Fields of" data={groups.map((g) => ({ value: g.id, label: g.label }))} value={group.id} onChange={(e) => setGroupId(e.currentTarget.value)} />
        )}
        {group.note && <Text size="sm">{group.note}</Text>}
        <FieldList
          rows={rows}
          onMove={(name, by) => onChange(moveField(document, group, name, by))}
          onHide={(name, hidden) => onChange(setHidden(document, base, group, name, hidden))}
          onRemove={(name) => onChange(removeField(document, base, group, name))}
        />
        {!readOnly && <NewFieldForm key={group.id} document={document} base={base} group={group} onChange={onChange} />}
      </Stack>
    </Fieldset>
  );
}
