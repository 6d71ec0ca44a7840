/**
 * What the staff API answers the console's preview for its sample employee (GET .../preview-sample): two plans
 * (one HSA-eligible), an HSA limit, one additional service with its Spanish where asked in Spanish, and the
 * employer's contribution of $450.00. Written as the wire has it (dollars) and handed over as the console's client
 * does, its amounts decoded to cents (src/staff/api/staff-money.ts).
 */
import type { HealthPlan } from '../../src/contracts/entities.ts';
import type { PreviewSample } from '../../src/contracts/staff/staff-preview.ts';
import { staffMoney } from '../../src/staff/api/staff-money.ts';

/** Whether a staff API path is the preview's read of its sample for the employer. */
export const isSamplePath = (path: string, accountid: string) => path.startsWith(`/api/staff/employers/${accountid}/preview-sample?`);

const plan = (planid: string, planname: string, metallevel: HealthPlan['metallevel'], rate: number, hsa: boolean): HealthPlan => ({
  id: planid,
  planid,
  planname,
  issuername: 'Sample Health',
  plantype: 'EPO',
  metallevel,
  rate,
  planeffectivedate: '2027-01-01',
  ishsaeligible: hsa ? 'Yes' : 'No',
  annualdeductibleindividual: 7000,
  annualdeductiblefamily: 14000,
  annualoopmaxindividual: 9000,
  annualoopmaxfamily: 18000,
  primarycarevisit: '$40',
  genericdrugs: '$15',
  urgentcare: '$60',
  emergencyroomservices: '$500',
  inpatienthospitalservices: '30%',
  urlforbenefitsummarycoverage: null,
  providerlink: null,
  benefits: {},
});

/** What the server figures for the sample employee (GET .../preview-sample), its service in the language asked. */
export function sampleOf(path: string): PreviewSample {
  return staffMoney.centsOfAnswer('GET', path, wireSample(path)) as PreviewSample;
}

function wireSample(path: string): PreviewSample {
  const language = new URL(path, 'http://console').searchParams.get('language') ?? 'en';
  return {
  quote: {
    healthplans: [plan('11111OR0010001', 'Sample Bronze HSA', 'Bronze', 412.5, true), plan('11111OR0010002', 'Sample Silver PPO', 'Silver', 528.75, false)],
    planyear: 2027,
    ratesyear: 2027,
    estimated: false,
    message: null,
    location: { city: 'Portland', countyname: 'Multnomah County', countycode: '41051', statename: 'Oregon', state: 'OR', zipcode: '97201', share: 1 },
  },
  hsalimit: { annuallimit: 4400, monthsleft: 12, maxmonthly: 366.66, tier: 'self-only', catchup: 0, figuresyear: 2027, eligiblemonths: 12, proratedlimit: 4400 },
  productlist: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      productname: 'Sample Vision Care',
      vendorname: 'Sample Vision',
      description: language === 'es' ? 'Exámenes de la vista y lentes.' : 'Eye exams and lenses.',
      descriptionlang: language === 'es' ? 'es' : 'en',
      category: 'vision',
      subcategory: null,
      taxstatus: 'post-tax',
      options: [
        { id: '00000000-0000-4000-8000-0000000000d1', option: language === 'es' ? 'Individual (es)' : 'Individual', optionlang: language === 'es' ? 'es' : 'en', cost: 9.99 },
        { id: '00000000-0000-4000-8000-0000000000d2', option: 'Family', optionlang: 'en', cost: 24.5 },
      ],
    },
  ],
  contribution: 450,
  };
}

