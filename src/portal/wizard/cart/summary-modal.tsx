/**
 * The Summary Information modal of Your Cart: the Member Benefit Fund Explanation, the Purchase Summary (the cart's
 * lines and totals) and the Member Fund Chart, all from the cart's one CartSummary.
 */
import { formatCents } from '#domain/values/money.ts';
import { locale, messages } from '#portal/messages.ts';
import { Modal, Stack, Table, Text, Title } from '@mantine/core';
import { totalRows, type CartSummary } from './cart-summary.ts';
import { MemberFundChart } from './member-fund-chart.tsx';

export function SummaryModal({ opened, onClose, summary }: { opened: boolean; onClose: () => void; summary: CartSummary }) {
  return (
    <Modal opened={opened} onClose={onClose} title={messages['cart-summary-open']} size="lg" centered>
      <Stack gap="md">
        <Stack gap={4} component="section" aria-label={messages['cart-fund-explanation-title']}>
          <Title order={3} size="h5">
            {messages['cart-fund-explanation-title']}
          </Title>
          <Text size="sm">{messages['cart-fund-explanation']}</Text>
        </Stack>
        <Stack gap={4} component="section" aria-label={messages['cart-purchase-summary']}>
          <Title order={3} size="h5">
            {messages['cart-purchase-summary']}
          </Title>
          <Table withTableBorder>
            <Table.Tbody>
              {summary.lines.map((line) => (
                <Table.Tr key={line.key}>
                  <Table.Th scope="row">{line.label}</Table.Th>
                  <Table.Td lang={line.note === undefined ? line.nameLang : undefined}>{line.note ?? line.name}</Table.Td>
                  <Table.Td ta="right">{formatCents(line.cents, locale)}</Table.Td>
                </Table.Tr>
              ))}
              {totalRows(summary).map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" colSpan={2}>
                    {row.label}
                  </Table.Th>
                  <Table.Td ta="right">{row.amount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Stack gap={4} component="section" aria-label={messages['cart-fund-chart']}>
          <Title order={3} size="h5">
            {messages['cart-fund-chart']}
          </Title>
          <MemberFundChart summary={summary} />
        </Stack>
      </Stack>
    </Modal>
  );
}
