/**
 * Your Cart, the Plan and Benefits Summary (spec §2, §4 Authorization and Placing an order, §5 Authorize, §9
 * Money): the waived coverage line with its reason, the additional service line and the totals. Authorize
 * Elections computes the orders (authorizationOrders, toOrderRequest) and places them with the step's declared
 * submit call, one per order in sequence, stopping at the first failure; then it logs SUBMITTED REQUEST and shows
 * the confirmation, which cannot be dismissed: Close Window goes to /welcome?authorize=true.
 * The heading, the acknowledgment checkbox and the rules Authorize checks first (an empty cart, a cost above the
 * employer contribution without the acknowledgment) are the document the flow names for this step ('acknowledgements'); this screen computes
 * the money and gives it to the rules in the context, and shows the first failure in the red toast.
 */
import type { Order } from '#contracts/entities.ts';
import { dollarsToCents, currentBalanceCents, employeeCostCents, formatCents, payrollDeductionCents } from '#domain/money.ts';
import { authorizationOrders, storedWaiverReason, toOrderRequest, type AdditionalServiceChoice } from '#domain/orders.ts';
import { firstMessage, validateForm } from '#engine/core/index.ts';
import type { CallDeclaration, FormDocument } from '#engine/core/types.ts';
import { DocumentForm, useCalls, useDocument, type FormData, type StepScreenProps } from '#engine/react/index.ts';
import { api } from '#web/api/api-client.ts';
import { showError } from '#web/layout/toast.tsx';
import { Button, Center, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { callScope, effectiveDate, healthOption, useWizard, type WizardChoices } from './wizard-context.tsx';

export const WAIVER_REASON_FIELD = 'waivecoveragereason';
export const WAIVER_OTHER_FIELD = 'waivecoveragereasonother';

/** Screen texts beside the form (the heading, the checkbox and the rules' texts come from the document). */
export const CART_TEXTS = {
  authorize: 'Authorize Elections',
  inFlight: 'Redirecting',
  closeWindow: 'Close Window',
} as const;

/** The chosen additional service as the order builders take it, or null when none is in the cart. */
export function chosenService(choices: WizardChoices): AdditionalServiceChoice | null {
  const service = choices.service;
  const option = service?.added ? service.product.options.find((o) => o.id === service.optionId) : undefined;
  if (!service || !option) return null;
  return {
    product: { id: service.product.id, productname: service.product.productname, taxstatus: service.product.taxstatus },
    option: { id: option.id, option: option.option, costCents: dollarsToCents(option.cost.toFixed(2)) },
  };
}

export function CartScreen({ step }: StepScreenProps) {
  const wizard = useWizard();
  const { document } = useDocument('form', step.form, wizard.member.accountid);

  const logged = useRef(false);
  useEffect(() => {
    if (logged.current) return;
    logged.current = true;
    void wizard.log('Plan and Benefits Summary(CART)');
  }, []);

  if (!document) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <Cart document={document} submit={step.calls?.submit} />;
}

function Cart({ document, submit }: { document: FormDocument; submit: CallDeclaration[] | undefined }) {
  const wizard = useWizard();
  const calls = useCalls(submit);
  const navigate = useNavigate();
  const { choices, employer } = wizard;
  const [acknowledgements, setAcknowledgements] = useState<FormData>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const waiving = healthOption(choices) === 'waive';
  const reason = storedWaiverReason(
    choices.waiver[WAIVER_REASON_FIELD] as string | undefined,
    choices.waiver[WAIVER_OTHER_FIELD] as string | undefined,
  );
  const service = chosenService(choices);
  const contributionCents = (waiving ? choices.waivedContributionCents : choices.contributionCents) ?? 0;
  const serviceCents = service?.option.costCents ?? 0;
  const spentCents = serviceCents;
  const costCents = employeeCostCents({ planCents: 0, serviceCents, contributionCents });
  // The buy path's plans are not in the cart yet, so coverage is chosen only by waiving it.
  const context = useMemo(
    () => ({ today: wizard.today, employeeCostCents: costCents, coverageChosen: waiving }),
    [wizard.today, costCents, waiving],
  );

  const authorize = async () => {
    const fault = firstMessage(validateForm(document, acknowledgements, context, 'submit'));
    if (fault !== null) {
      showError(fault);
      return;
    }
    setSending(true);
    try {
      const orders = await api.get<{ orderdetails: Order[] }>('/api/Order/GetOrderByMember');
      const year = wizard.today.slice(0, 4);
      const hasAdditionalServicesOrder =
        orders.success &&
        orders.data.orderdetails.some((order) => order.category === 'additionalservices' && order.createdon?.startsWith(year));
      const drafts = authorizationOrders({
        today: wizard.today,
        effectiveDate: effectiveDate(choices),
        hsaMonthlyCents: 0,
        additionalService: service,
        hasAdditionalServicesOrder,
        main: {
          choice: 'waive',
          reason: String(choices.waiver[WAIVER_REASON_FIELD] ?? ''),
          reasonOther: (choices.waiver[WAIVER_OTHER_FIELD] as string | undefined) ?? null,
        },
      });
      const outcome = await calls.run(callScope(wizard, { screens: { cart: { orders: drafts.map(toOrderRequest) } } }));
      if (!outcome.ok) {
        showError(outcome.answer.message);
        return;
      }
      await wizard.log('SUBMITTED REQUEST');
      setDone(true);
    } finally {
      setSending(false);
    }
  };

  const row = (label: string, detail: string, amount: string) => (
    <Table.Tr key={label}>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>{detail}</Table.Td>
      <Table.Td ta="right">{amount}</Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="md">
      <Title order={2}>{document.title}</Title>
      <Table withTableBorder striped>
        <Table.Tbody>
          {waiving && row('Waived Coverage', reason ?? '', formatCents(0))}
          {service && row('Additional Services', `${service.product.productname} (${service.option.option})`, formatCents(serviceCents))}
          {row('Employer Contribution', '', formatCents(contributionCents))}
          {row('Amount Spent', '', formatCents(spentCents))}
          {row('Remaining Contribution', '', formatCents(currentBalanceCents({ contributionCents, spentCents })))}
          {row('Payroll Deduction', '', formatCents(payrollDeductionCents({ contributionCents, spentCents })))}
        </Table.Tbody>
      </Table>
      <DocumentForm
        document={document}
        formData={acknowledgements}
        context={context}
        onChange={setAcknowledgements}
        onSubmit={() => void authorize()}
        withoutSubmit
      />
      <Group>
        <Button onClick={() => void authorize()} disabled={sending}>
          {sending ? CART_TEXTS.inFlight : CART_TEXTS.authorize}
        </Button>
      </Group>
      <Modal
        opened={done}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
        title="Thank you!"
      >
        <Stack>
          <Text>{`Thank you for completing your benefits elections with ${employer.accountname}.`}</Text>
          <Text fw={600}>{employer.accountname}</Text>
          <Button onClick={() => navigate('/welcome?authorize=true')}>{CART_TEXTS.closeWindow}</Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
