/**
 * The columns of a census file, apart from its reader (census.ts): the console names them in its hint, and
 * importing the reader would bring the CSV parser and writer into the console's bundle (csv-stringify reads
 * Node's Buffer as it loads, which the browser has not).
 */

/** The columns a census may have; the header names them (any order, any case). */
export const CENSUS_COLUMNS = ['firstname', 'lastname', 'email', 'birthdate', 'class', 'zip', 'hiredate', 'externalid'] as const;
export type CensusColumn = (typeof CENSUS_COLUMNS)[number];
export const REQUIRED_CENSUS_COLUMNS: readonly CensusColumn[] = ['firstname', 'lastname', 'email', 'birthdate'];
