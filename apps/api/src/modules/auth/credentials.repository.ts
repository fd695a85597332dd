import { Injectable } from '@nestjs/common';
import type { Statement } from 'better-sqlite3';
import type { ApiTokenScope, Locale, Role } from '@hinv/shared';
import { boundText } from '../../database/bound-text.js';
import { CommittedReads } from '../../database/committed-reads.js';
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
export type ParsedTokenRow = Readonly<Omit<TokenRow, 'scopes'> & { scopes: readonly ApiTokenScope[] }>;

/** How many token rows are remembered at most (a household has a handful of tokens). */
const MAX_REMEMBERED_TOKENS = 64;

@Injectable()
export class CredentialsRepository {
  private tokenStatement?: Statement<[string], TokenRow>;
  private sessionStatement?: Statement<[string], SessionRow>;
  // Only known tokens are kept: a stranger's guesses must not fill the memory or evict them.
  private readonly tokens: CommittedReads<ParsedTokenRow | undefined>;

  constructor(private readonly database: Database) {
    this.tokens = new CommittedReads(database, { maxEntries: MAX_REMEMBERED_TOKENS, keep: (row) => row !== undefined });
  }

  /**
   * The token row of a hash. Home automation polls with the same token again and again, so a
   * row read once is answered again while the database is exactly as it was: no commit by any
   * connection and no change by this one since (a revocation, a role change, a removed member
   * all change it, whichever process made them; see `CommittedReads`).
   */
  tokenByHash(tokenHash: string): ParsedTokenRow | undefined {
    return this.tokens.get(tokenHash, () => this.readToken(tokenHash));
  }

  private readToken(tokenHash: string): ParsedTokenRow | undefined {
    this.tokenStatement ??= this.database.sqlite.prepare(TOKEN_BY_HASH_SQL);
    const row = this.tokenStatement.get(tokenHash);
    return row && Object.freeze({ ...row, scopes: Object.freeze(JSON.parse(row.scopes) as ApiTokenScope[]) });
  }

  sessionByHash(tokenHash: string): SessionRow | undefined {
    this.sessionStatement ??= this.database.sqlite.prepare(SESSION_BY_HASH_SQL);
    return this.sessionStatement.get(tokenHash);
  }
}
