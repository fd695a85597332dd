import { readFileSync } from 'node:fs';
import { startFakeHttp, type FakeHttpServer, type FakeReply, type RecordedRequest } from './fake-http.js';

/**
 * A local Grocy, written from Grocy's published OpenAPI description
 * (`spec/grocy-openapi.json`, a copy of the one in the shared specification). The description is
 * read here at test time: every request must match one of its paths and methods, request bodies
 * must fit their schema (Grocy accepts more columns than the description lists, so only the
 * listed fields are type-checked there), and every answer the fake gives is checked against the
 * response schema, strictly: no field the description does not list. Anything that does not fit
 * is recorded in `violations`, which each test expects to stay empty.
 *
 * `legacy: true` answers as Grocy before 4.0 does: every number as a string.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
};
interface Operation {
  parameters?: { in: string; name: string; schema?: Schema; $ref?: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Description {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const DESCRIPTION = JSON.parse(readFileSync(new URL('./spec/grocy-openapi.json', import.meta.url), 'utf8')) as Description;

function resolve(schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 10; depth += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = DESCRIPTION.components.schemas[name];
    // Grocy's description names a few schemas it does not define (ExposedEntity_NotIncluding…): the full enum stands in.
    current = target ?? (name.startsWith('ExposedEntity') ? DESCRIPTION.components.schemas.ExposedEntity : {});
  }
  return current;
}

/** Why `value` does not fit `schema`, or null. Numbers may be numeric strings (Grocy < 4), any field may be null. */
export function misfit(value: unknown, raw: Schema, path: string, strict: boolean): string | null {
  const schema = resolve(raw);
  if (value === null) return null;
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) {
    const problems = alternatives.map((alternative) => misfit(value, alternative, path, strict));
    return problems.includes(null) ? null : `${path}: fits none of ${alternatives.length} alternatives (${problems[0]})`;
  }
  if (schema.enum && !schema.enum.includes(value)) return `${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length === 0 && !schema.properties) return null;
  const numeric = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));
  const fits = (type: string): boolean => {
    switch (type) {
      case 'integer':
        return numeric && Number.isInteger(Number(value));
      case 'number':
        return numeric;
      case 'string':
        return typeof value === 'string';
      case 'boolean':
        return typeof value === 'boolean' || value === 0 || value === 1 || value === '0' || value === '1';
      case 'array':
        return Array.isArray(value);
      case 'object':
        return typeof value === 'object' && !Array.isArray(value);
      default:
        return true;
    }
  };
  if (types.length > 0 && !types.some(fits)) return `${path}: ${JSON.stringify(value)} is not ${types.join('|')}`;
  if (Array.isArray(value) && schema.items) {
    for (const [index, item] of value.entries()) {
      const problem = misfit(item, schema.items, `${path}[${index}]`, strict);
      if (problem) return problem;
    }
  }
  if (typeof value === 'object' && !Array.isArray(value) && schema.properties) {
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      const declared = schema.properties[key];
      if (!declared) {
        if (strict && schema.additionalProperties !== true) return `${path}.${key}: not in Grocy's description`;
        continue;
      }
      const problem = misfit(field, declared, `${path}.${key}`, strict);
      if (problem) return problem;
    }
  }
  return null;
}

/** The description's path template matching `path` for `method`, with its parameters. */
export function operationFor(method: string, path: string): { template: string; operation: Operation; params: Record<string, string> } | null {
  for (const [template, operations] of Object.entries(DESCRIPTION.paths)) {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
    const match = pattern.exec(path);
    const operation = operations[method.toLowerCase()];
    if (match && operation) return { template, operation, params: { ...match.groups } };
  }
  return null;
}

export type GrocyRow = Record<string, unknown>;

export interface FakeGrocyState {
  locations: GrocyRow[];
  quantity_units: GrocyRow[];
  product_groups: GrocyRow[];
  shopping_locations: GrocyRow[];
  products: GrocyRow[];
  /** Rows of `GET /stock`, as Grocy answers them. */
  stock: GrocyRow[];
}

export interface FakeGrocy extends FakeHttpServer {
  state: FakeGrocyState;
  /** Purchases posted to `stock/products/{id}/add`. */
  purchases: { productId: number; body: GrocyRow }[];
  /** Requests or answers that do not fit Grocy's description. */
  violations: string[];
  /** Answers a request before the fake does (a 500, a slow answer, a redirect); undefined lets the fake answer. */
  override: ((request: RecordedRequest, path: string) => FakeReply | undefined) | null;
  version: string;
}

const ENTITIES = new Set(['locations', 'quantity_units', 'product_groups', 'shopping_locations', 'products']);
/** The schema each entity is described by (product groups have none of their own; they look like locations). */
const ENTITY_SCHEMAS: Record<string, string> = { locations: 'Location', quantity_units: 'QuantityUnit', product_groups: 'Location', shopping_locations: 'ShoppingLocation', products: 'Product' };

/** Every number as a string, as Grocy before 4.0 sends it. */
function stringly(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(stringly);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, stringly(field)]));
  return value;
}

export async function startFakeGrocy(options: { apiKey: string; legacy?: boolean; state?: Partial<FakeGrocyState> }): Promise<FakeGrocy> {
  const state: FakeGrocyState = { locations: [], quantity_units: [], product_groups: [], shopping_locations: [], products: [], stock: [], ...options.state };
  const purchases: FakeGrocy['purchases'] = [];
  const violations: string[] = [];
  const version = options.legacy ? '3.3.2' : '4.2.0';
  let stockLogId = 1000;

  const answer = (operation: Operation, status: number, body: unknown, label: string): FakeReply => {
    const wire = options.legacy ? stringly(body) : body;
    const schema = operation.responses?.[String(status)]?.content?.['application/json']?.schema;
    if (!schema) violations.push(`${label}: Grocy's description has no ${status} answer`);
    else {
      const problem = misfit(wire, schema, 'answer', true);
      if (problem) violations.push(`${label}: ${problem}`);
    }
    return { status, body: wire };
  };

  const fake = (await startFakeHttp((request) => {
    const url = new URL(request.url, 'http://grocy');
    const label = `${request.method} ${url.pathname}`;
    if (!url.pathname.startsWith('/api/')) {
      violations.push(`${label}: outside /api`);
      return { status: 404, body: { error_message: 'Not found' } };
    }
    const path = url.pathname.slice('/api'.length);
    const found = operationFor(request.method, path);
    if (!found) {
      violations.push(`${label}: not in Grocy's description`);
      return { status: 404, body: { error_message: 'Route not found' } };
    }
    if (request.headers['grocy-api-key'] !== options.apiKey) {
      return { status: 401, body: { error_message: 'Unauthorized' } };
    }
    let body: GrocyRow | null = null;
    if (request.method === 'POST') {
      try {
        body = JSON.parse(request.body) as GrocyRow;
      } catch {
        violations.push(`${label}: the body is not JSON`);
        return { status: 400, body: { error_message: 'Request body is not JSON' } };
      }
      const schema = found.operation.requestBody?.content?.['application/json']?.schema;
      const problem = schema ? misfit(body, schema, 'body', false) : `no request body in the description`;
      if (problem) violations.push(`${label}: ${problem}`);
    }
    const scripted = fake.override?.(request, path);
    if (scripted) return scripted;

    const { template, operation, params } = found;
    if (template === '/system/info') {
      return answer(operation, 200, { grocy_version: { Version: version, ReleaseDate: '2024-10-01' }, php_version: '8.2.24', sqlite_version: '3.46.1' }, label);
    }
    if (template === '/objects/{entity}' && ENTITIES.has(params.entity)) {
      const rows = state[params.entity as keyof FakeGrocyState];
      if (request.method === 'GET') return answer(operation, 200, rows, label);
      const id = Math.max(0, ...rows.map((row) => Number(row.id))) + 1;
      // Kept as Grocy's description lists the entity (Grocy stores `active` too, but does not describe it).
      const declared = DESCRIPTION.components.schemas[ENTITY_SCHEMAS[params.entity]].properties ?? {};
      rows.push({ ...Object.fromEntries(Object.entries(body ?? {}).filter(([key]) => key in declared)), id, row_created_timestamp: '2025-03-14 18:00:00' });
      return answer(operation, 200, { created_object_id: id }, label);
    }
    if (template === '/stock') return answer(operation, 200, state.stock, label);
    if (template === '/stock/products/{productId}/add') {
      const productId = Number(params.productId);
      if (!state.products.some((product) => Number(product.id) === productId)) return answer(operation, 400, { error_message: 'Product does not exist or is inactive' }, label);
      purchases.push({ productId, body: body as GrocyRow });
      stockLogId += 1;
      return answer(operation, 200, [{ id: stockLogId, product_id: productId, amount: Number((body as GrocyRow).amount), transaction_type: 'purchase', stock_id: `stock${stockLogId}` }], label);
    }
    violations.push(`${label}: the fake does not answer this (yet)`);
    return { status: 404, body: { error_message: 'Not implemented in the fake' } };
  })) as FakeGrocy;
  return Object.assign(fake, { state, purchases, violations, override: null, version });
}
