/** The editor's mapping of the server's JSON-pointer errors to lines of the draft's text. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentText } from '../../src/staff/documents/document-edits.ts';
import { lineOf, locateErrors, pointerSpans } from '../../src/staff/documents/editor/pointer-lines.ts';

const text = ['{', '  "title": "Personal Details",', '  "messages": {', '    "dob-range": "DOB must be between 1941-01-01 and today.",', '    "a/b~c": "escaped"', '  },', '  "list": [1, {"x": true}]', '}', ''].join('\n');

describe('pointer to line', () => {
  it('finds the line of every value by its JSON pointer', () => {
    const spans = pointerSpans(text)!;
    expect(lineOf(text, spans.get('/title')!.from)).toBe(2);
    expect(lineOf(text, spans.get('/messages/dob-range')!.from)).toBe(4);
    expect(text.slice(spans.get('/messages/dob-range')!.from, spans.get('/messages/dob-range')!.to)).toBe('"DOB must be between 1941-01-01 and today."');
    expect(lineOf(text, spans.get('/messages/a~1b~0c')!.from)).toBe(5);
    expect(text.slice(spans.get('/list/1/x')!.from, spans.get('/list/1/x')!.to)).toBe('true');
  });

  it('marks each message of the server at its line, a missing member at its nearest parent', () => {
    const located = locateErrors(text, {
      '/messages/dob-range': ['must not be empty'],
      '/messages/nothing-here': ['there is no such message in the base document'],
      '/title': ['too long', 'not a string'],
    });
    expect(located.map(({ pointer, line, message }) => [pointer, line, message])).toEqual([
      ['/messages/dob-range', 4, 'must not be empty'],
      ['/messages/nothing-here', 3, 'there is no such message in the base document'],
      ['/title', 2, 'too long'],
      ['/title', 2, 'not a string'],
    ]);
    // A diagnostic stays on its line: an object's mark ends at the end of its opening line.
    const parent = located[1]!;
    expect(text.slice(parent.from, parent.to)).toBe('{');
  });

  it('reads pointers the server gives under the request body\'s document', () => {
    expect(locateErrors(text, { '/document/messages/dob-range': ['bad'] })[0]).toMatchObject({ pointer: '/messages/dob-range', line: 4 });
  });

  it('places everything at line 1 while the text is not JSON', () => {
    expect(pointerSpans('{"a": }')).toBeNull();
    expect(pointerSpans('{"a": 1} x')).toBeNull();
    expect(locateErrors('{"a": ', { '/a': ['bad'] })[0]).toMatchObject({ line: 1, from: 0 });
  });

  it('maps every pointer of a real document, pretty-printed as the editor shows it', () => {
    const profile = JSON.parse(readFileSync(path.join(process.cwd(), 'schemas', 'forms', 'profile.schema.json'), 'utf8')) as Record<string, unknown>;
    const shown = documentText(profile);
    const spans = pointerSpans(shown)!;
    const span = spans.get('/messages/dob-range')!;
    expect(JSON.parse(shown.slice(span.from, span.to))).toBe('DOB must be between 1941-01-01 and today.');
    expect(shown.split('\n')[lineOf(shown, span.from) - 1]).toContain('"dob-range": "DOB must be between 1941-01-01 and today."');
  });
});
