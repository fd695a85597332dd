/**
 * The scanner station's credential. It lives in this device's storage only: it arrives in the
 * pairing link's fragment (`/station#pair=<token>&name=<station name>`), which browsers never send
 * to the server, and the fragment is dropped from the address bar and the history entry at once.
 */
export interface StationPairing {
  token: string;
  name: string;
}

const STORAGE_KEY = 'hinv.station';

export function readStationPairing(storage: Storage = localStorage): StationPairing | null {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Partial<StationPairing> | null;
    return typeof value?.token === 'string' && typeof value.name === 'string' ? { token: value.token, name: value.name } : null;
  } catch {
    return null;
  }
}

export function saveStationPairing(pairing: StationPairing, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(pairing));
}

export function forgetStationPairing(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEY);
}

/** The link that pairs a device: the token goes in the fragment, never in the path or the query. */
export function pairingLink(origin: string, pairing: StationPairing): string {
  return `${origin}/station#${new URLSearchParams({ pair: pairing.token, name: pairing.name })}`;
}

/**
 * A pairing in the address's fragment, if there is one. The fragment is removed from the current
 * history entry either way (`replaceState`), so neither Back nor the address bar shows the token.
 */
export function takePairingFromLocation(location: Location = window.location, history: History = window.history): StationPairing | null {
  if (!location.hash.includes('pair=')) return null;
  const fields = new URLSearchParams(location.hash.slice(1));
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  const token = fields.get('pair')?.trim() ?? '';
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
  return { token, name: (fields.get('name') ?? '').trim().slice(0, 100) };
}
