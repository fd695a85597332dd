import { describe, expect, it } from 'vitest';
import { serverDetail } from './server-detail';

describe('serverDetail', () => {
  it('passes on the server’s sentence and ignores validation lists and missing bodies', () => {
    expect(serverDetail({ detail: 'Add your own e-mail address before inviting others', code: 'inviter_without_email' })).toBe('Add your own e-mail address before inviting others');
    expect(serverDetail({ detail: [{ loc: ['body', 'email'], msg: 'invalid' }], code: 'validation_failed' })).toBeNull();
    expect(serverDetail(undefined)).toBeNull();
    expect(serverDetail({ detail: '' })).toBeNull();
  });
});
