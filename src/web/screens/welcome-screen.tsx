/**
 * /welcome (spec §2 /welcome, §4 Welcome): the greeting, the enrollment-complete message, the waived view (business
 * year, waive reason and the stored contribution, $0.00: a waiver receives none) or the enrolled view (health plan card and plan table), up to three contact cards and the
 * additional services. The latest main order decides which view shows. A value an order does not have (an HSA
 * administrator no employer set up, a service's tax status its catalogue lacks) is left empty, never shown as 'N/A' (docs/ui-conventions.md, Real names on /welcome and /health-plan). Enrollment is complete only once the member
 * has authorized (a main order exists, spec §1); before that the page says so and leads back to the wizard. After
 * it, Change My Elections opens the wizard afresh (an enrolled member arriving at /profile is led here instead).
 */
import { Alert, Anchor, Button, Card, Container, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { RetryAlert } from '#portal/layout/feedback/retry-alert.tsx';
import { NARROW_SCREEN } from '#portal/layout/theme.ts';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { startChanging } from '#portal/wizard/wizard-place.ts';
import { selectWelcomeContacts, type WelcomeContact } from '#domain/employer/contacts.ts';
import { formatLongDate } from '#domain/values/dates.ts';
import { formatCents } from '#domain/values/money.ts';
import { DEFAULT_BUSINESS_YEAR } from '#domain/parameters/enrollment.ts';
import type { MemberAccount, Order } from '#contracts/entities.ts';
import { formatMessage } from '#engine/runtime/messages.ts';
import { optionLabel } from '#engine/documents/option-labels.ts';
import { WAIVER_FORM, WAIVER_REASON_FIELD } from '#portal/wizard/form-fields.ts';
import { catalogueTexts, locale, messages } from '#portal/messages.ts';
import { orderLabels } from '#portal/value-labels.ts';
import { ORDER_AREA_NAMES } from './order-names.ts';
import {
  useBrokers,
  useContacts,
  useEmployer,
  useFormTexts,
  useMember,
  useMemberAccount,
  useOrders,
} from '#portal/api/queries.ts';

const planColumns = () => [
  messages['welcome-area'],
  messages['welcome-product-name'],
  messages['welcome-company-name'],
  messages['welcome-options'],
  messages['welcome-tax-status'],
  messages['welcome-cost'],
  messages['welcome-date-of-selection'],
];

const byNewest = (a: Order, b: Order) => b.createdon.localeCompare(a.createdon);
const dateOnly = (value: string | null) => value?.slice(0, 10) ?? '';

/** An order's cells in the plan table, in the order of planColumns(); a value the order does not have is left empty. */
function planCells(order: Order): string[] {
  const labels = orderLabels(order);
  return [
    ORDER_AREA_NAMES[order.category],
    labels.productname ?? '',
    order.policycarriername ?? order.vendorname ?? '',
    labels.options ?? '',
    labels.tax_status ?? '',
    formatCents(order.amountspent, locale),
    formatLongDate(dateOnly(order.createdon), locale),
  ];
}

/**
 * The plan table of spec §2: one row per order on a large screen; on a phone, where seven columns would scroll
 * sideways, one two-column table per order (each column's name beside its value), as the cart shows its rows.
 */
function PlanTable({ orders }: { orders: Order[] }) {
  const narrow = useMediaQuery(NARROW_SCREEN) ?? false;
  if (narrow) {
    return (
      <Stack gap="sm" component="section" aria-label={messages['welcome-plan-table']}>
        {orders.map((order) => {
          const cells = planCells(order);
          return (
            <Table key={order.id} variant="vertical" withTableBorder aria-label={cells[0]}>
              <Table.Tbody>
                {planColumns().map((column, index) =>
                  // A value the order does not have is left out here (the wide table leaves its cell empty).
                  cells[index] === '' ? null : (
                    <Table.Tr key={column}>
                      <Table.Th w="40%" scope="row">
                        {column}
                      </Table.Th>
                      <Table.Td>{cells[index]}</Table.Td>
                    </Table.Tr>
                  ),
                )}
              </Table.Tbody>
            </Table>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder aria-label={messages['welcome-plan-table']}>
        <Table.Thead>
          <Table.Tr>
            {planColumns().map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id}>
              {planCells(order).map((cell, index) => (
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The main order (health insurance or waive) placed last; the other orders ride along with it. */
function latestMainOrder(orders: Order[]): Order | undefined {
  return orders.filter((order) => order.category === 'healthinsurance' || order.category === 'waive').sort(byNewest)[0];
}

/** A contact card's title by its contact type (spec §3 types 1..5), in the page's language. */
const CONTACT_TITLES = catalogueTexts({
  1: 'welcome-contact-insurance-broker',
  2: 'welcome-contact-premium-payments',
  3: 'welcome-contact-hr',
  4: 'welcome-contact-billing',
  5: 'welcome-contact-support',
});

function ContactCard({ contact, employerName }: { contact: WelcomeContact; employerName: string | undefined }) {
  // A type outside 1..5 keeps the title the domain gave it (it names the type's number).
  const title = (CONTACT_TITLES as Readonly<Record<number, string | undefined>>)[contact.contacttype] ?? contact.title;
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm">{employerName ?? messages['not-available']}</Text>
        <Text fw={600}>{contact.fullname || messages['not-available']}</Text>
        <Text size="sm">{contact.emailaddress || messages['not-available']}</Text>
        <Text size="sm">{contact.phonenumber || messages['not-available']}</Text>
      </Stack>
    </Card>
  );
}

/**
 * The money of the authorized enrollment as the server stored it (its member account), never computed again from
 * today's contribution rules: /welcome says what the payroll file says.
 */
function StoredMoney({ account, effectiveDate }: { account: MemberAccount; effectiveDate: string }) {
  const amount = (cents: number) => formatCents(cents, locale);
  return (
    <>
      <Text>{formatMessage(messages['welcome-monthly-contribution'], { amount: amount(account.currentemployercontribution) })}</Text>
      {effectiveDate && <Text>{formatMessage(messages['welcome-effective-date'], { date: formatLongDate(effectiveDate, locale) })}</Text>}
      <Text>{formatMessage(messages['welcome-payroll-coverage'], { amount: amount(account.currentpayrolldeduction) })}</Text>
      {account.currenthsadeduction > 0 && <Text>{formatMessage(messages['welcome-payroll-hsa'], { amount: amount(account.currenthsadeduction) })}</Text>}
      {account.currentbalance > 0 && <Text>{formatMessage(messages['welcome-remaining-contribution'], { amount: amount(account.currentbalance) })}</Text>}
    </>
  );
}

function PlanView({ main, orders }: { main: Order; orders: Order[] }) {
  const { data: account } = useMemberAccount(true);
  const effectiveDate = dateOnly(main.policyeffectivedate);
  const year = main.businessyear ?? (effectiveDate ? Number(effectiveDate.slice(0, 4)) : DEFAULT_BUSINESS_YEAR.value);
  const rows = [main, ...orders.filter((order) => order.category === 'HSA' && dateOnly(order.policyeffectivedate) === effectiveDate)];

  return (
    <Stack gap="md">
      <Card withBorder padding="lg" component="section" aria-label={formatMessage(messages['welcome-plan-selected'], { year })}>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {formatMessage(messages['welcome-plan-selected'], { year })}
          </Title>
          <Text fw={600}>{main.productname ?? messages['not-available']}</Text>
          {main.summary_link && (
            <Anchor href={main.summary_link} target="_blank" rel="noreferrer">
              {messages['welcome-summary-plan']}
            </Anchor>
          )}
          {account && <StoredMoney account={account} effectiveDate={effectiveDate} />}
        </Stack>
      </Card>
      <PlanTable orders={rows} />
    </Stack>
  );
}

function WaivedView({ year, accountid }: { year: number; accountid: string }) {
  const { data: account } = useMemberAccount(true);
  const { data: waiver } = useFormTexts(WAIVER_FORM, accountid);
  const reason = account?.waivecoveragereason;
  // The word WAIVED is set in bold inside the sentence.
  const [before = '', after = ''] = formatMessage(messages['welcome-waived'], { year }).split('{waived}');
  return (
    <Card withBorder padding="lg" component="section" aria-label={messages['welcome-waived-section']}>
      <Stack gap="xs">
        <Text>
          {before}
          <strong>{messages['welcome-waived-word']}</strong>
          {after}
        </Text>
        <Text>{messages['welcome-waived-error']}</Text>
        <Text>{formatMessage(messages['welcome-waive-reason'], { reason: reason ? (waiver ? optionLabel(waiver, WAIVER_REASON_FIELD, reason) : reason) : messages['not-available'] })}</Text>
        {account && (
          <>
            {/* What the enrollment stored (the payroll file's figure): $0.00, as a waiver receives no contribution. */}
            <Text>{formatMessage(messages['welcome-monthly-contribution'], { amount: formatCents(account.currentemployercontribution, locale) })}</Text>
            <Text size="sm">{messages['welcome-waived-no-contribution']}</Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

export function WelcomeScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data: member, error: memberError, mutate: reloadMember } = useMember();
  const employer = useEmployer(member?.accountid);
  const orders = useOrders();
  const contacts = useContacts(member?.accountid);
  const brokers = useBrokers(employer.data?.teamid);

  if (!member && memberError !== undefined) {
    return (
      <Container size="lg" py="xl">
        <RetryAlert message={(memberError as { message?: string }).message ?? messages['something-wrong']} onRetry={() => void reloadMember()} />
      </Container>
    );
  }
  if (!member || orders.isLoading || employer.isLoading) {
    return (
      <Container size="lg" py="xl">
        <Loader aria-label={messages['loading']} />
      </Container>
    );
  }

  const all = orders.data?.orderdetails ?? [];
  const main = latestMainOrder(all);
  const waived = main?.category === 'waive';
  const services = all.filter((order) => order.category === 'additionalservices').sort(byNewest);
  const shownContacts = selectWelcomeContacts(contacts.data?.contacts, brokers.data?.[0]);
  const heading =
    params.get('authorize') === 'true' ? messages['welcome-congratulations'] : messages['welcome-back'];

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{formatMessage(heading, { name: member.firstname })}</Title>
        {orders.error !== undefined ? (
          <RetryAlert message={(orders.error as { message?: string }).message ?? messages['something-wrong']} onRetry={() => void orders.mutate()} />
        ) : main ? (
          <Stack gap="xs" align="flex-start">
            <Text size="lg">{messages['welcome-complete']}</Text>
            <Text>{messages['welcome-change-hint']}</Text>
            <Button
              variant="default"
              onClick={() => {
                startChanging(member.id);
                void navigate('/profile');
              }}
            >
              {messages['welcome-change-elections']}
            </Button>
          </Stack>
        ) : (
          <Alert color="yellow" variant="light" role="status">
            <Stack gap="xs" align="flex-start">
              <Text>{messages['welcome-not-authorized']}</Text>
              <Button component={Link} to="/profile">
                {messages['welcome-continue']}
              </Button>
            </Stack>
          </Alert>
        )}

        {waived && <WaivedView year={employer.data?.businessyear ?? DEFAULT_BUSINESS_YEAR.value} accountid={member.accountid} />}
        {main && !waived && <PlanView main={main} orders={all} />}

        {shownContacts.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {shownContacts.map((contact) => (
              <ContactCard
                key={`${contact.contacttype}-${contact.fullname}`}
                contact={contact}
                employerName={employer.data?.accountname}
              />
            ))}
          </SimpleGrid>
        )}

        <Stack gap="xs" component="section" aria-label={messages['welcome-additional-services']}>
          <Title order={2} size="h4">
            {messages['welcome-additional-services']}
          </Title>
          {services.length === 0 ? (
            <Text c="dimmed">{messages['welcome-services-none']}</Text>
          ) : (
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{messages['welcome-service-vendor']}</Table.Th>
                  <Table.Th>{messages['welcome-service-product']}</Table.Th>
                  <Table.Th>{messages['welcome-cost']}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {services.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>{order.vendorname ?? ''}</Table.Td>
                    <Table.Td>{order.description ?? order.productname ?? ''}</Table.Td>
                    <Table.Td>{formatCents(order.amountspent, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
