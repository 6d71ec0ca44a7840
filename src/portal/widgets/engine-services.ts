/**
 * The engine's services for the portal: API calls through the api client (bearer, refresh, 401 handling),
 * documents through the public fetcher (resolved documents need no sign-in), and the portal's widgets.
 */
import type { EngineServices, HttpMethod, PortAnswer } from '#engine/react/index.ts';
import { call, swrPublicFetcher } from '#portal/api/api-client.ts';
import { portalWidgets } from './index.ts';

async function callApi<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<PortAnswer<T>> {
  const answer = await call<T>(method, path, body, { headers });
  return answer.success ? { success: true, data: answer.data, message: answer.message } : answer;
}

export const portalEngineServices: EngineServices = {
  api: { call: callApi },
  documentFetcher: swrPublicFetcher,
  widgets: portalWidgets,
};
