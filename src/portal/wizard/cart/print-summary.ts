/**
 * The print view of Your Cart: a print-friendly page written into a new window from the same CartSummary the
 * screen shows (so the printed numbers are the screen's), built with DOM calls (text is never parsed as HTML) and
 * without any script in it: the page's CSP forbids inline scripts, so the opener asks the window to print. It is
 * written in the page's language: its texts, its lang, its money and dates.
 */
import { formatMessage } from '#engine/runtime/index.ts';
import { formatCents } from '#domain/values/money.ts';
import { formatLongDate } from '#domain/values/dates.ts';
import { language, locale, messages } from '#portal/messages.ts';
import { cartColumns, totalRows, type CartSummary } from './cart-summary.ts';

export type PrintDetails = { title: string; memberName: string; employerName: string; effectiveDate: string | null };

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 24px; color: #111; }
h1 { font-size: 20px; margin: 0 0 4px; }
p { margin: 4px 0; }
table { border-collapse: collapse; width: 100%; margin: 16px 0; }
th, td { border: 1px solid #999; padding: 6px 8px; text-align: left; font-size: 13px; }
td.amount, th.amount { text-align: right; }
`;

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** Writes the summary page into `doc` (the new window's document), replacing what it held. */
export function writePrintDocument(doc: Document, summary: CartSummary, details: PrintDetails): void {
  doc.documentElement.lang = language;
  doc.head.replaceChildren(element(doc, 'style', STYLE));
  doc.title = details.title;
  const body = doc.body;
  body.replaceChildren();

  body.append(element(doc, 'h1', formatMessage(messages['cart-print-heading'], { name: details.memberName })));
  body.append(element(doc, 'p', details.employerName));
  if (details.effectiveDate) {
    body.append(element(doc, 'p', formatMessage(messages['cart-print-effective'], { date: formatLongDate(details.effectiveDate, locale) })));
  }

  const lines = element(doc, 'table');
  lines.setAttribute('aria-label', details.title);
  const head = lines.createTHead().insertRow();
  for (const text of cartColumns()) head.append(element(doc, 'th', text));
  head.append(element(doc, 'th', messages['cart-column-cost'], 'amount'));
  const rows = lines.createTBody();
  for (const line of summary.lines) {
    const row = rows.insertRow();
    row.append(element(doc, 'th', line.label));
    if (line.note === undefined) {
      for (const [text, lang] of [[line.carrier], [line.plantype], [line.name, line.nameLang], [line.metal]] as const) {
        const cell = element(doc, 'td', text);
        if (lang) cell.lang = lang;
        row.append(cell);
      }
    } else {
      const note = element(doc, 'td', line.note);
      note.colSpan = 4;
      row.append(note);
    }
    row.append(element(doc, 'td', formatCents(line.cents, locale), 'amount'));
  }
  body.append(lines);

  const totals = element(doc, 'table');
  totals.setAttribute('aria-label', messages['cart-totals']);
  const totalsBody = totals.createTBody();
  for (const total of totalRows(summary)) {
    const row = totalsBody.insertRow();
    row.dataset.total = total.key;
    row.append(element(doc, 'th', total.label));
    row.append(element(doc, 'td', total.amount, 'amount'));
  }
  body.append(totals);

  if (summary.family.length > 0) {
    body.append(element(doc, 'h2', messages['cart-family']));
    const list = element(doc, 'ul');
    for (const member of summary.family) list.append(element(doc, 'li', member.text));
    body.append(list);
  }
  body.append(element(doc, 'p', messages['cart-estimate-notice']));
}

/**
 * Opens the print window, writes the summary and asks it to print. Answers false when the browser refused the
 * window (a pop-up blocker), so the screen can say so.
 */
export function printSummary(summary: CartSummary, details: PrintDetails, open: Window['open'] = window.open.bind(window)): boolean {
  const target = open('', '_blank', 'width=900,height=1000');
  if (!target) return false;
  writePrintDocument(target.document, summary, details);
  target.focus();
  target.print();
  return true;
}
