import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES, APP_VERSION } from '@hinv/shared';
import type { OpenAPIObject } from '@nestjs/swagger';
import { REQUIRED_SCOPE_EXTENSION, SESSION_SCHEME, TOKEN_SCHEME } from '../common/access/access.decorators.js';
import { operationsOf } from './document.js';

/**
 * Walks the committed contract (kept equal to the code by the contract check): every operation
 * must say how it may be reached, through `@RequireScope`, `@SessionOnly` or `@Public`.
 */
const document = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as OpenAPIObject;
const operations = operationsOf(document);

describe('the OpenAPI contract', () => {
  it('carries the release version from the one place it is defined', () => {
    expect(document.info.version).toBe(APP_VERSION);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o.operation] as const))('%s declares its access', (_name, operation) => {
    const security = operation.security;
    expect(security, 'no @RequireScope, @SessionOnly or @Public').toBeDefined();
    const schemes = (security ?? []).flatMap((requirement) => Object.keys(requirement));
    const scope = (operation as unknown as Record<string, unknown>)[REQUIRED_SCOPE_EXTENSION];
    if (schemes.includes(TOKEN_SCHEME)) {
      expect(API_TOKEN_SCOPES).toContain(scope);
      expect(schemes).toEqual([SESSION_SCHEME, TOKEN_SCHEME]);
    } else if (schemes.length > 0) {
      expect(schemes).toEqual([SESSION_SCHEME]);
      expect(scope).toBeUndefined();
    } else {
      // Public: one empty requirement, i.e. no credentials needed.
      expect(security).toEqual([{}]);
      expect(scope).toBeUndefined();
    }
  });

  it('uses unique operation ids (the handler method names)', () => {
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
  });

  it('uses OpenAPI 3.1 numeric exclusive bounds', () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain('"exclusiveMinimum":true');
    expect(text).not.toContain('"exclusiveMaximum":true');
  });

  it('documents integer fields as integers', () => {
    const schemas = document.components?.schemas as Record<string, { properties: Record<string, { type: unknown }> }>;
    expect(schemas.CatalogProductCreateInput.properties.default_best_before_days.type).toBe('integer');
    expect(schemas.ApiTokenCreateInput.properties.expires_days.type).toBe('integer');
    expect(schemas.StockCountLineInput.properties.location_id.type).toEqual(['integer', 'null']);
  });

  it('closes no request model: unknown fields are ignored, as in every model of the reference', () => {
    // The reference's contract marks no model `additionalProperties: false`; a model we close
    // would refuse what its clients send (a settings object echoed back with read-only fields).
    expect(JSON.stringify(document)).not.toContain('"additionalProperties":false');
  });

  it('documents the error shapes', () => {
    expect(document.components?.schemas).toHaveProperty('ErrorResponse');
    expect(document.components?.schemas).toHaveProperty('HTTPValidationError');
  });
});
