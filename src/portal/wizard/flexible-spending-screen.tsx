/**
 * Flexible Spending Options (spec §2, §5 HSA amount, §9 HSA figures): the HSA explanation, the monthly HSA
 * contribution (dollars and cents, leading zeros stripped), the instructions modal, and the annual limit
 * for the member's coverage tier and plan year with the 55-or-older catch-up, as the server figures it
 * (GET /api/Hsa/Limit: the IRS figures, the member's age and family, the months left in the plan year), labelled
 * with the year the figures belong to (the newest published when the plan year's are not), and, when coverage starts
 * after January 1, one sentence on the monthly proration and the last-month rule (26 U.S.C. 223(b)(2), (b)(8)). The monthly
 * amount times the months left may not exceed the limit: above the most a month, the field says so and Next
 * waits. The amount is kept in the wizard's choices (hsaMonthlyCents) for the cart.
 */
import type { HsaLimit } from '#contracts/entities.ts';
import { hsaLimitPath } from '#contracts/requests.ts';
import { centsToDollars, formatCents, type Cents } from '#domain/values/money.ts';
import { MONTHS_IN_TAX_YEAR } from '#domain/parameters/hsa.ts';
import { formatMessage } from '#engine/runtime/index.ts';
import { nextBusyProps, type StepScreenProps } from '#engine/react/index.ts';
import { swrFetcher } from '#portal/api/api-client.ts';
import { locale, messages } from '#portal/messages.ts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { effectiveDate, useWizard } from './wizard-context.tsx';

/** The most digits of whole dollars the amount takes (up to $99,999 a month; any real limit is far below). */
export const HSA_AMOUNT_DIGITS = 5;

/**
 * What the amount field keeps of what is typed: a number of dollars, with cents after a point (the limits have
 * cents: $729.16 a month). Other characters go ($, commas, letters), leading zeros go, whole dollars keep at most
 * HSA_AMOUNT_DIGITS digits and cents two; a second point ends the amount, so '3.50' is never read as 350.
 */
export function hsaAmountText(typed: string): string {
  const [whole = '', cents] = typed.replace(/[^\d.]/g, '').split('.');
  const dollars = whole.replace(/^0+(?=\d)/, '').slice(0, HSA_AMOUNT_DIGITS);
  if (cents === undefined) return dollars === '0' ? '' : dollars;
  return `${dollars}.${cents.slice(0, 2)}`;
}

/** The cents of a kept amount, by its digits ('' and '.' are none; '3.' is three dollars, '.5' fifty cents). */
const toCents = (text: string): Cents => {
  const [whole = '', cents = ''] = text.split('.');
  return Number(whole || '0') * 100 + Number(cents.padEnd(2, '0'));
};

/** The field's text of an amount in cents: whole dollars as such, cents with two digits. */
const amountText = (cents: Cents): string => (cents <= 0 ? '' : cents % 100 === 0 ? String(centsToDollars(cents)) : centsToDollars(cents).toFixed(2));

/** The over-limit message for a monthly amount, or null when it fits (or the limit is not known). */
export function overLimitMessage(monthlyCents: Cents, limit: HsaLimit | undefined): string | null {
  if (!limit || monthlyCents <= limit.maxmonthly) return null;
  return formatMessage(messages['hsa-over-limit'], {
    amount: formatCents(monthlyCents, locale),
    months: limit.monthsleft,
    total: formatCents(monthlyCents * limit.monthsleft, locale),
    limit: formatCents(limit.annuallimit, locale),
    max: formatCents(limit.maxmonthly, locale),
  });
}

export function FlexibleSpendingScreen({ next, nextBusy }: StepScreenProps) {
  const { choices, update } = useWizard();
  const date = effectiveDate(choices);
  const limit = useSWR<HsaLimit>(date ? hsaLimitPath(date) : null, swrFetcher, { shouldRetryOnError: false });
  const [text, setText] = useState(() => amountText(choices.hsaMonthlyCents));
  const [instructions, setInstructions] = useState(false);

  const cents = toCents(text);
  const fault = overLimitMessage(cents, limit.data);

  const change = (typed: string) => {
    const kept = hsaAmountText(typed);
    setText(kept);
    update((current) => ({ ...current, hsaMonthlyCents: toCents(kept) }));
  };
  const proceed = () => {
    if (fault === null) next();
  };

  const year = Number(date?.slice(0, 4));
  const tier = limit.data?.tier === 'family' ? messages['hsa-tier-family'] : messages['hsa-tier-self'];
  return (
    <Stack gap="md">
      <Title order={2}>{messages['hsa-heading']}</Title>
      <Text>{messages['hsa-explanation']}</Text>
      <Group>
        <Button variant="light" onClick={() => setInstructions(true)}>
          {messages['hsa-instructions-open']}
        </Button>
      </Group>
      {limit.data ? (
        <Stack gap={2} data-testid="hsa-limit">
          <Text fw={600}>
            {formatMessage(messages['hsa-annual-limit'], { tier, year: limit.data.figuresyear, limit: formatCents(limit.data.annuallimit, locale) })}
          </Text>
          {limit.data.figuresyear !== year && (
            <Text size="sm">{formatMessage(messages['hsa-figures-fallback'], { year, figuresYear: limit.data.figuresyear })}</Text>
          )}
          {limit.data.catchup > 0 && (
            <Text size="sm">{formatMessage(messages['hsa-catch-up'], { amount: formatCents(limit.data.catchup, locale) })}</Text>
          )}
          <Text size="sm">
            {formatMessage(messages['hsa-max-monthly'], {
              max: formatCents(limit.data.maxmonthly, locale),
              months: limit.data.monthsleft,
            })}
          </Text>
          {limit.data.eligiblemonths < MONTHS_IN_TAX_YEAR.value && (
            <Text size="sm">
              {formatMessage(messages['hsa-proration'], {
                year,
                months: limit.data.eligiblemonths,
                prorated: formatCents(limit.data.proratedlimit, locale),
                limit: formatCents(limit.data.annuallimit, locale),
                nextYear: year + 1,
              })}
            </Text>
          )}
        </Stack>
      ) : (
        limit.error !== undefined && (
          <Alert color="gray" variant="light">
            {messages['hsa-limit-unavailable']}
          </Alert>
        )
      )}
      <TextInput
        label={messages['hsa-amount']}
        value={text}
        inputMode="decimal"
        leftSection="$"
        maw={280}
        maxLength={HSA_AMOUNT_DIGITS + 3}
        onChange={(event) => change(event.currentTarget.value)}
        error={fault}
      />
      <Group>
        <Button onClick={proceed} {...nextBusyProps(nextBusy)}>
          {messages['next']}
        </Button>
      </Group>
      <Modal opened={instructions} onClose={() => setInstructions(false)} title={messages['hsa-instructions-title']} centered>
        <Text>{messages['hsa-instructions']}</Text>
      </Modal>
    </Stack>
  );
}
