/** The state list lives in the domain (the server's ZIP lookup names states too). */
export { US_STATES } from '#domain/places/us-states.ts';
