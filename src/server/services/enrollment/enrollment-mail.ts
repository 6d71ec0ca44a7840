/**
 * The confirmation e-mail of an authorization (issue 36): the elections as the server stored them (the answer of
 * POST /api/Enrollment/Authorize), in the member's language, else the language of the page that authorized. It
 * names the plan, the monthly premium, the employer's contribution, the payroll deductions (the premium's and the
 * HSA deposit) and the effective date; never an SSN nor any other identifier of the person beyond the first name.
 * The route sends it only for a first answer, never for a replayed one, so a retried Authorize mails once.
 */
import type { AuthorizeAnswer } from '#contracts/requests.ts';
import type { Language } from '#contracts/language.ts';
import { LANGUAGE_LOCALES } from '#contracts/language.ts';
import { formatLongDate } from '#domain/values/dates.ts';
import type { MemberRow } from '#db/repositories/member/member.repository.ts';
import { catalogueMessage, formatMoney, mailLanguage } from '../../content/catalogue-messages.ts';
import type { MailService } from '../../ports.ts';

type Recipient = Pick<MemberRow, 'firstname' | 'emailaddress' | 'language'>;

/** The summary's lines in `language`: one per election, money as the member's language writes it. */
export function enrollmentSummary(answer: AuthorizeAnswer, language: Language): string[] {
  const money = (cents: number) => formatMoney(cents, language);
  const account = answer.memberAccount;
  const plan = answer.orders.find((order) => order.category === 'healthinsurance');
  const service = answer.orders.find((order) => order.category === 'additionalservices');
  const lines: string[] = [];
  if (plan) {
    lines.push(catalogueMessage('mail-enrolled-plan', { plan: plan.productname ?? '', carrier: plan.policycarriername ?? plan.vendorname ?? '' }, language));
    lines.push(catalogueMessage('mail-enrolled-premium', { amount: money(account.currenthealthinsurancepremium) }, language));
  } else {
    lines.push(catalogueMessage('mail-enrolled-waived', { year: answer.planyear }, language));
  }
  if (service) lines.push(catalogueMessage('mail-enrolled-service', { service: service.description ?? service.productname ?? '', amount: money(service.amountspent) }, language));
  // A waiver receives no contribution and has no premium to deduct.
  if (plan) {
    lines.push(catalogueMessage('mail-enrolled-contribution', { amount: money(account.currentemployercontribution) }, language));
    lines.push(catalogueMessage('mail-enrolled-deduction', { amount: money(account.currentpayrolldeduction) }, language));
  }
  if (account.currenthsadeduction > 0) lines.push(catalogueMessage('mail-enrolled-hsa', { amount: money(account.currenthsadeduction) }, language));
  lines.push(catalogueMessage('cart-print-effective', { date: formatLongDate(answer.effectivedate, LANGUAGE_LOCALES[language]) }, language));
  return lines;
}

/** E-mails the confirmation of `answer` to the member's sign-in address. */
export async function mailEnrollmentConfirmation(
  mail: MailService,
  member: Recipient,
  employerName: string,
  answer: AuthorizeAnswer,
  link: string,
  otherwise: Language,
): Promise<void> {
  const language = mailLanguage(member, otherwise);
  const summary = enrollmentSummary(answer, language)
    .map((text) => `- ${text}`)
    .join('\n');
  await mail.send({
    to: member.emailaddress,
    subject: catalogueMessage('mail-enrolled-subject', { year: answer.planyear }, language),
    text: catalogueMessage('mail-enrolled-body', { name: member.firstname, employer: employerName, summary, link }, language),
  });
}
