import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from '#domain/values/csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a byte-order mark (a line break inside a field read as LF)', () => {
    const text = '\uFEFFa,b\r\n"Smith, Jr.","say ""hi"""\r\n"two\r\nlines",x\r\n';
    expect(parseCsv(text)).toEqual({
      problems: [],
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['Smith, Jr.', 'say "hi"'] },
        { line: 3, fields: ['two\nlines', 'x'] },
      ],
    });
  });

  it('numbers a record by the line it starts on, after a multi-line field and blank lines', () => {
    const { records } = parseCsv('h\n"a\nb"\n\nc\n');
    expect(records).toEqual([
      { line: 1, fields: ['h'] },
      { line: 2, fields: ['a\nb'] },
      { line: 5, fields: ['c'] },
    ]);
  });

  it('keeps empty fields, quoted or not', () => {
    expect(parseCsv('a,,""\n').records).toEqual([{ line: 1, fields: ['a', '', ''] }]);
  });

  it('reports a quote that is never closed at the line it opened', () => {
    expect(parseCsv('a,b\n"open,x\ny,z\n').problems).toEqual([{ line: 2, reason: 'A quote opens here and is never closed.' }]);
    // After closed multi-line quotes, the line counted is still the physical one the open quote is on.
    expect(parseCsv('a,b\n"two\nlines",x\nc,"open\nd,e\n').problems).toEqual([{ line: 4, reason: 'A quote opens here and is never closed.' }]);
  });

  it('reports a bare quote inside an unquoted field', () => {
    expect(parseCsv('a,b\nab"c,d\n').problems).toEqual([{ line: 2, reason: expect.stringContaining('quote') }]);
  });
});

describe('formatCsv', () => {
  it('quotes a field with a comma, a quote or a line break, and ends every record with CRLF', () => {
    expect(formatCsv(['name', 'note', 'amount'], [['Smith, Jr.', 'say "hi"', '12.50'], ['plain', 'two\nlines', 3]])).toBe(
      'name,note,amount\r\n"Smith, Jr.","say ""hi""",12.50\r\nplain,"two\nlines",3\r\n',
    );
  });

  // OWASP, CSV injection: a cell a spreadsheet would take for a formula gets a leading ' and is quoted.
  it.each([
    ['=', '=1+1', `"'=1+1"`],
    ['+', '+1+cmd|x', `"'+1+cmd|x"`],
    ['-', '-2+3', `"'-2+3"`],
    ['@', '@SUM(A1)', `"'@SUM(A1)"`],
    ['a tab', '\t=1', `"'\t=1"`],
    ['a carriage return', '\r=1', `"'\r=1"`],
  ])('keeps a spreadsheet from running a text that begins with %s', (_, text, written) => {
    expect(formatCsv(['a'], [[text]])).toBe(`a\r\n${written}\r\n`);
  });

  it('doubles the quotes of a neutralised text, neutralises a header too, and leaves a number and a text starting otherwise', () => {
    expect(formatCsv(['=title'], [['=HYPERLINK("x")'], [-12.5], ['12.50'], ['a=b'], [' =1']])).toBe(
      `"'=title"\r\n"'=HYPERLINK(""x"")"\r\n-12.5\r\n12.50\r\na=b\r\n =1\r\n`,
    );
  });

  it('reads a neutralised text back with its leading quote, the rest as written', () => {
    expect(parseCsv(formatCsv(['a'], [['=1+1'], ['-2,5']])).records.map((record) => record.fields)).toEqual([['a'], ["'=1+1"], ["'-2,5"]]);
  });

  it('reads back what it writes', () => {
    const rows = [['Smith, Jr.', 'say "hi"'], ['two\nlines', '']];
    expect(parseCsv(formatCsv(['a', 'b'], rows)).records.map((record) => record.fields)).toEqual([['a', 'b'], ...rows]);
  });
});
