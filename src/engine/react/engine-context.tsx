/**
 * What the engine needs from the product, injected (engine/react imports nothing of the product): how to fetch a
 * document, how to send an API call (load calls included), and the product's own widgets, registered by name.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { createContext, useContext, type ReactNode } from 'react';
import { registerCompiledModule } from '#engine/runtime/index.ts';
import { defaultDocumentPath, type DocumentKind } from '#engine/runtime/document-path.ts';

export { defaultDocumentPath, type DocumentKind };

/** Fields the engine reads from the product's API envelope. */
export type PortAnswer<T> =
  | { success: true; data: T; message?: string }
  | { success: false; data?: unknown; message: string; fieldErrors?: Record<string, string[]> };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type ApiPort = {
  /** Sends one call; `headers` are the call's declared headers (filled), sent beside the product's own. */
  call: <T>(method: HttpMethod, path: string, body?: unknown, headers?: Record<string, string>) => Promise<PortAnswer<T>>;
};

export type EngineServices = {
  api: ApiPort;
  /**
   * Reads a served document at a documentPath: resolves to the answer's data, throws on failure (an SWR fetcher).
   * Documents only: they need no sign-in, so a product may read them without the person's credentials; every
   * other read is a load call through `api`.
   */
  documentFetcher: <T>(path: string) => Promise<T>;
  /** Where a resolved document is served; by default /api/content/{kind}s/{id}?accountid={scope}. */
  documentPath?: (kind: DocumentKind, id: string, scope: string) => string;
  /** Widgets the product adds, by the name a uiSchema gives in 'ui:widget'. Keep the object stable. */
  widgets?: RegistryWidgetsType;
  /**
   * Loads the module of validators compiled ahead that a served form names (its `validators` URL); by default
   * import() from the product's own origin (defaultImportValidators).
   */
  importValidators?: (url: string) => Promise<unknown>;
};

const EngineContext = createContext<EngineServices | null>(null);

export function EngineProvider({ services, children }: { services: EngineServices; children: ReactNode }) {
  return <EngineContext.Provider value={services}>{children}</EngineContext.Provider>;
}

export function useEngine(): EngineServices {
  const services = useContext(EngineContext);
  if (!services) throw new Error('The engine needs an EngineProvider above it.');
  return services;
}

/** A module the bundler must not touch: it is the server's, at a URL known only at run time. */
export const defaultImportValidators = (url: string): Promise<unknown> => import(/* @vite-ignore */ url);

/**
 * Loads a module of validators compiled ahead (through the services' importValidators) and registers each of its
 * validators, so validating with their schemas compiles nothing. Throws when the module cannot be loaded.
 */
export async function loadValidators(services: Pick<EngineServices, 'importValidators'>, url: string): Promise<void> {
  const importValidators = services.importValidators ?? defaultImportValidators;
  await registerCompiledModule(await importValidators(url));
}

