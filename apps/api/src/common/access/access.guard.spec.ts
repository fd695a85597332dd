import { Controller, Get, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { Clock } from '../clock.js';
import { ApiException } from '../errors/api-exception.js';
import { MinRole, Public, RecentAuth, RequireScope, SessionOnly } from './access.decorators.js';
import { AccessGuard } from './access.guard.js';
import { CredentialResolver, type CredentialResult } from './credential-resolver.js';
import type { Principal } from './principal.js';

@Controller()
class SampleController {
  @Public() @Get() open() {}
  @SessionOnly() @Get() sessionRoute() {}
  @RequireScope('stock:read') @Get() stockRead() {}
  @RequireScope('scans:write') @MinRole('member') @Get() scanWrite() {}
  @SessionOnly() @MinRole('admin') @RecentAuth() @Get() createToken() {}
  @Get() undeclared() {}
}

const NOW = new Date('2026-11-22T12:00:00Z');
const fixedClock = new (class extends Clock {
  override now(): Date {
    return NOW;
  }
})();

class FakeResolver extends CredentialResolver {
  constructor(private readonly result: CredentialResult) {
    super();
  }
  override async resolve(): Promise<CredentialResult> {
    return this.result;
  }
}

const session = (overrides: Partial<Principal> = {}): CredentialResult => ({
  outcome: 'valid',
  principal: { kind: 'session', userId: 'u1', householdId: 'h1', role: 'owner', locale: 'en', authenticatedAt: NOW, ...overrides },
});
const token = (scopes: Principal['scopes'], role: Principal['role'] = 'owner'): CredentialResult => ({
  outcome: 'valid',
  principal: { kind: 'token', userId: 'u1', householdId: 'h1', role, locale: 'en', tokenId: 't1', scopes },
});

function contextFor(handler: keyof SampleController, request: Partial<Request> = { headers: {}, method: 'GET' }): ExecutionContext {
  return {
    getHandler: () => SampleController.prototype[handler],
    getClass: () => SampleController,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

async function outcome(handler: keyof SampleController, credentials: CredentialResult): Promise<number | 'allowed'> {
  const guard = new AccessGuard(new Reflector(), new FakeResolver(credentials), fixedClock);
  try {
    await guard.canActivate(contextFor(handler));
    return 'allowed';
  } catch (error) {
    if (error instanceof ApiException) return error.getStatus();
    throw error;
  }
}

describe('AccessGuard', () => {
  it('lets anyone reach a public route', async () => {
    expect(await outcome('open', { outcome: 'none' })).toBe('allowed');
  });

  it('refuses a route that declares no access rule', async () => {
    await expect(outcome('undeclared', session())).rejects.toThrow(/declares no access rule/);
  });

  it('answers 401 without credentials, and adds WWW-Authenticate only for a bearer header', async () => {
    const guard = new AccessGuard(new Reflector(), new FakeResolver({ outcome: 'invalid', bearer: true }), fixedClock);
    const error = await Promise.resolve(guard.canActivate(contextFor('stockRead'))).catch((e: ApiException) => e);
    expect(error).toBeInstanceOf(ApiException);
    expect((error as ApiException).headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
    const anonymous = new AccessGuard(new Reflector(), new FakeResolver({ outcome: 'none' }), fixedClock);
    const plain = await Promise.resolve(anonymous.canActivate(contextFor('sessionRoute'))).catch((e: ApiException) => e);
    expect((plain as ApiException).getStatus()).toBe(401);
    expect((plain as ApiException).headers).toEqual({});
  });

  it('refuses every token on a session-only route', async () => {
    expect(await outcome('sessionRoute', token(['status:read', 'catalog:read', 'stock:read', 'shopping:read', 'shopping:write', 'scans:read', 'scans:write']))).toBe(403);
  });

  it('needs exactly the named scope; scopes never imply each other', async () => {
    expect(await outcome('stockRead', token(['stock:read']))).toBe('allowed');
    expect(await outcome('stockRead', token(['catalog:read']))).toBe(403);
    expect(await outcome('scanWrite', token(['scans:read']))).toBe(403);
    expect(await outcome('scanWrite', token(['scans:write']))).toBe('allowed');
  });

  it('names the missing scope in the refusal', async () => {
    const guard = new AccessGuard(new Reflector(), new FakeResolver(token(['scans:read'])), fixedClock);
    await expect(guard.canActivate(contextFor('scanWrite'))).rejects.toMatchObject({ detail: 'This API token lacks the scope scans:write' });
  });

  it('applies the role floor after the scope, to tokens and sessions alike', async () => {
    expect(await outcome('scanWrite', token(['scans:write'], 'viewer'))).toBe(403);
    expect(await outcome('scanWrite', session({ role: 'member' }))).toBe('allowed');
    expect(await outcome('createToken', session({ role: 'member' }))).toBe(403);
  });

  it('makes viewers read-only unless a route lowers the floor', async () => {
    const guard = new AccessGuard(new Reflector(), new FakeResolver(session({ role: 'viewer' })), fixedClock);
    await expect(guard.canActivate(contextFor('sessionRoute', { headers: {}, method: 'GET' }))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor('sessionRoute', { headers: {}, method: 'POST' }))).rejects.toMatchObject({ code: 'role_not_allowed' });
    const member = new AccessGuard(new Reflector(), new FakeResolver(session({ role: 'member' })), fixedClock);
    await expect(member.canActivate(contextFor('sessionRoute', { headers: {}, method: 'DELETE' }))).resolves.toBe(true);
  });

  it('asks for recent authentication after ten minutes', async () => {
    expect(await outcome('createToken', session({ role: 'admin', authenticatedAt: new Date(NOW.getTime() - 10 * 60_000) }))).toBe('allowed');
    expect(await outcome('createToken', session({ role: 'admin', authenticatedAt: new Date(NOW.getTime() - 10 * 60_000 - 1) }))).toBe(428);
  });

  it('hands the principal to the request for @CurrentPrincipal', async () => {
    const request = { headers: {}, method: 'GET' } as Request & { principal?: Principal };
    const guard = new AccessGuard(new Reflector(), new FakeResolver(session()), fixedClock);
    await guard.canActivate(contextFor('sessionRoute', request));
    expect(request.principal?.userId).toBe('u1');
  });

  it('keeps each route to its own declarations when one guard answers them all in turn', async () => {
    @SessionOnly()
    @Controller()
    class ClassWide {
      @Get() inherited() {}
      @Public() @Get() open() {}
    }
    const guard = new AccessGuard(new Reflector(), new FakeResolver(token(['scans:write'], 'member')), fixedClock);
    const at = (handler: Function, controller: Function, method = 'GET') =>
      new Promise((settle) => settle(guard.canActivate({ getHandler: () => handler, getClass: () => controller, switchToHttp: () => ({ getRequest: () => ({ headers: {}, method }) }) } as unknown as ExecutionContext))).then(
        () => 'allowed',
        (error: unknown) => (error instanceof ApiException ? error.getStatus() : String(error)),
      );
    for (let round = 0; round < 2; round++) {
      expect(await at(SampleController.prototype.scanWrite, SampleController, 'POST')).toBe('allowed');
      expect(await at(SampleController.prototype.stockRead, SampleController)).toBe(403);
      expect(await at(SampleController.prototype.open, SampleController)).toBe('allowed');
      expect(await at(ClassWide.prototype.inherited, ClassWide)).toBe(403);
      expect(await at(ClassWide.prototype.open, ClassWide)).toBe('allowed');
      // The same method under another controller takes that controller's declaration.
      expect(await at(ClassWide.prototype.inherited, SampleController)).toMatch(/declares no access rule/);
    }
  });
});
