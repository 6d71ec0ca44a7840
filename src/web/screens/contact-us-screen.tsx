/** /contact-us (spec §2): the broker of the employer's team, 'Not Available' for what is missing, and Back. */
import { Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useBrokers, useEmployer, useOwnAccountId } from '#portal/api/queries.ts';
import { messages } from '#portal/messages.ts';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value?.trim() ? value : messages['not-available']}</Text>
    </div>
  );
}

export function ContactUsScreen() {
  const navigate = useNavigate();
  const accountid = useOwnAccountId();
  const employer = useEmployer(accountid);
  const brokers = useBrokers(employer.data?.teamid);
  const loading = !accountid || employer.isLoading || brokers.isLoading;
  const broker = brokers.data?.[0];
  const name = broker ? [broker.firstName, broker.lastName].filter(Boolean).join(' ') : null;

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{messages['contact-us']}</Title>
        {loading ? (
          <Loader aria-label={messages['loading']} />
        ) : (
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Title order={2} size="h4">
                {messages['contact-your-broker']}
              </Title>
              <Row label={messages['contact-broker-name']} value={name} />
              <Row label={messages['email']} value={broker?.emailAddress} />
              <Row label={messages['contact-phone']} value={broker?.phoneNumber} />
            </Stack>
          </Paper>
        )}
        <div>
          <Button variant="default" onClick={() => navigate(-1)}>
            {messages['back']}
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
