/**
 * Every text of the document, each with its key, its text (editable) and where it appears in words
 * (text-places.ts), with a search over the three: a specialist finds "the date of birth message" without knowing
 * its key. A flow's texts are its step titles. Edits change the same draft JSON the code editor shows.
 */
import { Fieldset, ScrollArea, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { Json } from './document-edits.ts';
import { matchesSearch, setText, textsOf } from './text-places.ts';

type Props = { document: Json; readOnly: boolean; onChange: (document: Json) => void };

export function TextsList({ document, readOnly, onChange }: Props) {
  const [search, setSearch] = useState('');
  const texts = useMemo(() => textsOf(document), [document]);
  const shown = texts.filter((text) => matchesSearch(text, search));
  return (
    <Fieldset legend="Texts">
      <Stack gap="xs">
        <TextInput label="Search texts" description="Words of the text, its key or where it appears" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        <Text size="sm" role="status">
          {shown.length === texts.length ? `${texts.length} texts` : `${shown.length} of ${texts.length} texts`}
        </Text>
        <ScrollArea.Autosize mah={480} type="auto">
          <Stack gap="sm" pr="sm">
            {shown.map((text) => (
              <Textarea
                key={`${text.kind}-${text.key}`}
                label={text.kind === 'message' ? text.key : `Title of step ${text.key}`}
                description={`Where: ${text.places.join('; ')}`}
                autosize
                minRows={1}
                readOnly={readOnly}
                value={text.text}
                onChange={(e) => onChange(setText(document, text, e.currentTarget.value))}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Fieldset>
  );
}
