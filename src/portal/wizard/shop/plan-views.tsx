/**
 * The shop's plan views besides the list: the comparison screen, the Plan Summary Document screen, and the rows
 * table the Plan Details modal shows (spec §2).
 */
import type { HealthPlan } from '#contracts/entities.ts';
import { messages } from '#portal/messages.ts';
import { Anchor, Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
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

/** The width the row labels' column and each plan's column need, so a phone scrolls instead of squeezing them. */
const LABEL_COLUMN_PX = 130;
const PLAN_COLUMN_PX = 150;

type Overflow = { overflows: boolean; atStart: boolean; atEnd: boolean };

/** Whether an element's content is wider than it, and whether it is scrolled to its start or its end. */
function useHorizontalOverflow(): [RefObject<HTMLDivElement | null>, Overflow] {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ overflows: false, atStart: true, atEnd: true });
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const next = { overflows: hidden > 1, atStart: element.scrollLeft <= 1, atEnd: element.scrollLeft >= hidden - 1 };
      setOverflow((previous) =>
        previous.overflows === next.overflows && previous.atStart === next.atStart && previous.atEnd === next.atEnd ? previous : next,
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);
  return [ref, overflow];
}

type LabelCellProps = { scope?: 'row'; striped?: boolean; scrolled: boolean; children?: ReactNode };

/**
 * A cell of the row labels' column, which stays in view as the plans scroll under it: it has a background of its own
 * (its row's stripe or the page) and its own edge line (a collapsed table's borders stay behind); once the plans are
 * scrolled, a shade at its edge shows some lie under it (a table cell's own box-shadow is not drawn).
 */
function LabelCell({ scope, striped = false, scrolled, children }: LabelCellProps) {
  return (
    <Table.Th
      scope={scope}
      w={LABEL_COLUMN_PX}
      style={{
        position: 'sticky',
        left: 0,
        zIndex: 1,
        backgroundColor: striped ? 'var(--table-striped-color)' : 'var(--mantine-color-body)',
        boxShadow: 'inset -1px 0 0 var(--table-border-color)',
      }}
    >
      {children}
      {scrolled && (
        <Box
          component="span"
          aria-hidden
          pos="absolute"
          top={0}
          bottom={0}
          right={-10}
          w={10}
          style={{ pointerEvents: 'none', background: 'linear-gradient(to right, rgba(0, 0, 0, 0.15), transparent)' }}
        />
      )}
    </Table.Th>
  );
}

/**
 * The comparison screen: one column per plan headed by its issuer, the rows of spec §2 in order. Wider than a phone,
 * the table scrolls sideways in a region the keyboard can focus and scroll, named by the heading; the row labels
 * stay in view (sticky), and while plans lie beyond the edge a text says so and the edge fades.
 */
export function Comparison({ plans, onBack }: { plans: HealthPlan[]; onBack: () => void }) {
  const titleId = useId();
  const hintId = useId();
  const [scroller, { overflows, atStart, atEnd }] = useHorizontalOverflow();
  return (
    <Stack gap="md">
      <Title order={2} id={titleId}>
        {messages['plan-comparison']}
      </Title>
      {overflows && (
        <Text size="sm" c="dimmed" id={hintId}>
          {messages['compare-scroll-hint']}
        </Text>
      )}
      <Box pos="relative">
        <Table.ScrollContainer
          ref={scroller}
          minWidth={LABEL_COLUMN_PX + plans.length * PLAN_COLUMN_PX}
          role="region"
          aria-labelledby={titleId}
          aria-describedby={overflows ? hintId : undefined}
          // The border is the region's rather than the table's: plans scrolled past would show in the table's own.
          style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Table withColumnBorders striped aria-label={messages['plan-comparison']}>
            <Table.Thead>
              <Table.Tr>
                <LabelCell scrolled={!atStart} />
                {plans.map((plan) => (
                  <Table.Th key={plan.planid} scope="col">
                    {plan.issuername}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {COMPARISON_ROWS.map((row, index) => (
                <Table.Tr key={row.key}>
                  {/* Striped: the odd rows (index 0, 2...) have the stripe. */}
                  <LabelCell scope="row" striped={index % 2 === 0} scrolled={!atStart}>
                    {row.label}
                  </LabelCell>
                  {plans.map((plan) => (
                    <Table.Td key={plan.planid}>{row.value(plan)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {overflows && !atEnd && (
          <Box
            aria-hidden
            pos="absolute"
            top={0}
            right={0}
            bottom={0}
            w={40}
            style={{ pointerEvents: 'none', background: 'linear-gradient(to right, transparent, rgba(0, 0, 0, 0.18))' }}
          />
        )}
      </Box>
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
