/**
 * The US states, the District of Columbia and the territories a home address may be in: postal code, name and
 * Spanish name (shared by the state picker and the ZIP lookup). The Spanish names are the traditional ones Fundéu
 * RAE recommends ("Estados Unidos: nombres de los estados", fundeu.es/recomendacion/estados-unidos-nombres-de-los-estados-toponimos:
 * Carolina del Norte, Hawái, Luisiana, Misisipi, Misuri, Nuevo Hampshire, Nueva Jersey, Nuevo México, Nueva York,
 * Oregón, Pensilvania, Texas, Virginia Occidental...); a state without one keeps its name. The District and the
 * territories go by their usual Spanish names (Distrito de Columbia, Samoa Estadounidense, Islas Marianas del
 * Norte, Islas Vírgenes de los Estados Unidos).
 */
export const US_STATES: ReadonlyArray<{ code: string; name: string; es: string }> = [
  { code: 'AL', name: 'Alabama', es: 'Alabama' },
  { code: 'AK', name: 'Alaska', es: 'Alaska' },
  { code: 'AZ', name: 'Arizona', es: 'Arizona' },
  { code: 'AR', name: 'Arkansas', es: 'Arkansas' },
  { code: 'CA', name: 'California', es: 'California' },
  { code: 'CO', name: 'Colorado', es: 'Colorado' },
  { code: 'CT', name: 'Connecticut', es: 'Connecticut' },
  { code: 'DE', name: 'Delaware', es: 'Delaware' },
  { code: 'DC', name: 'District of Columbia', es: 'Distrito de Columbia' },
  { code: 'FL', name: 'Florida', es: 'Florida' },
  { code: 'GA', name: 'Georgia', es: 'Georgia' },
  { code: 'HI', name: 'Hawaii', es: 'Hawái' },
  { code: 'ID', name: 'Idaho', es: 'Idaho' },
  { code: 'IL', name: 'Illinois', es: 'Illinois' },
  { code: 'IN', name: 'Indiana', es: 'Indiana' },
  { code: 'IA', name: 'Iowa', es: 'Iowa' },
  { code: 'KS', name: 'Kansas', es: 'Kansas' },
  { code: 'KY', name: 'Kentucky', es: 'Kentucky' },
  { code: 'LA', name: 'Louisiana', es: 'Luisiana' },
  { code: 'ME', name: 'Maine', es: 'Maine' },
  { code: 'MD', name: 'Maryland', es: 'Maryland' },
  { code: 'MA', name: 'Massachusetts', es: 'Massachusetts' },
  { code: 'MI', name: 'Michigan', es: 'Michigan' },
  { code: 'MN', name: 'Minnesota', es: 'Minnesota' },
  { code: 'MS', name: 'Mississippi', es: 'Misisipi' },
  { code: 'MO', name: 'Missouri', es: 'Misuri' },
  { code: 'MT', name: 'Montana', es: 'Montana' },
  { code: 'NE', name: 'Nebraska', es: 'Nebraska' },
  { code: 'NV', name: 'Nevada', es: 'Nevada' },
  { code: 'NH', name: 'New Hampshire', es: 'Nuevo Hampshire' },
  { code: 'NJ', name: 'New Jersey', es: 'Nueva Jersey' },
  { code: 'NM', name: 'New Mexico', es: 'Nuevo México' },
  { code: 'NY', name: 'New York', es: 'Nueva York' },
  { code: 'NC', name: 'North Carolina', es: 'Carolina del Norte' },
  { code: 'ND', name: 'North Dakota', es: 'Dakota del Norte' },
  { code: 'OH', name: 'Ohio', es: 'Ohio' },
  { code: 'OK', name: 'Oklahoma', es: 'Oklahoma' },
  { code: 'OR', name: 'Oregon', es: 'Oregón' },
  { code: 'PA', name: 'Pennsylvania', es: 'Pensilvania' },
  { code: 'RI', name: 'Rhode Island', es: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina', es: 'Carolina del Sur' },
  { code: 'SD', name: 'South Dakota', es: 'Dakota del Sur' },
  { code: 'TN', name: 'Tennessee', es: 'Tennessee' },
  { code: 'TX', name: 'Texas', es: 'Texas' },
  { code: 'UT', name: 'Utah', es: 'Utah' },
  { code: 'VT', name: 'Vermont', es: 'Vermont' },
  { code: 'VA', name: 'Virginia', es: 'Virginia' },
  { code: 'WA', name: 'Washington', es: 'Washington' },
  { code: 'WV', name: 'West Virginia', es: 'Virginia Occidental' },
  { code: 'WI', name: 'Wisconsin', es: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming', es: 'Wyoming' },
  { code: 'AS', name: 'American Samoa', es: 'Samoa Estadounidense' },
  { code: 'GU', name: 'Guam', es: 'Guam' },
  { code: 'MP', name: 'Northern Mariana Islands', es: 'Islas Marianas del Norte' },
  { code: 'PR', name: 'Puerto Rico', es: 'Puerto Rico' },
  { code: 'VI', name: 'U.S. Virgin Islands', es: 'Islas Vírgenes de los Estados Unidos' },
];

const BY_CODE: ReadonlyMap<string, { name: string; es: string }> = new Map(US_STATES.map((state) => [state.code, state]));

/** The state's name for its postal code in English or Spanish ('OR' -> 'Oregon', 'Oregón'); the code itself when unknown. */
export function stateName(code: string, language: 'en' | 'es' = 'en'): string {
  const state = BY_CODE.get(code);
  if (!state) return code;
  return language === 'es' ? state.es : state.name;
}
