import { useCallback, useSyncExternalStore } from 'react';

/**
 * The colour theme a person picked: follow the phone ('system'), or force one.
 *
 * tokens.css does the actual theming from `html[data-theme]`; this module only remembers the
 * choice (localStorage, per device: a shared family tablet and a phone may want different
 * themes), writes the attribute and keeps `<meta name="theme-color">` (the browser's toolbar and
 * the installed app's status bar) in step with the page.
 *
 * Before first paint: the stylesheet already follows the system theme, so only a forced theme can
 * flash. Call `applyStoredTheme()` as the first statement of main.tsx, before rendering. The API's
 * CSP allows no inline scripts; if a flash is ever visible, put this classic (blocking, same-origin)
 * script in `public/theme-boot.js` and load it with `<script src="/theme-boot.js"></script>` in the
 * `<head>` of index.html, before the module script:
 *
 *   try{var t=localStorage.getItem('hinv.theme');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}
 */
export type ThemePreference = 'system' | 'light' | 'dark';

export const THEME_STORAGE_KEY = 'hinv.theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}

/** The stored preference; 'system' when nothing (or something unreadable) is stored. */
export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : 'system';
  } catch {
    // Storage can be disabled (private modes, strict settings); the system theme still works.
    return 'system';
  }
}

/** Which theme is on screen for a preference. */
export function resolveTheme(preference: ThemePreference): 'light' | 'dark' {
  if (preference !== 'system') return preference;
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/**
 * Puts a preference on the document: the data-theme attribute for tokens.css, and the theme-color
 * meta from the `--color-chrome` token, so the colour itself lives in tokens.css only.
 */
export function applyTheme(preference: ThemePreference, doc: Document = document): void {
  const root = doc.documentElement;
  root.dataset.theme = preference;
  const chrome = doc.defaultView?.getComputedStyle(root).getPropertyValue('--color-chrome').trim();
  // Empty while the stylesheet has not loaded yet; the meta then keeps the colour index.html gives it.
  if (!chrome) return;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.append(meta);
  }
  meta.content = chrome;
}

/** Applies whatever is stored; meant for startup, before the first render. */
export function applyStoredTheme(): ThemePreference {
  const preference = readThemePreference();
  applyTheme(preference);
  return preference;
}

/** Stores, applies and announces a new preference to every useTheme() on the page. */
export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not remembered across visits, but still applied for this one.
  }
  applyTheme(preference);
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab changed the preference: follow it, so two open tabs never disagree.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    applyTheme(readThemePreference());
    onChange();
  };
  // The phone switched between light and dark: only the theme-color meta needs to follow.
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : undefined;
  const onSystemChange = () => applyTheme(readThemePreference());
  window.addEventListener('storage', onStorage);
  media?.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
    media?.removeEventListener('change', onSystemChange);
  };
}

/** The current preference and a setter, e.g. for a System / Light / Dark segmented control. */
export function useTheme(): [ThemePreference, (preference: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, readThemePreference, () => 'system' as const);
  const set = useCallback((next: ThemePreference) => setThemePreference(next), []);
  return [preference, set];
}
