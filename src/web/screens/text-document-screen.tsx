/**
 * /terms and /privacy: a text-only content document (schemas/forms/terms.schema.json, privacy.schema.json) as the
 * employer sees it, so an employer with terms or a privacy policy of its own replaces the product's standard text
 * with an override. The document's title is the page heading; its messages follow in order, a key ending in
 * '-heading' as a section heading, any other as a paragraph.
 */
import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useEmployerId } from '#portal/api/queries.ts';
import { messages } from '#portal/messages.ts';
import { useFormDocument } from './use-form-document.ts';

/** The document ids the text pages show. */
export type TextDocumentId = 'terms' | 'privacy';

export function TextDocumentScreen({ id }: { id: TextDocumentId }) {
  const employerId = useEmployerId();
  const { document, error } = useFormDocument(id, employerId);

  return (
    <Container size="md" py="xl">
      {document ? (
        <Stack gap="sm">
          <Title order={1}>{document.title}</Title>
          {Object.entries(document.messages).map(([key, text]) =>
            key.endsWith('-heading') ? (
              <Title key={key} order={2} size="h4" mt="md">
                {text}
              </Title>
            ) : (
              <Text key={key}>{text}</Text>
            ),
          )}
        </Stack>
      ) : error ? (
        <Alert color="red" role="alert">
          {messages['something-wrong']}
        </Alert>
      ) : (
        <Loader aria-label={messages['loading']} />
      )}
    </Container>
  );
}
