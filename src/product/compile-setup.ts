/**
 * The product configures the engine's compiler: importing this module registers the `personal` schema annotation
 * (personal.ts), which Ajv's strict mode refuses unless told of it. Imported where schemas are compiled: the
 * server's content plugin (and so scripts/build-validators.ts) and the test setups. The browser compiles nothing, so
 * it carries none of this (engine-setup.ts is the runtime's part).
 */
import { registerAnnotationKeyword } from '#engine/compile/index.ts';
import { PERSONAL_KEYWORD } from './personal.ts';

registerAnnotationKeyword(PERSONAL_KEYWORD);
