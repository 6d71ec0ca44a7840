/**
 * The US states, the District of Columbia and the territories a home address may be in: postal code, name and
 * Spanish name (shared by the state picker and the ZIP lookup). The Spanish names are the traditional ones Fundéu
 * RAE recommends ("Estados Unidos: nombres de los estados", fundeu.es/recomendacion/estados-unidos-nombres-de-los-estados-toponimos:
 * Carolina del Norte, Hawái, Luisiana, Misisipi, Misuri, Nuevo Hampshire, Nueva Jersey, Nuevo México, Nueva York,
 * Oregón, Pensilvania, Texas, Virginia Occidental...); `es` is given where it differs (the others keep their
 * name in Spanish, and the portal's bundle stays small). The District and the
 * territories go by their usual Spanish names (Distrito de Columbia, Samoa Estadounidense, Islas Marianas del
 * Norte, Islas Vírgenes de los Estados Unidos).
 */
export const US_STATES: ReadonlyArray<{ code: string; name: string; es?: string }> = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia', es: 'Distrito de Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii', es: 'Hawái' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana', es: 'Luisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi', es: 'Misisipi' },
  { code: 'MO', name: 'Missouri', es: 'Misuri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire', es: 'Nuevo Hampshire' },
  { code: 'NJ', name: 'New Jersey', es: 'Nueva Jersey' },
  { code: 'NM', name: 'New Mexico', es: 'Nuevo México' },
  { code: 'NY', name: 'New York', es: 'Nueva York' },
  { code: 'NC', name: 'North Carolina', es: 'Carolina del Norte' },
  { code: 'ND', name: 'North Dakota', es: 'Dakota del Norte' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon', es: 'Oregón' },
  { code: 'PA', name: 'Pennsylvania', es: 'Pensilvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina', es: 'Carolina del Sur' },
  { code: 'SD', name: 'South Dakota', es: 'Dakota del Sur' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia', es: 'Virginia Occidental' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
  { code: 'AS', name: 'American Samoa', es: 'Samoa Estadounidense' },
  { code: 'GU', name: 'Guam' },
  { code: 'MP', name: 'Northern Mariana Islands', es: 'Islas Marianas del Norte' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'VI', name: 'U.S. Virgin Islands', es: 'Islas Vírgenes de los Estados Unidos' },
];

const BY_CODE: ReadonlyMap<string, { name: string; es?: string }> = new Map(US_STATES.map((state) => [state.code, state]));

/** The state's name for its postal code in English or Spanish ('OR' -> 'Oregon', 'Oregón'); the code itself when unknown. */
export function stateName(code: string, language: 'en' | 'es' = 'en'): string {
  const state = BY_CODE.get(code);
  if (!state) return code;
  return language === 'es' ? (state.es ?? state.name) : state.name;
}
