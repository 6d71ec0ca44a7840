/** The SWR reads the shell and screens share, one key per API path so screens reuse each other's answers. */
import useSWR, { type SWRResponse } from 'swr';
import { useSearchParams } from 'react-router-dom';
import type {
  Broker,
  Dependent,
  Employer,
  EmployerBranding,
  EmployerContact,
  Member,
  MemberAccount,
  Order,
} from '#contracts/entities.ts';
import { defaultDocumentPath } from '#engine/runtime/document-path.ts';
import type { FormDocument } from '#engine/runtime/types.ts';
import { swrFetcher, swrPublicFetcher } from './api-client.ts';
import { useIdClaims, useSignedIn } from './session.ts';

type Read<T> = SWRResponse<T, unknown>;

export function useMember(): Read<Member> {
  const signedIn = useSignedIn();
  return useSWR<Member>(signedIn ? '/api/Member/GetMember' : null, swrFetcher);
}

/**
 * The employer the page is about: the link's employer_id first (spec §2: the layout reads it), else the signed-in
 * member's account from the id_token, else from the member record.
 */
export function useEmployerId(): string | null {
  const [params] = useSearchParams();
  const claims = useIdClaims();
  const fromLink = params.get('employer_id');
  const needMember = !fromLink && !claims?.accountid;
  const signedIn = useSignedIn();
  const { data: member } = useSWR<Member>(needMember && signedIn ? '/api/Member/GetMember' : null, swrFetcher);
  return fromLink || claims?.accountid || member?.accountid || null;
}

export function useBranding(accountid: string | null): Read<EmployerBranding> {
  return useSWR<EmployerBranding>(
    accountid ? `/api/Employer/Branding/${encodeURIComponent(accountid)}` : null,
    swrPublicFetcher,
    { shouldRetryOnError: false },
  );
}

export function useEmployer(accountid: string | null | undefined): Read<Employer> {
  return useSWR<Employer>(accountid ? `/api/Employer/${encodeURIComponent(accountid)}` : null, swrFetcher);
}

/**
 * A form document as served for the employer, read only for its texts (a stored option's label) by a screen without
 * the engine: no validators are loaded. Its own cache key, apart from the engine's read of the same path.
 */
export function useFormTexts(id: string, accountid: string | null | undefined): Read<FormDocument> {
  return useSWR<FormDocument>(accountid ? ['form-texts', defaultDocumentPath('form', id, accountid)] : null, async ([, path]: [string, string]) =>
    (await swrPublicFetcher<{ document: FormDocument }>(path)).document,
  );
}

export function useVersionText(): Read<string> {
  return useSWR<string>('/api/Version/test', swrPublicFetcher);
}

/** The member's orders: the key a screen refreshes when the server wrote orders this tab did not see written. */
export const ORDERS_PATH = '/api/Order/GetOrderByMember';

export function useOrders(): Read<{ orderdetails: Order[] }> {
  return useSWR<{ orderdetails: Order[] }>(ORDERS_PATH, swrFetcher);
}

export function useMemberAccount(enabled: boolean): Read<MemberAccount | null> {
  return useSWR<MemberAccount | null>(enabled ? '/api/MemberAccount/GetMemberAccount' : null, swrFetcher);
}

export function useContacts(accountid: string | null | undefined): Read<{ contacts: EmployerContact[] }> {
  return useSWR<{ contacts: EmployerContact[] }>(
    accountid ? `/api/Contacts/${encodeURIComponent(accountid)}` : null,
    swrFetcher,
  );
}

export function useBrokers(teamid: string | null | undefined): Read<Broker[]> {
  return useSWR<Broker[]>(teamid ? `/api/Brocker/${encodeURIComponent(teamid)}` : null, swrFetcher);
}

export function useDependents(memberid: string | null | undefined): Read<{ dependents: Dependent[] }> {
  return useSWR<{ dependents: Dependent[] }>(
    memberid ? `/api/Dependent?memberid=${encodeURIComponent(memberid)}` : null,
    swrFetcher,
  );
}

/** The effective dates the server offers the signed-in member today (spec §9; the server decides). */
export function useEffectiveDates(enabled: boolean): Read<{ effectivedates: string[]; today: string }> {
  return useSWR<{ effectivedates: string[]; today: string }>(enabled ? '/api/EffectiveDates' : null, swrFetcher);
}

/** The signed-in member's employer: from the id_token, else from the member record. */
export function useOwnAccountId(): string | null {
  const claims = useIdClaims();
  const signedIn = useSignedIn();
  const { data: member } = useSWR<Member>(
    signedIn && !claims?.accountid ? '/api/Member/GetMember' : null,
    swrFetcher,
  );
  return claims?.accountid ?? member?.accountid ?? null;
}
