import { IsInt, IsString, getMetadataStorage, validateSync } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { cacheValidationMetadata } from './validation-metadata-cache.js';

class Base {
  @IsString()
  name!: unknown;
}
class Child extends Base {
  @IsInt()
  count!: unknown;
}

describe('cacheValidationMetadata', () => {
  it('answers the same rules as class-validator, inherited ones included, and keeps validating', () => {
    const storage = getMetadataStorage();
    const uncached = storage.getTargetValidationMetadatas(Child, '', false, false);
    cacheValidationMetadata();
    cacheValidationMetadata(); // a second call changes nothing
    const first = storage.getTargetValidationMetadatas(Child, '', false, false);
    const second = storage.getTargetValidationMetadatas(Child, '', false, false);
    expect(first.map((m) => m.propertyName).sort()).toEqual(uncached.map((m) => m.propertyName).sort());
    expect(first.map((m) => m.propertyName).sort()).toEqual(['count', 'name']);
    expect(second).not.toBe(first);
    const problems = validateSync(Object.assign(new Child(), { name: 1, count: 'x' }));
    expect(problems.map((p) => p.property).sort()).toEqual(['count', 'name']);
    expect(validateSync(Object.assign(new Child(), { name: 'a', count: 2 }))).toEqual([]);
  });
});
