import { describe, expect, it } from 'vitest';
import { fileNameOnly, sanitizeAuditAction } from './export-sections.js';

describe('sanitizeAuditAction', () => {
  it.each([
    ['PATCH /api/v1/auth/sessions/{session_id}', 'PATCH /api/v1/auth/sessions/{session_id}'],
    ['DELETE /api/v1/catalog/products/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'DELETE /api/v1/catalog/products/{id}'],
    ['POST /api/v1/shopping-list/123/check?token=abc', 'POST /api/v1/shopping-list/{id}/check'],
    ['POST /api/v1/auth/invitations/Xk3_9aQwErTyUiOpAsDfGh12/accept', 'POST /api/v1/auth/invitations/{id}/accept'],
    ['POST /api/v1/login from 192.168.1.20', 'POST /api/v1/login from {address}'],
    ['GET /api/v1/x from fe80::1:2:3', 'GET /api/v1/x from {address}'],
    ['PUT /api/v1/notifications/notification-preferences', 'PUT /api/v1/notifications/notification-preferences'],
    ['rotate secret key', 'rotate secret key'],
  ])('%s → %s', (action, expected) => {
    expect(sanitizeAuditAction(action)).toBe(expected);
  });
});

describe('fileNameOnly', () => {
  it('keeps only the last path segment', () => {
    expect(fileNameOnly('/data/receipts/a.jpg')).toBe('a.jpg');
    expect(fileNameOnly('..\\x\\b.pdf')).toBe('b.pdf');
    expect(fileNameOnly(null)).toBe(null);
  });
});
