/**
 * The second step of `npm run build` (after vite build): compiles the validators of every base form, as an employer
 * without an override gets it, into dist/validators/<hash>.js (writeBaseValidators), so the server reads them
 * instead of compiling on a form's first request. Its hash is the one the server computes for the form, so a file is
 * used exactly while the form's schemas are the ones it was compiled from.
 */
import { loadBaseContent } from '#server/content/base-content.ts';
import { defaultValidatorsRoot, writeBaseValidators } from '#server/content/validator-modules.ts';

const started = Date.now();
const written = await writeBaseValidators(defaultValidatorsRoot, loadBaseContent().forms.values());
console.log(`Validators of the base forms compiled into dist/validators (${written.length} modules) in ${Date.now() - started} ms.`);
