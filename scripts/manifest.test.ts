import ts from 'typescript';
import { buildManifest, manifestModule, operationDocs } from './manifest.js';

/** A one-path document: one operation with a summary only, one with a description that tries to end its comment. */
const doc = {
  paths: {
    '/api/manager/things/thing': {
      get: { operationId: 'getThings', summary: 'List all things', security: [], responses: { '200': { description: 'ok' } } },
      post: {
        operationId: 'createThing',
        summary: 'Create a thing',
        description: 'Names may hold */ or not.\n\nSecond paragraph.',
        security: [],
        responses: { '204': { description: 'none' } },
      },
    },
  },
};

describe('the manifest module and its doc comments', () => {
  it('when an operation has a summary and a description, then its entry carries both as a doc comment that nothing inside ends early', () => {
    expect(operationDocs(doc)).toEqual({ getThings: 'List all things', createThing: 'Create a thing\n\nNames may hold */ or not.\n\nSecond paragraph.' });
    const module = manifestModule('openapi/hub/things.yaml', buildManifest(doc, 'things'), '../manifest.js', operationDocs(doc));
    expect(module).toContain('  /** List all things */\n  getThings: {');
    expect(module).toContain('  /**\n   * Create a thing\n   *\n   * Names may hold *\\/ or not.\n   *\n   * Second paragraph.\n   */\n  createThing: {');
    // An unescaped `*/` would end the comment early and leave the rest of the file unparsable.
    expect(ts.transpileModule(module, { reportDiagnostics: true }).diagnostics).toEqual([]);
  });
});
