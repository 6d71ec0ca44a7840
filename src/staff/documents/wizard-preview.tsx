/**
 * The employee's enrollment wizard in the preview: the engine's flow runner (the step bar and the sub-step tabs as
 * the employee sees them) for one case of the sequence table, with the portal's own screens where they take their
 * data from the engine: the profile step is the portal's profile screen (its heading, texts, windows and Next), a
 * step that is only a form the portal's form step. Other screens (contributions, shopping, the cart) read prices
 * and plans: a form of theirs shows as its document's form, and a step without a previewed form as an outline.
 *
 * Everything those screens read is answered by the preview: documents from the draft and the employer's other
 * documents, the member, dependents and offered dates from the sample employee (preview-sample.ts), in an SWR
 * cache of the preview's own. Every other call is answered with a failure and never sent.
 */
import { Button, Loader, Stack, Title } from '@mantine/core';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { SWRConfig, type Middleware } from 'swr';
import { evaluateFlow, type FlowDocument, type FormDocument } from '#engine/runtime/index.ts';
import {
  DocumentForm,
  EngineProvider,
  FlowRunner,
  useDocument,
  type EngineServices,
  type FlowPosition,
  type FormData,
  type StepScreenProps,
} from '#engine/react/index.ts';
import { messages } from '#web/messages.ts';
import { portalWidgets } from '#web/widgets/index.ts';
import { FormStepScreen } from '#web/wizard/form-step-screen.tsx';
import { ProfileScreen } from '#web/wizard/profile-screen.tsx';
import { emptyChoices, HEALTH_OPTION_FIELD, WizardContext, type WizardShared } from '#web/wizard/wizard-context.tsx';
import type { Employer, Member } from '#contracts/entities.ts';
import { PREVIEW_SENDS_NOTHING, sampleAnswer, sampleDependents, sampleMember } from './preview-sample.ts';
import { SampleCaseContext, SampleStep, type SampleCase } from './sample-screens.tsx';

/**
 * The documents the preview serves: the one being previewed (a draft) and the employer's others, with what loads
 * the validators compiled ahead of one of those others' forms (the browser compiles none), before it shows.
 */
export type PreviewDocuments = {
  previewed: { id: string; document: FormDocument } | null;
  others: Record<string, unknown>;
  loadValidatorsOf?: (formId: string) => Promise<void>;
};

const DOCUMENT_KEY = 'preview-document:';

function previewServices(documents: PreviewDocuments, member: Member, today: string, revision: number): EngineServices {
  return {
    api: {
      call: async (method, path) => {
        if (method !== 'GET') return { success: false, message: PREVIEW_SENDS_NOTHING };
        try {
          return { success: true, data: sampleAnswer(path, member, today) as never };
        } catch (problem) {
          return { success: false, message: (problem as Error).message };
        }
      },
    },
    // The revision names the draft, so each newer draft is read anew while the screen keeps what was typed.
    documentPath: (kind, id) => `${DOCUMENT_KEY}${kind}:${id}:${revision}`,
    documentFetcher: async <T,>(path: string) => {
      const [kind, id] = path.slice(DOCUMENT_KEY.length).split(':');
      if (documents.previewed && id === documents.previewed.id) return { document: documents.previewed.document } as T;
      const other = id === undefined ? undefined : documents.others[id];
      if (!other || id === undefined) throw new Error(`The employer has no document ${id}.`);
      if (kind === 'form') await documents.loadValidatorsOf?.(id);
      return { document: other } as T;
    },
    widgets: portalWidgets,
  };
}

/** Every read through SWR in the preview is answered by the preview: documents by their fetcher, the rest by the sample. */
const answeredByPreview =
  (member: Member, today: string): Middleware =>
  (useSWRNext) =>
  (key, fetcher, config) =>
    useSWRNext(key, typeof key === 'string' && key.startsWith(DOCUMENT_KEY) ? fetcher : async (path: string) => sampleAnswer(path, member, today) as never, config);

/**
 * A form as the engine renders it for the employee, its title as the heading, with "Check" showing every error
 * the draft's rules and texts give. Needs the form's validators loaded (compiled by the server for a draft).
 */
export function DraftForm({ document }: { document: FormDocument }) {
  const [data, setData] = useState<FormData>({});
  const [checks, setChecks] = useState(0);
  const context = useMemo(() => ({ today: new Date().toISOString().slice(0, 10) }), []);
  return (
    <Stack gap="md">
      {document.title && <Title order={2}>{document.title}</Title>}
      <DocumentForm
        document={document}
        formData={data}
        context={context}
        onChange={setData}
        onSubmit={() => undefined}
        withoutSubmit
        showAllErrors={checks > 0}
        focusRequest={checks}
      />
      <Button variant="default" onClick={() => setChecks((n) => n + 1)} w="fit-content">
        Check
      </Button>
    </Stack>
  );
}

/** A step whose screen reads what the preview does not have (prices, plans): its form, as DraftForm shows it. */
function DocumentFormScreen({ step }: StepScreenProps) {
  const { document } = useDocument('form', step.form, 'preview');
  return document ? <DraftForm document={document} /> : <Loader size="sm" aria-label={messages['loading']} />;
}

type PreviewProps = {
  employer: Employer;
  documents: PreviewDocuments;
  today: string;
  /** The employee's choice of the case shown: step 2's health option. */
  option: 'buy' | 'waive';
  /** Names the previewed draft; a newer one is read anew. */
  revision: number;
  children: ReactNode;
};

/**
 * What the portal's screens expect above them, answered by the preview: the engine's services, an SWR cache of
 * the preview's own, and the wizard's shared state for the sample employee of this employer.
 */
export function EmployeePreviewProviders({ employer, documents, today, option, revision, children }: PreviewProps) {
  const member = useMemo(() => sampleMember(employer.accountid), [employer.accountid]);
  const services = useMemo(() => previewServices(documents, member, today, revision), [documents, member, today, revision]);
  const swr = useMemo(
    () => ({ provider: () => new Map(), use: [answeredByPreview(member, today)], keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false }),
    [member, today],
  );
  const wizard: WizardShared = useMemo(
    () => ({
      member,
      employer,
      dependents: sampleDependents,
      today,
      choices: { ...emptyChoices(), contributions: { [HEALTH_OPTION_FIELD]: option } },
      changing: false,
      update: () => undefined,
      log: async () => undefined,
      reload: async () => undefined,
    }),
    [member, employer, today, option],
  );
  return (
    <SWRConfig value={swr}>
      <EngineProvider services={services}>
        <WizardContext.Provider value={wizard}>{children}</WizardContext.Provider>
      </EngineProvider>
    </SWRConfig>
  );
}

type WizardPreviewProps = {
  flow: FlowDocument;
  context: Record<string, unknown>;
  /** Where the wizard stands: the previewed form's step; without it the flow is walked from its first step. */
  position?: FlowPosition;
};

/**
 * When the employee's narrow layout (the step bar above the step) is the one that fits the preview: on a narrow
 * screen, as in the portal (840 px), and while the preview shares the screen with the editor (5 of 12 columns from
 * Mantine's lg, 1200 px), until that column is as wide as the portal's wide layout needs (about 2,100 px).
 */
const PREVIEW_NARROW = '(max-width: 840px), (min-width: 1200px) and (max-width: 2100px)';

/**
 * The flow runner with the portal's screens for the previewed form's step, or, in a flow's preview, each step of
 * the case with the sample's values (sample-screens.tsx), walked with Next step. Inside EmployeePreviewProviders.
 */
export function WizardPreview({ flow, context, position }: WizardPreviewProps) {
  const screens = useMemo(() => screensOf(flow, position !== undefined), [flow, position]);
  const sampleCase = useMemo(
    () => ({ steps: evaluateFlow(flow, context as never), choice: context['choice'] as SampleCase['choice'] }),
    [flow, context],
  );
  return (
    <SampleCaseContext.Provider value={sampleCase}>
      <FlowRunner
        flow={flow}
        context={context}
        screens={screens}
        formScreen={position ? FormStepScreen : SampleStep}
        position={position}
        stepsLabel={messages['enrollment-steps']}
        substepsLabel={messages['enrollment-substeps']}
        narrowQuery={PREVIEW_NARROW}
        // The console's Next step walks the case: the employee's one-press-a-second guard is not its own.
        nextThrottleMs={position ? undefined : 0}
      />
    </SampleCaseContext.Provider>
  );
}

/** The portal's screen the preview shows itself: the profile's (a step names it by its form, as the wizard does). */
const PROFILE = 'profile';

/**
 * The screen each step's screen name shows in the preview: the portal's profile screen, every other screen as its
 * form; in a flow's preview, the step with the sample's values. A step that is only a form gets the runner's form
 * screen.
 */
function screensOf(flow: FlowDocument, formPreview: boolean): Record<string, ComponentType<StepScreenProps>> {
  const names = Object.values(flow.steps).flatMap((step) => (step.screen ? [step.screen] : []));
  const screens: Record<string, ComponentType<StepScreenProps>> = Object.fromEntries(
    names.map((name) => [name, formPreview ? DocumentFormScreen : SampleStep] as const),
  );
  if (formPreview) screens[PROFILE] = ProfileScreen;
  return screens;
}
