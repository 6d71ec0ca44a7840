/**
 * 'ui:widget': 'county-name' — a county as the ZIP crosswalk names it ('Marion County'), shown in the page's
 * language ('Condado de Marion'; the catalogue's 'county-name-<kind>' words, src/domain/places/county-names.ts). The value
 * stored and sent stays the crosswalk's name, which the server checks against the crosswalk. A text field as
 * before: the ZIP lookup fills it, and a person may type in it; what they type in the page's words is stored as
 * the crosswalk's name ('Condado de Polk' -> 'Polk County'), anything else as typed.
 */
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { countyFromWords, countyInWords, type CountyWords } from '#domain/places/county-names.ts';
import { catalogueTexts } from '#portal/messages.ts';

/** How the page's language says each kind of county (each text read when used). */
const COUNTY_WORDS: CountyWords = catalogueTexts({
  county: 'county-name-county',
  parish: 'county-name-parish',
  borough: 'county-name-borough',
  'city-and-borough': 'county-name-city-and-borough',
  'census-area': 'county-name-census-area',
  municipality: 'county-name-municipality',
  municipio: 'county-name-municipio',
  city: 'county-name-city',
});

export function CountyNameWidget(props: WidgetProps) {
  const { TextWidget } = props.registry.widgets;
  const stored = typeof props.value === 'string' ? props.value : '';
  // What the person typed, shown as typed while it still stands for the stored value; a value set from elsewhere
  // (the ZIP lookup, a form opened with it) is shown in the page's words.
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed !== null && countyFromWords(typed, COUNTY_WORDS) === stored ? typed : countyInWords(stored, COUNTY_WORDS);

  return (
    <TextWidget
      {...props}
      value={shown}
      onChange={(value: unknown) => {
        const text = typeof value === 'string' ? value : '';
        setTyped(text);
        props.onChange(text === '' ? value : countyFromWords(text, COUNTY_WORDS));
      }}
    />
  );
}
