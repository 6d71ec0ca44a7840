/**
 * Counties and states in the page's language: a county by the catalogue's words for its kind ('Condado de
 * Clackamas', 'Parroquia de Orleans'; src/domain/county-names.ts reads the crosswalk's name), a state by its name in
 * the language (src/domain/us-states.ts). Stored values stay the crosswalk's English; only what is shown changes.
 */
import { countyNameParts } from '#domain/county-names.ts';
import { stateName } from '#domain/us-states.ts';
import { formatMessage } from '#engine/core/messages.ts';
import { language, messages } from './messages.ts';

/** The county the crosswalk names ('Clackamas County') as the page's language says it; a name of no known kind as it is. */
export function countyLabel(countyname: string): string {
  const { kind, name } = countyNameParts(countyname);
  return kind === null ? name : formatMessage(messages[`county-name-${kind}`], { name });
}

/** The state of a postal code ('OR') as the page's language names it ('Oregón'). */
export function stateLabel(code: string): string {
  return stateName(code, language);
}
