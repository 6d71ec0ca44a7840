/**
 * The demo employer's ICHRA documents: real PDF files written into the product's storage on start (idempotent:
 * the same bytes each time), so the ICHRA Acknowledgment step has documents to open on a fresh install.
 * pdfDocument writes a small valid PDF 1.4 (one page per 40 lines of Helvetica text, a correct cross-reference
 * table), enough for any viewer.
 */
import { ICHRA_DOCUMENTS_CONTAINER } from '#domain/parameters/enrollment.ts';
import type { Storage } from '../infra/storage.ts';

const LINES_PER_PAGE = 40;

/** A PDF string literal: backslash, parentheses escaped; characters outside printable ASCII replaced. */
function pdfText(text: string): string {
  return `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1')})`;
}

/** A PDF of the title (large) and the lines below it. */
export function pdfDocument(title: string, lines: readonly string[]): Buffer {
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(1, lines.length); i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE) as string[]);

  // Objects: 1 catalog, 2 pages, 3 font, then a page and its contents for each page.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  pages.forEach((pageLines, index) => {
    const pageId = pageIds[index]!;
    const heading = index === 0 ? `/F1 18 Tf ${pdfText(title)} Tj 0 -30 Td /F1 11 Tf ` : '/F1 11 Tf ';
    const body = pageLines.map((line) => `${pdfText(line)} Tj 0 -15 Td`).join(' ');
    const stream = `BT 72 720 Td ${heading}${body} ET`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f\r\n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n\r\n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The demo employer's documents, by file name. */
export function demoIchraDocuments(accountname: string): Array<{ filename: string; bytes: Buffer }> {
  return [
    {
      filename: 'ICHRA Plan Document.pdf',
      bytes: pdfDocument(`${accountname}: ICHRA Plan Document`, [
        'This document describes the individual coverage health reimbursement arrangement (ICHRA)',
        `that ${accountname} offers its employees.`,
        '',
        '1. Eligibility. Employees offered the arrangement may be reimbursed for individual health',
        '   insurance premiums up to the monthly allowance their employer sets for their class.',
        '2. Allowance. The monthly allowance may vary by age, family size and contribution class,',
        '   as the law allows. Your allowance is shown in the enrollment portal.',
        '3. Individual coverage. To take part you must be enrolled in individual health insurance',
        '   (or Medicare) for each month you are reimbursed.',
        '4. Premiums above the allowance are deducted from your pay before taxes.',
        '5. Premium tax credit. If you accept the allowance you cannot claim the premium tax credit',
        '   for Exchange coverage for the same months.',
        '6. Opting out. You may waive the arrangement each plan year.',
        '',
        'This is a sample document of the demonstration employer.',
      ]),
    },
    {
      filename: 'ICHRA Notice to Employees.pdf',
      bytes: pdfDocument(`${accountname}: ICHRA Notice to Employees`, [
        'You are receiving this notice because your employer offers an individual coverage HRA.',
        'Read it with the ICHRA Plan Document before you choose a health plan.',
        '',
        'The notice explains the allowance, how it affects the premium tax credit, and that you must',
        'tell the Exchange about the arrangement if you apply for coverage there.',
        '',
        'This is a sample document of the demonstration employer.',
      ]),
    },
  ];
}

/** Writes the demo employer's documents into its folder of the ICHRA documents container. */
export async function seedDemoDocuments(storage: Storage, accountid: string, accountname: string): Promise<void> {
  for (const { filename, bytes } of demoIchraDocuments(accountname)) {
    await storage.write(ICHRA_DOCUMENTS_CONTAINER.value, accountid, filename, bytes);
  }
}
