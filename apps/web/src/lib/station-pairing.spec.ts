import { describe, expect, it } from 'vitest';
import { forgetStationPairing, pairingLink, readStationPairing, saveStationPairing, takePairingFromLocation } from './station-pairing';

const TOKEN = 'hinv_pat_abcdefgh_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('station pairing', () => {
  it('puts the token in the fragment and takes it out of the address again', () => {
    const link = new URL(pairingLink('https://pantry.example', { token: TOKEN, name: 'Küche & Keller' }));
    expect(link.pathname).toBe('/station');
    expect(link.search).toBe('');
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url) } as unknown as History;
    const pairing = takePairingFromLocation({ hash: link.hash, pathname: link.pathname, search: '' } as Location, history);
    expect(pairing).toEqual({ token: TOKEN, name: 'Küche & Keller' });
    expect(replaced).toEqual(['/station']);
  });

  it('refuses a malformed token but still clears the fragment', () => {
    const replaced: string[] = [];
    const history = { state: null, replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) } as unknown as History;
    expect(takePairingFromLocation({ hash: '#pair=short&name=x', pathname: '/station', search: '' } as Location, history)).toBeNull();
    expect(replaced).toEqual(['/station']);
    expect(takePairingFromLocation({ hash: '', pathname: '/station', search: '' } as Location, history)).toBeNull();
  });

  it('keeps one pairing on the device until it is forgotten, and ignores damaged storage', () => {
    const storage = memoryStorage();
    expect(readStationPairing(storage)).toBeNull();
    saveStationPairing({ token: TOKEN, name: 'Pantry' }, storage);
    expect(readStationPairing(storage)).toEqual({ token: TOKEN, name: 'Pantry' });
    forgetStationPairing(storage);
    expect(readStationPairing(storage)).toBeNull();
    storage.setItem('hinv.station', '{not json');
    expect(readStationPairing(storage)).toBeNull();
  });
});
