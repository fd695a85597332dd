import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
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
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', description: 'Browser session (HttpOnly cookie).' }, SESSION_SCHEME)
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
  return sortKeys(document);
}
