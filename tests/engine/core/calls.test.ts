import { describe, expect, it } from 'vitest';
import { CallError, fillCall, fillCalls, type CallDeclaration } from '#engine/core/index.ts';

describe('fillCall', () => {
  it('fills and URL-encodes path placeholders from the scope and from params', () => {
    const call: CallDeclaration = {
      id: 'get',
      method: 'GET',
      path: '/api/x/{member.id}/{day}/{d1}?q={member.name}',
      params: { day: { var: 'data.day' }, d1: { var: ['deps.0.dob', '1920-01-01'] } },
    };
    expect(fillCall(call, { member: { id: 'a/b c', name: 'Zoë & co' }, data: { day: '2026-01-01' } })).toEqual({
      id: 'get',
      method: 'GET',
      path: '/api/x/a%2Fb%20c/2026-01-01/1920-01-01?q=Zo%C3%AB%20%26%20co',
    });
  });

  it('builds the body with JSON Logic over the scope', () => {
    const call: CallDeclaration = {
      id: 'put',
      method: 'PUT',
      path: '/api/thing',
      body: { object: ['thing', { omit: [{ var: 'data' }, 'list'] }] },
    };
    expect(fillCall(call, { data: { a: 1, list: [] } })).toEqual({ id: 'put', method: 'PUT', path: '/api/thing', body: { thing: { a: 1 } } });
  });

  it('fills declared headers with JSON Logic over the scope, as strings', () => {
    const call: CallDeclaration = {
      id: 'send',
      method: 'POST',
      path: '/api/thing',
      body: { var: 'data' },
      headers: { 'Idempotency-Key': { var: 'screens.s.key' }, 'X-Count': { var: 'data.n' } },
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
    const call: CallDeclaration = { id: 'send', method: 'POST', path: '/api/x', headers: { 'Idempotency-Key': { var: 'key' } } };
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

describe('fillCalls', () => {
  it('keeps declaration order, skips calls whose when is falsy and repeats each calls per item', () => {
    const calls: CallDeclaration[] = [
      { id: 'remove', method: 'DELETE', path: '/api/item/{item.id}', each: { except: [{ var: 'old' }, { var: 'data.items' }, 'id'] } },
      { id: 'create', method: 'POST', path: '/api/item', each: { var: 'data.items' }, when: { '!': { var: 'item.id' } }, body: { var: 'item' } },
      { id: 'update', method: 'PUT', path: '/api/item', each: { var: 'data.items' }, when: { '!!': { var: 'item.id' } }, body: { var: 'index' } },
      { id: 'never', method: 'GET', path: '/api/never', when: false },
    ];
    const scope = { data: { items: [{ id: 'k1' }, { name: 'new' }, { id: 'k3' }] }, old: [{ id: 'k1' }, { id: 'gone' }] };
    expect(fillCalls(calls, scope)).toEqual([
      { id: 'remove', method: 'DELETE', path: '/api/item/gone' },
      { id: 'create', method: 'POST', path: '/api/item', body: { name: 'new' } },
      { id: 'update', method: 'PUT', path: '/api/item', body: 0 },
      { id: 'update', method: 'PUT', path: '/api/item', body: 2 },
    ]);
  });
});
