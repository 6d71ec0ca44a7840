/** The real forms behave as the spec says: messages, their order, the phases, and the calls they declare. */
import { describe, expect, it } from 'vitest';
import { padDependentBirthdates } from '#domain/enrollment/contribution.ts';
import { documentPart, fillCalls, firstMessage, message, validateForm, type FieldErrors } from '#engine/runtime/index.ts';
import { loadBaseContent } from '#server/content/base-content.ts';

const content = loadBaseContent();
const form = (id: string) => content.forms.get(id)!;
const flow = content.flows.get('enrollment')!;
const context = { today: '2026-11-21' };
const strength = 'Password must be at least 8 characters long, contain uppercase, lowercase, a number, and a special character.';

const validProfile = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  address1: '1 Main St',
  address2: null,
  phonenumber: '5551234567',
  postalcode: '02134',
  city: 'Boston',
  county: 'Suffolk',
  stateorprovince: 'MA',
  birthdate: '1980-05-04',
  gender: 'Female',
  istobaccouser: 'No',
  additionalid: '123456789',
  pcpname: 'Dr Who',
  pcpid: 'P1',
  existingpatient: 'yes',
  dependents: [
    { firstname: 'Kid', lastname: 'Lovelace', dateofbirth: '2015-03-03', gender: 'Male', relationship: 'child', istobaccouser: false, additionalid: '587654321' },
  ],
};

describe('set-password', () => {
  const check = (data: object, phase?: Parameters<typeof validateForm>[3]) => validateForm(form('set-password'), data, context, phase);

  const common = 'This password is too common or too easy to guess. Please choose another.';

  it('on submit shows every fault at once: strength and commonness on the password, both filled and equal on the confirmation', () => {
    const both = 'Both fields are required.';
    expect(check({})).toEqual({ '/password': [strength, common], '/confirmpassword': [both] });
    expect(check({ password: 'short', confirmpassword: '' })).toEqual({ '/password': [strength, common], '/confirmpassword': [both] });
    expect(check({ password: 'short', confirmpassword: 'other' })).toEqual({ '/password': [strength, common], '/confirmpassword': ['Passwords do not match.'] });
    expect(check({ password: 'Password1!' })).toEqual({ '/password': [common], '/confirmpassword': [both] });
    expect(check({ password: 'Quiet#Harbor72' })).toEqual({ '/confirmpassword': [both] });
    expect(check({ password: 'Quiet#Harbor72', confirmpassword: 'Quiet#Harbor73' })).toEqual({ '/confirmpassword': ['Passwords do not match.'] });
    expect(check({ password: 'Quiet#Harbor72', confirmpassword: 'Quiet#Harbor72' })).toEqual({});
  });

  it('names in its hint every rule that can refuse a password, the common one included', () => {
    const hint = (form('set-password').uiSchema as { password: { 'ui:options': { hint: string } } }).password['ui:options'].hint;
    for (const rule of ['8 characters', 'capital letter', 'small letter', 'number', '@ $ ! % * ? & #', 'no other symbols', 'not a common or easily guessed password']) {
      expect(hint).toContain(rule);
    }
  });

  it.each(['Password1!', 'P@ssw0rd1', 'Qwerty123!', 'Welcome1!', 'Abcdef1!', 'Iloveyou1!'])(
    'refuses the common password %s (zxcvbn-ts score below 3) in every phase',
    (password) => {
      for (const phase of ['change:/password', 'submit', 'server'] as const) {
        expect(check({ password, confirmpassword: password }, phase)).toEqual({ '/password': [common] });
      }
    },
  );

  it('while typing shows strength and commonness on the new password and "Password is empty." on the confirmation', () => {
    expect(check({ password: 'abc' }, 'change:/password')).toEqual({ '/password': [strength, common] });
    expect(check({ password: 'Harbor' }, 'change:/password')).toEqual({ '/password': [strength, common] });
    expect(check({ password: 'Quiet#Harbor72' }, 'change:/password')).toEqual({});
    expect(check({ confirmpassword: 'a' }, 'change:/confirmpassword')).toEqual({ '/confirmpassword': ['Password is empty.'] });
    expect(check({ password: 'x', confirmpassword: 'a' }, 'change:/confirmpassword')).toEqual({});
  });

  it('on the server checks the strength and commonness of {password} only', () => {
    expect(check({ password: 'Quiet#Harbor72' }, 'server')).toEqual({});
    expect(check({ password: 'weak' }, 'server')).toEqual({ '/password': [strength, common] });
    expect(check({}, 'server')).toEqual({ '/password': [strength, common] });
  });
});

describe('registration', () => {
  const doc = form('registration');

  it('asks for every field and the terms in the browser', () => {
    expect(validateForm(doc, { firstname: 'Ada', terms: false }, context)).toEqual({
      '/lastname': ['All fields are required.'],
      '/personalemailaddress': ['All fields are required.'],
      '/terms': ['Please accept the terms and conditions.'],
    });
    expect(validateForm(doc, { firstname: 'Ada', lastname: 'L', personalemailaddress: 'ada@example.test', terms: true }, context)).toEqual({});
  });

  it('validates memberdto on the server, terms accepted included', () => {
    const memberdto = { firstname: 'Ada', lastname: 'L', personalemailaddress: 'ada@example.test', accountid: '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a11', terms: true };
    expect(validateForm(doc, memberdto, context, 'server')).toEqual({});
    expect(validateForm(doc, { ...memberdto, firstname: '' }, context, 'server')).toEqual({ '/firstname': ['All fields are required.'] });
    expect(validateForm(doc, { ...memberdto, terms: false }, context, 'server')).toEqual({ '/terms': ['Please accept the terms and conditions.'] });
    const { terms: _omitted, ...withoutTerms } = memberdto;
    expect(validateForm(doc, withoutTerms, context, 'server')).toEqual({ '/terms': ['Please accept the terms and conditions.'] });
  });
});

describe('login', () => {
  it('needs an email of email type and a password', () => {
    expect(validateForm(form('login'), { email: 'nope' }, context)).toEqual({
      '/password': ['Password is required.'],
      '/email': ['Please enter a valid email address.'],
    });
  });
});

describe('profile', () => {
  const doc = form('profile');
  const check = (data: object, phase?: Parameters<typeof validateForm>[3]) => validateForm(doc, data, context, phase);

  it('accepts a complete profile, and a masked stored SSN in the browser', () => {
    expect(check(validProfile)).toEqual({});
    expect(check({ ...validProfile, additionalid: '***-**-6789' })).toEqual({});
  });

  it('keeps DOB between 1941-01-01 and today', () => {
    expect(check({ ...validProfile, birthdate: '1940-12-31' })).toEqual({ '/birthdate': ['DOB must be between 1941-01-01 and today.'] });
    // The child born in 2015 is then older than the member, which the dependent's own rule says too.
    expect(check({ ...validProfile, birthdate: '2026-11-22' })).toEqual({
      '/birthdate': ['DOB must be between 1941-01-01 and today.'],
      '/dependents/0/dateofbirth': ['Dependent #1: a child must be younger than you.'],
    });
    expect(check({ ...validProfile, birthdate: '1941-01-01' })).toEqual({});
  });

  it('checks smoker, ZIP and SSN with the spec messages', () => {
    expect(check({ ...validProfile, istobaccouser: 'Maybe', postalcode: '1234', additionalid: '12345' })).toEqual({
      '/postalcode': ['Please check the zipCode'],
      '/istobaccouser': ['Please select yes or no for Smoker field and try again!'],
      '/additionalid': ['Please enter a valid Social Security Number.'],
    });
    expect(check({ ...validProfile, additionalid: undefined })).toEqual({ '/additionalid': ['Please enter a valid Social Security Number.'] });
  });

  it("holds the additional enrollment information as a part: PCP Name, PCP ID, Existing Patient, with the whole form's rules and texts", () => {
    const part = documentPart(doc, 'additional-info')!;
    expect(part.title).toBe('Enter Additional Enrollment Information');
    expect(Object.keys(part.schema.properties as object)).toEqual(['pcpname', 'pcpid', 'existingpatient']);
    expect(part.schema.required).toEqual(['pcpname', 'pcpid', 'existingpatient']);
    expect(validateForm(part, { ...validProfile, firstname: '', pcpname: ' ', pcpid: undefined }, context)).toEqual({
      '/pcpname': ['PCP Name is required'],
      '/pcpid': ['PCP ID is required'],
    });
    expect(validateForm(part, { ...validProfile, existingpatient: 'maybe' }, context)).toEqual({ '/existingpatient': ['Existing Patient is required'] });
    const roles = doc.parts!['additional-info']!.messages!;
    expect(Object.fromEntries(Object.entries(roles).map(([role, key]) => [role, message(doc, key)]))).toEqual({
      title: 'Enter Additional Enrollment Information',
      open: 'Enter Additional Enrollment Information',
      save: 'Save',
      cancel: 'Cancel',
    });
  });

  it("names the SSN as the part the SSN-required notice asks for, with the spec's notice", () => {
    const ssn = doc.parts!.ssn!;
    expect(ssn.fields).toEqual(['additionalid']);
    expect(message(doc, ssn.messages!.notice!)).toBe('Your SSN is required when making an health insurance election, including when waiving coverage.');
  });

  it("reports each dependent's missing fields with its number; the blank dependent's placeholder DOB is missing", () => {
    const blank = { dateofbirth: '1900-01-01', relationship: 'child' };
    const errors: FieldErrors = check({ ...validProfile, dependents: [validProfile.dependents[0], blank] });
    expect(errors).toEqual({
      '/dependents/1/firstname': ['missing first name in dependent #2'],
      '/dependents/1/lastname': ['missing last name in dependent #2'],
      '/dependents/1/gender': ['missing gender in dependent #2'],
      '/dependents/1/istobaccouser': ['missing smoker in dependent #2'],
      '/dependents/1/dateofbirth': ['missing date of birth in dependent #2'],
      '/dependents/1/additionalid': ['missing SSN in dependent #2'],
    });
    const dependent = validProfile.dependents[0]!;
    expect(check({ ...validProfile, dependents: [dependent, { ...dependent, dateofbirth: undefined }] })).toEqual({
      '/dependents/1/dateofbirth': ['missing date of birth in dependent #2'],
    });
    expect(check({ ...validProfile, dependents: [dependent, { ...dependent, dateofbirth: '1940-12-31' }] })).toEqual({
      '/dependents/1/dateofbirth': ['Dependent #2 DOB must be between 1941-01-01 and today.', 'Dependent #2: a child must be younger than you.'],
    });
    expect(check({ ...validProfile, dependents: [{ ...dependent, dateofbirth: '2026-11-22' }] })).toEqual({
      '/dependents/0/dateofbirth': ['Dependent #1 DOB must be between 1941-01-01 and today.'],
    });
  });

  it('allows one spouse among the dependents: with two, each spouse is marked', () => {
    const child = validProfile.dependents[0]!;
    const spouse = { ...child, firstname: 'Pat', dateofbirth: '1981-02-02', relationship: 'spouse', additionalid: '587654322' };
    expect(check({ ...validProfile, dependents: [spouse, child] })).toEqual({});
    expect(check({ ...validProfile, dependents: [spouse, child, { ...spouse, firstname: 'Sam' }] })).toEqual({
      '/dependents/0/relationship': ['Dependent #1: only one dependent can be your spouse.'],
      '/dependents/2/relationship': ['Dependent #3: only one dependent can be your spouse.'],
    });
  });

  it("asks for the smoker answer with the §5 text on Next and on the server, the schema's text once the field is left", () => {
    const { istobaccouser: _smoker, ...noSmoker } = validProfile;
    const choice = 'Please select yes or no for Smoker field and try again!';
    expect(check(noSmoker)).toEqual({ '/istobaccouser': [choice] });
    expect(check(noSmoker, 'server')).toEqual({ '/istobaccouser': [choice] });
    expect(check({ ...validProfile, istobaccouser: 'Maybe' })).toEqual({ '/istobaccouser': [choice] });
    expect(check(noSmoker, 'change:/istobaccouser')).toEqual({ '/istobaccouser': ['Smoker field is required'] });
  });

  it('treats a value of only spaces as empty, on Next and on the server', () => {
    const blanks = { ...validProfile, firstname: '   ', address1: '\t ', city: ' ', pcpid: '  ', address2: '   ' };
    const expected = {
      '/firstname': ['First Name is required'],
      '/address1': ['Home Address is required'],
      '/city': ['City is required'],
      '/pcpid': ['PCP ID is required'],
    };
    expect(check(blanks)).toEqual(expected);
    const { dependents: _d, ...member } = blanks;
    expect(check(member, 'server')).toEqual(expected);
    const dependent = { ...validProfile.dependents[0]!, firstname: '  ', additionalid: '   ' };
    expect(check({ ...validProfile, dependents: [dependent] })).toEqual({
      '/dependents/0/firstname': ['missing first name in dependent #1'],
      '/dependents/0/additionalid': ['missing SSN in dependent #1'],
    });
    expect(validateForm(form('dependent'), { ...dependent, additionalid: undefined }, context, 'server')).toEqual({ '/firstname': ['First Name is required'] });
  });

  it.each([
    ['000123456', 'area 000'],
    ['666123456', 'area 666'],
    ['900123456', 'area 9xx'],
    ['999123456', 'area 9xx'],
    ['123004567', 'group 00'],
    ['123450000', 'serial 0000'],
    ['12345678', '8 digits'],
    ['1234567890', '10 digits'],
    ['12345678a', 'a letter'],
  ])('refuses the SSN %s (%s) for the member and a dependent, in the browser and on the server', (ssn) => {
    const invalid = 'Please enter a valid Social Security Number.';
    const { dependents: _d, ...member } = validProfile;
    expect(check({ ...validProfile, additionalid: ssn })).toEqual({ '/additionalid': [invalid] });
    expect(check({ ...member, additionalid: ssn }, 'server')).toEqual({ '/additionalid': [invalid] });
    const dependent = { ...validProfile.dependents[0]!, additionalid: ssn };
    expect(check({ ...validProfile, dependents: [dependent] })).toEqual({ '/dependents/0/additionalid': [invalid] });
    expect(validateForm(form('dependent'), dependent, context, 'server')).toEqual({ '/additionalid': [invalid] });
  });

  it('accepts issuable SSNs at the edges of the rule', () => {
    for (const ssn of ['001010001', '665999999', '667010001', '899999999']) {
      expect(check({ ...validProfile, additionalid: ssn }), ssn).toEqual({});
    }
  });

  it('checks the ZIP as 5 digits with the spec text', () => {
    for (const zip of ['1234', '123456', '1234a', '12 34']) {
      expect(check({ ...validProfile, postalcode: zip }), zip).toEqual({ '/postalcode': ['Please check the zipCode'] });
    }
    expect(check({ ...validProfile, postalcode: '  ' })).toEqual({ '/postalcode': ['ZIP Code is required'] });
  });

  it('validates a member update on the server: no dependents needed, an omitted SSN is kept, a masked one refused', () => {
    const { dependents: _dependents, additionalid: _ssn, ...member } = validProfile;
    expect(check(member, 'server')).toEqual({});
    expect(check({ ...member, additionalid: '***-**-6789' }, 'server')).toEqual({ '/additionalid': ['Please enter a valid Social Security Number.'] });
    expect(check({ ...member, firstname: null }, 'server')).toEqual({ '/firstname': ['First Name is required'] });
  });
});

/**
 * The dependent ages (ACA): counted on the coverage effective date the context gives, in the dependent document
 * (the server's check of one dependent, the employee's birth date in the context) and in the profile document (each
 * dependent of the list, the employee's birth date typed in the form) alike.
 */
describe('plausible dependents', () => {
  const effective = { ...context, effectiveDate: '2027-01-01' };
  const employeeBirthdate = '1980-05-04';
  const spouse = { firstname: 'Pat', lastname: 'Lovelace', gender: 'Male', relationship: 'spouse', istobaccouser: false, additionalid: '587654322' };
  const child = { ...spouse, firstname: 'Kid', relationship: 'child' };
  const tooYoung = 'A spouse must be at least 18 years old on the coverage effective date.';
  const tooOld = 'A child must be under 26 on the coverage effective date, unless disabled.';
  const older = 'A child must be younger than you.';
  const cases: Array<[label: string, dependent: Record<string, unknown>, message: string | null]> = [
    ['a spouse 18 exactly on the effective date', { ...spouse, dateofbirth: '2009-01-01' }, null],
    ['a spouse a day short of 18 on the effective date', { ...spouse, dateofbirth: '2009-01-02' }, tooYoung],
    ['a child 25 on the effective date (26 the day after)', { ...child, dateofbirth: '2001-01-02' }, null],
    ['a child 26 on the effective date', { ...child, dateofbirth: '2001-01-01' }, tooOld],
    ['a disabled child 26 on the effective date', { ...child, dateofbirth: '2001-01-01', isdisabled: true }, null],
    ['a child 26, not disabled', { ...child, dateofbirth: '2001-01-01', isdisabled: false }, tooOld],
    ['a child born the same day as the employee', { ...child, dateofbirth: employeeBirthdate, isdisabled: true }, older],
    ['a child older than the employee', { ...child, dateofbirth: '1979-12-31', isdisabled: true }, older],
  ];

  it.each(cases)('the dependent document on the server: %s', (_label, dependent, text) => {
    const errors = validateForm(form('dependent'), dependent, { ...effective, employeeBirthdate }, 'server');
    expect(errors).toEqual(text === null ? {} : { '/dateofbirth': [text] });
  });

  it.each(cases)('the profile document, as dependent #2: %s', (_label, dependent, text) => {
    const errors = validateForm(form('profile'), { ...validProfile, birthdate: employeeBirthdate, dependents: [validProfile.dependents[0], dependent] }, effective);
    const numbered = text && `Dependent #2: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
    expect(errors).toEqual(numbered === null ? {} : { '/dependents/1/dateofbirth': [numbered] });
  });

  it('counts no age without an effective date (the server always gives one) and no order without the employee\'s birth date', () => {
    expect(validateForm(form('dependent'), { ...child, dateofbirth: '1979-12-31' }, context, 'server')).toEqual({});
  });
});

describe('names have a letter', () => {
  it.each([
    ['profile', { ...validProfile, firstname: '---', lastname: "'" }, { '/firstname': ['First Name may not begin with =, +, - or @.', 'First Name must contain a letter.'], '/lastname': ['Last Name must contain a letter.'] }],
    ['registration', { firstname: '123', lastname: 'Ng', personalemailaddress: 'a@example.test', terms: true }, { '/firstname': ['First Name must contain a letter.'] }],
    ['dependent', { ...validProfile.dependents[0], lastname: '9' }, { '/lastname': ['Last Name must contain a letter.'] }],
  ])('%s: a name without a letter is refused with its message', (id, data, expected) => {
    expect(validateForm(form(id), data, context, 'server')).toEqual(expected);
  });

  it("profile: a dependent's name without a letter is named by the dependent's number; a letter of any alphabet counts", () => {
    const dependent = validProfile.dependents[0]!;
    expect(validateForm(form('profile'), { ...validProfile, dependents: [{ ...dependent, firstname: '..' }] }, context)).toEqual({
      '/dependents/0/firstname': ['Dependent #1: First Name must contain a letter.'],
    });
    expect(validateForm(form('profile'), { ...validProfile, firstname: 'Zoë', lastname: '李', dependents: [{ ...dependent, firstname: 'Ōta' }] }, context)).toEqual({});
  });
});

describe('names do not begin as a formula', () => {
  const first = 'First Name may not begin with =, +, - or @.';
  const last = 'Last Name may not begin with =, +, - or @.';
  it.each([
    ['profile', { ...validProfile, firstname: '=A1', lastname: '@SUM(A1)' }, { '/firstname': [first], '/lastname': [last] }],
    ['registration', { firstname: '+Ann', lastname: '-Ng', personalemailaddress: 'a@example.test', terms: true }, { '/firstname': [first], '/lastname': [last] }],
    ['dependent', { ...validProfile.dependents[0], firstname: '=Ann' }, { '/firstname': [first] }],
  ])('%s: a name beginning with =, +, - or @ is refused with its message', (id, data, expected) => {
    expect(validateForm(form(id), data, context, 'server')).toEqual(expected);
  });

  it("profile: a dependent's is named by the dependent's number; such a sign later in a name is no fault", () => {
    const dependent = validProfile.dependents[0]!;
    expect(validateForm(form('profile'), { ...validProfile, dependents: [{ ...dependent, lastname: '@Home' }] }, context)).toEqual({
      '/dependents/0/lastname': ['Dependent #1: Last Name may not begin with =, +, - or @.'],
    });
    expect(validateForm(form('profile'), { ...validProfile, firstname: 'Mary-Jane', lastname: "O'Neil+Smith", dependents: [{ ...dependent, lastname: "'t Hooft" }] }, context)).toEqual({});
  });
});

describe('affordability', () => {
  it('says what range an income or a household size must be in, and asks for a missing one', () => {
    const check = (data: object) => validateForm(form('affordability'), data, context);
    const income = 'Household income must be from $0 to $100,000,000 a year, in dollars and cents.';
    const size = 'Household size must be a whole number from 1 to 20.';
    expect(check({ householdincome: -1, householdsize: 21 })).toEqual({ '/householdincome': [income], '/householdsize': [size] });
    expect(check({ householdincome: 100_000_000.01, householdsize: 0 })).toEqual({ '/householdincome': [income], '/householdsize': [size] });
    expect(check({ householdincome: 1.001, householdsize: 2.5 })).toEqual({ '/householdincome': [income], '/householdsize': [size] });
    expect(check({ householdincome: 0, householdsize: 1 })).toEqual({});
    expect(check({ householdincome: 100_000_000, householdsize: 20 })).toEqual({});
    expect(check({})).toEqual({
      '/householdincome': ['Please enter your household income for the year.'],
      '/householdsize': ['Please enter how many people are in your household (1 to 20).'],
    });
  });
});

describe('dependent', () => {
  it('validates one dependent body on the server', () => {
    const dependent = validProfile.dependents[0]!;
    expect(validateForm(form('dependent'), dependent, context, 'server')).toEqual({});
    expect(validateForm(form('dependent'), { ...dependent, additionalid: undefined }, context, 'server')).toEqual({});
    expect(validateForm(form('dependent'), { ...dependent, dateofbirth: '1900-01-01', gender: null }, context, 'server')).toEqual({
      '/gender': ['Gender field is required'],
      '/dateofbirth': ['DOB must be between 1941-01-01 and today.'],
    });
  });
});

describe('contributions and waiver', () => {
  it('offers only the effective dates of the context and needs a health option', () => {
    const doc = form('contributions');
    const ctx = { ...context, effectiveDates: ['2026-12-01', '2027-01-01'] };
    expect(validateForm(doc, { effectivedate: '2027-01-01', healthoption: 'waive' }, ctx)).toEqual({});
    expect(validateForm(doc, { effectivedate: '2027-02-01', healthoption: 'other' }, ctx)).toEqual({
      '/healthoption': ['Please choose a health option.'],
      '/effectivedate': ['This effective date is not offered. Please choose one of the effective dates shown.'],
    });
    expect(validateForm(doc, { healthoption: 'buy' }, ctx)).toEqual({ '/effectivedate': ['Please choose an effective date.'] });
  });

  it('needs a reason, and the text when the reason is Other', () => {
    const doc = form('waiver');
    expect(validateForm(doc, {}, context)).toEqual({ '/waivecoveragereason': ['Please select a waiver reason'] });
    expect(validateForm(doc, { waivecoveragereason: 'Something else' }, context)).toEqual({ '/waivecoveragereason': ['Please select a waiver reason'] });
    expect(validateForm(doc, { waivecoveragereason: 'Other', waivecoveragereasonother: '  ' }, context)).toEqual({
      '/waivecoveragereasonother': ['Please enter a waiver reason'],
    });
    expect(validateForm(doc, { waivecoveragereason: 'Coverage under Medicare' }, context, 'server')).toEqual({});
  });

  it('says a reason in the person\'s words is too long, not that it is missing', () => {
    expect(validateForm(form('waiver'), { waivecoveragereason: 'Other', waivecoveragereasonother: 'x'.repeat(501) }, context)).toEqual({
      '/waivecoveragereasonother': ['Please keep the reason to 500 characters or fewer.'],
    });
  });
});

describe('acknowledgements (the cart)', () => {
  const check = (data: object, cart: { payrollDeductionCents: number; coverageChosen: boolean }) =>
    validateForm(form('acknowledgements'), data, { ...context, ...cart });
  const over = 'Your Spent Amount is Greater than Your Contribution Amount: please tick the box to acknowledge the pre-tax payroll deduction.';

  it("refuses an empty cart first: 'Cart is empty !'", () => {
    const errors = check({}, { payrollDeductionCents: 500, coverageChosen: false });
    expect(firstMessage(errors)).toBe('Cart is empty !');
    expect(check({}, { payrollDeductionCents: 0, coverageChosen: false })).toEqual({ '': ['Cart is empty !'] });
  });

  it('asks for the acknowledgment only when the elections (HSA included) come out of pay above the employer contribution', () => {
    expect(check({}, { payrollDeductionCents: 1500, coverageChosen: true })).toEqual({ '/deductionacknowledged': [over] });
    expect(check({ deductionacknowledged: false }, { payrollDeductionCents: 1, coverageChosen: true })).toEqual({ '/deductionacknowledged': [over] });
    expect(check({ deductionacknowledged: true }, { payrollDeductionCents: 1500, coverageChosen: true })).toEqual({});
    expect(check({}, { payrollDeductionCents: 0, coverageChosen: true })).toEqual({});
  });

  it('checks nothing while the box is being ticked (its rules run on Authorize only)', () => {
    const cart = { ...context, payrollDeductionCents: 1500, coverageChosen: false };
    expect(validateForm(form('acknowledgements'), {}, cart, 'change:/deductionacknowledged')).toEqual({});
  });
});

describe('declared calls', () => {
  it('saves the profile: the member without dependents (a masked SSN, which the server reads as "keep", as it is), then removed, new and changed dependents', () => {
    const stored = [{ id: 'd1', firstname: 'Old' }, { id: 'd2', firstname: 'Kept', additionalid: '***-**-1111' }];
    const data = {
      ...validProfile,
      additionalid: '***-**-6789',
      dependents: [{ firstname: 'New' }, { id: 'd2', firstname: 'Kept', additionalid: '***-**-1111' }],
    };
    const calls = fillCalls(flow.steps.profile!.calls!.submit!, { data, context, loaded: { member: { id: 'm1' }, dependents: { dependents: stored } } });
    const { dependents: _d, ...member } = data;
    expect(calls).toEqual([
      { id: 'update-member', method: 'PUT', path: '/api/Member', body: { member } },
      { id: 'delete-dependent', method: 'DELETE', path: '/api/Dependent/d1' },
      { id: 'create-dependent', method: 'POST', path: '/api/Dependent', body: { firstname: 'New' } },
      { id: 'update-dependent', method: 'PUT', path: '/api/Dependent', body: { id: 'd2', firstname: 'Kept', additionalid: '***-**-1111' } },
      { id: 'orders', method: 'GET', path: '/api/Order/GetOrderByMember' },
    ]);
  });

  it('after saving, searches the next-year plans for the current plan (only with a currentplanid), then reads the orders; both optional', () => {
    const submit = flow.steps.profile!.calls!.submit!;
    const loaded = { member: { id: 'm1', accountid: 'acc-1', emailaddress: 'ada@example.test', currentplanid: 'PLAN-1' }, dependents: { dependents: [] } };
    const data = { ...validProfile, county: 'Suffolk' };
    const calls = fillCalls(submit, { data, context, loaded, screens: { profile: { currentPlanDate: '2027-01-01' } } });
    expect(calls.slice(-2)).toEqual([
      {
        id: 'current-plans',
        method: 'POST',
        path: '/api/HealthPlanQuote',
        body: {
          empinfo: { firstname: 'Ada', lastname: 'Lovelace', createdby: 'ada@example.test', birthdate: '1980-05-04' },
          postalcode: '02134',
          policyeffectivedaterequested: '2027-01-01',
          gender: 'Female',
          issmoker: 'No',
          accountid: 'acc-1',
          countyname: 'Suffolk',
          state: 'MA',
          city: 'Boston',
          memberdependentlist: [{ dateofbirth: '2015-03-03', gender: 'Male', relationship: 'child', istobaccouser: false }],
        },
      },
      { id: 'orders', method: 'GET', path: '/api/Order/GetOrderByMember' },
    ]);
    // No SSN leaves for the search.
    expect(JSON.stringify(calls.at(-2))).not.toContain(validProfile.additionalid);
    expect(submit.filter((c) => c.optional).map((c) => c.id)).toEqual(['current-plans', 'orders']);
  });

  it("loads the employer, then the monthly contribution with the member's class and the birthdates the screen padded", () => {
    const scope = {
      data: { effectivedate: '2026-12-01', healthoption: 'buy' },
      loaded: { member: { accountid: 'acc-1', birthdate: '1980-05-04', stateorprovince: 'MA', contributionclass: null } },
      screens: { contributions: { dependentBirthdates: padDependentBirthdates(['2015-03-03']) } },
    };
    expect(fillCalls(flow.steps.contributions!.calls!.load!, scope)).toEqual([
      { id: 'employer', method: 'GET', path: '/api/Employer/acc-1' },
      {
        id: 'contribution',
        method: 'GET',
        path: '/api/EmployerContribution/GetMonthlyEmployerContributionWithClass/acc-1/2026-12-01/1980-05-04/MA/empty/2015-03-03/1920-01-01/1920-01-01/1920-01-01/1920-01-01',
      },
    ]);
    const waiving = fillCalls(flow.steps.contributions!.calls!.load!, { ...scope, data: { effectivedate: '2026-12-01', healthoption: 'waive' } });
    expect(waiving.map((c) => c.path)).toContain('/api/EmployerContribution/GetWaivedContribution/acc-1/2026-12-01/1980-05-04/MA');
  });

  it('authorizes the cart in one call with the request and the Idempotency-Key the cart gives', () => {
    const authorization = { effectivedate: '2026-12-01', healthoption: 'waive', postalcode: '02134', countycode: '25025', hsamonthly: 0 };
    const idempotencyKey = '6b1f0a52-0c1e-4c55-9b7a-3a4c0c3c2f10';
    expect(fillCalls(flow.steps.cart!.calls!.submit!, { screens: { cart: { authorization, idempotencyKey } } })).toEqual([
      {
        id: 'authorize',
        method: 'POST',
        path: '/api/Enrollment/Authorize',
        body: authorization,
        headers: { 'Idempotency-Key': idempotencyKey },
      },
    ]);
    // Without a key the call is not made.
    expect(() => fillCalls(flow.steps.cart!.calls!.submit!, { screens: { cart: { authorization } } })).toThrow(/Idempotency-Key/);
  });

  it('registers with the employer from the link, the company from the branding or empty', () => {
    const [call] = fillCalls(form('registration').calls!.submit!, {
      data: { firstname: 'Ada', lastname: 'L', personalemailaddress: 'a@b.co', terms: true },
      context,
      params: { accountid: 'acc-1' },
      loaded: { branding: { accountname: 'Acme' } },
    });
    expect(call).toEqual({
      id: 'register',
      method: 'POST',
      path: '/api/Member/Register',
      body: { memberdto: { firstname: 'Ada', lastname: 'L', personalemailaddress: 'a@b.co', accountid: 'acc-1', terms: true }, company: 'Acme' },
    });
    const [unbranded] = fillCalls(form('registration').calls!.submit!, { data: { firstname: 'Ada' }, params: { accountid: 'acc-1' } });
    expect(unbranded!.body).toEqual({ memberdto: { firstname: 'Ada', accountid: 'acc-1' }, company: '' });
  });
});
