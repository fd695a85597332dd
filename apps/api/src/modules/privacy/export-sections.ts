/**
 * What the portable export holds, as an allow-list: every exported table names the columns that
 * may leave the installation. A column that is not listed (password hashes, token hashes, sealed
 * keys, passkey keys, source fingerprints) never reaches the archive, and a column added to a table
 * later stays out until someone decides to list it here.
 *
 * A table that is not exported at all is listed in `NOT_EXPORTED` with the reason; a medium test
 * fails when a table of the schema is in neither list, so a new feature's table needs exactly one
 * entry here (a push-device or Grocy table: one `ExportTable` in the right section, or one line in
 * `NOT_EXPORTED`).
 */

export interface ExportTable {
  /** The key of the table's rows inside the section file. */
  key: string;
  table: string;
  /** The columns that are exported; nothing else of the row is read. */
  columns: readonly string[];
  /** Columns holding JSON text, exported parsed. */
  json?: readonly string[];
  /** Columns holding SQLite booleans (0/1), exported as true/false. */
  booleans?: readonly string[];
  /** A column whose value is rewritten on the way out (applied after `json`/`booleans`). */
  rewrite?: Readonly<Record<string, (value: unknown) => unknown>>;
  /** The name under which the row count appears in `counts` of the preview and the manifest. */
  count: string;
  orderBy: string;
}

export interface ExportSection {
  /** Path of the JSON file inside the archive. */
  path: string;
  tables: readonly ExportTable[];
}

/** The file name of a stored receipt path, never the directory it lives in. */
export function fileNameOnly(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parts = value.split(/[\\/]/);
  return parts[parts.length - 1] || null;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
const IPV6 = /\b[0-9a-f]{1,4}(?:::?[0-9a-f]{1,4}){2,7}\b/gi;
/** A path segment that names one record: digits, a long hex run, a long run with digits, or a token. */
const ID_SEGMENT = /^(?:\d+|[0-9a-f]{16,}|(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{20,}|hinv_pat_.*)$/;

/**
 * An audit action as it may be shown or exported: "METHOD /path/{template}" with any identifier,
 * address or query string that slipped into it replaced. Actions are written from route templates
 * already; this is the second line of defence for older rows and for actions written by tools.
 */
export function sanitizeAuditAction(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  const withoutQuery = text.split(/[?#]/, 1)[0];
  const [method, ...rest] = withoutQuery.split(' ');
  const sanitizeWords = (words: string) =>
    words
      .replace(UUID, '{id}')
      .replace(IPV4, '{address}')
      .replace(IPV6, '{address}')
      .split('/')
      .map((segment) => (ID_SEGMENT.test(segment) ? '{id}' : segment))
      .join('/');
  return rest.length === 0 ? sanitizeWords(method) : `${method} ${sanitizeWords(rest.join(' '))}`;
}

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    path: 'data/household.json',
    tables: [{ key: 'households', table: 'households', columns: ['id', 'name', 'created_at'], count: 'households', orderBy: 'created_at, id' }],
  },
  {
    path: 'data/members.json',
    tables: [
      {
        key: 'members',
        table: 'users',
        // Not password_hash, totp_secret, totp_last_step.
        columns: ['id', 'household_id', 'email', 'display_name', 'role', 'preferred_locale', 'owner_setup_complete', 'active', 'totp_enabled', 'created_at', 'updated_at'],
        booleans: ['owner_setup_complete', 'active', 'totp_enabled'],
        count: 'members',
        orderBy: 'created_at, id',
      },
    ],
  },
  {
    path: 'data/invitations.json',
    tables: [
      {
        key: 'invitations',
        table: 'invitations',
        // Not token_hash.
        columns: ['id', 'email', 'display_name', 'role', 'invited_by', 'created_at', 'expires_at', 'accepted_at', 'revoked_at'],
        count: 'invitations',
        orderBy: 'created_at, id',
      },
    ],
  },
  {
    path: 'data/devices.json',
    tables: [
      {
        key: 'browser_sessions',
        table: 'sessions',
        // Not token_hash.
        columns: ['id', 'user_id', 'device_name', 'authentication_method', 'created_at', 'last_seen_at', 'expires_at', 'authenticated_at', 'revoked_at'],
        count: 'browser_sessions',
        orderBy: 'created_at, id',
      },
      {
        key: 'passkeys',
        table: 'passkeys',
        // Not credential_id, public_key, counter: key material.
        columns: ['id', 'user_id', 'name', 'device_type', 'backed_up', 'transports', 'created_at', 'last_used_at'],
        json: ['transports'],
        booleans: ['backed_up'],
        count: 'passkeys',
        orderBy: 'created_at, id',
      },
      {
        key: 'api_tokens',
        table: 'api_tokens',
        // Not token_hash, prefix.
        columns: ['id', 'user_id', 'name', 'station', 'scopes', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'],
        json: ['scopes'],
        booleans: ['station'],
        count: 'api_tokens',
        orderBy: 'created_at, id',
      },
      {
        key: 'push_devices',
        table: 'push_subscriptions',
        // Not subscription (endpoint and keys, sealed) or endpoint_hash.
        columns: ['id', 'user_id', 'device_name', 'active', 'failure_count', 'last_success_at', 'last_failure_at', 'revoked_reason', 'created_at', 'updated_at'],
        booleans: ['active'],
        count: 'push_devices',
        orderBy: 'created_at, id',
      },
    ],
  },
  {
    path: 'data/preferences.json',
    tables: [
      {
        key: 'application',
        table: 'instance_settings',
        // Not provider_api_key, grocy_api_key.
        columns: ['provider_type', 'provider_base_url', 'provider_model', 'grocy_enabled', 'grocy_url', 'privacy_delete_image_after_analysis', 'privacy_retention_days', 'updated_at'],
        booleans: ['grocy_enabled', 'privacy_delete_image_after_analysis'],
        count: 'application_settings',
        orderBy: 'id',
      },
      {
        key: 'experience',
        table: 'user_experience',
        columns: ['user_id', 'onboarding_completed_at', 'last_acknowledged_version', 'updated_at'],
        count: 'experience',
        orderBy: 'user_id',
      },
      {
        key: 'budget',
        table: 'budget_settings',
        columns: ['monthly_limit_cents', 'warning_percent', 'updated_at'],
        count: 'budget_settings',
        orderBy: 'id',
      },
      {
        key: 'notifications',
        table: 'notification_preferences',
        columns: ['user_id', 'push_enabled', 'low_stock_enabled', 'expiry_enabled', 'expiry_days_before', 'updated_at'],
        booleans: ['push_enabled', 'low_stock_enabled', 'expiry_enabled'],
        count: 'notification_preferences',
        orderBy: 'user_id',
      },
    ],
  },
  {
    path: 'data/catalog.json',
    tables: [
      {
        key: 'locations',
        table: 'locations',
        columns: ['id', 'name', 'description', 'is_freezer', 'active', 'grocy_id', 'created_at', 'updated_at'],
        booleans: ['is_freezer', 'active'],
        count: 'locations',
        orderBy: 'id',
      },
      {
        key: 'quantity_units',
        table: 'quantity_units',
        columns: ['id', 'name', 'name_plural', 'description', 'active', 'grocy_id', 'created_at', 'updated_at'],
        booleans: ['active'],
        count: 'quantity_units',
        orderBy: 'id',
      },
      {
        key: 'product_groups',
        table: 'product_groups',
        columns: ['id', 'name', 'description', 'active', 'grocy_id', 'created_at', 'updated_at'],
        booleans: ['active'],
        count: 'product_groups',
        orderBy: 'id',
      },
      {
        key: 'products',
        table: 'products',
        columns: [
          'id',
          'name',
          'normalized_name',
          'default_best_before_days',
          'default_location_id',
          'default_quantity_unit_id',
          'product_group_id',
          'minimum_stock_quantity',
          'shopping_target_quantity',
          'image_url',
          'notes',
          'active',
          'grocy_product_id',
          'created_at',
          'updated_at',
        ],
        booleans: ['active'],
        count: 'products',
        orderBy: 'created_at, id',
      },
      {
        key: 'variants',
        table: 'product_variants',
        columns: ['id', 'product_id', 'name', 'brand', 'package_amount', 'package_unit', 'image_url', 'created_at', 'updated_at'],
        count: 'variants',
        orderBy: 'created_at, id',
      },
      {
        key: 'barcodes',
        table: 'product_barcodes',
        columns: ['barcode', 'variant_id', 'symbology', 'is_primary', 'created_at', 'updated_at'],
        booleans: ['is_primary'],
        count: 'barcodes',
        orderBy: 'barcode',
      },
      {
        key: 'external_refs',
        table: 'catalog_external_refs',
        columns: ['source', 'external_id', 'found', 'suggestion', 'product_id', 'variant_id', 'fetched_at'],
        json: ['suggestion'],
        booleans: ['found'],
        count: 'external_refs',
        orderBy: 'source, external_id',
      },
      {
        key: 'product_aliases',
        table: 'product_aliases',
        columns: ['alias_key', 'product_id', 'alias', 'created_at'],
        count: 'product_aliases',
        orderBy: 'alias_key, product_id',
      },
      {
        key: 'receipt_store_mappings',
        table: 'receipt_store_mappings',
        columns: ['retailer_key', 'line_key', 'product_id', 'variant_id', 'created_at', 'updated_at'],
        count: 'receipt_store_mappings',
        orderBy: 'retailer_key, line_key',
      },
    ],
  },
  {
    path: 'data/receipts.json',
    tables: [
      {
        key: 'receipts',
        table: 'receipts',
        columns: [
          'id',
          'status',
          'store_name',
          'store_address',
          'store_number',
          'retailer',
          'purchase_date',
          'currency',
          'total',
          'source_sha256',
          'analysis_version',
          'fingerprint',
          'image_path',
          'created_at',
          'updated_at',
        ],
        rewrite: { image_path: fileNameOnly },
        count: 'receipts',
        orderBy: 'created_at, id',
      },
      {
        key: 'items',
        table: 'receipt_items',
        columns: [
          'id',
          'receipt_id',
          'position',
          'raw_name',
          'normalized_name',
          'barcode',
          'brand',
          'quantity',
          'unit_price',
          'total_price',
          'best_before_date',
          'product_id',
          'variant_id',
          'match_status',
          'match_reason',
          'match_score',
          'match_evidence',
          'suggested_product_id',
          'suggested_product_score',
          'suggested_location',
          'suggested_unit',
          'suggested_product_group',
          'suggested_best_before_days',
          'suggestion_confidence',
          'imported',
          'import_error',
          'grocy_product_id',
          'grocy_product_name',
          'grocy_exported',
          'created_at',
          'updated_at',
        ],
        json: ['match_evidence'],
        booleans: ['imported', 'grocy_exported'],
        count: 'receipt_items',
        orderBy: 'receipt_id, position, id',
      },
      {
        key: 'import_runs',
        table: 'import_runs',
        columns: ['id', 'receipt_id', 'user_id', 'requested', 'imported', 'failed', 'grocy_exported', 'grocy_failed', 'details', 'created_at'],
        json: ['details'],
        count: 'import_runs',
        orderBy: 'created_at, id',
      },
    ],
  },
  {
    path: 'data/stock.json',
    tables: [
      {
        key: 'lots',
        table: 'stock_lots',
        columns: ['id', 'product_id', 'variant_id', 'location_id', 'quantity', 'best_before_date', 'unit_price', 'purchased_date', 'opened_at', 'created_at', 'updated_at'],
        count: 'stock_lots',
        orderBy: 'created_at, id',
      },
      {
        key: 'movements',
        table: 'stock_movements',
        columns: ['id', 'product_id', 'variant_id', 'lot_id', 'location_id', 'movement_type', 'quantity_delta', 'source', 'reference_id', 'created_at'],
        count: 'stock_movements',
        orderBy: 'created_at, id',
      },
      {
        key: 'count_sessions',
        table: 'stock_count_sessions',
        columns: ['id', 'client_mutation_id', 'source', 'note', 'status', 'line_count', 'changed_count', 'created_by', 'created_at'],
        count: 'stock_count_sessions',
        orderBy: 'created_at, id',
      },
      {
        key: 'count_lines',
        table: 'stock_count_lines',
        columns: [
          'id',
          'session_id',
          'product_id',
          'variant_id',
          'location_id',
          'previous_quantity',
          'counted_quantity',
          'quantity_delta',
          'best_before_date',
          'unit_price',
          'note',
          'movement_count',
          'created_at',
        ],
        count: 'stock_count_lines',
        orderBy: 'session_id, created_at, id',
      },
      {
        key: 'actions',
        table: 'stock_actions',
        columns: [
          'id',
          'client_mutation_id',
          'product_id',
          'action',
          'quantity',
          'variant_id',
          'location_id',
          'best_before_date',
          'lot_id',
          'opened_at',
          'movement_ids',
          'stock_quantity',
          'created_by',
          'created_at',
        ],
        json: ['movement_ids'],
        count: 'stock_actions',
        orderBy: 'created_at, id',
      },
    ],
  },
  {
    path: 'data/shopping.json',
    tables: [
      {
        key: 'items',
        table: 'shopping_list_items',
        columns: ['id', 'product_id', 'label', 'desired_quantity', 'checked', 'notes', 'created_at', 'updated_at'],
        booleans: ['checked'],
        count: 'shopping_items',
        orderBy: 'created_at, id',
      },
      {
        key: 'generation_runs',
        table: 'shopping_generation_runs',
        columns: ['id', 'client_mutation_id', 'requested_count', 'created_count', 'updated_count', 'unchanged_count', 'skipped_count', 'created_by', 'created_at'],
        count: 'shopping_generation_runs',
        orderBy: 'created_at, id',
      },
      {
        key: 'generation_items',
        table: 'shopping_generation_items',
        columns: [
          'id',
          'run_id',
          'product_id',
          'product_name',
          'quantity_unit_name',
          'current_quantity',
          'minimum_quantity',
          'target_quantity',
          'suggested_quantity',
          'action',
          'shopping_item_id',
          'created_at',
        ],
        count: 'shopping_generation_items',
        orderBy: 'run_id, created_at, id',
      },
      {
        key: 'mutations',
        table: 'shopping_mutations',
        columns: ['id', 'client_mutation_id', 'kind', 'target_id', 'response', 'created_by', 'created_at'],
        json: ['response'],
        count: 'shopping_mutations',
        orderBy: 'created_at, id',
      },
      {
        key: 'stores',
        table: 'shopping_stores',
        columns: ['id', 'name', 'normalized_name', 'created_at'],
        count: 'shopping_stores',
        orderBy: 'created_at, id',
      },
      {
        key: 'trips',
        table: 'shopping_trips',
        columns: ['id', 'store_id', 'started_by', 'started_at', 'last_activity_at', 'ended_at', 'end_reason'],
        count: 'shopping_trips',
        orderBy: 'started_at, id',
      },
      {
        key: 'trip_checkoffs',
        table: 'shopping_trip_checkoffs',
        columns: ['id', 'trip_id', 'item_id', 'product_id', 'sequence', 'checked_at'],
        count: 'shopping_trip_checkoffs',
        orderBy: 'trip_id, sequence, id',
      },
      {
        key: 'store_placements',
        table: 'shopping_store_placements',
        columns: ['id', 'store_id', 'kind', 'target_id', 'position', 'updated_by', 'updated_at'],
        count: 'shopping_store_placements',
        orderBy: 'store_id, kind, target_id',
      },
    ],
  },
  {
    path: 'data/scans.json',
    tables: [
      {
        key: 'scans',
        table: 'scan_drafts',
        columns: [
          'id',
          'barcode_raw',
          'barcode_normalized',
          'symbology',
          'mode',
          'status',
          'resolution_source',
          'product_id',
          'variant_id',
          'suggestion',
          'upstream_error',
          'resolve_key',
          'confirm_key',
          'action_result',
          'created_by',
          'station_name',
          'created_at',
          'updated_at',
        ],
        json: ['suggestion', 'action_result'],
        count: 'scans',
        orderBy: 'created_at, id',
      },
    ],
  },
  {
    path: 'data/audit.json',
    tables: [
      {
        key: 'events',
        table: 'audit_events',
        // Not status_code, actor_user_id, token_id: the export is a sanitized history.
        columns: ['id', 'category', 'action', 'outcome', 'created_at'],
        rewrite: { action: sanitizeAuditAction },
        count: 'audit_events',
        orderBy: 'id',
      },
    ],
  },
];

/** Tables that never leave the installation, and why. */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  login_failures: 'network-source fingerprints of failed sign-ins',
  mfa_challenges: 'short-lived second-factor challenges',
  recovery_codes: 'recovery material (hashes)',
  webauthn_challenges: 'passkey challenges',
  migrations: 'schema bookkeeping',
  sqlite_sequence: 'SQLite bookkeeping',
  notification_service_state: 'the Web Push (VAPID) private key, sealed',
  notification_events: 'reminder bookkeeping, rebuilt from stock on the next check',
  push_deliveries: 'delivery attempts to push services (status codes and errors), pruned after 90 days',
};

/** The kinds of secret the export leaves out by construction, as the preview and manifest name them. */
export const EXCLUDED_SECRET_CATEGORIES: readonly string[] = [
  'password_hashes',
  'session_and_invitation_tokens',
  'api_token_hashes',
  'totp_and_recovery_material',
  'passkey_keys_and_challenges',
  'provider_and_connector_keys',
  'web_push_endpoints_and_keys',
  'network_source_fingerprints',
];
