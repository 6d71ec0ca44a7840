/** The engine's React side: document forms, the flow runner, document fetching and the call binder. */
export { DocumentForm, visibleUiSchema } from './document-form.tsx';
export type { DocumentFormContext, DocumentFormProps } from './document-form.tsx';
export type { FormData } from '#engine/runtime/types.ts';
export { EngineProvider, defaultDocumentPath, loadValidators, useEngine } from './engine-context.tsx';
export type { ApiPort, DocumentKind, EngineServices, HttpMethod, PortAnswer } from './engine-context.tsx';
export { FlowRunner, flowPositions, locate } from './flow-runner.tsx';
export { nextBusyProps, useThrottle } from './busy.ts';
export type { FlowPosition, FlowRunnerProps, StepScreenProps } from './flow-runner.tsx';
export {
  derefSchema,
  focusFirstError,
  idToPointer,
  mergeErrors,
  missingRequiredFields,
  toErrorSchema,
  toPointer,
  withoutPrefix,
} from './form-errors.ts';
export type { MissingField } from './form-errors.ts';
export { toRoman } from './roman.ts';
export { useCalls } from './use-calls.ts';
export type { CallsOutcome } from './use-calls.ts';
export { useLoadCalls } from './use-load-calls.ts';
export type { LoadState } from './use-load-calls.ts';
export { useDocument } from './use-document.ts';
export type { DocumentState } from './use-document.ts';
export { addressOf, allowedPosition, furtherPosition, positionAt, positionRank, samePosition, shownPosition } from './flow-address.ts';
export { clearDraft, dropPendingDrafts, readDraft, writeDraft } from './drafts.ts';
export type { Draft, DraftOptions } from './drafts.ts';
