// Lets a child process of a test (the OCR process) run the API's TypeScript sources as the test
// runner does: `./x.js` imports find `./x.ts`, workspace libraries resolve to their sources
// (the `hinv-source` condition), and each .ts file is compiled by swc with the legacy decorators
// and parameter properties Node's own type stripping does not take. Never used by the built server.
//   node --import <this file> some-source.ts
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';

registerHooks({
  resolve(specifier, context, next) {
    const sourceContext = { ...context, conditions: ['hinv-source', ...context.conditions] };
    try {
      return next(specifier, sourceContext);
    } catch (error) {
      if (/^\.\.?\//.test(specifier) && specifier.endsWith('.js')) return next(`${specifier.slice(0, -3)}.ts`, sourceContext);
      throw error;
    }
  },
  load(url, context, next) {
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
    const filename = fileURLToPath(url);
    const { code } = transformSync(readFileSync(filename, 'utf8'), {
      filename,
      sourceMaps: 'inline',
      jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2023' },
      module: { type: 'es6' },
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});
