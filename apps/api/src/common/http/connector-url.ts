import type { Locale } from '@hinv/shared';
import { classifyIpLiteral, type IpLiteralKind } from './ip-literal.js';

/** IP literals a household-configured base URL may never point at. Private and loopback stay allowed (local self-hosting). */
const REFUSED_KINDS: ReadonlySet<IpLiteralKind> = new Set(['link-local', 'multicast', 'unspecified', 'reserved']);

/**
 * Whether a connector may connect to `address`, an answer of the host name's DNS lookup: the
 * same rule as for an IP literal in the URL, so a name cannot reach what its address could not.
 */
export function connectorAddressAllowed(address: string): boolean {
  const kind = classifyIpLiteral(address);
  return kind !== null && !REFUSED_KINDS.has(kind);
}

export type ConnectorUrlProblem = 'characters' | 'scheme' | 'https_required' | 'credentials' | 'query' | 'fragment' | 'host' | 'address';

export type ConnectorUrlResult = { ok: true; url: string } | { ok: false; problem: ConnectorUrlProblem };

/** Each refusal in English (the 422 `msg`, the start-up error) and German. */
export const CONNECTOR_URL_TEXTS: Record<ConnectorUrlProblem, Record<Locale, string>> = {
  characters: { en: 'The address must not contain spaces or control characters', de: 'Die Adresse darf keine Leer- oder Steuerzeichen enthalten' },
  scheme: { en: 'The address must start with http:// or https://', de: 'Die Adresse muss mit http:// oder https:// beginnen' },
  https_required: { en: 'This provider needs an https:// address', de: 'Dieser Anbieter braucht eine https://-Adresse' },
  credentials: { en: 'The address must not contain a user name or password', de: 'Die Adresse darf keinen Benutzernamen und kein Passwort enthalten' },
  query: { en: 'The address must not contain a query (?…)', de: 'Die Adresse darf keine Abfrage (?…) enthalten' },
  fragment: { en: 'The address must not contain a fragment (#…)', de: 'Die Adresse darf kein Fragment (#…) enthalten' },
  host: { en: 'The address needs a valid host', de: 'Die Adresse braucht einen gültigen Host' },
  address: {
    en: 'Link-local, multicast, unspecified and reserved IP addresses are not allowed',
    de: 'Link-lokale, Multicast-, unspezifizierte und reservierte IP-Adressen sind nicht erlaubt',
  },
};

/**
 * Checks and normalises the base URL of an outside service the household configures (Grocy, a
 * receipt provider): http or https only (https only with `requireHttps`), no credentials, query or
 * fragment, and no link-local, multicast, unspecified or reserved IP literal. The normal form has
 * a lower-case scheme and host, no trailing dot on the host, the port only when one was written,
 * and no trailing slash: `HTTP://Grocy.:9283/api/` → `http://grocy:9283/api`.
 */
export function checkConnectorUrl(value: string, options: { requireHttps?: boolean } = {}): ConnectorUrlResult {
  const raw = value.trim();
  // The WHATWG parser silently drops tabs and newlines; such input is refused instead.
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) return { ok: false, problem: 'characters' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return { ok: false, problem: 'scheme' };
  if (options.requireHttps && scheme !== 'https') return { ok: false, problem: 'https_required' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'host' };
  }
  const authority = /^[a-z]+:[/\\]*([^/\\?#]*)/i.exec(raw)?.[1] ?? '';
  if (url.username || url.password || authority.includes('@')) return { ok: false, problem: 'credentials' };
  if (url.search || raw.includes('?')) return { ok: false, problem: 'query' };
  if (url.hash || raw.includes('#')) return { ok: false, problem: 'fragment' };
  const host = url.hostname.replace(/\.$/, '');
  if (!host || host.startsWith('.')) return { ok: false, problem: 'host' };
  // The parser has already turned `0x7f.1` or `2130706433` into dotted form, so they are caught here too.
  const kind = classifyIpLiteral(host);
  if (kind && REFUSED_KINDS.has(kind)) return { ok: false, problem: 'address' };
  // URL drops a default port (`:80`); keep the one that was written so `http://grocy:80` stays as it is.
  const writtenPort = /:(\d+)$/.exec(authority.replace(/^\[[^\]]*\]/, ''))?.[1];
  const port = writtenPort === undefined ? '' : `:${Number(writtenPort)}`;
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${scheme}://${host}${port}${path}` };
}
