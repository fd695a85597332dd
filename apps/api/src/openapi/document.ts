import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import { APP_VERSION } from '@hinv/shared';
import { SESSION_COOKIE, SESSION_SCHEME, TOKEN_SCHEME } from '../common/access/access.decorators.js';
import { ErrorResponse, HTTPValidationError } from '../common/errors/error-response.dto.js';

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** Recursively sorts object keys so the committed document diffs cleanly; array order is kept. */
export function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortKeys) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    ) as T;
  }
  return value;
}

export function operationsOf(document: OpenAPIObject): { path: string; method: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] as Operation })),
  );
}

type Schema = Record<string, unknown>;

/**
 * `@IsInt()` is the single declaration of an integer field: the CLI plugin documents it as
 * `number`, so the schema of every DTO property carrying it is corrected to `integer` here.
 */
function markIntegers(document: OpenAPIObject): void {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<Function, { propertyName: string; name?: string }[]> };
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const integerFields = (target: Function): string[] =>
    (storage.validationMetadatas.get(target) ?? []).filter((m) => m.name === 'isInt').map((m) => m.propertyName);
  for (const target of storage.validationMetadatas.keys()) {
    const properties = schemas[target.name]?.properties as Record<string, Schema> | undefined;
    if (!properties) continue;
    // Fields inherited from a base DTO carry their metadata on the base class.
    for (let type: Function | null = target; type && type !== Function.prototype; type = Object.getPrototypeOf(type) as Function | null) {
      for (const name of integerFields(type)) {
        const property = properties[name];
        if (property) property.type = Array.isArray(property.type) ? property.type.map((t) => (t === 'number' ? 'integer' : t)) : 'integer';
      }
    }
  }
}

/** OpenAPI 3.1 (JSON Schema 2020-12) wants `exclusiveMinimum: <number>`, not the 3.0 boolean form. */
function modernizeExclusiveBounds(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(modernizeExclusiveBounds);
  if (!node || typeof node !== 'object') return;
  const schema = node as Schema;
  if (schema.exclusiveMinimum === true && typeof schema.minimum === 'number') {
    schema.exclusiveMinimum = schema.minimum;
    delete schema.minimum;
  }
  Object.values(schema).forEach(modernizeExclusiveBounds);
}

/**
 * The OpenAPI document of the running code. Operation ids are handler method names; every
 * operation that takes input documents the 422 validation shape.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Household Inventory API')
    .setDescription(
      'Local-first household inventory: catalog, stock lots, barcode scanning into review-only drafts, ' +
        'shopping list and more. Browser sessions use a cookie; automation uses scoped bearer tokens.',
    )
    .setOpenAPIVersion('3.1.0')
    .setVersion(APP_VERSION)
    .setLicense('AGPL-3.0-or-later', 'https://www.gnu.org/licenses/agpl-3.0.html')
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', description: 'Browser session (HttpOnly cookie; named __Host-hinv_session when SESSION_HTTPS_ONLY is on).' }, SESSION_SCHEME)
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'hinv_pat token', description: 'Scoped automation token, sent only in the Authorization header.' },
      TOKEN_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controllerKey: string, methodKey: string) => methodKey,
    extraModels: [ErrorResponse, HTTPValidationError],
  });
  for (const { operation } of operationsOf(document)) {
    if (operation.requestBody || (operation.parameters ?? []).length > 0) {
      operation.responses['422'] = {
        description: 'Validation error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPValidationError' } } },
      };
    }
  }
  markIntegers(document);
  modernizeExclusiveBounds(document);
  return sortKeys(document);
}
