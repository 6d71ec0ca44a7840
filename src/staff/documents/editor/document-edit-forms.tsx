/**
 * Form-based editing of the common changes, beside the code editor: the texts in English and Spanish with where
 * each appears (texts-list.tsx), a title, a field required or not (forms), a step on or off
 * (flows). Every change goes through the pure edits of document-edits.ts into the same draft the editor shows.
 * What the base document locks (and a field it requires) cannot be switched here, and says why.
 */
import { Checkbox, Fieldset, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { fieldsOf, requiredLock, setRequired, setStepShown, setTitle, stepLock, stepsOf, type Json } from '../document-edits.ts';
import { stepLabels } from '../texts/text-places.ts';
import { TextsList } from '../texts/texts-list.tsx';
import type { ContentSummary } from '../../api/types.ts';
import { AddOwnStep } from '../own-steps/add-own-step.tsx';
import { FieldBuilder } from '../field-builder/field-builder.tsx';
import { isOwnForm, OWN_FORM_REQUIRED } from '../field-builder/field-edits.ts';

/** `base`: the base document, null for a form of the employer's own. */
type Props = { document: Json | null; base: Json | null; readOnly: boolean; onChange: (document: Json) => void; ownForms?: ContentSummary[] };

const FORM_TITLE = '';

function FormEdits({ document, base, readOnly, onChange }: { document: Json; base: Json | null; readOnly: boolean; onChange: (document: Json) => void }) {
  const fields = fieldsOf(document);
  const [field, setField] = useState(FORM_TITLE);
  const chosen = fields.find((f) => f.name === field);
  const title = field === FORM_TITLE ? String(document.title ?? '') : (chosen?.title ?? '');
  return (
    <Stack>
      <TextsList document={document} base={base} readOnly={readOnly} onChange={onChange} />
      <Fieldset legend="Titles and required fields" disabled={readOnly}>
        <NativeSelect
          label="Field"
          data={[{ value: FORM_TITLE, label: '(the form itself)' }, ...fields.map((f) => ({ value: f.name, label: `${f.title} (${f.name})` }))]}
          value={field}
          onChange={(e) => setField(e.currentTarget.value)}
        />
        <TextInput label="Title" value={title} onChange={(e) => onChange(setTitle(document, field === FORM_TITLE ? null : field, e.currentTarget.value))} />
        {chosen && <RequiredBox document={document} field={chosen.name} required={chosen.required} lock={isOwnForm(base) ? OWN_FORM_REQUIRED : requiredLock(base ?? {}, chosen.name)} ownForm={isOwnForm(base)} onChange={onChange} />}
      </Fieldset>
      <FieldBuilder document={document} base={base} readOnly={readOnly} onChange={onChange} />
    </Stack>
  );
}

/**
 * A locked field (or one the base requires) stays required: the box is off only while it is not required yet. A
 * form of the employer's own requires nothing: its box may only be cleared.
 */
function RequiredBox({ document, field, required, lock, ownForm, onChange }: { document: Json; field: string; required: boolean; lock: string | null; ownForm: boolean; onChange: (document: Json) => void }) {
  const held = lock !== null && (ownForm ? !required : required);
  return (
    <Checkbox
      mt="xs"
      label="Required"
      checked={required}
      disabled={held}
      description={held ? lock : undefined}
      onChange={(e) => onChange(setRequired(document, field, e.currentTarget.checked))}
    />
  );
}

function FlowEdits({ document, base, readOnly, onChange, ownForms }: { document: Json; base: Json | null; readOnly: boolean; onChange: (document: Json) => void; ownForms: ContentSummary[] }) {
  // Two steps may share a title (the base flow's Contributions and its sub-step): each switch names its step apart.
  const labels = stepLabels(document);
  return (
    <Stack>
      <Fieldset legend="Steps shown" disabled={readOnly}>
        <Stack gap="xs">
          <Text size="sm">A step switched off never appears; switched on, it appears when its own condition holds.</Text>
          {stepsOf(document).map((step) => {
            const lock = stepLock(base ?? {}, step.id);
            return (
              <Checkbox
                key={step.id}
                ml={step.parent ? 'lg' : 0}
                label={labels.get(step.id) ?? step.title}
                checked={step.shown}
                disabled={lock !== null && step.shown}
                description={lock !== null ? lock : undefined}
                onChange={(e) => onChange(setStepShown(document, base ?? {}, step.id, e.currentTarget.checked))}
              />
            );
          })}
        </Stack>
      </Fieldset>
      {!readOnly && <AddOwnStep flow={document} ownForms={ownForms} onChange={onChange} />}
      <TextsList document={document} base={base} readOnly={readOnly} onChange={onChange} />
    </Stack>
  );
}

export function DocumentEditForms({ document, base, readOnly, onChange, ownForms = [] }: Props) {
  if (!document) return <Text role="status">Fix the JSON in the editor to use these forms.</Text>;
  return (
    <Stack component="section" aria-labelledby="edit-forms-title">
      <Text component="h2" fw={700} size="lg" id="edit-forms-title">
        Common Changes
      </Text>
      {document.kind === 'flow' ? (
        <FlowEdits document={document} base={base} readOnly={readOnly} onChange={onChange} ownForms={ownForms} />
      ) : (
        <FormEdits document={document} base={base} readOnly={readOnly} onChange={onChange} />
      )}
    </Stack>
  );
}
