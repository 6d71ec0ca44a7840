/**
 * A document may call only the product's own operations (schemas/meta/operations.json), each from the steps it
 * lists, with the body fields and headers it lists; personal data (the fields the base forms mark personal) never
 * reaches an operation that does not store it for the member, such as the event log.
 */
import { describe, expect, it } from 'vitest';
import { compileWithAjv, standaloneModule } from '#engine/compile/index.ts';
import { CallError, fillCall, type CallDeclaration, type FlowDocument, type FormDocument } from '#engine/runtime/index.ts';
import { callProblems, ownFormProblems } from '#product/index.ts';
import { applyOverride } from '#server/content/apply-override.ts';
import { loadBaseContent } from '#server/content/base-content.ts';
import { OWN_FORM, OWN_FORM_ID, OWN_STEP_FLOW_PATCH } from '../fixtures/own-step.ts';

const base = loadBaseContent();
const ownForms = new Set([OWN_FORM_ID]);
const rules = { catalogue: base.operations, personal: base.personal, ownForms };
const baseFlow = () => structuredClone(base.flows.get('enrollment')!);

/** The base flow with one more submit call on a step (the call at index `at` of that step's submit list). */
function withSubmitCall(stepId: string, call: Partial<CallDeclaration>): { flow: FlowDocument; at: string } {
  const flow = baseFlow();
  const step = flow.steps[stepId]!;
  const submit = (step.calls = { ...step.calls, submit: [...(step.calls?.submit ?? [])] }).submit!;
  submit.push({ id: 'added', method: 'POST', path: '/api/LogFact/v2', ...call } as CallDeclaration);
  return { flow, at: `/steps/${stepId}/calls/submit/${submit.length - 1}` };
}

/** The base flow with the employer's own step (tests/fixtures/own-step.ts), its one call changed by `change`. */
function ownStep(change: (call: Record<string, unknown>) => void = () => {}, form: string = OWN_FORM_ID): FlowDocument {
  const flow = baseFlow();
  const step = structuredClone(OWN_STEP_FLOW_PATCH.steps[OWN_FORM_ID]) as unknown as FlowDocument['steps'][string];
  step.form = form;
  change(step.calls!.submit![0] as unknown as Record<string, unknown>);
  flow.steps[OWN_FORM_ID] = step;
  return flow;
}
const OWN_CALL = `/steps/${OWN_FORM_ID}/calls/submit/0`;

const LOG = { '/title': { value: 'EVENT' } };

describe('the personal marks of the base forms', () => {
  it('name the SSN, birth dates, address and phone of the member and each dependent', () => {
    for (const name of ['additionalid', 'birthdate', 'dateofbirth', 'address1', 'address2', 'city', 'postalcode', 'phonenumber', 'dependents']) {
      expect(base.personal.names.has(name), name).toBe(true);
    }
    for (const name of ['firstname', 'accountid', 'gender', 'id']) expect(base.personal.names.has(name), name).toBe(false);
    expect(base.personal.forms.get('profile')).toBe(true);
    expect(base.personal.forms.get('dependent')).toBe(true);
    expect(base.personal.forms.get('waiver')).toBe(false);
  });

  it('compile in strict Ajv, at run time and ahead for the browser', () => {
    const profile = base.forms.get('profile')!;
    expect(() => compileWithAjv(profile.schema)).not.toThrow();
    expect(standaloneModule('profile', [profile.schema])).toContain('export default function validators');
  });
});

describe('callProblems', () => {
  it('accepts every base document as it is', () => {
    for (const document of [...base.forms.values(), ...base.flows.values()]) expect(callProblems(document, rules), document.id).toEqual([]);
  });

  it("accepts the employer's own step that records its own form's answers in the event log", () => {
    expect(callProblems(ownStep(), rules)).toEqual([]);
    expect(applyOverride(base, 'enrollment', OWN_STEP_FLOW_PATCH, ownForms).problems).toEqual([]);
    expect(applyOverride(base, OWN_FORM_ID, OWN_FORM).problems).toEqual([]);
  });

  it("refuses the profile's data sent to the event log, at the body field", () => {
    const { flow, at } = withSubmitCall('profile', { body: { ...LOG, '/data': '/data' } });
    const problems = callProblems(flow, rules);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${at}/body/~1data: '/data' is the whole of the step's data \\(form 'profile'\\), which holds personal data`));
    expect(problems[0]).toContain('POST /api/LogFact/v2 does not store personal data for the person it is about');
  });

  it.each([
    ['another origin', 'GET', '//evil.example/x'],
    ['the DELETE of a member', 'DELETE', '/api/Member/{loaded.member.id}'],
    ['a staff route', 'POST', '/api/staff/users'],
    ['a path written differently', 'GET', '/api/member/GetMember'],
  ])('refuses %s at its path', (_, method, path) => {
    const { flow, at } = withSubmitCall('profile', { method: method as CallDeclaration['method'], path });
    expect(callProblems(flow, rules)).toEqual([`${at}/path: ${method} ${path} is not one of the product's operations (schemas/meta/operations.json)`]);
  });

  it('refuses an operation on a step that does not list it, and in the other phase', () => {
    const authorize = baseFlow().steps.cart!.calls!.submit![0]!;
    const moved = withSubmitCall('profile', { ...authorize, id: 'authorize-early' });
    expect(callProblems(moved.flow, rules)).toEqual([`${moved.at}/path: POST /api/Enrollment/Authorize is not an operation step 'profile' may call`]);
    const asSubmit = withSubmitCall('profile', { method: 'GET', path: '/api/Member/GetMember' });
    expect(callProblems(asSubmit.flow, rules)).toEqual([`${asSubmit.at}/path: GET /api/Member/GetMember is a load call, not a submit call`]);
  });

  it('refuses a body field and a header the operation does not take', () => {
    const flow = ownStep((call) => {
      (call.body as Record<string, unknown>)['/memberid'] = { value: 'someone' };
      call.headers = { 'x-staff-request': { value: '1' } };
    });
    expect(callProblems(flow, rules)).toEqual([
      `${OWN_CALL}/body/~1memberid: POST /api/LogFact/v2 takes no field '/memberid' (it takes '/title', '/action', '/data', '/effectivedate')`,
      `${OWN_CALL}/headers/x-staff-request: POST /api/LogFact/v2 takes no header 'x-staff-request'`,
    ]);
  });

  it('refuses personal data however it would reach the event log; other fields of the same records pass', () => {
    const flow = ownStep((call) => {
      call.body = {
        ...LOG,
        '/data/member': '/loaded/member',
        '/data/ssn': '/loaded/member/additionalid',
        '/data/account': '/loaded/member/accountid',
        '/data/zip': { from: ['/data/commutemode', '/loaded/member/postalcode'] },
        '/data/kids': { each: '/loaded/dependents/dependents', bind: { '/name': '/item/firstname', '/dob': '/item/dateofbirth' } },
        '/data/birthdates': '/screens/contributions/dependentBirthdates',
        '/data/token': '/params/token',
      };
      call.when = { '!!': { var: 'loaded.member.birthdate' } };
    });
    const at = (field: string) => `${OWN_CALL}/body/${field.replace(/\//g, '~1')}`;
    const problems = callProblems(flow, rules);
    expect(problems.map((problem) => problem.slice(0, problem.indexOf(': ')))).toEqual([
      at('/data/member'),
      at('/data/ssn'),
      `${at('/data/zip')}/from/1`,
      `${at('/data/kids')}/bind/~1dob`,
      at('/data/birthdates'),
      at('/data/token'),
      `${OWN_CALL}/when`,
    ]);
    expect(problems[1]).toContain("'/loaded/member/additionalid' reads 'additionalid', personal data");
  });

  it('counts the answers the wizard gives every step as personal, whatever id the flow gives its own calls', () => {
    const flow = ownStep((call) => (call.body = { ...LOG, '/data/who': '/loaded/member' }));
    flow.steps.profile!.calls!.load![0]!.id = 'me';
    flow.steps['additional-services']!.calls!.load![0]!.id = 'member';
    expect(callProblems(flow, rules)).toEqual([expect.stringMatching(new RegExp(`^${OWN_CALL}/body/~1data~1who: '/loaded/member' is the whole of the answer 'member'`))]);
  });

  it("refuses the event log on an own step that shows a base form holding personal data", () => {
    expect(callProblems(ownStep(() => {}, 'profile'), rules)).toEqual([
      expect.stringMatching(new RegExp(`^${OWN_CALL}/body/~1data: '/data' is the whole of the step's data \\(form 'profile'\\)`)),
    ]);
  });

  it("refuses a form's own call of an operation listed for another form", () => {
    const login = structuredClone(base.forms.get('login')!) as FormDocument;
    login.calls!.submit![0] = { id: 'log', method: 'POST', path: '/api/Member/ForgotPassword', body: { '/email': '/data/email' } };
    expect(callProblems(login, rules)).toEqual(["/calls/submit/0/path: POST /api/Member/ForgotPassword is not an operation form 'login' may call"]);
  });
});

describe("an employer's own form", () => {
  it('may not ask for personal data: a field marked personal or named as a base form names one', () => {
    const form = structuredClone(OWN_FORM) as unknown as FormDocument;
    form.schema.properties = {
      ...(form.schema.properties as object),
      birthdate: { type: 'string', maxLength: 10 },
      badge: { type: 'string', maxLength: 20, personal: true },
      spouse: { type: 'object', properties: { shirtsize: { type: 'string', maxLength: 20 }, phonenumber: { type: 'string', maxLength: 20 } } },
    };
    expect(ownFormProblems(form, base.personal).map((problem) => problem.slice(0, problem.indexOf(': ')))).toEqual([
      '/schema/properties/birthdate',
      '/schema/properties/badge',
      '/schema/properties/spouse/properties/phonenumber',
    ]);
    expect(ownFormProblems(OWN_FORM as unknown as FormDocument, base.personal)).toEqual([]);
    expect(applyOverride(base, OWN_FORM_ID, form).problems).toHaveLength(3);
  });

  it('may not ask for personal data by its wording or shape, whatever its key, in English or Spanish', () => {
    const form = structuredClone(OWN_FORM) as unknown as FormDocument;
    form.schema.properties = {
      ...(form.schema.properties as object),
      taxNumber: { type: 'string', maxLength: 20, title: 'Social Security Number (for our records)' },
      bornOn: { type: 'string', format: 'date', maxLength: 10 },
      referencia: { type: 'string', maxLength: 20, title: 'Reference' },
      contact: { type: 'string', maxLength: 100, title: 'Contact' },
      badgeCode: { type: 'string', maxLength: 9, pattern: '^[0-9]+$', title: 'Badge code' },
      employeeId: { type: 'string', maxLength: 20, pattern: '^[A-Za-z0-9][A-Za-z0-9-]*$', title: 'Employee ID' },
      shirt: { type: 'string', enum: ['S', 'M', 'L'], maxLength: 1, title: 'T-shirt size' },
    };
    form.uiSchema = { ...form.uiSchema, contact: { 'ui:help': 'The phone we can reach you on.' } };
    form.translations = { es: { '/schema/properties/referencia/title': 'Número de seguro social', '/schema/properties/shirt/title': 'Talla de camiseta' } };
    const problems = ownFormProblems(form, base.personal);
    expect(problems.map((problem) => problem.slice(0, problem.indexOf(': ')))).toEqual([
      '/schema/properties/taxNumber',
      '/schema/properties/bornOn',
      '/schema/properties/referencia',
      '/schema/properties/contact',
      '/schema/properties/badgeCode',
    ]);
    expect(problems[0]).toBe(
      "/schema/properties/taxNumber: the field 'taxNumber' asks for a Social Security Number, ITIN or other tax or identity number: its title \"Social Security Number (for our records)\" says \"social security\". " +
        "A form of the employer's own may not ask for personal data: its answers have no store but the event log, which every staff viewer reads. " +
        "Remove the field and use the product's own instead: the profile's own SSN field (additionalid) asks for it, keeps it encrypted with the member and shows it masked. If the field asks for something else, reword it.",
    );
    expect(problems[1]).toContain('its key "born On" says "born"');
    expect(problems[2]).toContain('its Spanish title "Número de seguro social" says "seguro social"');
    expect(problems[3]).toContain('its help text "The phone we can reach you on." says "phone"');
    expect(problems[4]).toContain("its pattern '^[0-9]+$' with its maxLength 9 takes nine digits and nothing longer");
  });
});

describe('fillCall keeps to this site', () => {
  it("refuses a path to another origin and a placeholder of '.' or '..'", () => {
    expect(() => fillCall({ id: 'x', method: 'GET', path: '//evil.example/x' }, {})).toThrow(CallError);
    expect(() => fillCall({ id: 'x', method: 'GET', path: '/\\evil.example/x' }, {})).toThrow(CallError);
    expect(() => fillCall({ id: 'x', method: 'DELETE', path: '/api/Dependent/{item.id}' }, { item: { id: '..' } })).toThrow(/may not be '\.\.'/);
    expect(fillCall({ id: 'x', method: 'DELETE', path: '/api/Dependent/{item.id}' }, { item: { id: 'a.b' } }).path).toBe('/api/Dependent/a.b');
  });
});
