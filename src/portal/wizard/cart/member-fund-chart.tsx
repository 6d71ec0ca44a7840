/**
 * The Member Fund Chart: the employer contribution beside what the elections spend, drawn as an SVG bar chart
 * (the spend stacked by cart line), with a line at the contribution's height so a payroll deduction shows as the
 * part of the spend above it. Accessible: the SVG is an image with a title and a description; below it a legend
 * names each bar's colour and amount in words (so neither colour nor sight is needed to read it), then the totals.
 */
import { formatMessage } from '#engine/runtime/index.ts';
import { formatCents } from '#domain/values/money.ts';
import { locale, messages, type MessageKey } from '#portal/messages.ts';
import { Box, Group, List, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { totalRows, type CartLine, type CartSummary } from './cart-summary.ts';

const WIDTH = 360;
const HEIGHT = 220;
const TOP = 24;
const BOTTOM = 32;
const BAR = 90;
type Series = CartLine['key'] | 'contribution';
/** Each bar's fill and the catalogue's name of that colour, for the legend. */
const COLORS: Record<Series, { fill: string; name: MessageKey }> = {
  contribution: { fill: 'var(--mantine-color-teal-6)', name: 'chart-colour-teal' },
  plan: { fill: 'var(--mantine-color-blue-6)', name: 'chart-colour-blue' },
  hsa: { fill: 'var(--mantine-color-grape-6)', name: 'chart-colour-purple' },
  service: { fill: 'var(--mantine-color-orange-6)', name: 'chart-colour-orange' },
  waive: { fill: 'var(--mantine-color-gray-5)', name: 'chart-colour-gray' },
};

export function chartDescription(summary: CartSummary): string {
  const { totals } = summary;
  return formatMessage(messages['cart-chart-description'], {
    contribution: formatCents(totals.contributionCents, locale),
    spent: formatCents(totals.spentCents, locale),
    remaining: formatCents(totals.remainingCents, locale),
    payroll: formatCents(totals.payrollDeductionCents, locale),
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
  const legend: Array<{ series: Series; label: string; cents: number }> = [
    { series: 'contribution', label: messages['cart-total-contribution'], cents: totals.contributionCents },
    ...spend.map((part) => ({ series: part.key, label: part.label, cents: part.cents })),
  ];

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
          fill={COLORS.contribution.fill}
          data-cents={totals.contributionCents}
          data-part="contribution"
        />
        <text x={columns[0]! + BAR / 2} y={contributionY - 6} textAnchor="middle" fontSize={12} fill="currentColor">
          {formatCents(totals.contributionCents, locale)}
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
            fill={COLORS[part.key].fill}
            data-cents={part.cents}
            data-part={part.key}
          >
            <title>{`${part.label}: ${formatCents(part.cents, locale)}`}</title>
          </rect>
        ))}
        <text x={columns[1]! + BAR / 2} y={base - height(totals.spentCents) - 6} textAnchor="middle" fontSize={12} fill="currentColor">
          {formatCents(totals.spentCents, locale)}
        </text>
        <text x={columns[1]! + BAR / 2} y={HEIGHT - 10} textAnchor="middle" fontSize={12} fill="currentColor">
          {messages['cart-total-spent']}
        </text>
        <line
          x1={columns[0]}
          x2={columns[1]! + BAR}
          y1={contributionY}
          y2={contributionY}
          stroke={COLORS.contribution.fill}
          strokeDasharray="4 3"
          strokeWidth={1.5}
        />
      </svg>
      <List size="sm" listStyleType="none" aria-label={messages['cart-chart-legend']}>
        {legend.map((entry) => (
          <List.Item key={entry.series}>
            <Group gap="xs" wrap="nowrap">
              <Box component="span" aria-hidden w={12} h={12} style={{ flexShrink: 0, backgroundColor: COLORS[entry.series].fill }} />
              <Text span size="sm">
                {formatMessage(messages['cart-chart-legend-entry'], {
                  series: entry.label,
                  colour: messages[COLORS[entry.series].name],
                  amount: formatCents(entry.cents, locale),
                })}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
      <List size="sm" aria-label={messages['cart-totals']}>
        {/* The contribution is in the legend already. */}
        {totalRows(summary)
          .filter((row) => row.key !== 'contributionCents')
          .map((row) => (
            <List.Item key={row.key}>
              <Text span size="sm">{`${row.label}: ${row.amount}`}</Text>
            </List.Item>
          ))}
      </List>
    </Stack>
  );
}
