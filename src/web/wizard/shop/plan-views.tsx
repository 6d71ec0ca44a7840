/**
 * The shop's plan views besides the list: the comparison screen, the Plan Summary Document screen, and the rows
 * table the Plan Details modal shows (spec §2).
 */
import type { HealthPlan } from '#contracts/entities.ts';
import { messages } from '#web/messages.ts';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { COMPARISON_ROWS, SUMMARY_ROWS, type DETAIL_ROWS } from './plan-rows.ts';

export function RowsTable({ rows, plan }: { rows: typeof DETAIL_ROWS; plan: HealthPlan }) {
  return (
    <Table withTableBorder striped>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row">{row.label}</Table.Th>
            <Table.Td>{row.value(plan)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Group>
      <Button variant="default" onClick={onBack}>
        {messages['back']}
      </Button>
    </Group>
  );
}

/** The comparison screen: one column per plan headed by its issuer, the rows of spec §2 in order. */
export function Comparison({ plans, onBack }: { plans: HealthPlan[]; onBack: () => void }) {
  return (
    <Stack gap="md">
      <Title order={2}>{messages['plan-comparison']}</Title>
      <Table.ScrollContainer minWidth={480}>
        <Table withTableBorder withColumnBorders striped aria-label={messages['plan-comparison']}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              {plans.map((plan) => (
                <Table.Th key={plan.planid} scope="col">
                  {plan.issuername}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {COMPARISON_ROWS.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row">{row.label}</Table.Th>
                {plans.map((plan) => (
                  <Table.Td key={plan.planid}>{row.value(plan)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <BackButton onBack={onBack} />
    </Stack>
  );
}

/** The Plan Summary Document screen: the summary rows, and the insurer's summary of benefits when it has one. */
export function PlanSummary({ plan, onBack }: { plan: HealthPlan; onBack: () => void }) {
  return (
    <Stack gap="md">
      <Title order={2}>{messages['plan-summary-document']}</Title>
      <Text c="dimmed">{plan.issuername}</Text>
      <RowsTable rows={SUMMARY_ROWS} plan={plan} />
      {plan.urlforbenefitsummarycoverage && (
        <Anchor href={plan.urlforbenefitsummarycoverage} target="_blank" rel="noopener noreferrer">
          {messages['summary-of-benefits']}
        </Anchor>
      )}
      <BackButton onBack={onBack} />
    </Stack>
  );
}
