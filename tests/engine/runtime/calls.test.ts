import { describe, expect, it } from 'vitest';
import { applyBinding, CallError, fillCall, fillCalls, resolveSource, type CallDeclaration } from '#engine/runtime/index.ts';

describe('fillCall', () => {
  it('fills and URL-encodes path placeholders from the scope and from params', () => {
    const call: CallDeclaration = {
      id: 'get',
      method: 'GET',
      path: '/api/x/{member.id}/{day}/{d1}/{class}?q={member.name}',
      params: { day: '/data/day', d1: { from: '/deps/0/dob', default: '1920-01-01' }, class: { from: '/member/class', default: 'empty' } },
    };
    expect(fillCall(call, { member: { id: 'a/b c', name: 'Zoë & co', class: '' }, data: { day: '2026-01-01' } })).toEqual({
      id: 'get',
      method: 'GET',
      path: '/api/x/a%2Fb%20c/2026-01-01/1920-01-01/empty?q=Zo%C3%AB%20%26%20co',
    });
  });

  it('builds the body with its binding: each field of the request from a pointer into the scope', () => {
    const call: CallDeclaration = {
      id: 'put',
      method: 'PUT',
      path: '/api/thing',
      body: { '/thing': { from: '/data', omit: ['/list'] }, '/who/email': '/loaded/me/email', '/kind': { value: 'plain' } },
    };
    expect(fillCall(call, { data: { a: 1, list: [] }, loaded: { me: { email: 'e@x.test' } } })).toEqual({
      id: 'put',
      method: 'PUT',
      path: '/api/thing',
      body: { thing: { a: 1 }, who: { email: 'e@x.test' }, kind: 'plain' },
    });
  });

  it('sends a one-field body from its pointer (the Forgot Password request)', () => {
    const call: CallDeclaration = { id: 'forgot', method: 'POST', path: '/api/forgot', body: { '/email': '/data/email', '/accountid': '/params/accountid' } };
    expect(fillCall(call, { data: { email: 'a@b.test' }, params: {} }).body).toEqual({ email: 'a@b.test' });
    expect(fillCall(call, { data: { email: 'a@b.test' }, params: { accountid: 'acc' } }).body).toEqual({ email: 'a@b.test', accountid: 'acc' });
  });

  it('fills declared headers from their sources, as strings', () => {
    const call: CallDeclaration = {
      id: 'send',
      method: 'POST',
      path: '/api/thing',
      body: { '': '/data' },
      headers: { 'Idempotency-Key': '/screens/s/key', 'X-Count': '/data/n' },
    };
    expect(fillCall(call, { data: { n: 2 }, screens: { s: { key: 'k-1' } } })).toEqual({
      id: 'send',
      method: 'POST',
      path: '/api/thing',
      body: { n: 2 },
      headers: { 'Idempotency-Key': 'k-1', 'X-Count': '2' },
    });
    expect(fillCall({ id: 'plain', method: 'GET', path: '/api/x' }, {})).not.toHaveProperty('headers');
  });

  it('refuses a header without a plain value', () => {
    const call: CallDeclaration = { id: 'send', method: 'POST', path: '/api/x', headers: { 'Idempotency-Key': '/key' } };
    expect(() => fillCall(call, {})).toThrow(/no value for header Idempotency-Key/);
    expect(() => fillCall(call, { key: '' })).toThrow(CallError);
    expect(() => fillCall(call, { key: { a: 1 } })).toThrow(/header Idempotency-Key is not a plain value/);
  });

  it('refuses a placeholder without a value', () => {
    const call: CallDeclaration = { id: 'get', method: 'GET', path: '/api/x/{member.id}' };
    expect(() => fillCall(call, {})).toThrow(CallError);
    expect(() => fillCall(call, { member: { id: '' } })).toThrow(/no value for \{member.id\}/);
    expect(() => fillCall(call, { member: { id: { a: 1 } } })).toThrow(/not a plain value/);
  });
});

describe('bindings', () => {
  const scope = { data: { name: 'Ann', county: null, empty: '', list: [{ d: '2001-02-03', x: 1 }, { d: '2010-01-01' }] }, loaded: { m: { county: '12086' } } };

  it('leaves out a field whose source has no value, and keeps null and empty texts as they are', () => {
    expect(applyBinding({ '/name': '/data/name', '/missing': '/data/nothing', '/county': '/data/county', '/empty': '/data/empty' }, scope)).toEqual({
      name: 'Ann',
      county: null,
      empty: '',
    });
  });

  it('takes the first pointer with a value, else the default', () => {
    expect(resolveSource({ from: ['/data/county', '/data/empty', '/loaded/m/county'] }, scope)).toBe('12086');
    expect(resolveSource({ from: '/data/nothing', default: '' }, scope)).toBe('');
    expect(resolveSource({ from: '/data/nothing' }, scope)).toBeUndefined();
  });

  it('maps a list item by item, and leaves the field out when there is no list', () => {
    expect(applyBinding({ '/people': { each: '/data/list', bind: { '/born': '/item/d', '/n': '/index' } } }, scope)).toEqual({
      people: [{ born: '2001-02-03', n: 0 }, { born: '2010-01-01', n: 1 }],
    });
    expect(applyBinding({ '/people': { each: '/data/none', bind: { '/born': '/item/d' } } }, scope)).toEqual({});
  });

  it("binds the whole body with '' and never changes the scope", () => {
    const body = applyBinding({ '': '/data/list/0', '/extra': { value: true } }, scope) as Record<string, unknown>;
    expect(body).toEqual({ d: '2001-02-03', x: 1, extra: true });
    expect(scope.data.list[0]).toEqual({ d: '2001-02-03', x: 1 });
  });

  it('creates a field named __proto__ as a plain member, never a prototype', () => {
    const body = applyBinding({ '/__proto__/polluted': { value: 1 } }, {}) as Record<string, unknown>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('fillCalls', () => {
  it('keeps declaration order, skips calls whose when is falsy and repeats each calls per item', () => {
    const calls: CallDeclaration[] = [
      {
        id: 'remove',
        method: 'DELETE',
        path: '/api/item/{item.id}',
        each: '/old',
        when: { '!': { in: [{ var: 'item.id' }, { map: [{ var: ['data.items', []] }, { var: 'id' }] }] } },
      },
      { id: 'create', method: 'POST', path: '/api/item', each: '/data/items', when: { '!': { var: 'item.id' } }, body: { '': '/item' } },
      { id: 'update', method: 'PUT', path: '/api/item', each: '/data/items', when: { '!!': { var: 'item.id' } }, body: { '/at': '/index' } },
      { id: 'never', method: 'GET', path: '/api/never', when: false },
    ];
    const scope = { data: { items: [{ id: 'k1' }, { name: 'new' }, { id: 'k3' }] }, old: [{ id: 'k1' }, { id: 'gone' }] };
    expect(fillCalls(calls, scope)).toEqual([
      { id: 'remove', method: 'DELETE', path: '/api/item/gone' },
      { id: 'create', method: 'POST', path: '/api/item', body: { name: 'new' } },
      { id: 'update', method: 'PUT', path: '/api/item', body: { at: 0 } },
      { id: 'update', method: 'PUT', path: '/api/item', body: { at: 2 } },
    ]);
  });
});
