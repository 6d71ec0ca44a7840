/**
 * The employee's screen rendered from the draft, beside the editor: a form through the engine's document form
 * with the portal's theme and widgets (what the employee would see, its rules and messages included: "Check"
 * shows every error the draft's texts give); the flow as the steps each case walks. A draft that cannot render
 * shows why instead of breaking the editor.
 *
 * The browser compiles no validator (the Content-Security-Policy has no 'unsafe-eval'), so a draft form is sent to
 * the server once the editor is still (POST /api/staff/validators), which checks it as a saved draft and compiles
 * its validators; the preview loads their module as the engine loads a published form's (loadValidators) and
 * renders the form as the server checked it. While a newer draft compiles, the form shown is disabled.
 */
import { Alert, Button, Fieldset, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Component, useEffect, useMemo, useState, type ReactNode } from 'react';
import { asFlowDocument, asFormDocument, loadPasswordScore, usesPasswordScore, type FormDocument } from '#engine/core/index.ts';
import { DocumentForm, EngineProvider, loadValidators, type EngineServices, type FormData } from '#engine/react/index.ts';
import { portalWidgets } from '#web/widgets/index.ts';
import { staffData, staffFetcher } from '../api/staff-api.ts';
import type { Json } from './document-edits.ts';
import { FLOW_CASES, stepTitles } from './flow-cases.ts';

/** The preview sends no call: it shows the screen, it saves nothing for anyone. */
const previewServices: EngineServices = {
  api: { call: async () => ({ success: false, message: 'The preview sends nothing.' }) },
  documentFetcher: staffFetcher,
  widgets: portalWidgets,
};

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
type Compiled = { draft: Json; document: FormDocument; failure: null } | { draft: Json; failure: string };

async function compileForm(draft: Json): Promise<Compiled> {
  try {
    const { path, document } = await staffData<{ path: string; document: Json }>('POST', '/api/staff/validators', { document: draft });
    await loadValidators(previewServices, path);
    if (usesPasswordScore(document)) await loadPasswordScore();
    return { draft, document: asFormDocument(document), failure: null };
  } catch (problem) {
    return { draft, failure: problem instanceof Error ? problem.message : String(problem) };
  }
}

/** The latest draft compiled (null before the first), and whether `form` itself is still being compiled. */
function useCompiledForm(form: Json): { compiled: Compiled | null; compiling: boolean } {
  const [settled] = useDebouncedValue(form, SETTLE_MS);
  const [compiled, setCompiled] = useState<Compiled | null>(null);
  useEffect(() => {
    let current = true;
    void compileForm(settled).then((result) => {
      if (current) setCompiled(result);
    });
    return () => {
      current = false;
    };
  }, [settled]);
  return { compiled, compiling: compiled?.draft !== form };
}

function FormPreview({ form }: { form: Json }) {
  const { compiled, compiling } = useCompiledForm(form);
  const [data, setData] = useState<FormData>({});
  const [checks, setChecks] = useState(0);
  const context = useMemo(() => ({ today: today() }), []);
  return (
    <Stack aria-busy={compiling}>
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
      {compiled && compiled.failure === null && (
        <EngineProvider services={previewServices}>
          <Fieldset variant="unstyled" disabled={compiling}>
            <Stack>
              {compiled.document.title && <Title order={3}>{compiled.document.title}</Title>}
              <DocumentForm
                document={compiled.document}
                formData={data}
                context={context}
                onChange={setData}
                onSubmit={() => undefined}
                withoutSubmit
                showAllErrors={checks > 0}
                focusRequest={checks}
              />
              <Button variant="default" onClick={() => setChecks((n) => n + 1)}>
                Check
              </Button>
            </Stack>
          </Fieldset>
        </EngineProvider>
      )}
    </Stack>
  );
}

function FlowPreview({ flow }: { flow: Json }) {
  const document = asFlowDocument(flow);
  return (
    <Table aria-label="Steps per case">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Case</Table.Th>
          <Table.Th>Steps</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {FLOW_CASES.map((flowCase) => (
          <Table.Tr key={flowCase.name}>
            <Table.Td>{flowCase.name}</Table.Td>
            <Table.Td>
              <List size="sm">
                {stepTitles(document, flowCase, today()).map((title, i) => (
                  <List.Item key={`${i}-${title}`}>{title}</List.Item>
                ))}
              </List>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * `mayCompile`: whether the staff user may have a draft form compiled (implementers and admins); a viewer sees a
 * flow's preview, and for a form why there is none.
 */
export function DocumentPreview({ document, stale, mayCompile }: { document: Json; stale: boolean; mayCompile: boolean }) {
  return (
    <Stack component="section" aria-labelledby="preview-title">
      <Title order={2} id="preview-title">
        Preview
      </Title>
      {stale && <Text c="dimmed">The editor's text is not valid JSON: the preview shows the last valid draft.</Text>}
      <PreviewBoundary resetKey={document}>
        {document.kind === 'flow' ? (
          <FlowPreview flow={document} />
        ) : mayCompile ? (
          <FormPreview form={document} />
        ) : (
          <Text c="dimmed">A form's preview is for implementers: the server compiles its validators for each draft.</Text>
        )}
      </PreviewBoundary>
    </Stack>
  );
}
