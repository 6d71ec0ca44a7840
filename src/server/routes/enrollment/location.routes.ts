/**
 * The ZIP lookup (spec §7): GET /api/USZipCounty/{zip}/ answers the ZIP's counties from the nationwide crosswalk,
 * largest share of addresses first, so a ZIP with several counties lets the person choose, each county also named
 * in the request's language (countylabel: 'Condado de Marion'). Its texts are the
 * profile document's ZIP messages (the employer's resolved document), as the form shows them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LocationSchema } from '#contracts/enrollment-answers.ts';
import * as locations from '#db/repositories/reference/location.repository.ts';
import { badRequest, notFound } from '../../errors.ts';
import { bearer, envelope, failures, ok } from '../../http/route-schemas.ts';
import { countyLabel, profileMessages, ZIP_PATTERN } from '../../services/member/locations.ts';

export async function locationRoutes(app: FastifyInstance): Promise<void> {
  const options = {
    onRequest: app.authenticate,
    // The pattern is the contract; its failure is answered with the document's text below, not Fastify's.
    attachValidation: true,
    schema: {
      tags: ['location'],
      summary: "A ZIP's counties with city and state, largest share of its addresses first",
      security: bearer,
      params: {
        type: 'object',
        required: ['zip'],
        properties: { zip: { type: 'string', pattern: ZIP_PATTERN.source, description: '5 digits, leading zeros kept' } },
      },
      response: {
        200: envelope({ type: 'object', required: ['locationlist'], properties: { locationlist: { type: 'array', items: LocationSchema } } }),
        ...failures,
      },
    },
  };
  const handler = async (request: FastifyRequest<{ Params: { zip: string } }>) => {
    const text = await profileMessages(app, request.member?.accountId ?? null, request.language);
    const zip = request.params.zip ?? '';
    if (zip.trim() === '') throw badRequest(text('zip-empty'), { 'params/zip': [text('zip-empty')] });
    if (request.validationError || !ZIP_PATTERN.test(zip)) {
      throw badRequest(text('zip-lookup-invalid'), { 'params/zip': [text('zip-lookup-invalid')] });
    }
    const counties = await locations.countiesForZip(app.db, zip);
    if (counties.length === 0) throw notFound(text('zip-not-found'));
    return ok({ locationlist: counties.map((county) => ({ ...county, countylabel: countyLabel(county.countyname, request.language) })) });
  };
  // The spec writes the path with a trailing slash; both spellings answer.
  app.get<{ Params: { zip: string } }>('/api/USZipCounty/:zip/', options, handler);
  app.get<{ Params: { zip: string } }>('/api/USZipCounty/:zip', options, handler);
}


