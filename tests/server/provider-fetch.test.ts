/**
 * The guard on every request to an employer's identity provider (src/server/oidc/provider-fetch.ts,
 * docs/security.md "Requests to identity providers"): https only, plain http only to loopback when allowed, never a
 * link-local or metadata address, no URL credentials. Nothing here leaves the machine: each refused address is
 * refused before any connection.
 */
import { describe, expect, it } from 'vitest';
import { checkProviderUrl, providerFetch, ProviderAddressError } from '#server/oidc/provider-fetch.ts';

const strict = { allowHttpLoopback: false };
const loose = { allowHttpLoopback: true };
const get = { method: 'GET', headers: {}, body: undefined, redirect: 'manual' as const };

describe('identity provider addresses', () => {
  it('takes https issuers, and plain-http ones only on loopback with the flag', () => {
    expect(checkProviderUrl('https://login.example.com/tenant', strict).href).toBe('https://login.example.com/tenant');
    expect(checkProviderUrl('http://127.0.0.1:4000', loose).port).toBe('4000');
    expect(checkProviderUrl('http://[::1]:4000', loose).hostname).toBe('[::1]');
    expect(checkProviderUrl('http://localhost:4000', loose).hostname).toBe('localhost');
    for (const [url, policy] of [
      ['http://127.0.0.1:4000', strict],
      ['http://login.example.com', loose],
      ['http://10.0.0.5', loose],
      ['ftp://login.example.com', loose],
      ['https://user:pass@login.example.com', strict],
      ['https://login.example.com/#x', strict],
      ['not a url', strict],
    ] as const) {
      expect(() => checkProviderUrl(url, policy), url).toThrow(ProviderAddressError);
    }
  });

  it('never asks a link-local, metadata, unspecified or (without the flag) loopback address', async () => {
    for (const [url, policy] of [
      ['https://169.254.169.254/latest/meta-data', loose],
      ['https://[fe80::1]/', loose],
      ['https://[::ffff:169.254.169.254]/', loose],
      ['https://0.0.0.0/', loose],
      ['https://127.0.0.1/', strict],
      ['https://[::1]/', strict],
      ['https://localhost/', strict],
    ] as const) {
      await expect(providerFetch(policy)(url, get), url).rejects.toThrow(ProviderAddressError);
    }
  });
});
