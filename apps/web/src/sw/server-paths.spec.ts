import { describe, expect, it } from 'vitest';
import { isServerPath } from './server-paths';

describe('isServerPath', () => {
  it.each(['/api', '/api/v1/health', '/api/v1/events', '/api?x=1', '/docs', '/docs/', '/docs?urls=1', '/redoc', '/openapi.json', '/openapi.json?v=2'])(
    'leaves %s to the API',
    (path) => expect(isServerPath(path)).toBe(true),
  );

  it.each(['/', '/items/42', '/apiary', '/documents', '/redoccasion', '/openapi.json.bak', '/shopping?api=1'])(
    'treats %s as a PWA route',
    (path) => expect(isServerPath(path)).toBe(false),
  );
});
