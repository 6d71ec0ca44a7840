/**
 * A plan's benefit texts in the page's language. The plan catalogue stores the carriers' cost-sharing texts in
 * English (CMS plan data, in-network part and limit: src/server/data-import/prepare-plans.ts), in a small grammar: a cost ('$30', '20%', '20%, up to $150', '$10 plus 20%'),
 * 'after deductible', 'after $150 allowance', 'per script', a 'first 3 visit(s) $30 then 20%' schedule and a
 * '(limit: 30 visit(s) per year)' suffix. In another language each phrase of that grammar is put in its words from
 * the catalogue; amounts stay as written. A text outside the grammar keeps its English phrases.
 */
import { DEFAULT_LANGUAGE } from '#contracts/language.ts';
import { formatMessage } from '#engine/runtime/messages.ts';
import { language, messages, type MessageKey } from '#portal/messages.ts';

const LIMIT = /^(.*) \(limit: (\d+) (visit|exam|item|day)\(s\) per (year|month|benefit period)\)$/;
const FIRST_VISITS = /^first (\d+) visit\(s\) (.+?) then (.+)$/;

const UNITS: Readonly<Record<string, MessageKey>> = {
  visit: 'benefit-unit-visit',
  exam: 'benefit-unit-exam',
  item: 'benefit-unit-item',
  day: 'benefit-unit-day',
};

const PERIODS: Readonly<Record<string, MessageKey>> = {
  year: 'benefit-period-year',
  month: 'benefit-period-month',
  'benefit period': 'benefit-period-benefit-period',
};

/** A cost and its conditions ('20% after deductible after $150 allowance') in the page's words. */
function cost(text: string): string {
  return text
    .replace(/ after (\$[\d,.]+) allowance/g, (_, amount: string) => ` ${formatMessage(messages['benefit-after-allowance'], { amount })}`)
    .replace(/ after deductible/g, ` ${messages['benefit-after-deductible']}`)
    .replace(/ per script/g, ` ${messages['benefit-per-script']}`)
    .replace(/, up to /g, `, ${messages['benefit-up-to']} `)
    .replace(/ plus /g, ` ${messages['benefit-plus']} `);
}

/** A benefit text as the plan catalogue stores it, in the page's language. */
export function benefitInLanguage(text: string): string {
  if (language === DEFAULT_LANGUAGE) return text;
  const limited = LIMIT.exec(text);
  const body = limited ? limited[1]! : text;
  const first = FIRST_VISITS.exec(body);
  const shown = first ? formatMessage(messages['benefit-first-visits'], { count: first[1]!, cost: cost(first[2]!), rest: cost(first[3]!) }) : cost(body);
  if (!limited) return shown;
  const limit = formatMessage(messages['benefit-limit'], { count: limited[2]!, unit: messages[UNITS[limited[3]!]!], period: messages[PERIODS[limited[4]!]!] });
  return `${shown} ${limit}`;
}
