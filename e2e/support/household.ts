import type { ApiTokenScope } from '@hinv/shared';

export const OWNER_PASSWORD = 'owner password 123';
export const MEMBER_PASSWORD = 'member password 123';

/** A signed-in browser, reduced to its session cookie, talking to one server. */
export class Browserless {
  constructor(
    readonly baseUrl: string,
    public cookie: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('hinv_session='));
    if (setCookie) this.cookie = setCookie.split(';', 1)[0];
    return response;
  }

  async json<T = Record<string, unknown>>(method: string, path: string, body?: unknown, expectStatus = 200): Promise<T> {
    const response = await this.call(method, path, body);
    const text = await response.text();
    if (response.status !== expectStatus) throw new Error(`${method} ${path}: expected ${expectStatus}, got ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/** Runs first-run setup and returns the owner's signed-in browser (with an e-mail address set). */
export async function setUpHousehold(baseUrl: string): Promise<Browserless> {
  const owner = new Browserless(baseUrl);
  await owner.json('POST', '/api/v1/auth/setup', { password: OWNER_PASSWORD, display_name: 'Olivia Owner', preferred_locale: 'en' });
  await owner.json('PATCH', '/api/v1/auth/profile', { display_name: 'Olivia Owner', email: 'owner@example.org' });
  return owner;
}

/** Invites someone with `role` and accepts the invitation; returns their signed-in browser. */
export async function addMember(owner: Browserless, role: 'admin' | 'member' | 'viewer', email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.org`): Promise<{ browser: Browserless; userId: string; email: string }> {
  const invitation = await owner.json<{ invite_token: string }>('POST', '/api/v1/auth/invitations', { display_name: `A ${role}`, email, role });
  const browser = new Browserless(owner.baseUrl);
  const accepted = await browser.json<{ user: { id: string } }>('POST', `/api/v1/auth/invitations/${invitation.invite_token}/accept`, { password: MEMBER_PASSWORD, preferred_locale: 'en' });
  return { browser, userId: accepted.user.id, email };
}

export async function createToken(browser: Browserless, scopes: ApiTokenScope[], name = 'test token', options: { station?: boolean } = {}): Promise<{ id: string; token: string; station: boolean }> {
  return browser.json('POST', '/api/v1/auth/api-tokens', { name, scopes, ...options });
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
