/**
 * /health-plan, 'Employee Health Plans' (spec §2): a card 'Health Plan #n' per purchased product with its product
 * name and options; Load More shows the rest of the order's fields and Show Less hides them; 'NO PLAN FOUND' when
 * there are none (a waive order is no purchase).
 */
import { Button, Card, Collapse, Container, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatCurrency } from '#domain/money.ts';
import type { Member, Order } from '#contracts/entities.ts';
import { formatMessage } from '#engine/core/messages.ts';
import { messages } from '#web/messages.ts';
import { useEmployer, useMember, useOrders, useOwnAccountId } from '../api/queries.ts';

type Detail = { label: string; value: string | null };

const joined = (...parts: Array<string | null | undefined>) => parts.filter((part) => part?.trim()).join(', ') || null;

function details(order: Order, accountname: string | undefined, member: Member | undefined): Detail[] {
  return [
    { label: 'Description', value: order.description },
    { label: 'Category', value: order.category },
    { label: 'Amount Spent', value: formatCurrency(order.amountspent) },
    { label: 'Vendor Name', value: order.vendorname },
    { label: "Policy Holder's Name", value: order.policyholdersname },
    { label: 'Policy Carrier Name', value: order.policycarriername },
    { label: 'Policy Effective Date', value: order.policyeffectivedate?.slice(0, 10) ?? null },
    { label: 'Order Number', value: order.ordernumber },
    { label: 'Account Name', value: accountname ?? null },
    {
      label: 'Address',
      value: member
        ? joined(member.address1, member.address2, member.city, member.stateorprovince, member.postalcode)
        : null,
    },
    { label: 'Phone Number', value: member?.phonenumber ?? null },
    { label: 'Email', value: member?.personalemailaddress || member?.emailaddress || null },
  ];
}

type CardProps = { order: Order; number: number; accountname?: string; member?: Member };

function PlanCard({ order, number, accountname, member }: CardProps) {
  const [expanded, toggle] = useDisclosure(false);
  const title = formatMessage(messages['health-plan-card'], { number });
  return (
    <Card withBorder padding="lg" component="article" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text fw={600}>{order.productname ?? messages['not-applicable']}</Text>
        <Text size="sm">{order.options ?? messages['not-applicable']}</Text>
        <Collapse expanded={expanded}>
          <Table>
            <Table.Tbody>
              {details(order, accountname, member).map((detail) => (
                <Table.Tr key={detail.label}>
                  <Table.Th scope="row">{detail.label}</Table.Th>
                  <Table.Td>{detail.value?.trim() ? detail.value : messages['not-applicable']}</Table.Td>
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
          <Loader aria-label="Loading" />
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
