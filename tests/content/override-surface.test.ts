/**
 * The override surface the base documents declare (src/engine/authoring/override-surface.ts): each locked part refused
 * at the pointer of the change with the document's why, and what stays the employer's accepted. Run through
 * applyOverride, as a draft save, a publish, a roll back and `npm run forms:check` run it.
 */
import { describe, expect, it } from 'vitest';
import { lockedParts, overrideSurfaceProblems, uiPointersOf } from '#engine/authoring/index.ts';
import { compileWithAjv, schemaIdentifiers } from '#engine/compile/index.ts';
import { mergeDocument } from '#engine/documents/index.ts';
import { rules, type FormDocument } from '#engine/runtime/index.ts';
import { applyOverride } from '#server/content/apply-override.ts';
import { loadBaseContent } from '#server/content/base-content.ts';
import { OWN_FORM, OWN_FORM_ID, OWN_STEP_FLOW_PATCH } from '../fixtures/own-step.ts';

const base = loadBaseContent();
const problems = (id: string, patch: unknown) => applyOverride(base, id, patch).problems;
const profile = base.forms.get('profile')!;
const profileRequired = profile.schema.required as string[];

describe('the locked parts of the base documents', () => {
  it.each([
    ['the ICHRA acknowledgment switched off', 'enrollment', { steps: { 'ichra-acknowledgment': { when: false } } }, '/steps/ichra-acknowledgment/when', 'ICHRA rules'],
    ["the ICHRA acknowledgment's condition changed inside", 'enrollment', { steps: { 'ichra-acknowledgment': { when: { '!=': [{ var: 'choice.option' }, 'buy'] } } } }, '/steps/ichra-acknowledgment/when/!=/1', 'ICHRA rules'],
    ['the ICHRA acknowledgment removed', 'enrollment', { steps: { 'ichra-acknowledgment': null } }, '/steps/ichra-acknowledgment', 'ICHRA rules'],
    ['the cart switched off', 'enrollment', { steps: { cart: { when: false } } }, '/steps/cart/when', 'authorize call'],
    ["the cart's authorize call changed", 'enrollment', { steps: { cart: { calls: { submit: [{ id: 'authorize', method: 'POST', path: '/api/Enrollment/Authorize' }] } } } }, '/steps/cart/calls/submit/0/headers', 'authorize call'],
    ["the profile's Next condition changed", 'enrollment', { steps: { profile: { canProceed: true } } }, '/steps/profile/canProceed', 'prices and contributions'],
    ['the contributions step moved', 'enrollment', { steps: { contributions: { order: 9 } } }, '/steps/contributions/order', 'contribution'],
    ["the choice's form changed", 'enrollment', { steps: { choice: { formWhen: false } } }, '/steps/choice/formWhen', 'waiver'],
    ['a ZIP retyped', 'profile', { schema: { properties: { postalcode: { $ref: null, type: 'string', maxLength: 10 } } } }, '/schema/properties/postalcode/$ref', 'ZIP code'],
    ['the ZIP lookup changed', 'profile', { uiSchema: { postalcode: { 'ui:options': { lookup: { path: '/api/Elsewhere/{value}' } } } } }, '/uiSchema/postalcode/ui:options/lookup/path', 'ZIP code'],
    ['the county hidden', 'profile', { uiSchema: { county: { 'ui:widget': 'hidden' } } }, '/uiSchema/county/ui:widget', 'county'],
    ['the state shown only sometimes', 'profile', { uiSchema: { stateorprovince: { 'ui:showWhen': false } } }, '/uiSchema/stateorprovince/ui:showWhen', 'state'],
    ['tobacco use retyped', 'profile', { schema: { properties: { istobaccouser: { type: 'boolean', enum: null } } } }, '/schema/properties/istobaccouser/type', 'Tobacco'],
    ['the date every date of birth uses loosened', 'profile', { schema: { definitions: { date: { format: null } } } }, '/schema/definitions/date/format', 'date of birth'],
    ["a dependent's relationship widened", 'profile', { schema: { definitions: { dependent: { properties: { relationship: { enum: ['spouse', 'child', 'other'] } } } } } }, '/schema/definitions/dependent/properties/relationship/enum', 'Spouse or child'],
    ["a dependent's date of birth placeholder changed", 'profile', { uiSchema: { dependents: { items: { dateofbirth: { 'ui:options': { placeholderValue: '2000-01-01' } } } } } }, '/uiSchema/dependents/items/dateofbirth/ui:options/placeholderValue', "dependent's date of birth"],
    ['the dependents list hidden', 'profile', { uiSchema: { dependents: { 'ui:widget': 'hidden' } } }, '/uiSchema/dependents/ui:widget', 'dependent'],
    ["the dependent form's tobacco use hidden", 'dependent', { uiSchema: { istobaccouser: { 'ui:widget': 'hidden' } } }, '/uiSchema/istobaccouser/ui:widget', 'tobacco'],
    ['the ICHRA certification retyped', 'ichra-acknowledgment', { schema: { properties: { ichracertified: { type: 'string', maxLength: 3 } } } }, '/schema/properties/ichracertified/type', 'ICHRA rules'],
    ['the waiver reasons changed', 'waiver', { schema: { properties: { waivecoveragereason: { enum: ['Other', 'Because'] } } } }, '/schema/properties/waivecoveragereason/enum', 'reasons the server stores'],
    ["the registration's call changed", 'registration', { calls: { submit: [] } }, '/calls/submit', 'registers'],
  ])('refuses %s at its pointer, with why', (_, id, patch, pointer, why) => {
    const found = problems(id, patch).filter((problem) => problem.startsWith(`${pointer}: locked: `));
    expect(found, problems(id, patch).join('\n')).toHaveLength(1);
    expect(found[0]!.toLowerCase()).toContain(why.toLowerCase());
  });

  it('locks the definitions a locked field refers to, and the uiSchema node of each locked field', () => {
    const pointers = lockedParts(profile).map((part) => part.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/schema/definitions/date', '/schema/definitions/zip', '/schema/definitions/dependent', '/uiSchema/birthdate', '/uiSchema/dependents/items/relationship']));
    // A person's name is locked with its definition: the payroll file and the census rely on its rule.
    expect(pointers).toContain('/schema/definitions/person-name');
    expect(uiPointersOf('/schema/definitions/dependent/properties/gender', profile.schema)).toEqual(['/uiSchema/dependents/items/gender']);
    expect(uiPointersOf('/schema/definitions/dependent/properties/gender', base.forms.get('dependent')!.schema)).toEqual(['/uiSchema/gender']);
  });

  it("refuses an override changing the declaration itself, and an employer's own form declaring one", () => {
    expect(problems('profile', { locked: null })).toContain("/locked: the locked parts are the base document's own; an override cannot change them");
    expect(problems('enrollment', { locked: { '/steps/profile': 'mine' } })).toContain("/locked: the locked parts are the base document's own; an override cannot change them");
    const own = { id: 'perks', version: 1, kind: 'form', schema: { type: 'object', properties: {} }, messages: {}, locked: { '/schema': 'x' } };
    expect(problems('perks', own)).toEqual(['/locked: only a base document declares locked parts']);
  });
});

describe('what every form keeps', () => {
  it('keeps a required field required, and shown', () => {
    expect(problems('profile', { schema: { required: profileRequired.filter((name) => name !== 'pcpname') } })).toEqual([
      "/schema/required: 'pcpname' is required by the base document; an override may make fields required, not optional",
    ]);
    expect(problems('profile', { uiSchema: { pcpname: { 'ui:widget': 'hidden' } } })).toEqual(["/uiSchema/pcpname/ui:widget: 'pcpname' is required, so it cannot be hidden"]);
    expect(problems('profile', { schema: { definitions: { dependent: { required: ['firstname'] } } } }).join('\n')).toContain("/schema/definitions/dependent/required: 'relationship' is required by the base document");
  });

  it("keeps the base document's fields and rules (rules may be added; a rule's message may change)", () => {
    expect(problems('profile', { schema: { properties: { address2: null } }, uiSchema: { 'ui:order': (profile.uiSchema!['ui:order'] as string[]).filter((name) => name !== 'address2') } })).toEqual([
      "/schema/properties: the field 'address2' of the base document cannot be removed (an optional field may be hidden)",
    ]);
    const ichra = base.forms.get('ichra-acknowledgment')!;
    expect(problems('ichra-acknowledgment', { rules: [] })).toEqual(["/rules: the base document's rule 'ichra-certified' cannot be removed (rules may be added)"]);
    expect(problems('ichra-acknowledgment', { rules: [{ ...ichra.rules![0]!, assert: true }] })).toEqual(["/rules/0/assert: the base document's rule 'ichra-certified' cannot change (only the message it shows)"]);
    const extra = { id: 'certified-twice', assert: { '!!': { var: 'data.ichracertified' } }, path: '/ichracertified', message: 'acknowledge-checkbox' };
    expect(problems('ichra-acknowledgment', { rules: [extra, { ...ichra.rules![0]!, message: 'acknowledge-checkbox' }] })).toEqual([]);
  });
});

describe('what stays the employer\'s', () => {
  it.each([
    ['a message', 'profile', { messages: { 'dob-range': 'Born between 1941 and today, please.' } }],
    ["a locked field's title and a locked step's title", 'profile', { schema: { properties: { birthdate: { title: 'Date of Birth' } } }, uiSchema: { gender: { 'ui:enumNames': ['M', 'F'] } } }],
    ['Additional Services switched off', 'enrollment', { steps: { 'additional-services': { when: false }, 'ichra-acknowledgment': { title: 'Your ICHRA' } } }],
    ["Flexible Spending's condition changed", 'enrollment', { steps: { 'flexible-spending': { when: { '==': [{ var: 'choice.option' }, 'buy'] } } } }],
    ['an optional field made required', 'profile', { schema: { required: [...profileRequired, 'address2'] } }],
    ['an optional field hidden', 'profile', { uiSchema: { address2: { 'ui:widget': 'hidden' } } }],
    ["Spanish texts of locked parts and steps", 'enrollment', { translations: { es: { '/steps/ichra-acknowledgment/title': 'Su ICHRA', '/steps/cart/title': 'Su carrito' } } }],
    [
      "a required field of the employer's own, and one on each dependent",
      'profile',
      { schema: { required: [...profileRequired, 'employeeid'], properties: { employeeid: { type: 'string', maxLength: 20, title: 'Employee ID' } }, definitions: { dependent: { properties: { school: { type: ['string', 'null'], maxLength: 80 } } } } } },
    ],
  ])('accepts %s', (_, id, patch) => {
    expect(problems(id, patch)).toEqual([]);
  });

  it("checks each Spanish text it sets at its pointer: a text of the document, not empty, keeping the text's marks", () => {
    const texts = {
      '/messages/profile-incomplete': 'Complete su perfil.',
      '/messages/dob-range': 'Nacido entre 1941 y hoy.',
      '/schema/properties/lastname/title: again': 'Apellido',
    };
    expect(problems('profile', { translations: { es: texts } })).toEqual([
      "/translations/es/~1messages~1profile-incomplete: the translation must keep the marks of the text ({fields})",
      '/translations/es/~1schema~1properties~1lastname~1title: again: the document has no text here',
    ]);
    // A null takes back a Spanish text (the base document's, or an earlier override's): nothing to check.
    expect(problems('profile', { translations: { es: { '/messages/dob-range': null } } })).toEqual([]);
  });

  it('is the same check on a merged document, without the server', () => {
    const merged = mergeDocument(profile, { uiSchema: { gender: { 'ui:widget': 'select' } } }, base.meta.form) as FormDocument;
    expect(overrideSurfaceProblems(profile, merged)).toEqual([expect.stringMatching(/^\/uiSchema\/gender\/ui:widget: locked: /)]);
  });
});

describe('paths, identifiers and lengths', () => {
  it('refuses a computed var path, and a computed missing name', () => {
    expect(rules.check({ var: { cat: ['employer.', 'hsaonly'] } })).toEqual([{ path: '/var', message: "'var' takes a path written as text, not computed" }]);
    expect(rules.check({ var: [{ cat: ['data.', 'a'] }, 1] })).toEqual([{ path: '/var/0', message: "'var' takes a path written as text, not computed" }]);
    expect(rules.check({ missing: [{ var: 'names' }] })).toEqual([{ path: '/missing/0', message: "'missing' takes a path written as text, not computed" }]);
    expect(rules.check({ missing_some: [1, { merge: ['a'] }] })).toEqual([{ path: '/missing_some/1', message: "'missing_some' takes a path written as text, not computed" }]);
    expect(rules.check({ var: ['data.dependents', []] })).toEqual([]);
    expect(problems('enrollment', { steps: { 'additional-services': { when: { '==': [{ var: { cat: ['employer.', 'hsaonly'] } }, 1] } } } })).toEqual([
      "/steps/additional-services/when/==/0/var: 'var' takes a path written as text, not computed",
    ]);
  });

  it("refuses a form rule or a field's showWhen reading a path the form does not declare, at the var's pointer", () => {
    const ruled = (rule: object) => ({ rules: [...profile.rules!, { id: 'extra', path: '/pcpname', message: 'dob-range', ...rule }] });
    const at = `/rules/${profile.rules!.length}`;
    expect(problems('profile', ruled({ assert: { '!!': { var: 'data.birthdat' } } }))).toEqual([`${at}/assert/!!/var: reads 'data.birthdat', which the form does not declare`]);
    expect(problems('profile', ruled({ when: { '==': [{ var: ['context.employer.hsaonly', 0] }, 1] }, assert: true }))).toEqual([
      `${at}/when/==/0/var/0: reads 'context.employer.hsaonly', which the form does not declare`,
    ]);
    expect(problems('profile', ruled({ assert: { missing: ['data.pcpname', 'secret'] } }))).toEqual([`${at}/assert/missing/1: reads 'secret', which the form does not declare`]);
    // Each dependent's own fields are declared for `item` (and inside a list operation, for the list's items).
    expect(problems('profile', ruled({ each: '/dependents', path: '/dependents/*/gender', assert: { '!!': { var: 'item.nickname' } } }))).toEqual([
      `${at}/assert/!!/var: reads 'item.nickname', which the form does not declare`,
    ]);
    expect(problems('profile', ruled({ assert: { some: [{ var: 'data.dependents' }, { '==': [{ var: 'relation' }, 'spouse'] }] } }))).toEqual([
      `${at}/assert/some/1/==/0/var: reads 'relation', which the form does not declare`,
    ]);
    expect(problems('profile', { uiSchema: { pcpname: { 'ui:showWhen': { '!!': { var: 'data.existing' } } } } })).toEqual([
      "/uiSchema/pcpname/ui:showWhen/!!/var: reads 'data.existing', which the form does not declare",
    ]);
    // What the form and the screens' context declare is read as before.
    expect(problems('profile', ruled({ when: { '!!': { var: 'data.dependents.0.dateofbirth' } }, assert: { '<=': [{ var: 'data.birthdate' }, { var: 'context.today' }] } }))).toEqual([]);
    expect(problems('profile', ruled({ each: '/dependents', path: '/dependents/*/gender', assert: { '!!': { var: 'item.gender' } } }))).toEqual([]);
    expect(problems('profile', ruled({ assert: { some: [{ var: 'data.dependents' }, { '==': [{ var: 'relationship' }, 'spouse'] }] } }))).toEqual([]);
  });

  it('refuses $id and $schema anywhere in a schema before Ajv sees it, so the next save is not poisoned', () => {
    const withId = (maxLength: number) => ({ schema: { properties: { employeeid: { $id: 'urn:employee-id', type: 'string', maxLength } } } });
    expect(problems('profile', withId(10))).toEqual(["/schema/properties/employeeid/$id: a form's schema may not have $id or $schema"]);
    expect(problems('profile', withId(20))).toEqual(["/schema/properties/employeeid/$id: a form's schema may not have $id or $schema"]);
    expect(problems('profile', { schema: { $schema: 'http://json-schema.org/draft-04/schema#' } })).toEqual(["/schema/$schema: a form's schema may not have $id or $schema"]);
    expect(schemaIdentifiers({ properties: { a: { $id: 'x' } }, enum: [{ $schema: 1 }] })).toEqual(['/enum/0/$schema', '/properties/a/$id']);
    expect(() => compileWithAjv({ type: 'object', $id: 'urn:x' })).toThrow(/may not have \$id or \$schema/);
    expect(problems('profile', { schema: { properties: { employeeid: { type: 'string', maxLength: 20 } } } })).toEqual([]);
  });

  it('needs a maxLength on every string field, and a type on every field, in overrides and own forms', () => {
    expect(problems('profile', { schema: { properties: { employeeid: { type: ['string', 'null'] }, note: { title: 'Note' }, code: { enum: ['a', 'b'] } } } })).toEqual([
      '/schema/properties/employeeid: a string field needs a maxLength',
      '/schema/properties/note: a field needs a type (and a string a maxLength)',
    ]);
    const own = { id: 'perks', version: 1, kind: 'form', schema: { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } }, messages: {} };
    expect(problems('perks', own)).toEqual(['/schema/properties/list/items: a string field needs a maxLength']);
  });
});

describe('steps that never stop a person: the optional steps and the employer\'s own', () => {
  const pointers = (found: string[]) => found.map((problem) => problem.slice(0, problem.indexOf(': ')));
  const flowWith = (steps: object) => pointers(applyOverride(base, 'enrollment', { steps }, new Set([OWN_FORM_ID])).problems);
  const own = (step: object) => ({ perks: { title: 'Perks', order: 0.5, form: OWN_FORM_ID, ...step } });
  const recording = { id: 'record', method: 'POST', path: '/api/LogFact/v2', body: { '/title': { value: 'PERKS' }, '/data': '/data' } };

  it('refuses a condition for Next, a call whose failure stops Next, and a form that is not the employer\'s own, at their pointers', () => {
    expect(flowWith(own({ canProceed: false }))).toEqual(['/steps/perks/canProceed']);
    expect(flowWith({ 'additional-services': { canProceed: { '==': [{ var: 'employer.hsaonly' }, 1] } } })).toEqual(['/steps/additional-services/canProceed']);
    expect(flowWith(own({ calls: { submit: [recording] } }))).toEqual(['/steps/perks/calls/submit/0/optional']);
    expect(flowWith(own({ form: 'terms' }))).toEqual(['/steps/perks/form']);
  });

  it('accepts a step of the employer\'s own anywhere, its form requiring nothing and its call optional', () => {
    expect(flowWith(OWN_STEP_FLOW_PATCH.steps)).toEqual([]);
    expect(flowWith(own({ order: 5.5, parent: 'enroll', calls: { submit: [{ ...recording, optional: true }] } }))).toEqual([]);
    expect(flowWith({ 'additional-services': { when: false } })).toEqual([]);
  });

  it('refuses a form of the employer\'s own that a person answering nothing could not leave', () => {
    expect(pointers(problems(OWN_FORM_ID, OWN_FORM))).toEqual([]);
    expect(pointers(problems(OWN_FORM_ID, { ...OWN_FORM, schema: { ...OWN_FORM.schema, required: ['commutemode'] } }))).toEqual(['/schema/required']);
    const ruled = { ...OWN_FORM, rules: [{ id: 'answer', assert: { '!!': { var: 'data.commutemode' } }, path: '/commutemode', message: 'choose-commute' }] };
    expect(pointers(problems(OWN_FORM_ID, ruled))).toEqual(['/rules/0/assert']);
    // A rule about an answer given holds on no answer.
    const guarded = { ...ruled, rules: [{ ...ruled.rules[0]!, when: { '!!': { var: 'data.monthlypass' } } }] };
    expect(pointers(problems(OWN_FORM_ID, guarded))).toEqual([]);
  });
});
