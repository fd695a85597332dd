// @vitest-environment jsdom
import { createApiClient } from '@hinv/api-client';
import { APP_VERSION } from '@hinv/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
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

const text = (page: HTMLElement, testId: string) => page.querySelector(`[data-testid="${testId}"]`)?.textContent;

describe('App', () => {
  it('shows ok when the API is healthy, and the app version', async () => {
    const requested: string[] = [];
    const page = await renderWith(async (request) => {
      requested.push(new URL(request.url).pathname);
      return json(200, { status: 'ok' });
    });
    expect(requested).toEqual(['/api/v1/health']);
    expect(text(page, 'health-status')).toBe('ok');
    expect(text(page, 'app-version')).toBe(APP_VERSION);
    expect(page.querySelector('h1')?.textContent).toBe('Household Inventory');
  });

  it('reports the API as unavailable when it answers with an error', async () => {
    const page = await renderWith(async () => json(503, { error: 'down' }));
    expect(text(page, 'health-status')).toBe('unavailable');
  });

  it('reports the API as unavailable when the request fails', async () => {
    const page = await renderWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(text(page, 'health-status')).toBe('unavailable');
  });
});
