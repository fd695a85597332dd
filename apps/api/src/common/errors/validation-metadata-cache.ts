import { getMetadataStorage } from 'class-validator';

type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

type Lookup = (targetConstructor: unknown, targetSchema: string, always: boolean, strictGroups: boolean, groups?: string[]) => ValidationMetadata[];
const INSTALLED = Symbol('hinvValidationMetadataCache');

/**
 * class-validator finds a DTO's rules on every validation by testing every class it knows (several
 * hundred here) for being a parent of the DTO: on the scan route that cost more than the checks
 * themselves. A class's rules are complete once its decorators have run, which is when the class
 * is defined, before anything can validate against it, so the answer for a class and a set of
 * options never changes and is kept. Schemas by name (never used here) are looked up as before.
 */
export function cacheValidationMetadata(): void {
  const storage = getMetadataStorage() as unknown as { getTargetValidationMetadatas: Lookup; [INSTALLED]?: true };
  if (storage[INSTALLED]) return;
  storage[INSTALLED] = true;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const cache = new WeakMap<object, Map<string, ValidationMetadata[]>>();
  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    if (typeof targetConstructor !== 'function') return lookup(targetConstructor, targetSchema, always, strictGroups, groups);
    const key = `${String(targetSchema)}|${always}|${strictGroups}|${groups === undefined ? '-' : JSON.stringify(groups)}`;
    let byOptions = cache.get(targetConstructor);
    if (!byOptions) cache.set(targetConstructor, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookup(targetConstructor, targetSchema, always, strictGroups, groups)));
    // A copy: callers own the list they get, as with the uncached lookup.
    return found.slice();
  };
}
