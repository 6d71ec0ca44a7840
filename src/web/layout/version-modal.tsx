/** Version Information (spec §2): the employer's name and the release notices (the server's version text). */
import { List, Modal, Stack, Text, Title } from '@mantine/core';
import { useVersionText } from '#portal/api/queries.ts';
import { messages } from '#portal/messages.ts';

type Props = { opened: boolean; onClose: () => void; employerName: string | undefined };

export function VersionModal({ opened, onClose, employerName }: Props) {
  const { data: versionText } = useVersionText();
  return (
    <Modal opened={opened} onClose={onClose} title={messages['version-title']} centered>
      <Stack gap="md">
        <div>
          <Title order={3} size="h5">
            {messages['employer-name']}
          </Title>
          <Text>{employerName ?? messages['not-available']}</Text>
        </div>
        <div>
          <Title order={3} size="h5">
            {messages['release-notices']}
          </Title>
          <List aria-label={messages['release-notices']}>{versionText && <List.Item>{versionText}</List.Item>}</List>
        </div>
      </Stack>
    </Modal>
  );
}
