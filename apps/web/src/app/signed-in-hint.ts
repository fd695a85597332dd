/**
 * A device-local note that someone signed in here before. Offline it unlocks only the cached
 * shell and the scan queue; the server never sees it and it is no credential.
 */
const KEY = 'hinv.signed-in-hint';

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage may be unavailable (private mode); the hint is only a convenience.
  }
}

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
