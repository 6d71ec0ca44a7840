/**
 * The profile step's own modals (spec §2 "Other modals"), each showing a part of the profile document (its
 * `parts`): 'Enter Additional Enrollment Information', the part's fields rendered by the engine's DocumentForm from
 * the profile document restricted to them (the same rules and texts), and the SSN-required notice. Every text is
 * one of the document's messages, named by the part's message roles.
 */
import { message, type FormDocument } from '#engine/runtime/index.ts';
import { DocumentForm, type FormData } from '#engine/react/index.ts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** The profile document's parts the screen shows on their own. */
export const PROFILE_PARTS = { additionalInfo: 'additional-info', ssn: 'ssn' } as const;

/** The text of a part's message role ('' when the document does not name one). */
export function partText(document: FormDocument, part: string, role: string): string {
  const key = document.parts?.[part]?.messages?.[role];
  return key ? message(document, key) : '';
}

type AdditionalInfoProps = {
  opened: boolean;
  /** The profile document restricted to the additional-info part (documentPart). */
  part: FormDocument;
  /** The whole profile document: the part's message roles. */
  document: FormDocument;
  /** The profile's data when the modal opened: the part edits its fields and keeps the rest. */
  data: FormData;
  context: Record<string, unknown>;
  onSave: (data: FormData) => void;
  onClose: () => void;
};

/**
 * 'Enter Additional Enrollment Information': the part's fields, checked by the profile's own rules; Save hands back
 * the profile's data with them filled, Cancel (or Escape) leaves the profile as it was. The form starts anew from
 * `data` each time the modal opens (Mantine unmounts a closed modal's content).
 */
export function AdditionalInfoModal(props: AdditionalInfoProps) {
  const text = (role: string) => partText(props.document, PROFILE_PARTS.additionalInfo, role);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.part.title ?? text('title')} centered>
      <AdditionalInfoForm {...props} text={text} />
    </Modal>
  );
}

function AdditionalInfoForm({ part, data, context, onSave, onClose, text }: AdditionalInfoProps & { text: (role: string) => string }) {
  const [values, setValues] = useState<FormData>(data);
  return (
    <DocumentForm
      document={part}
      formData={values}
      context={context}
      onChange={setValues}
      onSubmit={onSave}
      submitText={text('save')}
    >
      <Button variant="default" onClick={onClose}>
        {text('cancel')}
      </Button>
    </DocumentForm>
  );
}

type SsnRequiredProps = {
  document: FormDocument;
  opened: boolean;
  /** Closes the modal; the screen then focuses the first SSN box. */
  onClose: () => void;
};

/**
 * The SSN-required notice (spec §5): the document's notice with a button that closes it. Focus is not returned to
 * where it was: the screen moves it to the first SSN box, whichever way the modal closes.
 */
export function SsnRequiredModal({ document, opened, onClose }: SsnRequiredProps) {
  const text = (role: string) => partText(document, PROFILE_PARTS.ssn, role);
  return (
    <Modal opened={opened} onClose={onClose} title={text('title')} centered returnFocus={false}>
      <Stack gap="md">
        <Text size="sm">{text('notice')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {text('close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
