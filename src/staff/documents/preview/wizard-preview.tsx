/**
 * The employee's enrollment wizard in the preview: the engine's flow runner (the step bar and the sub-step tabs as
 * the employee sees them) for one case of the sequence table, with the portal's own screens. In a form's preview
 * the profile step is the portal's profile screen (its heading, texts, windows and Next), a step that is only a
 * form the portal's form step, and another screen's form shows as its document's form. In a flow's preview the
 * shop, Flexible Spending, Additional Services and the cart are the member wizard's own screens on the sample's
 * figures, the other steps their forms with the sample's values (sample-screens.tsx).
 *
 * Everything those screens read is answered by the preview: documents from the draft and the employer's other
 * documents; the member, dependents and offered dates from the sample employee, and the plans, HSA limit and
 * services from what the server figured for them (preview-sample.ts), in an SWR cache of the preview's own. The
 * wizard's choices are the preview's own state, starting from the case's sample elections. Every other call (a
 * save, Authorize, the event log) is answered with a failure and never sent.
 */
import { Button, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { Language } from '#contracts/language.ts';
import type { PreviewSample } from '#contracts/staff/staff-preview.ts';
import { SWRConfig, useSWRConfig, type Cache, type Middleware } from 'swr';
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
import { ToastHost } from '#portal/layout/feedback/toast.tsx';
import { messages } from '#portal/messages.ts';
import { portalWidgets } from '#portal/widgets/index.ts';
import { FormStepScreen } from '#portal/wizard/form-step-screen.tsx';
import { PLAN_QUOTE_KEY } from '#portal/wizard/shop/plan-search.ts';
import { wizardScreens } from '#portal/wizard/wizard-screens.ts';
import { WizardContext, type WizardChoices, type WizardShared } from '#portal/wizard/wizard-context.tsx';
import type { Employer, Member } from '#contracts/entities.ts';
import { PREVIEW_SENDS_NOTHING, sampleAnswer, sampleDependents, sampleMember } from './preview-sample.ts';
import { previewedScreen, SampleCaseContext, SampleStep, type SampleCase } from './sample-screens.tsx';

/**
 * The documents the preview serves: the one being previewed (a draft) and the employer's others, with what loads
 * the validators compiled ahead of one of those others' forms (the browser compiles none), before it shows.
 */
export type PreviewDocuments = {
  previewed: { id: string; document: FormDocument } | null;
  others: Record<string, unknown>;
  /** The language the documents are served in: another one is read anew. */
  language: Language;
  loadValidatorsOf?: (formId: string) => Promise<void>;
};

const DOCUMENT_KEY = 'preview-document:';

/** What the employee's screens read of the sample employee: the made-up person, today, what the server figured for them. */
type SampleReads = { member: Member; today: string; sample: PreviewSample | null };

function previewServices(documents: PreviewDocuments, reads: SampleReads, revision: number): EngineServices {
  return {
    api: {
      call: async (method, path) => {
        if (method !== 'GET') return { success: false, message: PREVIEW_SENDS_NOTHING };
        try {
          return { success: true, data: sampleAnswer(path, reads.member, reads.today, reads.sample) as never };
        } catch (problem) {
          return { success: false, message: (problem as Error).message };
        }
      },
    },
    // The revision names the draft, so each newer draft (and the documents in another language) is read anew while
    // the screen keeps what was typed.
    documentPath: (kind, id) => `${DOCUMENT_KEY}${kind}:${id}:${revision}:${documents.language}`,
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

/** A read through SWR answered by the sample: a plan search (keyed by an array) with its quote, a path as the API would. */
function sampleRead(key: unknown, { member, today, sample }: SampleReads): unknown {
  if (Array.isArray(key) && key[0] === PLAN_QUOTE_KEY && sample) return sample.quote;
  if (typeof key === 'string') return sampleAnswer(key, member, today, sample);
  throw new Error(PREVIEW_SENDS_NOTHING);
}

/** Every read through SWR in the preview is answered by the preview: documents by their fetcher, the rest by the sample. */
const answeredByPreview =
  (reads: SampleReads): Middleware =>
  (useSWRNext) =>
  (key, fetcher, config) =>
    useSWRNext(key, typeof key === 'string' && key.startsWith(DOCUMENT_KEY) ? fetcher : async () => sampleRead(key, reads) as never, config);

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

/**
 * The preview's SWR cache: the documents, and the sample's answers, which a new sample (the server's figures in
 * another language) replaces. Its answers are forgotten as it arrives, adjusted while rendering, so the screens
 * (the services' load call reads the cache itself) read them anew; `forgotten` names them for those shown now.
 */
function usePreviewCache(reads: SampleReads): { cache: Cache; forgotten: string[] } {
  const cache = useMemo<Cache>(() => new Map(), []);
  const [known, setKnown] = useState(reads);
  const [forgotten, setForgotten] = useState<string[]>([]);
  if (known !== reads) {
    setKnown(reads);
    const answered = [...cache.keys()].filter((key) => !key.startsWith(DOCUMENT_KEY));
    for (const key of answered) cache.delete(key);
    setForgotten(answered);
  }
  return { cache, forgotten };
}

/** The screens shown now read the forgotten answers again (their hooks would not ask for what they read before). */
function RereadsForgotten({ keys }: { keys: string[] }) {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    for (const key of keys) void mutate(key);
  }, [keys, mutate]);
  return null;
}

type PreviewProps = {
  employer: Employer;
  documents: PreviewDocuments;
  today: string;
  /** What the server figured for the sample employee (plans, HSA limit, services, contribution); null: not read. */
  sample: PreviewSample | null;
  /** The wizard's choices the case starts from (step 2's health option, the sample's elections); new ones start again. */
  choices: WizardChoices;
  /** Names the previewed draft; a newer one is read anew. */
  revision: number;
  children: ReactNode;
};

/**
 * What the portal's screens expect above them, answered by the preview: the engine's services, an SWR cache of
 * the preview's own, and the wizard's shared state for the sample employee of this employer, whose choices the
 * screens change here only (the event log writes nothing). The portal's toast shows what a screen refuses (the
 * preview's refusal of Authorize among them).
 */
export function EmployeePreviewProviders({ employer, documents, today, sample, choices: start, revision, children }: PreviewProps) {
  const member = useMemo(() => sampleMember(employer.accountid), [employer.accountid]);
  const reads = useMemo(() => ({ member, today, sample }), [member, today, sample]);
  const services = useMemo(() => previewServices(documents, reads, revision), [documents, reads, revision]);
  const { cache, forgotten } = usePreviewCache(reads);
  const swr = useMemo(
    () => ({ provider: () => cache, use: [answeredByPreview(reads)], keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false }),
    [cache, reads],
  );
  // Another case (or the sample in another language) starts from its own choices, adjusted while rendering.
  const [choices, setChoices] = useState(start);
  const [started, setStarted] = useState(start);
  if (started !== start) {
    setStarted(start);
    setChoices(start);
  }
  const wizard: WizardShared = useMemo(
    () => ({
      member,
      employer,
      dependents: sampleDependents,
      today,
      choices,
      changing: false,
      update: setChoices,
      log: async () => undefined,
      reload: async () => undefined,
    }),
    [member, employer, today, choices],
  );
  return (
    <SWRConfig value={swr}>
      <EngineProvider services={services}>
        <WizardContext.Provider value={wizard}>{children}</WizardContext.Provider>
        <RereadsForgotten keys={forgotten} />
        <ToastHost />
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

/** The portal's screen a form's preview shows itself: the profile's (a step names it by its form, as the wizard does). */
const PROFILE = 'profile';

/**
 * The member wizard's screens a flow's preview shows as they are (by the names the flow gives them, as the
 * wizard's own table does), on the sample's figures and the preview's choices.
 */
const PREVIEWED_SCREENS: Record<string, ComponentType<StepScreenProps>> = {
  'shop-health-plans': previewedScreen(wizardScreens['shop-health-plans']),
  'flexible-spending': previewedScreen(wizardScreens['flexible-spending']),
  'additional-services': previewedScreen(wizardScreens['additional-services']),
  cart: previewedScreen(wizardScreens.cart),
};

/**
 * The screen each step's screen name shows in the preview. In a form's preview: the portal's profile screen, every
 * other screen as its form. In a flow's preview: the member wizard's shop, HSA, services and cart screens, every
 * other step with the sample's values. A step that is only a form gets the runner's form screen.
 */
function screensOf(flow: FlowDocument, formPreview: boolean): Record<string, ComponentType<StepScreenProps>> {
  const names = Object.values(flow.steps).flatMap((step) => (step.screen ? [step.screen] : []));
  const screens: Record<string, ComponentType<StepScreenProps>> = Object.fromEntries(
    names.map((name) => [name, formPreview ? DocumentFormScreen : (PREVIEWED_SCREENS[name] ?? SampleStep)] as const),
  );
  if (formPreview) screens[PROFILE] = wizardScreens.profile;
  return screens;
}
