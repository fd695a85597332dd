// @vitest-environment jsdom
import { createApiClient } from '@hinv/api-client';
import { APP_VERSION } from '@hinv/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { ApiProvider } from './api-context';
import { App } from './App';

// Tells React that this environment drives updates through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/** Renders the app against an API whose every answer comes from `respond`. */
async function renderWith(respond: (request: Request) => Promise<Response>): Promise<HTMLElement> {
  const client = createApiClient({ baseUrl: 'http://api.test', fetch: respond });
  const host = document.body.appendChild(document.createElement('div'));
  container = host;
  root = createRoot(host);
  await act(async () => {
    root?.render(
      <ApiProvider client={client}>
        <App />
      </ApiProvider>,
    );
  });
  return host;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Types into a React-controlled input the way a user's keystrokes reach it. */
function type(page: HTMLElement, name: string, value: string): void {
  const input = page.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const text = (page: HTMLElement, testId: string) => page.querySelector(`[data-testid="${testId}"]`)?.textContent;

describe('App', () => {
  it('shows ok when the API is healthy, and the app version', async () => {
    const requested: string[] = [];
    const page = await renderWith(async (request) => {
      const path = new URL(request.url).pathname;
      requested.push(path);
      return path === '/api/v1/auth/state' ? json(200, { authenticated: false, needs_setup: true }) : json(200, { status: 'ok' });
    });
    expect(requested.sort()).toEqual(['/api/v1/auth/state', '/api/v1/health']);
    expect(text(page, 'health-status')).toBe('ok');
    expect(text(page, 'app-version')).toBe(APP_VERSION);
    expect(page.querySelector('h1')?.textContent).toBe('Household Inventory');
  });

  it('reports the API as unavailable when it answers with an error', async () => {
    const page = await renderWith(async () => json(503, { error: 'down' }));
    expect(text(page, 'health-status')).toBe('unavailable');
  });

  it('offers first-run setup, then the home screen after setup', async () => {
    const sent: unknown[] = [];
    const page = await renderWith(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/v1/auth/state') return json(200, { authenticated: false, needs_setup: true });
      if (path === '/api/v1/auth/setup') {
        sent.push(await request.json());
        return json(200, { authenticated: true, user: { id: 'u', display_name: 'Ada', household_id: 'h', household_name: 'Home', owner_setup_complete: true, preferred_locale: 'en', role: 'owner' } });
      }
      if (path === '/api/v1/scans/unresolved' || path === '/api/v1/scans/from-stations' || path === '/api/v1/stock/lots') return json(200, []);
      if (path === '/api/v1/shopping-list/low-stock') return json(200, { generated_at: '2026-11-23T00:00:00Z', items: [] });
      return json(200, { status: 'ok' });
    });
    expect(page.querySelector('#setup-heading')?.textContent).toBe('Set up your household');
    await act(async () => {
      type(page, 'display_name', 'Ada');
      type(page, 'password', 'a long enough password');
    });
    await act(async () => {
      (page.querySelector('form') as HTMLFormElement).requestSubmit();
    });
    expect(sent).toEqual([{ password: 'a long enough password', display_name: 'Ada', preferred_locale: 'en' }]);
    expect(page.querySelector('.shell-tagline')?.textContent).toBe('Signed in as Ada');
    expect(page.querySelector('#setup-heading')).toBeNull();
    expect(page.querySelector('[data-testid="home-scan"]')?.getAttribute('href')).toBe('/scan');
    expect(page.querySelector('#home-expiring-heading')?.textContent).toBe('Expiring soon');
  });

  it('explains a failed sign-in in words', async () => {
    const page = await renderWith(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/v1/auth/state') return json(200, { authenticated: false, needs_setup: false, identifier_required: true });
      if (path === '/api/v1/auth/login') return json(401, { detail: 'Sign-in failed', code: 'invalid_credentials' });
      return json(200, { status: 'ok' });
    });
    expect(page.querySelector('input[name="identifier"]')).not.toBeNull();
    await act(async () => {
      type(page, 'identifier', 'a@example.org');
      type(page, 'password', 'wrong password');
    });
    await act(async () => {
      (page.querySelector('form') as HTMLFormElement).requestSubmit();
    });
    expect(text(page, 'auth-problem')).toBe('That did not work. Check your details and try again.');
  });

  it('reports the API as unavailable when the request fails', async () => {
    const page = await renderWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(text(page, 'health-status')).toBe('unavailable');
  });
});
