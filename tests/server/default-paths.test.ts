/** The server's default folders are the repository's dist/ (the build's output), wherever their modules live. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultValidatorsRoot } from '#server/content/validator-modules.ts';
import { defaultWebRoot } from '#server/http/static.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('default folders', () => {
  it('serve the web app and the validators from the build in dist/', () => {
    expect(defaultWebRoot).toBe(path.join(root, 'dist/web'));
    expect(defaultValidatorsRoot).toBe(path.join(root, 'dist/validators'));
  });
});
