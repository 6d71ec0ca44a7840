/**
 * The health-plan searches of Shop Health Plans (spec §7 Health plan search and Current-plan search, contract 2):
 * the member's county from the ZIP lookup (the county on file, else the ZIP's largest), then POST
 * /api/HealthPlanQuote with the §7 body built from the member on file and the effective date. The server quotes
 * for the stored member and dependents; the people in the body are the spec's wire shape only. Each search is
 * written to the event log as the spec's search log entry (§3, §9). Answers are cached by SWR per date.
 */
import type { Dependent, HealthPlan, HealthPlanQuote, Location, Member } from '#contracts/entities.ts';
import { chooseLocation } from '#domain/places/locations.ts';
import { SEARCH_LOG } from '#domain/parameters/enrollment.ts';
import { api } from '#portal/api/api-client.ts';
import useSWR from 'swr';

/** What a search needs of the wizard: the member and dependents on file. */
export type SearchPerson = { member: Member; dependents: Dependent[]; employerName: string };

/** A failed search: the screen shows its own message and a retry. */
export class PlanSearchError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PlanSearchError';
  }
}

/** POST /api/HealthPlanQuote's body (spec §7), for the member on file at this location and date. */
export function quoteRequest(person: SearchPerson, location: Location, effectiveDate: string) {
  const { member, dependents } = person;
  return {
    empinfo: { firstname: member.firstname, lastname: member.lastname, createdby: member.createdby, birthdate: member.birthdate },
    postalcode: location.zipcode,
    policyeffectivedaterequested: effectiveDate,
    gender: member.gender,
    issmoker: member.istobaccouser === 'Yes',
    accountid: member.accountid,
    countycode: location.countycode,
    countyname: location.countyname,
    state: location.state,
    city: location.city,
    memberdependentlist: dependents.map((dependent) => ({
      firstname: dependent.firstname,
      lastname: dependent.lastname,
      dateofbirth: dependent.dateofbirth,
      gender: dependent.gender,
      relationship: dependent.relationship,
      istobaccouser: dependent.istobaccouser,
    })),
  };
}

/** The search log entry (spec §3 Health-plan search log entry, §9 Search log) of one search. */
export function searchLogEntry(
  person: SearchPerson,
  search: { effectiveDate: string; location: Location | null; error: string | null; now: Date },
) {
  const { member } = person;
  return {
    id: null,
    ...SEARCH_LOG.value,
    employerid: member.accountid,
    employername: person.employerName || 'Unknown',
    membername: `${member.firstname} ${member.lastname}`.trim(),
    city: search.location?.city ?? member.city,
    state: search.location?.state ?? member.stateorprovince,
    zipcode: search.location?.zipcode ?? member.postalcode,
    dateofbirth: member.birthdate,
    policyeffectivedate: search.effectiveDate,
    gender: member.gender,
    error: search.error !== null,
    errormessage: search.error,
    createdon: search.now.toISOString(),
    ip: null,
    ipversion: null,
    ipcity: null,
    ipstate: null,
    ipcountry: null,
    ippostalcode: null,
    iplatitude: null,
    iplongitude: null,
    iptimezone: null,
    carriername: null,
    planname: null,
    planid: null,
    plancost: null,
  };
}

/** Writes the search log entry through the event log (spec §7 Event log: {title, data{description, User}}). */
async function logSearch(person: SearchPerson, entry: ReturnType<typeof searchLogEntry>): Promise<void> {
  await api.post('/api/LogFact/v2', {
    title: SEARCH_LOG.value.logtypetitle,
    data: { description: JSON.stringify(entry), User: person.member.emailaddress || 'Unknown' },
    accountid: person.member.accountid,
    memberid: person.member.id,
    action: SEARCH_LOG.value.logtypetitle,
    effectivedate: entry.policyeffectivedate,
  });
}

/** Runs one search: location, quote, log entry. Throws PlanSearchError with the server's (or the network's) reason. */
export async function searchPlans(person: SearchPerson, effectiveDate: string): Promise<HealthPlanQuote & { location: Location }> {
  const zip = person.member.postalcode ?? '';
  let location: Location | null = null;
  let error: string | null = null;
  let quote: HealthPlanQuote | null = null;
  const lookup = await api.get<{ locationlist: Location[] }>(`/api/USZipCounty/${encodeURIComponent(zip)}/`);
  if (!lookup.success) error = lookup.message;
  else location = chooseLocation(lookup.data.locationlist, person.member.county);
  if (location) {
    const answer = await api.post<HealthPlanQuote>('/api/HealthPlanQuote', quoteRequest(person, location, effectiveDate));
    if (answer.success) quote = answer.data;
    else error = answer.message;
  }
  await logSearch(person, searchLogEntry(person, { effectiveDate, location, error, now: new Date() }));
  if (!quote || !location) throw new PlanSearchError(error ?? '');
  return { ...quote, location };
}

/** The first part of a search's cache key (the staff console's preview answers the key with its sample's plans). */
export const PLAN_QUOTE_KEY = 'health-plan-quote';

/** The plans for a date (null waits), cached per member and date; `retry` searches again. */
export function usePlanSearch(person: SearchPerson, effectiveDate: string | null) {
  const key = effectiveDate ? [PLAN_QUOTE_KEY, person.member.id, person.member.postalcode, effectiveDate] : null;
  const { data, error, isLoading, isValidating, mutate } = useSWR(key, () => searchPlans(person, effectiveDate!), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  return { quote: data, failed: error !== undefined, loading: isLoading || (isValidating && !data), retry: () => void mutate() };
}

/** January 1 of the year after today: the current-plan search's date (spec §7, §9). */
export function nextYearDate(today: string): string {
  return `${Number(today.slice(0, 4)) + 1}-01-01`;
}

/** The member's current plan among the plans, by planid. */
export function findCurrentPlan(plans: readonly HealthPlan[] | undefined, currentplanid: string | null): HealthPlan | null {
  if (!currentplanid || !plans) return null;
  return plans.find((plan) => plan.planid === currentplanid) ?? null;
}
