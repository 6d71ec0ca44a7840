/**
 * The Member Fund Chart: the employer contribution beside what the elections spend, drawn as an SVG bar chart
 * (the spend stacked by cart line), with a line at the contribution's height so a payroll deduction shows as the
 * part of the spend above it. Accessible: the SVG is an image with a title and a description, and the values are
 * also written out as text below it.
 */
import { formatMessage } from '#engine/core/index.ts';
import { formatCents } from '#domain/money.ts';
import { messages } from '#web/messages.ts';
import { List, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { totalRows, type CartSummary } from './cart-summary.ts';

const WIDTH = 360;
const HEIGHT = 220;
const TOP = 24;
const BOTTOM = 32;
const BAR = 90;
const COLORS: Record<string, string> = {
  contribution: 'var(--mantine-color-teal-6)',
  plan: 'var(--mantine-color-blue-6)',
  hsa: 'var(--mantine-color-grape-6)',
  service: 'var(--mantine-color-orange-6)',
  waive: 'var(--mantine-color-gray-5)',
};

export function chartDescription(summary: CartSummary): string {
  const { totals } = summary;
  return formatMessage(messages['cart-chart-description'], {
    contribution: formatCents(totals.contributionCents),
    spent: formatCents(totals.spentCents),
    remaining: formatCents(totals.remainingCents),
    payroll: formatCents(totals.payrollDeductionCents),
  });
}

export function MemberFundChart({ summary }: { summary: CartSummary }) {
  const id = useId();
  const { totals } = summary;
  const plot = HEIGHT - TOP - BOTTOM;
  const top = Math.max(totals.contributionCents, totals.spentCents, 1);
  const height = (cents: number) => (cents / top) * plot;
  const base = HEIGHT - BOTTOM;
  const columns = [WIDTH / 4 - BAR / 2, (3 * WIDTH) / 4 - BAR / 2];

  let stacked = base;
  const spend = summary.lines
    .filter((line) => line.cents > 0)
    .map((line) => {
      const h = height(line.cents);
      stacked -= h;
      return { key: line.key, label: line.label, y: stacked, h, cents: line.cents };
    });
  const contributionY = base - height(totals.contributionCents);

  return (
    <Stack gap="xs">
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        style={{ maxWidth: WIDTH }}
        data-testid="member-fund-chart"
      >
        <title id={`${id}-title`}>{messages['cart-fund-chart']}</title>
        <desc id={`${id}-desc`}>{chartDescription(summary)}</desc>
        <line x1={0} x2={WIDTH} y1={base} y2={base} stroke="currentColor" strokeWidth={1} />
        <rect
          x={columns[0]}
          y={contributionY}
          width={BAR}
          height={base - contributionY}
          fill={COLORS.contribution}
          data-cents={totals.contributionCents}
          data-part="contribution"
        />
        <text x={columns[0]! + BAR / 2} y={contributionY - 6} textAnchor="middle" fontSize={12} fill="currentColor">
          {formatCents(totals.contributionCents)}
        </text>
        <text x={columns[0]! + BAR / 2} y={HEIGHT - 10} textAnchor="middle" fontSize={12} fill="currentColor">
          {messages['cart-total-contribution']}
        </text>
        {spend.map((part) => (
          <rect
            key={part.key}
            x={columns[1]}
            y={part.y}
            width={BAR}
            height={part.h}
            fill={COLORS[part.key]}
            data-cents={part.cents}
            data-part={part.key}
          >
            <title>{`${part.label}: ${formatCents(part.cents)}`}</title>
          </rect>
        ))}
        <text x={columns[1]! + BAR / 2} y={base - height(totals.spentCents) - 6} textAnchor="middle" fontSize={12} fill="currentColor">
          {formatCents(totals.spentCents)}
        </text>
        <text x={columns[1]! + BAR / 2} y={HEIGHT - 10} textAnchor="middle" fontSize={12} fill="currentColor">
          {messages['cart-total-spent']}
        </text>
        <line
          x1={columns[0]}
          x2={columns[1]! + BAR}
          y1={contributionY}
          y2={contributionY}
          stroke={COLORS.contribution}
          strokeDasharray="4 3"
          strokeWidth={1.5}
        />
      </svg>
      <List size="sm" aria-label={messages['cart-fund-chart']}>
        {summary.lines
          .filter((line) => line.cents > 0)
          .map((line) => (
            <List.Item key={line.key}>
              <Text span size="sm">{`${line.label}: ${formatCents(line.cents)}`}</Text>
            </List.Item>
          ))}
        {totalRows(summary).map((row) => (
          <List.Item key={row.key}>
            <Text span size="sm">{`${row.label}: ${row.amount}`}</Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
