/**
 * /health-plan, 'Employee Health Plans' (spec §2): a card per purchased product, titled 'Health Plan #n' as the spec
 * has it, and under the title what it is (Health Insurance, HSA, Additional Services), its product name and options; Load More shows the rest of the order's fields and Show Less hides them; 'NO PLAN FOUND' when there are
 * none (a waive order is no purchase). A field the order has no value for is left out, never shown as 'N/A'
 * (docs/ui-conventions.md, Real names on /welcome and /health-plan).
 */
import { Button, Card, Collapse, Container, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatMessage } from '#engine/runtime/messages.ts';
import { formatLongDate } from '#domain/values/dates.ts';
import { formatCents } from '#domain/values/money.ts';
import type { Member, Order } from '#contracts/entities.ts';
import { locale, messages } from '#portal/messages.ts';
import { orderLabels } from '#portal/value-labels.ts';
import { ORDER_AREA_NAMES } from './order-names.ts';
import { useEmployer, useMember, useOrders, useOwnAccountId } from '#portal/api/queries.ts';

type Detail = { label: string; value: string | null };

const joined = (...parts: Array<string | null | undefined>) => parts.filter((part) => part?.trim()).join(', ') || null;

function details(order: Order, accountname: string | undefined, member: Member | undefined): Detail[] {
  const effectiveDate = order.policyeffectivedate?.slice(0, 10);
  return [
    { label: messages['order-description'], value: orderLabels(order).description },
    { label: messages['order-category'], value: ORDER_AREA_NAMES[order.category] },
    { label: messages['order-amount-spent'], value: formatCents(order.amountspent, locale) },
    { label: messages['order-vendor-name'], value: order.vendorname },
    { label: messages['order-policy-holder'], value: order.policyholdersname },
    { label: messages['order-policy-carrier'], value: order.policycarriername },
    { label: messages['order-policy-effective-date'], value: effectiveDate ? formatLongDate(effectiveDate, locale) : null },
    // The spec's default '0' (an order written before orders were numbered) is no number.
    { label: messages['order-number'], value: order.ordernumber === '0' ? null : order.ordernumber },
    { label: messages['order-account-name'], value: accountname ?? null },
    {
      label: messages['order-address'],
      value: member
        ? joined(member.address1, member.address2, member.city, member.stateorprovince, member.postalcode)
        : null,
    },
    { label: messages['order-phone'], value: member?.phonenumber ?? null },
    { label: messages['email'], value: member?.personalemailaddress || member?.emailaddress || null },
  ];
}

type CardProps = { order: Order; number: number; accountname?: string; member?: Member };

function PlanCard({ order, number, accountname, member }: CardProps) {
  const [expanded, toggle] = useDisclosure(false);
  const title = formatMessage(messages['health-plan-number'], { number: String(number) });
  const kind = ORDER_AREA_NAMES[order.category];
  const labels = orderLabels(order);
  const shown = details(order, accountname, member).filter((detail) => detail.value?.trim());
  return (
    <Card withBorder padding="lg" component="article" aria-label={`${title}, ${[kind, labels.productname].filter(Boolean).join(': ')}`}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {kind}
        </Text>
        {labels.productname && <Text fw={600}>{labels.productname}</Text>}
        {labels.options && <Text size="sm">{labels.options}</Text>}
        <Collapse expanded={expanded}>
          <Table>
            <Table.Tbody>
              {shown.map((detail) => (
                <Table.Tr key={detail.label}>
                  <Table.Th scope="row">{detail.label}</Table.Th>
                  {/* A value with no space to wrap at (an e-mail address) breaks where it must, within the card. */}
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{detail.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Collapse>
        <div>
          <Button variant="subtle" onClick={toggle.toggle}>
            {expanded ? messages['show-less'] : messages['load-more']}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

export function HealthPlanScreen() {
  const orders = useOrders();
  const employer = useEmployer(useOwnAccountId());
  const { data: member } = useMember();
  // Purchased products only: a waive order bought nothing.
  const list = (orders.data?.orderdetails ?? []).filter((order) => order.category !== 'waive');

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{messages['health-plans-title']}</Title>
        {orders.isLoading ? (
          <Loader aria-label={messages['loading']} />
        ) : list.length === 0 ? (
          <Text fw={700} ta="center" py="xl">
            {messages['no-plan-found']}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {list.map((order, index) => (
              <PlanCard
                key={order.id}
                order={order}
                number={index + 1}
                accountname={employer.data?.accountname}
                member={member}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
