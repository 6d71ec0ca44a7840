/**
 * The employee's screen rendered from the unsaved draft (the editor's last valid text), beside the editor, as an
 * employee of this employer sees it: the portal's header with the employer's logo and name, the wizard's step bar
 * and sub-step tabs for a case the publish proof walks (a case picker: every case, this employer's settings
 * first), and the step's screen. A form that is a step of the employer's flow shows on its step, the profile through the portal's
 * own profile screen (its heading, texts, windows; Next checks it: the preview saves nothing); another form shows
 * alone in the frame with "Check". The flow shows each step of the picked case with the sample employee's values
 * (sample-screens.tsx; walked with Next step), and a table of the steps each case walks. A draft that cannot render shows why instead of breaking the editor.
 *
 * The browser compiles no validator (the Content-Security-Policy has no 'unsafe-eval'), so a draft form is sent to
 * the server once the editor is still (POST /api/staff/validators), which checks it as a saved draft and compiles
 * its validators; the preview loads their module as the engine loads a published form's (loadValidators) and
 * renders the form as the server checked it. While a newer draft compiles, the form shown is disabled. The
 * employer and its other documents come from the staff API; everything the employee's screens read is answered by
 * the preview itself (wizard-preview.tsx), which sends nothing.
 *
 * English or Español shows the draft and the employer's other documents as employees reading that language get
 * them (their `translations` put in place: text-translations.ts servedIn). The screens' own texts (buttons, the step
 * bar's names) come from the portal's catalogue of that language.
 */
import { Alert, Fieldset, Group, List, Loader, NativeSelect, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Component, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '#contracts/language.ts';
import { asFlowDocument, asFormDocument, type FlowDocument, type FormDocument } from '#engine/runtime/index.ts';
import { loadPasswordScore, usesPasswordScore } from '#product/index.ts';
import { loadValidators } from '#engine/react/index.ts';
import { loadCatalogue } from '#portal/messages.ts';
import { staffData } from '../../api/staff-api.ts';
import type { StaffEmployer } from '../../api/types.ts';
import type { Json } from '../document-edits.ts';
import { EmployeeFrame } from './employee-frame.tsx';
import type { PreviewSample } from '#contracts/staff/staff-preview.ts';
import { emptyChoices, HEALTH_OPTION_FIELD } from '#portal/wizard/wizard-context.tsx';
import { caseContext, casesFor, casesInOrder, stepOfForm, caseSteps, stepTitles, walksStep, type EmployerFlags, type FlowCase } from './flow-cases.ts';
import { employeeEmployer, previewSamplePath, sampleChoices, sampleEffectiveDate, sampleMember } from './preview-sample.ts';
import { servedIn } from '../texts/text-translations.ts';
import { DraftForm, EmployeePreviewProviders, WizardPreview, type PreviewDocuments } from './wizard-preview.tsx';

class PreviewBoundary extends Component<{ children: ReactNode; resetKey: unknown }, { failure: string | null; resetKey: unknown }> {
  override state = { failure: null as string | null, resetKey: this.props.resetKey };
  static getDerivedStateFromError(error: unknown) {
    return { failure: error instanceof Error ? error.message : String(error) };
  }
  static getDerivedStateFromProps(props: { resetKey: unknown }, state: { resetKey: unknown }) {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }
  override render() {
    if (this.state.failure) return <Alert color="red" role="alert">The preview cannot show this draft: {this.state.failure}</Alert>;
    return this.props.children;
  }
}

const today = () => new Date().toISOString().slice(0, 10);

/** How long the editor must be still before a draft form is compiled: typing compiles once, not on every key. */
const SETTLE_MS = 400;

/** A draft form compiled by the server, its validators loaded; or why it cannot be shown. */
type Compiled = { draft: Json; document: FormDocument; revision: number; failure: null } | { draft: Json; failure: string };

/** `revision` numbers the drafts compiled in this preview, so the employee's screens read each one anew. */
async function compileForm(draft: Json, revision: number): Promise<Compiled> {
  try {
    const { path, document } = await staffData<{ path: string; document: Json }>('POST', '/api/staff/validators', { document: draft });
    await loadValidators({}, path);
    if (usesPasswordScore(document)) await loadPasswordScore();
    return { draft, document: asFormDocument(document), revision, failure: null };
  } catch (problem) {
    return { draft, failure: problem instanceof Error ? problem.message : String(problem) };
  }
}

/** The latest draft compiled (null before the first), and whether `form` itself is still being compiled. */
function useCompiledForm(form: Json): { compiled: Compiled | null; compiling: boolean } {
  const [settled] = useDebouncedValue(form, SETTLE_MS);
  const [compiled, setCompiled] = useState<Compiled | null>(null);
  const revisions = useRef(0);
  useEffect(() => {
    let current = true;
    revisions.current += 1;
    void compileForm(settled, revisions.current).then((result) => {
      if (current) setCompiled(result);
    });
    return () => {
      current = false;
    };
  }, [settled]);
  return { compiled, compiling: compiled?.draft !== form };
}

/** What the preview shows the draft with: the employer (logo, settings) and its documents as employees get them. */
type Surroundings = { employer: StaffEmployer; documents: Record<string, Json> };

/**
 * Loads the validators compiled ahead of the employer's published form, as the employee's page loads them (the
 * form's answer names their module; one module for every language), so the preview renders it as employees get it.
 */
async function loadPublishedValidators(accountid: string, formId: string): Promise<void> {
  const { validators } = await staffData<{ validators?: string }>('GET', `/api/content/forms/${formId}?accountid=${accountid}`);
  if (validators) await loadValidators({}, validators);
}

/** The employer's other documents as employees reading `language` get them. */
function useDocumentsIn(documents: Record<string, Json>, language: Language): Record<string, Json> {
  return useMemo(() => Object.fromEntries(Object.entries(documents).map(([id, document]) => [id, servedIn(document, language)])), [documents, language]);
}

type PreviewAnswer = { documents: Record<string, Json> };

/** The employer's flow as its employees get it (a flow's own preview uses the draft instead). */
function flowOf(documents: Record<string, Json>): FlowDocument | null {
  const flow = Object.values(documents).find((document) => document.kind === 'flow');
  return flow ? asFlowDocument(flow) : null;
}

/** The case picker: every case the publish proof walks, those of this employer's own settings in a group first. */
function CasePicker({ cases, own, picked, onPick }: { cases: FlowCase[]; own: FlowCase[]; picked: FlowCase; onPick: (flowCase: FlowCase) => void }) {
  const names = (list: FlowCase[]) => list.map((flowCase) => flowCase.name);
  const others = cases.filter((flowCase) => !own.includes(flowCase));
  const groups = [
    { group: "This employer's settings", items: names(cases.filter((flowCase) => own.includes(flowCase))) },
    { group: 'Other settings', items: names(others) },
  ].filter((group) => group.items.length > 0);
  return (
    <NativeSelect
      label="Case"
      description="Every case the publish proof walks: the employer's settings and the employee's choice."
      data={groups}
      value={picked.name}
      onChange={(event) => onPick(cases.find((flowCase) => flowCase.name === event.currentTarget.value) ?? picked)}
    />
  );
}

const EVERY_CASE = () => true;

/** The cases offered (`offered`: those that show what is previewed; all by default), this employer's first, and the one picked. */
function usePickedCase(
  flags: EmployerFlags,
  offered: (flowCase: FlowCase) => boolean = EVERY_CASE,
): { cases: FlowCase[]; own: FlowCase[]; picked: FlowCase | undefined; pick: (flowCase: FlowCase) => void } {
  const cases = useMemo(() => casesInOrder(flags).filter(offered), [flags, offered]);
  const own = useMemo(() => casesFor(flags), [flags]);
  const [name, setName] = useState<string | null>(null);
  const picked = cases.find((flowCase) => flowCase.name === name) ?? cases[0];
  return { cases, own, picked, pick: (flowCase) => setName(flowCase.name) };
}

type PreviewOf<T> = T & { surroundings: Surroundings; language: Language };

function FormPreview({ form, documentid, surroundings, language }: PreviewOf<{ form: Json; documentid: string }>) {
  const served = useMemo(() => servedIn(form, language), [form, language]);
  const { compiled, compiling } = useCompiledForm(served);
  const { employer } = surroundings;
  const documents = useDocumentsIn(surroundings.documents, language);
  const flags = useMemo(() => ({ hsaonly: employer.hsaonly, employeazecustomer: employer.employeazecustomer }), [employer.hsaonly, employer.employeazecustomer]);
  const flow = useMemo(() => flowOf(documents), [documents]);
  const date = useMemo(today, []);
  // Only the cases in which the form is a step of the flow are offered: the form shows on its step.
  const onStep = useCallback((flowCase: FlowCase) => flow !== null && stepOfForm(caseSteps(flow, flags, flowCase, date), documentid) !== null, [flow, flags, date, documentid]);
  const { cases, own, picked, pick } = usePickedCase(flags, onStep);
  const context = useMemo(() => (picked ? caseContext(flags, picked, date) : null), [flags, picked, date]);
  const position = useMemo(() => (flow && picked ? stepOfForm(caseSteps(flow, flags, picked, date), documentid) : null), [flow, flags, picked, date, documentid]);
  const ready = compiled && compiled.failure === null ? compiled : null;
  const previewed: PreviewDocuments | null = useMemo(
    () => (ready ? { previewed: { id: documentid, document: ready.document }, others: documents, language } : null),
    [ready, documentid, documents, language],
  );
  const option = picked?.choice.option ?? 'buy';
  const choices = useMemo(() => ({ ...emptyChoices(), contributions: { [HEALTH_OPTION_FIELD]: option } }), [option]);
  return (
    <Stack aria-busy={compiling}>
      {position && picked && <CasePicker cases={cases} own={own} picked={picked} onPick={pick} />}
      {compiling && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text c="dimmed">Checking the draft…</Text>
        </Group>
      )}
      {compiled?.failure && (
        <Alert color="red" role="alert">
          The preview cannot show this draft: {compiled.failure}
        </Alert>
      )}
      {ready && previewed && (
        <Fieldset variant="unstyled" disabled={compiling}>
          <EmployeeFrame branding={employeeEmployer(employer)} language={language}>
            <EmployeePreviewProviders employer={employeeEmployer(employer)} documents={previewed} today={date} sample={null} choices={choices} revision={ready.revision}>
              {flow && context && position ? <WizardPreview flow={flow} context={context} position={position} /> : <DraftForm document={ready.document} />}
            </EmployeePreviewProviders>
          </EmployeeFrame>
        </Fieldset>
      )}
    </Stack>
  );
}

/**
 * What the server figures for the sample employee of this employer (plans, HSA limit, services, contribution), in
 * the preview's language, for the effective date the sample is offered.
 */
function usePreviewSample(accountid: string, date: string, language: Language): { sample: PreviewSample | undefined; failure: unknown } {
  const path = useMemo(() => previewSamplePath(sampleMember(accountid), sampleEffectiveDate(date), language), [accountid, date, language]);
  const { data, error } = useSWR<PreviewSample>(path, { keepPreviousData: true });
  return { sample: data, failure: error };
}

function FlowPreview({ flow, surroundings, language }: PreviewOf<{ flow: Json }>) {
  const document = useMemo(() => asFlowDocument(servedIn(flow, language)), [flow, language]);
  const { employer } = surroundings;
  const documents = useDocumentsIn(surroundings.documents, language);
  const flags = useMemo(() => ({ hsaonly: employer.hsaonly, employeazecustomer: employer.employeazecustomer }), [employer.hsaonly, employer.employeazecustomer]);
  const { cases, own, picked, pick } = usePickedCase(flags);
  const date = useMemo(today, []);
  const { sample, failure } = usePreviewSample(employer.accountid, date, language);
  const served = useMemo(
    () => ({ previewed: null, others: documents, language, loadValidatorsOf: (formId: string) => loadPublishedValidators(employer.accountid, formId) }),
    [documents, language, employer.accountid],
  );
  const choices = useMemo(() => {
    if (!picked || !sample) return null;
    const steps = caseSteps(document, flags, picked, date);
    const walks = { walksHsa: walksStep(steps, 'flexible-spending'), walksServices: walksStep(steps, 'additional-services') };
    return sampleChoices({ ...picked.choice, ...walks }, sampleEffectiveDate(date), sample);
  }, [document, flags, picked, date, sample]);
  const branding = employeeEmployer(employer);
  return (
    <Stack>
      {picked && <CasePicker cases={cases} own={own} picked={picked} onPick={pick} />}
      {failure ? (
        <Alert color="red" role="alert">
          The preview cannot figure the sample employee's plans and prices: {failure instanceof Error ? failure.message : String(failure)}
        </Alert>
      ) : (
        picked &&
        (choices ? (
          <EmployeeFrame branding={branding} language={language}>
            <EmployeePreviewProviders employer={branding} documents={served} today={date} sample={sample ?? null} choices={choices} revision={0}>
              <WizardPreview key={picked.name} flow={document} context={caseContext(flags, picked, date)} />
            </EmployeePreviewProviders>
          </EmployeeFrame>
        ) : (
          <Loader size="xs" aria-label="Loading the sample employee's plans" />
        ))
      )}
      <Table aria-label="Steps per case">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Case</Table.Th>
            <Table.Th>Steps</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cases.map((flowCase) => (
            <Table.Tr key={flowCase.name}>
              <Table.Td>{flowCase.name}</Table.Td>
              <Table.Td>
                <List size="sm">
                  {stepTitles(document, flags, flowCase, date).map((title, i) => (
                    <List.Item key={`${i}-${title}`}>{title}</List.Item>
                  ))}
                </List>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Reads the employer and its other documents; shows the preview once they are here. */
function useSurroundings(accountid: string, documentid: string): { surroundings: Surroundings | null; failure: unknown } {
  const employer = useSWR<StaffEmployer>(`/api/staff/employers/${accountid}`);
  const preview = useSWR<PreviewAnswer>(`/api/staff/employers/${accountid}/content/${documentid}/preview`);
  const surroundings = useMemo(
    () => (employer.data && preview.data ? { employer: employer.data, documents: preview.data.documents } : null),
    [employer.data, preview.data],
  );
  return { surroundings, failure: employer.error ?? preview.error };
}

type DocumentPreviewProps = {
  document: Json;
  stale: boolean;
  /**
   * Whether the staff user may have a draft form compiled (implementers and admins); a viewer sees a flow's
   * preview, and for a form why there is none.
   */
  mayCompile: boolean;
  accountid: string;
  documentid: string;
};

/** English or Español: the language the preview shows the documents in, each named in itself. */
function LanguagePicker({ language, onPick }: { language: Language; onPick: (language: Language) => void }) {
  return (
    <SegmentedControl
      aria-label="Preview language"
      w="fit-content"
      data={LANGUAGES.map((value) => ({ value, label: <span lang={value}>{LANGUAGE_NAMES[value]}</span> }))}
      value={language}
      onChange={(value) => onPick(LANGUAGES.find((known) => known === value) ?? language)}
    />
  );
}

export function DocumentPreview({ document, stale, mayCompile, accountid, documentid }: DocumentPreviewProps) {
  const { surroundings, failure } = useSurroundings(accountid, documentid);
  const [language, setLanguage] = useState<Language>('en');
  // The screens' own texts follow the picked language: the portal's catalogue is the console's only for its
  // previews, so it is switched while Español is shown and back to English when the preview goes.
  const pick = (next: Language) => void loadCatalogue(next).then(() => setLanguage(next));
  useEffect(() => () => void loadCatalogue('en'), []);
  return (
    <Stack component="section" aria-labelledby="preview-title">
      <Group justify="space-between">
        <Title order={2} id="preview-title">
          Preview
        </Title>
        <LanguagePicker language={language} onPick={pick} />
      </Group>
      {stale && <Text c="dimmed">The editor's text is not valid JSON: the preview shows the last valid draft.</Text>}
      {failure ? (
        <Alert color="red" role="alert">
          The preview cannot read the employer or its documents: {failure instanceof Error ? failure.message : String(failure)}
        </Alert>
      ) : !surroundings ? (
        <Loader size="xs" aria-label="Loading the preview" />
      ) : (
        <PreviewBoundary resetKey={document}>
          {document.kind === 'flow' ? (
            <FlowPreview flow={document} surroundings={surroundings} language={language} />
          ) : mayCompile ? (
            <FormPreview form={document} documentid={documentid} surroundings={surroundings} language={language} />
          ) : (
            <Text c="dimmed">A form's preview is for implementers: the server compiles its validators for each draft.</Text>
          )}
        </PreviewBoundary>
      )}
    </Stack>
  );
}
