import { Injectable } from '@nestjs/common';
import type { Statement } from 'better-sqlite3';
import type { ApiTokenScope, Locale, Role } from '@hinv/shared';
import { boundText } from '../../database/bound-text.js';
import { Database } from '../../database/database.js';

/** A credential row joined with its user: everything the access check needs, in one read. */
export interface CredentialRow {
  id: string;
  expires_at: string;
  revoked_at: string | null;
  user_id: string;
  household_id: string;
  role: Role;
  preferred_locale: Locale;
  active: number;
}

export interface TokenRow extends CredentialRow {
  name: string;
  /** SQLite's boolean: 1 for a scanner station's token. */
  station: number;
  scopes: string;
  last_used_at: string | null;
}

export interface SessionRow extends CredentialRow {
  last_seen_at: string;
  authenticated_at: string;
}

const USER_COLUMNS = 'u.id AS user_id, u.household_id, u.role, u.preferred_locale, u.active';
export const TOKEN_BY_HASH_SQL = `SELECT t.id, t.name, t.station, t.scopes, t.expires_at, t.revoked_at, t.last_used_at, ${USER_COLUMNS} FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ${boundText()}`;
export const SESSION_BY_HASH_SQL = `SELECT s.id, s.expires_at, s.revoked_at, s.last_seen_at, s.authenticated_at, ${USER_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ${boundText()}`;

/**
 * The two lookups every authenticated request makes, as prepared SQLite statements. They run
 * on each request, so they bypass TypeORM's query building (which cost more than the rest of a
 * request); writes still go through `Database.write()`.
 */
@Injectable()
export class CredentialsRepository {
  private tokenStatement?: Statement<[string], TokenRow>;
  private sessionStatement?: Statement<[string], SessionRow>;

  constructor(private readonly database: Database) {}

  tokenByHash(tokenHash: string): (Omit<TokenRow, 'scopes'> & { scopes: ApiTokenScope[] }) | undefined {
    this.tokenStatement ??= this.database.sqlite.prepare(TOKEN_BY_HASH_SQL);
    const row = this.tokenStatement.get(tokenHash);
    return row && { ...row, scopes: JSON.parse(row.scopes) as ApiTokenScope[] };
  }

  sessionByHash(tokenHash: string): SessionRow | undefined {
    this.sessionStatement ??= this.database.sqlite.prepare(SESSION_BY_HASH_SQL);
    return this.sessionStatement.get(tokenHash);
  }
}
