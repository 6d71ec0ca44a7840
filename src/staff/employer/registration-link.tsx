/**
 * The employer's registration link (the staff API's `registrationlink`): what staff hand the employer for its
 * employees to register with. Shown as a link a person can read and select, with a Copy button whose success is
 * announced ("Copied", a status message); just after the employer was created it says so.
 */
import { Anchor, Button, CopyButton, Fieldset, Group, Text } from '@mantine/core';

export function RegistrationLink({ link, created = false }: { link: string; created?: boolean }) {
  return (
    <Fieldset legend="Registration Link">
      {created && <Text fw={700}>Employer created. Its employees register with this link:</Text>}
      <Group gap="sm" wrap="nowrap" align="center">
        <Anchor href={link} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all', userSelect: 'text' }}>
          {link}
        </Anchor>
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <>
              {/* Kept whole beside a long link on a phone; its word is part of its name (WCAG 2.5.3): the status says "Copied". */}
              <Button size="xs" variant="default" onClick={copy} aria-label="Copy registration link" style={{ flexShrink: 0 }}>
                Copy
              </Button>
              <Text role="status" size="sm" c="green.8">
                {copied ? 'Copied' : ''}
              </Text>
            </>
          )}
        </CopyButton>
      </Group>
    </Fieldset>
  );
}
