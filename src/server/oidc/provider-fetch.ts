/**
 * Every request the server makes to an employer's identity provider goes through here (docs/security.md, "Requests
 * to identity providers"). A staff user types the issuer URL, so the server must not become a way to reach what
 * only it can reach:
 * - https only; plain http only to a loopback address, and only when OIDC_ALLOW_HTTP_LOOPBACK is on (tests, dev);
 * - the host's addresses are looked up before each request: link-local (169.254.0.0/16 and fe80::/10, where cloud
 *   metadata services answer), unspecified, multicast and broadcast addresses are refused always, loopback unless
 *   the flag is on;
 * - no redirects are followed, each request has a time limit and an answer larger than MAX_ANSWER_BYTES is cut off
 *   and refused.
 * Private-network addresses (10/8, 172.16/12, 192.168/16, fc00::/7) are allowed: company providers live there.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { CustomFetch } from 'openid-client';

export const PROVIDER_TIMEOUT_MS = 5_000;
export const MAX_ANSWER_BYTES = 256 * 1024;

export type ProviderPolicy = { allowHttpLoopback: boolean };

/** An issuer or endpoint the server refuses to ask; `message` says what to change. */
export class ProviderAddressError extends Error {
  readonly code = 'PROVIDER_ADDRESS_REFUSED';
}

const neverAsked = new BlockList();
for (const [address, prefix] of [['0.0.0.0', 8], ['169.254.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) neverAsked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [['::', 128], ['fe80::', 10], ['ff00::', 8], ['fd00:ec2::', 64]] as const) neverAsked.addSubnet(address, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');
const isLoopbackName = (hostname: string) => hostname === 'localhost' || (isIP(bare(hostname)) !== 0 && isLoopbackAddress(bare(hostname)));

/** An address as its list checks it: an IPv4-mapped IPv6 address (::ffff:a9fe:a9fe, ::ffff:169.254.169.254) as IPv4. */
function canonical(address: string): [string, 'ipv4' | 'ipv6'] {
  if (isIP(address) !== 6) return [address, 'ipv4'];
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(.+)$/i.exec(address)?.[1];
  if (mapped && isIP(mapped) === 4) return [mapped, 'ipv4'];
  const hex = mapped ? /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped) : null;
  if (hex) {
    const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return [[high >> 8, high & 255, low >> 8, low & 255].join('.'), 'ipv4'];
  }
  return [address, 'ipv6'];
}

const isLoopbackAddress = (address: string) => loopback.check(...canonical(address));
const isNeverAsked = (address: string) => neverAsked.check(...canonical(address));

/** The URL when its form is allowed (scheme, no credentials, no fragment); a ProviderAddressError otherwise. */
export function checkProviderUrl(text: string, policy: ProviderPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ProviderAddressError('The issuer must be a URL, like https://login.example.com.');
  }
  if (url.username || url.password || url.hash) throw new ProviderAddressError('The issuer URL may not carry a user name, password or #fragment.');
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && policy.allowHttpLoopback && isLoopbackName(url.hostname)) return url;
  throw new ProviderAddressError('The issuer must be an https URL.');
}

/** Refuses a host whose addresses include one never asked (or loopback, unless the policy allows it). */
async function checkHost(url: URL, policy: ProviderPolicy): Promise<void> {
  const hostname = bare(url.hostname);
  const addresses = isIP(hostname) ? [hostname] : (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
  for (const address of addresses) {
    if (isNeverAsked(address)) throw new ProviderAddressError(`The issuer's host resolves to ${address}, an address the portal never asks.`);
    if (isLoopbackAddress(address) && !policy.allowHttpLoopback) throw new ProviderAddressError(`The issuer's host resolves to ${address}, a loopback address.`);
  }
}

async function cappedBody(response: Response): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new ProviderAddressError(`The provider's answer is larger than ${MAX_ANSWER_BYTES / 1024} KB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A fetch for openid-client (its customFetch) that applies the policy to every request. */
export function providerFetch(policy: ProviderPolicy): CustomFetch {
  return async (input, options) => {
    const url = checkProviderUrl(input, policy);
    await checkHost(url, policy);
    const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(PROVIDER_TIMEOUT_MS)]) : AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
    const response = await fetch(url, { method: options.method, headers: options.headers, body: options.body as BodyInit | null | undefined, signal, redirect: 'manual' });
    const body = await cappedBody(response);
    const empty = response.status === 204 || response.status === 304;
    return new Response(empty ? null : (body as Uint8Array<ArrayBuffer>), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
