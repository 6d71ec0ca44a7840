/**
 * The Fastify app, assembled in one explicit order: errors first (so every later failure has the envelope),
 * security headers and rate limits, the shared services (db, auth, mail, content), the OpenAPI document (before
 * the routes, so it sees them), every routes module, and last the web app with its SPA fallback.
 */
import { drainAwareLogController, trackInFlight } from './http/draining.ts';
import { limitBodyIdleTime, requestTimeLimit } from './http/request-time-limits.ts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import cookie from '@fastify/cookie';
import { rateLimitKey } from './http/rate-limit-store.ts';
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import type { Config } from './config.ts';
import { catalogueText } from './content/catalogue-messages.ts';
import { AppError } from './errors.ts';
import { authPlugin } from './plugins/auth.plugin.ts';
import { contentPlugin } from './plugins/content.plugin.ts';
import { dbPlugin } from './plugins/db.plugin.ts';
import { languagePlugin } from './plugins/language.plugin.ts';
import { clientErrors, errorsPlugin, frameworkErrors } from './plugins/errors.plugin.ts';
import { buildValidator, REQUEST_PARTS, refuseHostileText, withInputLimits } from './security/input-limits.ts';
import { mailPlugin, type MailPluginOptions } from './plugins/mail.plugin.ts';
import { openapiPlugin } from './plugins/openapi.plugin.ts';
import { staffAuthPlugin } from './plugins/staff-auth.plugin.ts';
import { affordabilityRoutes } from './routes/enrollment/affordability.routes.ts';
import { brokerRoutes } from './routes/employer/broker.routes.ts';
import { contactsRoutes } from './routes/employer/contacts.routes.ts';
import { contentRoutes } from './routes/documents/content.routes.ts';
import { contributionRoutes } from './routes/enrollment/contribution.routes.ts';
import { dependentRoutes } from './routes/member/dependent.routes.ts';
import { employerRoutes } from './routes/employer/employer.routes.ts';
import { healthPlanQuoteRoutes } from './routes/enrollment/health-plan-quote.routes.ts';
import { hsaRoutes } from './routes/enrollment/hsa.routes.ts';
import { logFactRoutes } from './routes/operations/logfact.routes.ts';
import { locationRoutes } from './routes/enrollment/location.routes.ts';
import { mediaRoutes } from './routes/documents/media.routes.ts';
import { loginRoutes } from './routes/member/login.routes.ts';
import { oidcRoutes } from './routes/member/oidc.routes.ts';
import { memberAccountRoutes } from './routes/enrollment/member-account.routes.ts';
import { memberLanguageRoutes } from './routes/member/member-language.routes.ts';
import { memberRoutes } from './routes/member/member.routes.ts';
import { passwordResetRoutes } from './routes/member/password-reset.routes.ts';
import { orderRoutes } from './routes/enrollment/order.routes.ts';
import { productRoutes } from './routes/enrollment/product.routes.ts';
import { staffAuthRoutes } from './routes/staff/staff-auth.routes.ts';
import { staffOidcRoutes } from './routes/staff/staff-oidc.routes.ts';
import { staffContentRoutes } from './routes/staff/staff-content.routes.ts';
import { staffEmployeesRoutes } from './routes/staff/staff-employees.routes.ts';
import { staffEmployersRoutes } from './routes/staff/staff-employers.routes.ts';
import { staffIdentityProviderRoutes } from './routes/staff/staff-identity-provider.routes.ts';
import { staffUsersRoutes } from './routes/staff/staff-users.routes.ts';
import { staffTotpRoutes } from './routes/staff/staff-totp.routes.ts';
import { staffValidatorsRoutes } from './routes/staff/staff-validators.routes.ts';
import { staffPreviewRoutes } from './routes/staff/staff-preview.routes.ts';
import { versionRoutes } from './routes/operations/version.routes.ts';
import { enrollmentRoutes } from './routes/enrollment/enrollment.routes.ts';
import { planPremiumForFamily, type PlanPremiumSource } from './services/enrollment/enrollment-prices.ts';
import { defaultWebRoot, isApi, registerStatic } from './http/static.ts';
import { ALREADY_READY, holdApiUntilReady, type Readiness } from './infra/readiness.ts';
import { defaultValidatorsRoot } from './content/validator-modules.ts';

/**
 * The largest request body (JSON): a staff override is the biggest legitimate one, far below it. The staff uploads
 * (logo, ICHRA documents, census) set their own, larger limits on their routes.
 */
export const BODY_LIMIT = 1024 * 1024;
import { logSerializers, safeLogOptions } from './infra/log-redaction.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { healthRoutes } from './routes/operations/health.routes.ts';

export { logRedaction } from './infra/log-redaction.ts';

export type BuildAppOptions = {
  config: Config;
  db: Kysely<Database>;
  /** Fastify's logger option or an instance; off when omitted. */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** Where the built web app is; dist/web by default. */
  webRoot?: string;
  /** Where the build wrote the base forms' validator modules; dist/validators by default (absent: compiled at run time). */
  validatorsRoot?: string;
  mail?: MailPluginOptions;
  /** The clock every route reads today from (app.now); the real one when omitted, a fixed one in tests. */
  now?: () => Date;
  /**
   * Where plan premiums come from (contract 2's planPremiumForFamily by default). API tests pass a fixture
   * catalogue priced from the stored family while the plan catalogue lives in another branch.
   */
  planPremiums?: PlanPremiumSource;
  /**
   * The start's one-time work (migrations, reference data) when the server listens before it is done (main.ts):
   * API calls wait for it and /healthz answers 503 meanwhile. Ready from the start when omitted.
   */
  readiness?: Readiness;
  /** Runs after the services and before the routes: tests add their own routes here. */
  beforeRoutes?: (app: FastifyInstance) => Promise<void> | void;
};

/** Plugins whose decorations (app.db, app.mail, ...) every routes module must see: no encapsulation. */
function shared<T extends Record<string, unknown>>(plugin: FastifyPluginAsync<T>): FastifyPluginAsync<T> {
  const wrapped: FastifyPluginAsync<T> = (app, options) => plugin(app, options);
  Object.assign(wrapped, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: plugin.name });
  return wrapped;
}

function loggerOptions(logger: BuildAppOptions['logger']) {
  if (logger && typeof logger === 'object' && 'child' in logger) return { loggerInstance: logger as FastifyBaseLogger };
  if (logger === true) return { logger: safeLogOptions };
  if (logger && typeof logger === 'object') {
    return { logger: { ...logger, ...safeLogOptions, serializers: { ...logger.serializers, ...logSerializers } } };
  }
  return { logger: false };
}

/** Trust this many proxies in front of the app (proxy-addr's hop count). */
const hops = (count: number) => (_address: string, hop: number) => hop < count;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    ...loggerOptions(options.logger),
    logController: drainAwareLogController(),
    bodyLimit: BODY_LIMIT,
    // A request must arrive within REQUEST_TIMEOUT, its body without a gap of BODY_IDLE_TIMEOUT (request-time-limits.ts).
    ...requestTimeLimit(config),
    // Bodies are validated without type coercion, the URL's parts with it (input-limits.ts).
    schemaController: { compilersFactory: { buildValidator: buildValidator as never } },
    frameworkErrors,
    clientErrorHandler: clientErrors,
    // Behind a load balancer the client's address comes from X-Forwarded-For, from the proxies TRUST_PROXY names.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? hops(config.TRUST_PROXY) : config.TRUST_PROXY,
  }) as unknown as FastifyInstance;

  app.decorate('config', config);
  app.decorate('now', options.now ?? (() => new Date()));
  app.decorate('planPremiums', options.planPremiums ?? planPremiumForFamily);
  app.decorate('validatorsRoot', options.validatorsRoot ?? defaultValidatorsRoot);
  await app.register(cookie);
  await app.register(shared(errorsPlugin));
  // First of the request hooks: every answer, a 503 of a starting or draining server too, knows its language.
  await app.register(shared(languagePlugin));
  app.decorate('readiness', options.readiness ?? ALREADY_READY);
  holdApiUntilReady(app, app.readiness);
  // Before the OpenAPI document and the routes: every route's request schemas get the default limits, and every
  // request is checked for text the database cannot store.
  app.addHook('onRoute', (route) => {
    if (!route.schema) return;
    const schema = { ...route.schema } as Record<string, unknown>;
    for (const part of REQUEST_PARTS) if (schema[part]) schema[part] = withInputLimits(schema[part]);
    route.schema = schema;
  });
  app.addHook('preValidation', refuseHostileText);
  // SIGTERM drains first: new requests get 503 with Retry-After while those in flight finish (draining.ts).
  app.decorate('inFlight', trackInFlight(app));
  limitBodyIdleTime(app, config.BODY_IDLE_TIMEOUT);
  // The security headers of every answer (API, static files, errors, 404s), by helmet's middleware built once
  // here: it keeps the headers computed and only sets them on each answer (@fastify/helmet built it anew, the CSP
  // re-parsed, on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Our own scripts only, and no eval: the forms' validators are compiled ahead and served from here
        // (validator-modules.ts; docs/decisions/004-validators-compiled-ahead-and-a-content-security.md).
        scriptSrc: ["'self'"],
        // Mantine and Emotion write style attributes and <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Employer logos arrive as base64 data: URLs.
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The same answer as the CSP's frame-ancestors 'none', for browsers that read only this header.
    xFrameOptions: { action: 'deny' },
    hsts: config.PUBLIC_URL.startsWith('https:'),
  });
  // Helmet's next() types its error as unknown; what it passes is an Error (a CSP directive function's failure).
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  // Answers of the API carry personal data (profiles, SSNs masked, orders, tokens): no browser or proxy keeps
  // them. A route that sets its own policy (the public content documents: no-cache with an ETag) keeps it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  // Counted in the database, so the limits hold across every instance on it (docs/operations.md).
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', 429, catalogueText('error-too-many-attempts')),
    keyGenerator: rateLimitKey,
  });
  await app.register(shared(dbPlugin), { db });
  await app.register(shared(authPlugin));
  await app.register(shared(staffAuthPlugin));
  await app.register(shared(mailPlugin), options.mail ?? {});
  await app.register(shared(contentPlugin));
  await app.register(shared(openapiPlugin));

  if (options.beforeRoutes) await options.beforeRoutes(app);

  await app.register(healthRoutes);
  await app.register(versionRoutes);
  await app.register(memberRoutes);
  await app.register(passwordResetRoutes);
  await app.register(loginRoutes);
  await app.register(oidcRoutes);
  await app.register(logFactRoutes);
  await app.register(employerRoutes);
  await app.register(dependentRoutes);
  await app.register(memberAccountRoutes);
  await app.register(memberLanguageRoutes);
  await app.register(contributionRoutes);
  await app.register(locationRoutes);
  await app.register(productRoutes);
  await app.register(contactsRoutes);
  await app.register(brokerRoutes);
  await app.register(orderRoutes);
  await app.register(mediaRoutes);
  await app.register(healthPlanQuoteRoutes);
  await app.register(affordabilityRoutes);
  await app.register(enrollmentRoutes);
  await app.register(hsaRoutes);
  await app.register(contentRoutes);
  await app.register(staffAuthRoutes);
  await app.register(staffOidcRoutes);
  await app.register(staffUsersRoutes);
  await app.register(staffTotpRoutes);
  await app.register(staffContentRoutes);
  await app.register(staffValidatorsRoutes);
  await app.register(staffPreviewRoutes);
  await app.register(staffEmployersRoutes);
  await app.register(staffIdentityProviderRoutes);
  await app.register(staffEmployeesRoutes);

  await registerStatic(app, options.webRoot ?? defaultWebRoot);
  await app.ready();
  return app;
}
