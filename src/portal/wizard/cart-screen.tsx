/**
 * Your Cart, the Plan and Benefits Summary (spec §2, §4 Cart and Authorization, §5 Authorize, §9 Money): the table
 * of carrier, plan type, plan name and metal tier with the plan, HSA, waived coverage and additional service lines
 * and the totals (cost, contribution, remaining contribution, pre-tax payroll deduction), all from one CartSummary that
 * the Summary Information modal (with the Member Fund Chart) and the print view share. It logs
 * 'Plan and Benefits Summary(CART)' when shown; Edit Info goes back to the profile. On screens 840 px wide or less
 * the lines and the covered family (none for a waiver) are stacked cards and the buttons stick to the bottom. Print
 * opens the Print modal (spec §2), whose button prints in a new window (cart/print-summary.ts).
 *
 * Authorize Elections checks the step's document ('acknowledgements': 'Cart is empty !', the acknowledgment when
 * the cost exceeds the employer contribution), then sends the step's declared call, POST /api/Enrollment/Authorize,
 * with the cart's choices only and an Idempotency-Key: one key per request body, so a retry or a second click
 * sends the same key (the server answers a repeated key with its first answer) and a changed cart a new one. While
 * it is in flight the button reads 'Redirecting'. A failure shows its message in the red toast and keeps the cart;
 * success (the server logs SUBMITTED REQUEST in the same transaction) shows the confirmation, which cannot be
 * dismissed: Close Window goes to /welcome?authorize=true. Success also drops the wizard's kept place
 * (wizard-place.ts): a reload or a return to /profile finds the elections authorized and leads to the summary at
 * /welcome (enrollment-wizard.tsx), never to a cart already authorized or to step 1.
 *
 * While Authorize is sent, its Idempotency-Key is kept in the tab (wizard-place.ts keepAuthorizing). A reload in
 * that time finds it and asks the server what became of it (GET /api/Enrollment/Authorize) instead of showing the
 * cart as if nothing was sent: the page says the elections are being confirmed while the server writes them (and
 * asks again), goes to /welcome?authorize=true once they are, and shows the cart again only when the server has
 * nothing of it; sending that cart then sends the same key, so it is never written twice.
 */
import { CART_EVENT } from '#contracts/entities.ts';
import { formatCents } from '#domain/values/money.ts';
import { optionLabel } from '#engine/documents/index.ts';
import { firstMessage, formatMessage, validateForm } from '#engine/runtime/index.ts';
import type { CallDeclaration, FormDocument } from '#engine/runtime/types.ts';
import { DocumentForm, useCalls, useDocument, type FormData, type StepScreenProps } from '#engine/react/index.ts';
import { NARROW_SCREEN, WRAPPING_LABEL } from '#portal/layout/theme.ts';
import { isSessionEnded, isUnreachable } from '#portal/api/api-client.ts';
import { ORDERS_PATH, useFormTexts } from '#portal/api/queries.ts';
import { RetryAlert } from '#portal/layout/feedback/retry-alert.tsx';
import { showError } from '#portal/layout/feedback/toast.tsx';
import { locale, messages } from '#portal/messages.ts';
import { Box, Button, Card, Center, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { authorizationState, authorizeRequest, newIdempotencyKey } from './cart/authorization.ts';
import { cartColumns, cartSummary, totalRows, type CartSummary } from './cart/cart-summary.ts';
import { printSummary } from './cart/print-summary.ts';
import { SummaryModal } from './cart/summary-modal.tsx';
import { callScope, effectiveDate, useWizard } from './wizard-context.tsx';
import { DEPENDENT_FORM, RELATIONSHIP_FIELD, WAIVER_FORM, WAIVER_REASON_FIELD } from './form-fields.ts';
import { authorizingKey, clearPlace, forgetAuthorizing, keepAuthorizing } from './wizard-place.ts';

/** How long a tab waits before asking again about an authorization the server is still writing. */
const RECHECK_MS = 1000;


/** The step Edit Info goes back to (flows/enrollment.flow.json). */
const PROFILE_STEP = 'profile';

export function CartScreen({ step, goTo }: StepScreenProps) {
  const wizard = useWizard();
  const { document } = useDocument('form', step.form, wizard.member.accountid);

  const logged = useRef(false);
  useEffect(() => {
    if (logged.current) return;
    logged.current = true;
    void wizard.log(CART_EVENT);
  }, []);

  if (!document) {
    return (
      <Center py="xl">
        <Loader aria-label={messages['loading']} />
      </Center>
    );
  }
  return <Cart document={document} submit={step.calls?.submit} edit={() => goTo({ step: PROFILE_STEP })} />;
}

function CartTable({ summary, title }: { summary: CartSummary; title: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder striped aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            {cartColumns().map((text) => (
              <Table.Th key={text}>{text}</Table.Th>
            ))}
            <Table.Th ta="right">{messages['cart-column-cost']}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.lines.map((line) => (
            <Table.Tr key={line.key} data-line={line.key}>
              <Table.Th scope="row">{line.label}</Table.Th>
              {line.note === undefined ? (
                <>
                  <Table.Td>{line.carrier}</Table.Td>
                  <Table.Td>{line.plantype}</Table.Td>
                  <Table.Td lang={line.nameLang}>{line.name}</Table.Td>
                  <Table.Td>{line.metal}</Table.Td>
                </>
              ) : (
                <Table.Td colSpan={4}>{line.note}</Table.Td>
              )}
              <Table.Td ta="right">{formatCents(line.cents, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TotalsTable({ summary }: { summary: CartSummary }) {
  return (
    <Table withTableBorder aria-label={messages['cart-totals']} maw={520} ml="auto">
      <Table.Tbody>
        {totalRows(summary).map((row) => (
          <Table.Tr key={row.key} data-total={row.key}>
            <Table.Th scope="row">{row.label}</Table.Th>
            <Table.Td ta="right">{row.amount}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The narrow layout: each line, each covered family member and the totals as stacked cards. */
function CartCards({ summary }: { summary: CartSummary }) {
  const pair = (label: string, value: string, lang?: string) =>
    value === '' ? null : (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text size="sm" ta="right" lang={lang}>
          {value}
        </Text>
      </Group>
    );
  return (
    <Stack gap="sm">
      {summary.lines.map((line) => (
        <Card key={line.key} withBorder padding="sm" component="section" aria-label={line.label} data-line={line.key}>
          <Stack gap={4}>
            <Group justify="space-between">
              <Text fw={600}>{line.label}</Text>
              <Text fw={600}>{formatCents(line.cents, locale)}</Text>
            </Group>
            {pair(messages['carrier'], line.carrier)}
            {pair(messages['plan-type'], line.plantype)}
            {pair(messages['row-plan-name'], line.name, line.nameLang)}
            {pair(messages['metal-tier'], line.metal)}
            {line.note !== undefined && <Text size="sm">{line.note}</Text>}
          </Stack>
        </Card>
      ))}
      {summary.family.length > 0 && (
        <Stack gap="xs" component="section" aria-label={messages['cart-family']}>
          <Text fw={600}>{messages['cart-family']}</Text>
          {summary.family.map((member) => (
            <Card key={member.id} withBorder padding="sm">
              <Text size="sm">{member.text}</Text>
            </Card>
          ))}
        </Stack>
      )}
      <Card withBorder padding="sm" component="section" aria-label={messages['cart-totals']}>
        <Stack gap={4}>
          {totalRows(summary).map((row) => (
            <Group key={row.key} justify="space-between" data-total={row.key}>
              <Text size="sm">{row.label}</Text>
              <Text size="sm" fw={600}>
                {row.amount}
              </Text>
            </Group>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

type CartProps = { document: FormDocument; submit: CallDeclaration[] | undefined; edit: () => void };

function Cart({ document, submit, edit }: CartProps) {
  const wizard = useWizard();
  const calls = useCalls(submit);
  const navigate = useNavigate();
  const narrow = useMediaQuery(NARROW_SCREEN) ?? false;
  const { choices, employer, member, dependents } = wizard;
  const [acknowledgements, setAcknowledgements] = useState<FormData>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);

  // The waiver and dependent forms' labels for the stored reason and relationships (both already read by step 2).
  const { document: waiver } = useDocument('form', WAIVER_FORM, member.accountid);
  const { data: dependentForm } = useFormTexts(DEPENDENT_FORM, member.accountid);
  const summary = useMemo(
    () =>
      cartSummary(choices, dependents, {
        waiverReason: waiver && ((reason) => optionLabel(waiver, WAIVER_REASON_FIELD, reason)),
        relationship: dependentForm && ((relationship) => optionLabel(dependentForm, RELATIONSHIP_FIELD, relationship)),
      }),
    [choices, dependents, waiver, dependentForm],
  );
  const context = useMemo(
    () => ({ today: wizard.today, payrollDeductionCents: summary.totals.payrollDeductionCents, coverageChosen: summary.coverageChosen }),
    [wizard.today, summary],
  );
  const authorization = useMemo(() => authorizeRequest(choices, member), [choices, member]);

  // One Idempotency-Key per request body: the same cart sent again (a retry, a second click) carries the same key.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: string) => {
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    return attempt.current.key;
  };
  const inFlight = useRef(false);
  // An authorization the network lost: its message and Retry (the same cart sends the same Idempotency-Key).
  const [unreachable, setUnreachable] = useState<string | null>(null);

  // An authorization sent before a reload, whose answer this tab never saw: the server's word on it first.
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState(() => authorizingKey(member.id) !== null);
  useEffect(() => {
    const key = authorizingKey(member.id);
    if (key === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const answer = await authorizationState(key);
      if (stopped) return;
      const state = answer.success ? answer.data.state : 'unknown';
      if (state === 'confirmed') {
        clearPlace(member.id);
        // The orders this tab read at its reload predate the write: /welcome must read them again, not the cache.
        await mutate(ORDERS_PATH);
        if (stopped) return;
        void navigate('/welcome?authorize=true', { replace: true });
      } else if (state === 'pending') {
        timer = setTimeout(() => void ask(), RECHECK_MS);
      } else {
        // Nothing written that the server knows of (or no answer): the cart again, whose Authorize sends the same key.
        attempt.current = { body: JSON.stringify(authorization), key };
        setConfirming(false);
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  const authorize = async () => {
    if (inFlight.current) return;
    const fault = firstMessage(validateForm(document, acknowledgements, context, 'submit'));
    if (fault !== null) {
      showError(fault);
      setFocusRequest((count) => count + 1);
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      const idempotencyKey = keyFor(JSON.stringify(authorization));
      keepAuthorizing(member.id, idempotencyKey);
      const outcome = await calls.run(callScope(wizard, { screens: { cart: { authorization, idempotencyKey } } }));
      if (!outcome.ok) {
        // An answer (a refusal, an ended session) means nothing was written; only a lost one is asked about later.
        if (!isUnreachable(outcome.answer)) forgetAuthorizing(member.id);
        if (isUnreachable(outcome.answer)) setUnreachable(outcome.answer.message);
        // The session ended: the tab is on its way to sign in.
        else if (!isSessionEnded(outcome.answer)) showError(outcome.answer.message);
        return;
      }
      setUnreachable(null);
      // The elections are the server's now: the tab forgets the wizard's place, so a return starts afresh.
      clearPlace(member.id);
      setDone(true);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const print = () => {
    const opened = printSummary(summary, {
      title: document.title ?? '',
      memberName: `${member.firstname} ${member.lastname}`,
      employerName: employer.accountname,
      effectiveDate: effectiveDate(choices),
    });
    setPrintOpen(false);
    if (!opened) showError(messages['cart-print-blocked']);
  };

  const secondary = (
    <>
      <Button variant="default" onClick={() => setSummaryOpen(true)} {...WRAPPING_LABEL}>
        {messages['cart-summary-open']}
      </Button>
      <Button variant="default" onClick={() => setPrintOpen(true)} {...WRAPPING_LABEL}>
        {messages['cart-print']}
      </Button>
      <Button variant="subtle" onClick={edit} {...WRAPPING_LABEL}>
        {messages['cart-edit']}
      </Button>
    </>
  );
  const authorizeButton = (
    <Button onClick={() => void authorize()} disabled={sending} {...WRAPPING_LABEL}>
      {sending ? messages['cart-in-flight'] : messages['cart-authorize']}
    </Button>
  );

  if (confirming) {
    return (
      <Center py="xl">
        <Text role="status">{messages['cart-confirming']}</Text>
      </Center>
    );
  }

  return (
    <Stack gap="md" pb={narrow ? 96 : undefined}>
      {unreachable && <RetryAlert message={unreachable} onRetry={() => void authorize()} busy={sending} />}
      <Group justify="space-between" align="center">
        <Title order={2}>{document.title}</Title>
        {!narrow && <Group gap="xs">{secondary}</Group>}
      </Group>
      {!summary.coverageChosen && (
        <Text fw={700} c="red" role="status">
          {document.messages['cart-empty']}
        </Text>
      )}
      {narrow ? (
        <CartCards summary={summary} />
      ) : (
        <>
          {summary.lines.length > 0 && <CartTable summary={summary} title={document.title ?? ''} />}
          <TotalsTable summary={summary} />
        </>
      )}
      {summary.waiving && <Text size="sm">{messages['cart-waive-meaning']}</Text>}
      {summary.totals.hsaDeductionCents > 0 && <Text size="sm">{messages['cart-hsa-apart']}</Text>}
      <Text size="xs" c="dimmed">
        {messages['cart-estimate-notice']}
      </Text>
      <DocumentForm
        document={document}
        formData={acknowledgements}
        context={context}
        onChange={setAcknowledgements}
        onSubmit={() => void authorize()}
        withoutSubmit
        focusRequest={focusRequest}
      />
      {narrow ? (
        <Box
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}
          data-testid="cart-sticky-buttons"
        >
          <SimpleGrid cols={2} spacing="xs">
            {secondary}
            {authorizeButton}
          </SimpleGrid>
        </Box>
      ) : (
        <Group>{authorizeButton}</Group>
      )}
      <SummaryModal opened={summaryOpen} onClose={() => setSummaryOpen(false)} summary={summary} />
      <Modal opened={printOpen} onClose={() => setPrintOpen(false)} centered title={messages['cart-print-title']}>
        <Stack>
          <Text size="sm">{messages['cart-print-text']}</Text>
          <Group justify="flex-end">
            <Button onClick={print}>{messages['cart-print-window']}</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={done}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
        title={messages['cart-confirm-title']}
      >
        <Stack>
          <Text>{formatMessage(messages['cart-confirm-text'], { employer: employer.accountname })}</Text>
          <Text fw={600}>{employer.accountname}</Text>
          <Button onClick={() => navigate('/welcome?authorize=true')}>{messages['cart-close-window']}</Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
