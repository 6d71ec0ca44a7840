/**
 * formatCsv (csv.ts) as a stream, for a file too large to hold (the payroll report of 50,000 employees): write the
 * header, then each row (an array), and it reads as the bytes formatCsv gives for the same rows. Its own module:
 * csv-stringify's stream needs Node's Buffer, which the browser's plan export (csv.ts) must not load.
 */
import { stringify, type Stringifier } from 'csv-stringify';
import { PERSON_FILE } from './csv.ts';

export const csvFileStream = (): Stringifier => stringify(PERSON_FILE);
