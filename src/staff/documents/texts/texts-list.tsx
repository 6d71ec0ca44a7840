/**
 * Every text of the document in English and Spanish side by side, each titled by what the employee sees (the
 * screen, the field's label, the kind of text: "Personal Details › First Name › error when left empty"), its key
 * or pointer and where it appears in words below (text-places.ts), with a search over all of them: a specialist finds "the date of birth message" without
 * knowing its key. The English column changes the text itself, the Spanish one the draft's
 * `translations.es[<pointer of the text>]` (emptied: removed, so employees reading Spanish get the English). How
 * many texts have no Spanish, or one to review (the English changed while the Spanish is still the base
 * document's), is counted, and "Missing Spanish" shows only those. A Spanish text the server would refuse (its
 * {marks} differ from the English) says why under it before any save. Edits change the same draft JSON the code
 * editor shows. A form has a hundred texts and more, two text boxes each: the list draws the first PAGE of those
 * that match and more on request, so the editor stays quick to open and to type in.
 */
import { Alert, Button, Checkbox, Fieldset, List, ScrollArea, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Json } from '../document-edits.ts';
import { matchesSearch, setText, textEntries, type TextEntry } from './text-places.ts';
import { setTranslation, translationChecks, translationOf, translationStates, type TranslationState } from './text-translations.ts';

/** `base`: the base document (with its own Spanish), null for a form of the employer's own. */
type Props = { document: Json; base: Json | null; readOnly: boolean; onChange: (document: Json) => void };

const STATE_WORDS: Record<TranslationState, string | undefined> = {
  missing: 'No Spanish yet: employees reading Spanish get the English.',
  review: "To review: the English was changed, and this Spanish is still the base document's.",
  translated: undefined,
};

/** How many texts the list draws at first, and more each time more are asked for. */
const PAGE = 20;

/** "3 texts have no Spanish; 1 to review (its English changed since)". */
function missingWords(missing: number, review: number): string {
  if (missing === 0 && review === 0) return 'Every text has its Spanish.';
  const none = `${missing} ${missing === 1 ? 'text has' : 'texts have'} no Spanish`;
  return review === 0 ? `${none}.` : `${none}; ${review} to review (${review === 1 ? 'its' : 'their'} English changed since).`;
}

type RowProps = {
  text: TextEntry;
  spanish: string | undefined;
  state: TranslationState;
  problems: string | undefined;
  readOnly: boolean;
  onEnglish: (pointer: string, text: string) => void;
  onSpanish: (pointer: string, text: string) => void;
};

/** One text, English beside Spanish. Drawn again only when its own words change: a document has a hundred texts and more. */
const TextRow = memo(
  function TextRow({ text, spanish, state, problems, readOnly, onEnglish, onSpanish }: RowProps) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
        <Textarea
          label={text.title}
          description={`${text.key === text.pointer ? `Pointer ${text.pointer}` : `Key ${text.key}`} · where: ${text.places.join('; ')}`}
          autosize
          minRows={1}
          readOnly={readOnly}
          value={text.text}
          onChange={(e) => onEnglish(text.pointer, e.currentTarget.value)}
        />
        <Textarea
          label={`${text.title} in Spanish`}
          lang="es"
          description={STATE_WORDS[state]}
          error={problems}
          autosize
          minRows={1}
          readOnly={readOnly}
          value={spanish ?? ''}
          onChange={(e) => onSpanish(text.pointer, e.currentTarget.value)}
        />
      </SimpleGrid>
    );
  },
  (before, after) =>
    before.text.pointer === after.text.pointer &&
    before.text.title === after.text.title &&
    before.text.text === after.text.text &&
    before.text.places.join('\n') === after.text.places.join('\n') &&
    before.spanish === after.spanish &&
    before.state === after.state &&
    before.problems === after.problems &&
    before.readOnly === after.readOnly &&
    before.onEnglish === after.onEnglish &&
    before.onSpanish === after.onSpanish,
);

export function TextsList({ document, base, readOnly, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [drawn, setDrawn] = useState(PAGE);
  // With "Missing Spanish" on, a text edited stays shown while it is being translated (its state changes as one types).
  const [missingOnly, setMissingOnly] = useState<Set<string> | null>(null);
  const texts = useMemo(() => textEntries(document), [document]);
  const spanish = useMemo(() => translationOf(document, 'es'), [document]);
  const states = useMemo(() => translationStates(document, base, 'es'), [document, base]);
  const { byPointer: problems, strays } = useMemo(() => translationChecks(document, 'es'), [document]);
  const toReview = texts.filter((text) => states.get(text.pointer) === 'review').length;
  const missing = texts.filter((text) => states.get(text.pointer) === 'missing').length;
  const listed = missingOnly === null ? texts : texts.filter((text) => states.get(text.pointer) !== 'translated' || missingOnly.has(text.pointer));
  const shown = listed.filter((text) => matchesSearch(text, search, spanish[text.pointer]));
  const more = Math.min(PAGE, shown.length - drawn);
  // The rows' handlers stay the same from one draft to the next (TextRow is drawn again only when its words change).
  const latest = useRef({ document, onChange });
  useLayoutEffect(() => {
    latest.current = { document, onChange };
  });
  const edited = useCallback((pointer: string, edit: (draft: Json) => Json) => {
    setMissingOnly((kept) => (kept === null || kept.has(pointer) ? kept : new Set([...kept, pointer])));
    latest.current.onChange(edit(latest.current.document));
  }, []);
  const onEnglish = useCallback((pointer: string, text: string) => edited(pointer, (draft) => setText(draft, pointer, text)), [edited]);
  const onSpanish = useCallback((pointer: string, text: string) => edited(pointer, (draft) => setTranslation(draft, 'es', pointer, text)), [edited]);
  const removeStrays = () => onChange([...strays.keys()].reduce((draft, pointer) => setTranslation(draft, 'es', pointer, ''), document));
  return (
    <Fieldset legend="Texts">
      <Stack gap="xs">
        <TextInput
          label="Search texts"
          description="Words of the text in English or Spanish, its title, its key or where it appears"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setDrawn(PAGE);
          }}
        />
        <Checkbox
          label="Missing Spanish"
          description={missingWords(missing, toReview)}
          checked={missingOnly !== null}
          onChange={(e) => {
            setMissingOnly(e.currentTarget.checked ? new Set() : null);
            setDrawn(PAGE);
          }}
        />
        <Text size="sm" role="status">
          {shown.length === texts.length ? `${texts.length} texts` : `${shown.length} of ${texts.length} texts`}
        </Text>
        {strays.size > 0 && (
          <Alert color="red" title="Spanish texts of no text of this document" role="alert">
            <Text size="sm">The server refuses the draft with them: their English text was removed or moved.</Text>
            <List size="sm">
              {[...strays].map(([pointer, reason]) => (
                <List.Item key={pointer}>
                  {pointer}: {reason}
                </List.Item>
              ))}
            </List>
            {!readOnly && (
              <Button mt="xs" size="xs" variant="default" onClick={removeStrays}>
                Remove These Spanish Texts
              </Button>
            )}
          </Alert>
        )}
        <ScrollArea.Autosize mah={560} type="auto">
          <Stack gap="md" pr="sm">
            {shown.slice(0, drawn).map((text) => (
              <TextRow
                key={text.pointer}
                text={text}
                spanish={spanish[text.pointer]}
                state={states.get(text.pointer) ?? 'missing'}
                problems={problems.get(text.pointer)?.join('; ')}
                readOnly={readOnly}
                onEnglish={onEnglish}
                onSpanish={onSpanish}
              />
            ))}
            {more > 0 && (
              <Button variant="default" w="fit-content" onClick={() => setDrawn(drawn + PAGE)}>
                {`Show ${more} More ${more === 1 ? 'Text' : 'Texts'} (${shown.length - drawn} not shown)`}
              </Button>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Fieldset>
  );
}
