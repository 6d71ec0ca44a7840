/**
 * In the enrollment flow's Common Changes: a step of the employer's own, showing one of its own forms, put before a
 * major step (or last). The flow's step list then shows it like any step (switched off with its box).
 */
import { Button, Fieldset, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ContentSummary } from '../../api/types.ts';
import { stepsOf, type Json } from '../document-edits.ts';
import { addOwnStep } from './own-forms.ts';

const LAST = '';

export function AddOwnStep({ flow, ownForms, onChange }: { flow: Json; ownForms: ContentSummary[]; onChange: (flow: Json) => void }) {
  const shown = new Set(stepsOf(flow).map((step) => step.id));
  const forms = ownForms.filter((form) => !shown.has(form.id));
  const majors = stepsOf(flow).filter((step) => step.parent === null);
  const [form, setForm] = useState('');
  const [title, setTitle] = useState('');
  const [before, setBefore] = useState(majors[0]?.id ?? LAST);
  const chosen = forms.find((candidate) => candidate.id === form) ?? forms[0];
  if (!chosen) {
    return (
      <Fieldset legend="Add a step of the employer's own">
        <Text size="sm">Every form of the employer's own has a step. Create a form in Forms and Flows first.</Text>
      </Fieldset>
    );
  }
  const add = () => {
    onChange(addOwnStep(flow, { form: chosen.id, title: title.trim() || chosen.title, before: before === LAST ? null : before }));
    setTitle('');
  };
  return (
    <Fieldset legend="Add a step of the employer's own">
      <Stack gap="xs">
        <Text size="sm">The step shows the form and records its answers in the event log; it never stops anyone from going on.</Text>
        <NativeSelect label="Form" data={forms.map((candidate) => ({ value: candidate.id, label: `${candidate.title} (${candidate.id})` }))} value={chosen.id} onChange={(e) => setForm(e.currentTarget.value)} />
        <TextInput label="Step title" placeholder={chosen.title} value={title} maxLength={200} onChange={(e) => setTitle(e.currentTarget.value)} />
        <NativeSelect
          label="Where it sits"
          data={[...majors.map((step) => ({ value: step.id, label: `Before ${step.title}` })), { value: LAST, label: 'After the last step' }]}
          value={before}
          onChange={(e) => setBefore(e.currentTarget.value)}
        />
        <Button w="fit-content" onClick={add}>
          Add Step
        </Button>
      </Stack>
    </Fieldset>
  );
}
