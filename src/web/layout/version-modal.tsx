/** Version Information (spec §2): the employer's name and the release notices (the server's version text). */
import { List, Modal, Stack, Text, Title } from '@mantine/core';
import { useVersionText } from '../api/queries.ts';
import { messages } from '#web/messages.ts';

type Props = { opened: boolean; onClose: () => void; employerName: string | undefined };

export function VersionModal({ opened, onClose, employerName }: Props) {
  const { data: versionText } = useVersionText();
  return (
    <Modal opened={opened} onClose={onClose} title="Version Information" centered>
      <Stack gap="md">
        <div>
          <Title order={3} size="h5">
            Employer Name
          </Title>
          <Text>{employerName ?? messages['not-available']}</Text>
        </div>
        <div>
          <Title order={3} size="h5">
            Release Notices
          </Title>
          <List aria-label="Release Notices">{versionText && <List.Item>{versionText}</List.Item>}</List>
        </div>
      </Stack>
    </Modal>
  );
}
