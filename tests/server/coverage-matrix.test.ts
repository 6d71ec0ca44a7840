/**
 * Every API route, and where its tests are: success, bad input (400 and nothing changed), and another member or
 * employer refused (403, nothing changed). "public" routes have no caller to refuse; "token" routes take no id
 * at all (the access token is the only identity), so another member's data cannot be named.
 *
 * | Route                                           | success              | bad input -> 400            | other refused                     |
 * |-------------------------------------------------|----------------------|-----------------------------|-----------------------------------|
 * | GET  /api/Version/test                          | version              | (no input)                  | public                            |
 * | GET  /api/Employer/Branding/{accountid}         | employer.routes      | employer.routes             | public (404 unknown)              |
 * | GET  /api/content/forms/{id}, flows/{id}        | content.routes       | content.routes              | public                            |
 * | POST /api/Member/Register                       | member               | member (count unchanged)    | public (409 known e-mail)         |
 * | POST /api/Member/ResendInvitation               | member               | member                      | public (409 once password set)    |
 * | DELETE /api/Member/{id}                         | member               | member                      | member (409 once password set)    |
 * | GET  /api/Member/{id}                           | member, security     | member (403 without token)  | member                            |
 * | POST /api/changepassword                        | member               | member (rows unchanged)     | member (other's token)            |
 * | POST /api/Login, /Refresh, /Logout              | login                | login                       | login (other's refresh token)     |
 * | GET  /api/oidc/employers/{id}, /start, /callback, /sign-out | oidc-login | oidc-login (each refusal writes nothing) | oidc-login (another employer's link, another browser's state) |
 * | GET  /api/Member/GetMember                      | member, security     | (no input)                  | token                             |
 * | PUT  /api/Member                                | member, security     | member (row unchanged)      | member (body id/accountid)        |
 * | GET  /api/Dependent                             | dependent.routes     | dependent.routes            | dependent.routes (?memberid)      |
 * | POST /api/Dependent                             | dependent.routes     | dependent.routes (count)    | dependent.routes (body memberid)  |
 * | PUT  /api/Dependent                             | dependent.routes     | dependent.routes (row)      | dependent.routes                  |
 * | DELETE /api/Dependent/{id}                      | dependent.routes     | dependent.routes (count)    | dependent.routes                  |
 * | GET  /api/Employer/{accountid}                  | employer.routes      | employer.routes             | employer.routes                   |
 * | GET  /api/MemberAccount/GetMemberAccount        | member-account       | (no input)                  | token (never another's)           |
 * | GET  /api/EmployerContribution/... (both)       | contribution.routes  | contribution.routes         | contribution.routes               |
 * | GET  /api/EffectiveDates                        | contribution.routes  | (no input)                  | token (never another's)           |
 * | GET  /api/Product                               | product.routes       | (no input)                  | token                             |
 * | GET  /api/Contacts/{accountid}                  | contacts.routes      | contacts.routes             | contacts.routes                   |
 * | GET  /api/Brocker/{teamid}                      | broker.routes        | broker.routes               | broker.routes                     |
 * | POST /api/Order                                 | order.routes         | order.routes (counts)       | order.routes (body ids)           |
 * | POST /api/Enrollment/Authorize                  | enrollment.routes    | enrollment.routes (counts)  | enrollment.routes (body ids, keys)|
 * | GET  /api/Order/GetOrderByMember                | order.routes         | (no input)                  | token (never another's)           |
 * | GET  /api/USZipCounty/{zip}/                    | location.routes      | location.routes             | token (reference data)            |
 * | POST /api/HealthPlanQuote                       | health-plan-quote    | health-plan-quote           | health-plan-quote (accountid)     |
 * | POST /api/Affordability                         | affordability.routes | affordability.routes        | token (no ids in the body)        |
 * | GET  /api/Hsa/Limit                             | hsa.routes           | hsa.routes                  | token (never another's)           |
 * | POST /api/LogFact/v2                            | logfact              | logfact (count)             | logfact (body ids)                |
 * | GET  /api/media/getdocs                         | media.routes         | media.routes                | media.routes (other folder)       |
 * | GET  /api/media/file/{container}/{id}/{name}    | media.routes         | media.routes                | media.routes (signature, member)  |
 * | /api/staff/login, /logout, /me                  | staff-auth           | staff-auth                  | staff-auth (member token, roles)  |
 * | /api/staff/login/second-factor, /login/totp/..., /me/totp/..., /users/{id}/totp, /settings | staff-totp | staff-totp (hostile codes) | staff-totp (pending cookie, roles) |
 * | /api/staff/users, /users/{id}, /audit           | staff-users          | staff-users (counts)        | staff-users (roles, member token) |
 * | /api/staff/content, /employers/{id}/content/... | staff-content        | staff-content (counts)      | staff-content (roles, member)     |
 * | /api/staff/validators, /validators/{file}     | staff-validators     | staff-validators (nothing compiled) | staff-validators (member token) |
 * | /api/staff/employers/..., /api/staff/events     | staff-employers, staff-employees | same (nothing written, audit) | same (roles, member token) |
 * | /api/staff/employers/{id}/identity-provider, /test | oidc-login        | oidc-login (http issuer, hostile input) | oidc-login (viewer refused)  |
 * | /api/staff/oidc, /oidc/start, /oidc/callback   | staff-oidc           | staff-oidc (counts, settings) | staff-oidc (state, replay, roles) |
 *
 * SSNs (encrypted at rest, masked in answers, never logged) and the 500 answer: security.test.ts.
 * Below: a route without its OpenAPI entry fails the suite; the OpenAPI documents are the routes' reference
 * (docs/decisions/036-the-api-reference-is-the-openapi-document.md), and docs/api.md keeps only what they cannot say.
 */
import { describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { signInStaff } from './staff-fixtures.ts';

type Route = { method: string; path: string };

/** `/api/Member/:id` and `/api/Member/{memberid}` both become `/api/Member/{}`; a trailing slash is the same route. */
const shape = (path: string) => path.replace(/:[^/]+|\{[^}]*\}/g, '{}').replace(/(.)\/$/, '$1');
const key = ({ method, path }: Route) => `${method} ${shape(path)}`;

const [database] = databases();

describe(`every API route is documented (on ${database!.name})`, () => {
  const routes: Route[] = [];
  const t = useTestApp(database!, {
    beforeRoutes: (app) => {
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) if (method !== 'HEAD' && route.url.startsWith('/api/')) routes.push({ method, path: route.url });
      });
    },
  });

  it('sees the routes', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'PUT', path: '/api/Member' });
  });

  it('finds each employee route in /docs/json and each staff route only in /staff/docs/json', async () => {
    const published = async (url: string, headers: Record<string, string> = {}) => {
      const paths = (await t.app.inject({ method: 'GET', url, headers })).json().paths as Record<string, Record<string, unknown>>;
      return new Set(Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => key({ method: method.toUpperCase(), path }))));
    };
    const employeeApi = await published('/docs/json');
    const staffApi = await published('/staff/docs/json', (await signInStaff(t.app, 'viewer')).headers);
    const isStaff = (route: Route) => route.path.startsWith('/api/staff/');
    expect(routes.filter((route) => !isStaff(route)).map(key).filter((route) => !employeeApi.has(route))).toEqual([]);
    expect(routes.filter(isStaff).map(key).filter((route) => !staffApi.has(route))).toEqual([]);
    expect([...employeeApi].filter((route) => route.includes('/api/staff'))).toEqual([]);
    expect([...staffApi].filter((route) => !route.includes(' /api/staff/'))).toEqual([]);
  });
});
