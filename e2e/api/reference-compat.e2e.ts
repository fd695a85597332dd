import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeHttpServer } from '../support/fake-http.js';
import { startFakeGrocy, type FakeGrocy } from '../support/fake-grocy.js';
import { chatCompletion, modelList, startFakeOpenAi } from '../support/fake-openai.js';
import { startFakeOffSearch, startFakeOpenFoodFacts } from '../support/fake-open-food-facts.js';
import { startFakePushService, type FakePushService } from '../support/fake-push-service.js';
import { Browserless } from '../support/household.js';
import { pngOf } from '../support/images.js';
import { textPdf } from '../support/pdfs.js';
import { ERASE_CONFIRMATION } from '../support/privacy.js';
import { startServer, tempDataDir, type RunningServer } from '../support/server.js';
import { SoftwarePasskey } from '../support/software-passkey.js';

/**
 * Clients written for the reference implementation work against us (decisions.md). This replays
 * what the reference's own web app sends, one request for every operation the reference's
 * contract and ours share, in the order a household would meet them, against one server with
 * real fakes of Grocy, an OpenAI-compatible provider, Open Food Facts and a push service. Bodies
 * are the ones that client sends: whole objects it read are echoed back (settings, a product, a
 * shopping item), read-only fields included. Every answer is checked against the reference's
 * response schema for its status with a JSON-schema validator. A field we add is fine; a field
 * the reference lists that we drop, retype, or send with a value outside its enum fails; every
 * listed field counts as required, since the reference (pydantic) always sends them all.
 */

const REFERENCE = JSON.parse(readFileSync(new URL('../support/spec/reference-openapi.json', import.meta.url), 'utf8')) as OpenApi;

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  additionalProperties?: boolean | Schema;
}
interface OpenApi {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
}

/**
 * Fields the reference lists that we leave out on purpose, per model, with the reason (README,
 * "Where we differ from the reference"). Anything not named here must be sent.
 */
const KEPT_DIFFERENCES: Record<string, Record<string, string>> = {};

/** The reference's models with every listed property required (less the kept differences). */
function strictSchemas(schemas: Record<string, Schema>): Record<string, Schema> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      if (!schema.properties) return [name, schema];
      const kept = KEPT_DIFFERENCES[name] ?? {};
      const required = Object.keys(schema.properties).filter((field) => !(field in kept));
      return [name, { ...schema, required }];
    }),
  );
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
ajv.addSchema({ $id: 'reference', components: { schemas: strictSchemas(REFERENCE.components.schemas) } });

/** The validator of the reference's answer for one operation and status; null when it declares a body of any shape. */
function responseValidator(operation: string, status: number): ValidateFunction | null | undefined {
  const [method, path] = operation.split(' ');
  const response = REFERENCE.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)];
  if (!response) return undefined;
  const schema = response.content?.['application/json']?.schema;
  if (!schema || Object.keys(schema).length === 0) return null;
  const rooted = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"reference#/components/')) as Schema;
  return ajv.compile(rooted);
}

const referenceOperations = (document: { paths: OpenApi['paths'] }) =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
/** Path parameters named differently still make the same operation. */
const shape = (operation: string) => operation.replace(/\{[^}]+\}/g, '{}');

const PASSWORD = 'Haushalt geheim 2025';
const NEW_PASSWORD = 'Haushalt noch geheimer 2026';
const OWNER_EMAIL = 'olivia@example.org';
const GROCY_KEY = 'grocy-compat-key-0123456789';
const PROVIDER_KEY = 'sk-compat-provider-key-42';
const PRODUCT_CODE = '4006381333931';
const CANDIDATE_CODE = '4000417025005';

/** What earlier steps created, for the requests of later ones. */
interface Context {
  [key: string]: unknown;
}

type Body = unknown;
interface Request {
  path: string;
  body?: Body;
  /** A multipart body with one file in the field `image`. */
  file?: { bytes: Buffer; name: string; type: string };
}

interface Step {
  /** The reference's operation, `METHOD /path/{template}`. */
  operation: string;
  /** Who sends it: the owner's browser (default), a fresh browser, or a named one from the context. */
  as?: 'owner' | 'anonymous' | string;
  request: (ctx: Context) => Request | Promise<Request>;
  /** The status the reference's client gets (200 unless said). */
  status?: number;
  /** Keeps what later steps need. */
  then?: (answer: any, ctx: Context) => void | Promise<void>;
  /** Runs before the request (a clock move, a fake's state). */
  before?: (ctx: Context) => void | Promise<void>;
}

describe('clients written for the reference work against us: a replay of its calls', () => {
  let server: RunningServer;
  let grocy: FakeGrocy;
  let provider: FakeHttpServer;
  let offProducts: FakeHttpServer;
  let offSearch: FakeHttpServer;
  let push: FakePushService;
  let clockFile: string;
  const browsers = new Map<string, Browserless>();
  const ctx: Context = {};
  const passkey = new SoftwarePasskey();
  const moveClock = (ms: number) => writeFileSync(clockFile, String(ms));

  /** A German browser at the server's own origin, as the reference's web app runs. */
  const browser = () => new Browserless(server.baseUrl, null, { origin: server.baseUrl, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });

  const STEPS: Step[] = [
    // Before setup.
    { operation: 'GET /api/health', as: 'anonymous', request: () => ({ path: '/api/health' }) },
    { operation: 'GET /api/readiness', as: 'anonymous', request: () => ({ path: '/api/readiness' }) },
    { operation: 'GET /api/v1/auth/state', as: 'anonymous', request: () => ({ path: '/api/v1/auth/state' }), then: (state) => expect(state).toMatchObject({ authenticated: false, needs_setup: true, user: null, identifier_required: null }) },
    {
      operation: 'POST /api/v1/auth/setup',
      as: 'owner',
      request: () => ({ path: '/api/v1/auth/setup', body: { password: PASSWORD, display_name: 'Olivia', preferred_locale: 'de' } }),
    },
    { operation: 'POST /api/v1/auth/logout', request: () => ({ path: '/api/v1/auth/logout' }), then: (answer) => expect(answer).toMatchObject({ authenticated: false, needs_setup: false, needs_owner_setup: null, user: null }) },
    { operation: 'POST /api/v1/auth/login', request: () => ({ path: '/api/v1/auth/login', body: { identifier: null, password: PASSWORD } }) },
    { operation: 'GET /api/v1/auth/me', request: () => ({ path: '/api/v1/auth/me' }) },
    { operation: 'PATCH /api/v1/auth/profile', request: () => ({ path: '/api/v1/auth/profile', body: { display_name: 'Olivia Owner', email: OWNER_EMAIL } }) },
    { operation: 'PATCH /api/v1/auth/preferences', request: () => ({ path: '/api/v1/auth/preferences', body: { preferred_locale: 'de' } }) },
    { operation: 'GET /api/v1/auth/security', request: () => ({ path: '/api/v1/auth/security' }) },
    { operation: 'POST /api/v1/auth/reauthenticate', request: () => ({ path: '/api/v1/auth/reauthenticate', body: { password: PASSWORD, code: null } }) },

    // Tokens, invitations and members.
    { operation: 'GET /api/v1/auth/api-token-scopes', request: () => ({ path: '/api/v1/auth/api-token-scopes' }) },
    {
      operation: 'POST /api/v1/auth/api-tokens',
      request: () => ({ path: '/api/v1/auth/api-tokens', body: { name: 'Scanner Küche', scopes: ['scans:read', 'scans:write'], expires_days: 90 } }),
      then: (token, c) => void (c.tokenId = token.id),
    },
    { operation: 'GET /api/v1/auth/api-tokens', request: () => ({ path: '/api/v1/auth/api-tokens' }) },
    { operation: 'DELETE /api/v1/auth/api-tokens/{token_id}', request: (c) => ({ path: `/api/v1/auth/api-tokens/${c.tokenId}` }), then: (answer) => expect(answer).toEqual({ revoked: 1, authenticated: true }) },
    {
      operation: 'POST /api/v1/auth/invitations',
      request: () => ({ path: '/api/v1/auth/invitations', body: { display_name: 'Max Mitglied', email: 'max@example.org', role: 'member', expires_hours: 72 } }),
      then: (invitation, c) => void (c.inviteToken = invitation.invite_token),
    },
    {
      operation: 'POST /api/v1/auth/invitations',
      request: () => ({ path: '/api/v1/auth/invitations', body: { display_name: 'Vera Viewer', email: 'vera@example.org', role: 'viewer', expires_hours: 24 } }),
      then: (invitation, c) => void (c.invitationId = invitation.id),
    },
    { operation: 'GET /api/v1/auth/invitations', request: () => ({ path: '/api/v1/auth/invitations' }) },
    { operation: 'GET /api/v1/auth/invitations/{token}', as: 'anonymous', request: (c) => ({ path: `/api/v1/auth/invitations/${c.inviteToken}` }) },
    {
      operation: 'POST /api/v1/auth/invitations/{token}/accept',
      as: 'member',
      request: (c) => ({ path: `/api/v1/auth/invitations/${c.inviteToken}/accept`, body: { password: 'Mitglied geheim 2025', preferred_locale: 'de' } }),
      then: (answer, c) => void (c.memberId = answer.user.id),
    },
    { operation: 'DELETE /api/v1/auth/invitations/{invitation_id}', request: (c) => ({ path: `/api/v1/auth/invitations/${c.invitationId}` }) },
    { operation: 'GET /api/v1/auth/members', request: () => ({ path: '/api/v1/auth/members' }) },
    { operation: 'PATCH /api/v1/auth/members/{user_id}', request: (c) => ({ path: `/api/v1/auth/members/${c.memberId}`, body: { role: 'member', active: true } }) },

    // Sessions.
    { operation: 'POST /api/v1/auth/login', as: 'laptop', request: () => ({ path: '/api/v1/auth/login', body: { identifier: OWNER_EMAIL, password: PASSWORD } }) },
    {
      operation: 'GET /api/v1/auth/sessions',
      request: () => ({ path: '/api/v1/auth/sessions' }),
      then: (sessions: { id: string; current: boolean }[], c) => void (c.otherSessionId = sessions.find((session) => !session.current)?.id),
    },
    { operation: 'DELETE /api/v1/auth/sessions/{session_id}', request: (c) => ({ path: `/api/v1/auth/sessions/${c.otherSessionId}` }) },
    { operation: 'POST /api/v1/auth/login', as: 'tablet', request: () => ({ path: '/api/v1/auth/login', body: { identifier: OWNER_EMAIL, password: PASSWORD } }) },
    { operation: 'POST /api/v1/auth/sessions/revoke-others', request: () => ({ path: '/api/v1/auth/sessions/revoke-others' }) },

    // Second factor and recovery.
    { operation: 'POST /api/v1/auth/totp/setup', request: () => ({ path: '/api/v1/auth/totp/setup' }), then: (setup, c) => void (c.totpSecret = setup.secret) },
    {
      operation: 'POST /api/v1/auth/totp/enable',
      request: async (c) => ({ path: '/api/v1/auth/totp/enable', body: { code: await generate({ secret: c.totpSecret as string }) } }),
    },
    { operation: 'POST /api/v1/auth/recovery-codes', request: () => ({ path: '/api/v1/auth/recovery-codes' }), then: (answer, c) => void (c.recoveryCodes = answer.codes) },
    {
      operation: 'POST /api/v1/auth/login',
      as: 'phone',
      request: () => ({ path: '/api/v1/auth/login', body: { identifier: OWNER_EMAIL, password: PASSWORD } }),
      then: (answer, c) => {
        expect(answer).toMatchObject({ authenticated: false, mfa_required: true });
        c.mfaChallenge = answer.mfa_challenge;
      },
    },
    {
      operation: 'POST /api/v1/auth/mfa/verify',
      as: 'phone',
      // The code of the next step: the one that enabled TOTP cannot sign in again.
      before: () => moveClock(30_000),
      request: async (c) => ({ path: '/api/v1/auth/mfa/verify', body: { challenge: c.mfaChallenge, code: await generate({ secret: c.totpSecret as string, epoch: Math.floor((Date.now() + 30_000) / 1000) }) } }),
      then: () => moveClock(0),
    },
    { operation: 'POST /api/v1/auth/recovery', as: 'rescue', request: (c) => ({ path: '/api/v1/auth/recovery', body: { identifier: OWNER_EMAIL, code: (c.recoveryCodes as string[])[0] } }) },
    { operation: 'DELETE /api/v1/auth/totp', request: () => ({ path: '/api/v1/auth/totp' }) },

    // Passkeys, with a software authenticator.
    {
      operation: 'POST /api/v1/auth/passkeys/registration/begin',
      request: () => ({ path: '/api/v1/auth/passkeys/registration/begin', body: { origin: server.baseUrl } }),
      then: (answer, c) => void (c.registration = answer),
    },
    {
      operation: 'POST /api/v1/auth/passkeys/registration/complete',
      request: (c) => {
        const begun = c.registration as { challenge_id: string; options: { challenge: string; rp: { id: string } } };
        return { path: '/api/v1/auth/passkeys/registration/complete', body: { challenge_id: begun.challenge_id, credential: passkey.register(begun.options, server.baseUrl), name: 'Laptop' } };
      },
    },
    {
      operation: 'POST /api/v1/auth/passkeys/authentication/begin',
      as: 'passkey',
      request: () => ({ path: '/api/v1/auth/passkeys/authentication/begin', body: { origin: server.baseUrl } }),
      then: (answer, c) => void (c.authentication = answer),
    },
    {
      operation: 'POST /api/v1/auth/passkeys/authentication/complete',
      as: 'passkey',
      request: (c) => {
        const begun = c.authentication as { challenge_id: string; options: { challenge: string; rpId: string } };
        return { path: '/api/v1/auth/passkeys/authentication/complete', body: { challenge_id: begun.challenge_id, credential: passkey.authenticate(begun.options, server.baseUrl) } };
      },
      then: (answer) => expect(answer.authenticated).toBe(true),
    },
    { operation: 'DELETE /api/v1/auth/passkeys/{credential_id}', request: () => ({ path: `/api/v1/auth/passkeys/${passkey.id}` }) },
    // The one body that differs from the reference client's: we ask for the current password too (README).
    { operation: 'PUT /api/v1/auth/password', request: () => ({ path: '/api/v1/auth/password', body: { password: NEW_PASSWORD, current_password: PASSWORD } }) },
    { operation: 'POST /api/v1/auth/reauthenticate', request: () => ({ path: '/api/v1/auth/reauthenticate', body: { password: NEW_PASSWORD, code: null } }) },

    // First visit: experience, status.
    { operation: 'GET /api/v1/experience', request: () => ({ path: '/api/v1/experience' }) },
    { operation: 'PUT /api/v1/experience', request: () => ({ path: '/api/v1/experience', body: { complete_onboarding: true, acknowledge_current_version: true } }) },
    { operation: 'GET /api/v1/auth/state', request: () => ({ path: '/api/v1/auth/state' }) },

    // Master data and the catalog.
    {
      operation: 'GET /api/v1/catalog/master-data',
      request: () => ({ path: '/api/v1/catalog/master-data' }),
      then: (data, c) => {
        c.locationId = data.locations[0].id;
        c.unitId = data.quantity_units[0].id;
        c.groupId = data.product_groups[0].id;
      },
    },
    {
      operation: 'POST /api/v1/catalog/master-data/{kind}',
      request: () => ({ path: '/api/v1/catalog/master-data/locations', body: { name: 'Gartenhaus', name_plural: null, description: 'Regal links', is_freezer: false } }),
      then: (item, c) => void (c.cellar = item),
    },
    {
      operation: 'PATCH /api/v1/catalog/master-data/{kind}/{item_id}',
      request: (c) => {
        // The edit form's fields; the answer's is_freezer is 0 or 1, the input a boolean.
        const cellar = c.cellar as { id: number; name_plural: string | null; description: string | null; is_freezer: number; updated_at: string };
        return {
          path: `/api/v1/catalog/master-data/locations/${cellar.id}`,
          body: { name: 'Gartenhäuschen', name_plural: cellar.name_plural, description: cellar.description ?? '', is_freezer: cellar.is_freezer === 1, expected_updated_at: cellar.updated_at },
        };
      },
    },
    { operation: 'DELETE /api/v1/catalog/master-data/{kind}/{item_id}', request: (c) => ({ path: `/api/v1/catalog/master-data/locations/${(c.cellar as { id: number }).id}` }) },
    {
      operation: 'POST /api/v1/catalog/products',
      request: (c) => ({
        path: '/api/v1/catalog/products',
        body: {
          name: 'Butter',
          barcode: PRODUCT_CODE,
          brand: 'Kerrygold',
          default_best_before_days: 30,
          location_id: c.locationId,
          quantity_unit_id: c.unitId,
          product_group_id: c.groupId,
          minimum_stock_quantity: 2,
          shopping_target_quantity: 4,
          new_location_name: null,
          new_location_is_freezer: false,
          new_quantity_unit_name: null,
          new_product_group_name: null,
          remember: true,
        },
      }),
      then: (product, c) => {
        expect(product).toMatchObject({ grocy_product_id: null, variant_count: 1 });
        c.product = product;
      },
    },
    {
      operation: 'POST /api/v1/catalog/products',
      request: () => ({ path: '/api/v1/catalog/products', body: { name: 'Salz', barcode: null, brand: null } }),
      // Without brand or barcode: no variant, so the reference's client shows no "Unbenannte Variante".
      then: (product, c) => {
        expect(product.variants).toEqual([]);
        c.salt = product;
      },
    },
    { operation: 'GET /api/v1/catalog/products', request: () => ({ path: '/api/v1/catalog/products?q=butter&limit=500' }), then: (list) => expect(list).toHaveLength(1) },
    { operation: 'GET /api/v1/catalog/products/{product_id}', request: (c) => ({ path: `/api/v1/catalog/products/${(c.product as { id: string }).id}` }), then: (product, c) => void (c.product = product) },
    {
      operation: 'PATCH /api/v1/catalog/products/{product_id}',
      request: (c) => {
        const product = c.product as { id: string; updated_at: string };
        return { path: `/api/v1/catalog/products/${product.id}`, body: { ...product, notes: 'Im Kühlschrank oben', expected_updated_at: product.updated_at } };
      },
      then: (product, c) => void (c.product = product),
    },
    {
      operation: 'POST /api/v1/catalog/products/{product_id}/image',
      request: async (c) => ({ path: `/api/v1/catalog/products/${(c.product as { id: string }).id}/image`, file: { bytes: await pngOf(400, 300), name: 'butter.png', type: 'image/png' } }),
    },
    { operation: 'GET /api/v1/catalog/products/{product_id}/image', request: (c) => ({ path: `/api/v1/catalog/products/${(c.product as { id: string }).id}/image` }) },
    { operation: 'DELETE /api/v1/catalog/products/{product_id}/image', request: (c) => ({ path: `/api/v1/catalog/products/${(c.product as { id: string }).id}/image` }) },
    {
      operation: 'POST /api/v1/catalog/products/{product_id}/variants',
      request: (c) => ({ path: `/api/v1/catalog/products/${(c.product as { id: string }).id}/variants`, body: { name: 'Streichzart', brand: 'Kerrygold', package_amount: 250, package_unit: 'g', image_url: null } }),
      then: (product: { variants: { id: string; name: string | null }[] }, c) => void (c.variant = product.variants.find((variant) => variant.name === 'Streichzart')),
    },
    {
      operation: 'PATCH /api/v1/catalog/variants/{variant_id}',
      request: (c) => {
        const variant = c.variant as { id: string; updated_at: string };
        return { path: `/api/v1/catalog/variants/${variant.id}`, body: { ...variant, package_amount: 200, expected_updated_at: variant.updated_at } };
      },
    },
    { operation: 'POST /api/v1/catalog/variants/{variant_id}/barcodes', request: (c) => ({ path: `/api/v1/catalog/variants/${(c.variant as { id: string }).id}/barcodes`, body: { barcode: '96385074' } }) },
    { operation: 'DELETE /api/v1/catalog/variants/{variant_id}/barcodes/{barcode}', request: (c) => ({ path: `/api/v1/catalog/variants/${(c.variant as { id: string }).id}/barcodes/96385074` }) },
    { operation: 'DELETE /api/v1/catalog/variants/{variant_id}', request: (c) => ({ path: `/api/v1/catalog/variants/${(c.variant as { id: string }).id}` }) },
    { operation: 'GET /api/v1/catalog/barcodes/{barcode}/lookup', request: () => ({ path: `/api/v1/catalog/barcodes/${PRODUCT_CODE}/lookup` }), then: (answer) => expect(answer).toMatchObject({ found: true, local: true }) },

    // Stock, shopping, scanning.
    { operation: 'GET /api/v1/stock/count/products', request: () => ({ path: '/api/v1/stock/count/products?q=butter' }), then: (list) => expect(list[0]).toHaveProperty('grocy_product_id', null) },
    {
      operation: 'POST /api/v1/stock/counts',
      request: (c) => ({
        path: '/api/v1/stock/counts',
        body: {
          client_mutation_id: 'compat-count-0001',
          source: 'manual',
          note: 'Inventur Sonntag',
          lines: [{ product_id: (c.product as { id: string }).id, variant_id: null, location_id: c.locationId, counted_quantity: 1, best_before_date: '2030-01-31', unit_price: 2.49, note: '' }],
        },
      }),
    },
    { operation: 'GET /api/v1/stock/counts', request: () => ({ path: '/api/v1/stock/counts?limit=20' }) },
    { operation: 'GET /api/v1/shopping-list/low-stock', request: () => ({ path: '/api/v1/shopping-list/low-stock' }) },
    { operation: 'POST /api/v1/shopping-list/generate', request: (c) => ({ path: '/api/v1/shopping-list/generate', body: { client_mutation_id: 'compat-refill-0001', product_ids: [(c.product as { id: string }).id] } }) },
    { operation: 'GET /api/v1/shopping-list', request: () => ({ path: '/api/v1/shopping-list' }), then: (list, c) => void (c.shoppingItem = list[0]) },
    {
      operation: 'PATCH /api/v1/shopping-list/{item_id}',
      request: (c) => {
        const item = c.shoppingItem as { id: string; updated_at: string };
        return { path: `/api/v1/shopping-list/${item.id}`, body: { ...item, desired_quantity: 5, checked: false, notes: 'die gute', expected_updated_at: item.updated_at } };
      },
    },
    {
      operation: 'POST /api/v1/scans/resolve',
      request: () => ({ path: '/api/v1/scans/resolve', body: { barcode: '123456', mode: 'add', client_mutation_id: 'compat-scan-0001' } }),
      then: (scan, c) => void (c.scanId = scan.id),
    },
    { operation: 'GET /api/v1/scans/unresolved', request: () => ({ path: '/api/v1/scans/unresolved' }) },
    { operation: 'GET /api/v1/scans/{scan_id}', request: (c) => ({ path: `/api/v1/scans/${c.scanId}` }) },
    {
      operation: 'PATCH /api/v1/scans/{scan_id}',
      request: (c) => ({ path: `/api/v1/scans/${c.scanId}`, body: { name: 'Hausmarke Kaffee', brand: 'Hausmarke', quantity_label: '500 g', image_url: null, mode: 'add', product_id: null } }),
    },
    {
      operation: 'POST /api/v1/scans/{scan_id}/confirm',
      request: (c) => ({
        path: `/api/v1/scans/${c.scanId}/confirm`,
        body: {
          client_mutation_id: 'compat-confirm-0001',
          product_id: null,
          name: 'Hausmarke Kaffee',
          brand: 'Hausmarke',
          variant_name: null,
          package_amount: 500,
          package_unit: 'g',
          image_url: null,
          location_id: c.locationId,
          quantity_unit_id: c.unitId,
          product_group_id: null,
          default_best_before_days: 0,
          quantity: 1,
          best_before_date: null,
          unit_price: null,
        },
      }),
    },
    {
      operation: 'POST /api/v1/scans/resolve',
      request: () => ({ path: '/api/v1/scans/resolve', body: { barcode: '654321', mode: 'identify', client_mutation_id: 'compat-scan-0002' } }),
      then: (scan, c) => void (c.discardId = scan.id),
    },
    { operation: 'DELETE /api/v1/scans/{scan_id}', request: (c) => ({ path: `/api/v1/scans/${c.discardId}` }) },

    // Receipts, read on this box.
    {
      operation: 'POST /api/v1/receipts/analyze',
      request: async () => ({
        path: '/api/v1/receipts/analyze',
        file: {
          bytes: await textPdf([['REWE Markt GmbH', 'Musterstraße 12', '50667 Köln', 'EUR', 'BUTTER 1,99 A', 'JOGHURT NATUR 1,29 A', 'BANANEN 1,36 A', 'KAFFEE CREMA 4,99 A', '------', 'SUMME EUR 9,63', 'Datum: 14.03.2025 Uhrzeit: 18:02:11 Uhr']]),
          name: 'kassenbon.pdf',
          type: 'application/pdf',
        },
      }),
      then: (receipt, c) => {
        c.receipt = receipt;
        const items = receipt.items as { id: string; normalized_name: string }[];
        for (const [key, name] of [['butterLine', 'BUTTER'], ['yoghurtLine', 'JOGHURT NATUR'], ['bananaLine', 'BANANEN'], ['coffeeLine', 'KAFFEE CREMA']]) {
          c[key] = items.find((item) => item.normalized_name === name)?.id;
        }
      },
    },
    { operation: 'GET /api/v1/receipts', request: () => ({ path: '/api/v1/receipts' }) },
    { operation: 'GET /api/v1/receipts/{receipt_id}', request: (c) => ({ path: `/api/v1/receipts/${(c.receipt as { id: string }).id}` }) },
    {
      operation: 'PATCH /api/v1/receipts/{receipt_id}/items/{item_id}',
      request: (c) => ({ path: `/api/v1/receipts/${(c.receipt as { id: string }).id}/items/${c.bananaLine}`, body: { product_id: (c.salt as { id: string }).id, remember: false } }),
      then: (receipt, c) => {
        const line = (receipt.items as { id: string; match_evidence: unknown[] }[]).find((item) => item.id === c.bananaLine);
        // The reason as the source and a German label, which the reference's client shows as the chip.
        expect(line?.match_evidence).toEqual([{ source: 'manual', label: 'Manuell zugeordnet', confidence: 1, automatic: false }]);
      },
    },
    {
      operation: 'GET /api/v1/receipts/{receipt_id}/items/{item_id}/candidates',
      request: (c) => ({ path: `/api/v1/receipts/${(c.receipt as { id: string }).id}/items/${c.yoghurtLine}/candidates?limit=3` }),
      then: (answer) => expect(answer.candidates.length).toBeGreaterThan(0),
    },
    {
      operation: 'POST /api/v1/receipts/{receipt_id}/items/{item_id}/candidate',
      request: (c) => ({
        path: `/api/v1/receipts/${(c.receipt as { id: string }).id}/items/${c.yoghurtLine}/candidate`,
        body: {
          external_id: CANDIDATE_CODE,
          source: 'open_facts',
          product_id: null,
          name: 'Joghurt natur',
          location_id: c.locationId,
          new_location_name: null,
          new_location_is_freezer: false,
          quantity_unit_id: c.unitId,
          new_quantity_unit_name: null,
          product_group_id: null,
          new_product_group_name: null,
          default_best_before_days: 14,
          remember: true,
        },
      }),
    },
    {
      operation: 'POST /api/v1/receipts/{receipt_id}/items/{item_id}/catalog-product',
      request: (c) => ({
        path: `/api/v1/receipts/${(c.receipt as { id: string }).id}/items/${c.butterLine}/catalog-product`,
        body: { name: 'Markenbutter', barcode: null, brand: null, location_id: c.locationId, quantity_unit_id: c.unitId, product_group_id: null, default_best_before_days: 30, minimum_stock_quantity: 0, shopping_target_quantity: 0, remember: true },
      }),
      then: (receipt, c) => {
        const line = (receipt.items as { id: string; catalog_variant_id: string | null }[]).find((item) => item.id === c.butterLine);
        expect(line?.catalog_variant_id).toBeNull();
      },
    },
    { operation: 'POST /api/v1/catalog/reconcile', request: () => ({ path: '/api/v1/catalog/reconcile' }) },
    { operation: 'POST /api/v1/receipts/{receipt_id}/import', request: (c) => ({ path: `/api/v1/receipts/${(c.receipt as { id: string }).id}/import`, body: { item_ids: null } }) },
    { operation: 'GET /api/v1/catalog/products/{product_id}/price-history', request: (c) => ({ path: `/api/v1/catalog/products/${(c.salt as { id: string }).id}/price-history?limit=20` }) },

    // Budget and prices.
    { operation: 'PUT /api/v1/insights/budget/settings', request: () => ({ path: '/api/v1/insights/budget/settings', body: { monthly_limit: 350, warning_percent: 80 } }) },
    { operation: 'GET /api/v1/insights/budget', request: () => ({ path: '/api/v1/insights/budget?months=6' }) },
    { operation: 'GET /api/v1/insights/prices', request: () => ({ path: '/api/v1/insights/prices?limit=20' }) },
    { operation: 'GET /api/v1/status', request: () => ({ path: '/api/v1/status' }) },

    // Settings: the whole object read is sent back, read-only fields included; Grocy and the provider.
    { operation: 'GET /api/v1/settings', request: () => ({ path: '/api/v1/settings' }), then: (settings, c) => void (c.settings = settings) },
    {
      operation: 'PUT /api/v1/settings',
      request: (c) => {
        const settings = c.settings as { provider: Record<string, unknown>; grocy: Record<string, unknown>; privacy: Record<string, unknown> };
        return {
          path: '/api/v1/settings',
          body: {
            ...settings,
            provider: { ...settings.provider, type: 'openai-compatible', base_url: `${provider.url}/v1`, model: 'fake-vision', api_key: PROVIDER_KEY },
            grocy: { ...settings.grocy, enabled: true, url: grocy.url, api_key: GROCY_KEY },
            privacy: { ...settings.privacy, retention_days: 30 },
          },
        };
      },
      then: (settings, c) => {
        expect(settings).toMatchObject({ provider: { api_key_configured: true }, grocy: { api_key_configured: true } });
        c.settings = settings;
      },
    },
    {
      operation: 'PUT /api/v1/settings',
      // Saved again as read (api_key_configured echoed, no key): the keys stay.
      request: (c) => ({ path: '/api/v1/settings', body: c.settings }),
      then: (settings) => expect(settings).toMatchObject({ provider: { api_key_configured: true }, grocy: { api_key_configured: true } }),
    },
    { operation: 'POST /api/v1/settings/test-grocy', request: () => ({ path: '/api/v1/settings/test-grocy' }), then: (answer) => expect(answer.connected).toBe(true) },
    { operation: 'POST /api/v1/settings/test-provider', request: () => ({ path: '/api/v1/settings/test-provider' }), then: (answer) => expect(answer.connected).toBe(true) },
    { operation: 'GET /api/v1/grocy/master-data', request: () => ({ path: '/api/v1/grocy/master-data' }) },
    { operation: 'GET /api/v1/grocy/products', request: () => ({ path: '/api/v1/grocy/products?q=milch' }) },
    { operation: 'POST /api/v1/integrations/grocy/import-catalog', request: () => ({ path: '/api/v1/integrations/grocy/import-catalog' }) },
    { operation: 'GET /api/v1/integrations/grocy/stock-preview', request: () => ({ path: '/api/v1/integrations/grocy/stock-preview' }) },
    {
      operation: 'POST /api/v1/receipts/{receipt_id}/items/{item_id}/create-product',
      request: (c) => ({
        path: `/api/v1/receipts/${(c.receipt as { id: string }).id}/items/${c.coffeeLine}/create-product`,
        body: { name: 'Kaffee Crema', location_id: 1, quantity_unit_id: 1, product_group_id: null, new_location_name: null, new_location_is_freezer: false, new_quantity_unit_name: null, new_product_group_name: null, default_best_before_days: 180, remember: true },
      }),
    },

    // Notifications.
    { operation: 'GET /api/v1/notifications/state', request: () => ({ path: '/api/v1/notifications/state' }), then: (state, c) => void (c.notifications = state) },
    {
      operation: 'POST /api/v1/notifications/subscriptions',
      request: () => {
        const device = push.newDevice();
        return { path: '/api/v1/notifications/subscriptions', body: { endpoint: device.endpoint, keys: device.keys, device_name: 'Firefox · Linux' } };
      },
      then: (subscription, c) => void (c.subscriptionId = subscription.id),
    },
    {
      operation: 'PUT /api/v1/notifications/preferences',
      request: (c) => {
        const state = c.notifications as { preferences: Record<string, unknown> };
        return { path: '/api/v1/notifications/preferences', body: { ...state.preferences, push_enabled: true, low_stock_enabled: true, expiry_enabled: true, expiry_days_before: 3 } };
      },
    },
    { operation: 'POST /api/v1/notifications/test', request: (c) => ({ path: '/api/v1/notifications/test', body: { subscription_id: c.subscriptionId } }) },
    { operation: 'DELETE /api/v1/notifications/subscriptions/{subscription_id}', request: (c) => ({ path: `/api/v1/notifications/subscriptions/${c.subscriptionId}` }) },

    // Privacy and operations; the erasure last.
    { operation: 'GET /api/v1/privacy/export/preview', request: () => ({ path: '/api/v1/privacy/export/preview' }) },
    { operation: 'GET /api/v1/privacy/export', request: () => ({ path: '/api/v1/privacy/export?include_receipt_files=false' }) },
    { operation: 'GET /api/v1/privacy/retention', request: () => ({ path: '/api/v1/privacy/retention' }) },
    { operation: 'POST /api/v1/privacy/retention/run', request: () => ({ path: '/api/v1/privacy/retention/run' }) },
    {
      operation: 'GET /api/v1/operations/overview',
      request: () => ({ path: '/api/v1/operations/overview?event_limit=100' }),
      then: (overview: { recent_events: { category: string; action: string }[] }) => {
        const actions = overview.recent_events.filter((event) => event.category === 'privacy').map((event) => event.action);
        expect(actions).toEqual(expect.arrayContaining(['portable_export', 'manual_retention']));
      },
    },
    { operation: 'DELETE /api/v1/privacy/household', request: () => ({ path: '/api/v1/privacy/household', body: { confirmation: ERASE_CONFIRMATION } }) },
    { operation: 'GET /api/v1/auth/state', as: 'anonymous', request: () => ({ path: '/api/v1/auth/state' }), then: (state) => expect(state).toMatchObject({ authenticated: false, needs_setup: true, needs_owner_setup: null, user: null }) },
  ];

  beforeAll(async () => {
    grocy = await startFakeGrocy({
      apiKey: GROCY_KEY,
      state: {
        locations: [{ id: 1, name: 'Kühlschrank', description: null, row_created_timestamp: '2024-01-02 10:00:00' }],
        quantity_units: [{ id: 1, name: 'Stück', name_plural: 'Stück', description: null, row_created_timestamp: '2024-01-02 10:00:00' }],
        product_groups: [{ id: 1, name: 'Milchprodukte', description: null, row_created_timestamp: '2024-01-02 10:00:00' }],
        products: [{ id: 11, name: 'Vollmilch 3,5%', location_id: 1, qu_id_purchase: 1, qu_id_stock: 1, product_group_id: 1, min_stock_amount: 2, default_best_before_days: 10 }],
        stock: [{ product_id: 11, amount: 2, best_before_date: '2030-03-20' }],
      },
    });
    provider = await startFakeOpenAi({ chat: () => chatCompletion('{"items":[]}'), models: () => modelList(['fake-vision']) });
    offProducts = await startFakeOpenFoodFacts({});
    offSearch = await startFakeOffSearch({ 'JOGHURT NATUR': [{ code: CANDIDATE_CODE, product_name: 'Joghurt natur', brands: ['Ja!'], quantity: '500 g', countries_tags: ['en:germany'] }] });
    push = await startFakePushService();
    const dataDir = tempDataDir();
    clockFile = join(dataDir, 'clock-offset');
    moveClock(0);
    server = await startServer({
      DATA_DIR: dataDir,
      HINV_TEST_CLOCK_FILE: clockFile,
      OFF_BASE_URL: offProducts.url,
      OFF_SEARCH_URL: `${offSearch.url}/search`,
      WEB_PUSH_SUBJECT: 'mailto:olivia@example.org',
      HINV_TEST_PUSH_ALLOW_LOOPBACK: '1',
      NODE_EXTRA_CA_CERTS: push.caFile,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([grocy?.close(), provider?.close(), offProducts?.close(), offSearch?.close(), push?.close()]);
  });

  it('has a step for every operation the reference and we share', async () => {
    const ours = new Set(referenceOperations((await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as OpenApi).map(shape));
    const shared = referenceOperations(REFERENCE).filter((operation) => ours.has(shape(operation)));
    expect(shared.length).toBe(referenceOperations(REFERENCE).length);
    const replayed = new Set(STEPS.map((step) => step.operation));
    expect(shared.filter((operation) => !replayed.has(operation))).toEqual([]);
    expect([...replayed].filter((operation) => !shared.includes(operation))).toEqual([]);
  });

  for (const [index, step] of STEPS.entries()) {
    it(`${String(index + 1).padStart(3, '0')} ${step.operation}`, async () => {
      const who = step.as ?? 'owner';
      if (!browsers.has(who) || who === 'anonymous') browsers.set(who, browser());
      const client = browsers.get(who) as Browserless;
      await step.before?.(ctx);
      const request = await step.request(ctx);
      const method = step.operation.split(' ')[0];
      let response: Response;
      if (request.file) {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(request.file.bytes)], { type: request.file.type }), request.file.name);
        response = await fetch(`${server.baseUrl}${request.path}`, { method, body: form, headers: { ...client.headers, ...(client.cookie ? { cookie: client.cookie } : {}) } });
      } else {
        response = await client.call(method, request.path, request.body);
      }
      const status = step.status ?? 200;
      const type = response.headers.get('content-type') ?? '';
      const body: unknown = type.includes('application/json') ? await response.json() : Buffer.from(await response.arrayBuffer());
      expect(response.status, JSON.stringify(body).slice(0, 600)).toBe(status);
      const validate = responseValidator(step.operation, status);
      expect(validate, `the reference declares no ${status} answer for ${step.operation}`).not.toBeUndefined();
      if (validate) {
        const valid = validate(body);
        expect(valid ? [] : ajv.errorsText(validate.errors, { separator: '\n' }).split('\n')).toEqual([]);
      }
      await step.then?.(body, ctx);
    });
  }

  it('answered every signed-out or failed request in German, as the client asked', async () => {
    const anonymous = browser();
    const refused = await anonymous.call('GET', '/api/v1/catalog/products');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: 'Bitte melde dich an', code: 'not_authenticated' });
    const invalid = await anonymous.call('POST', '/api/v1/auth/setup', { password: 'kurz' });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({
      detail: [{ loc: ['body', 'password'], msg: 'password muss mindestens 10 Zeichen lang sein', type: 'string_length' }],
      code: 'validation_failed',
    });
  });
});
