/**
 * Which of a ZIP code's counties a member lives in (a ZIP can reach several): the one whose name is the county on
 * file ('Clackamas' matches 'Clackamas County'), else the ZIP's first, which the lookup lists with the largest share
 * of its addresses. The shop's searches and the server's quote without a county both choose this way.
 */
const countyKey = (name: string | null | undefined) =>
  (name ?? '').toLowerCase().replace(/\s+(county|parish|borough)$/, '').trim();

export function chooseLocation<L extends { countyname: string }>(locations: readonly L[], county: string | null | undefined): L | null {
  return locations.find((location) => countyKey(location.countyname) === countyKey(county)) ?? locations[0] ?? null;
}
