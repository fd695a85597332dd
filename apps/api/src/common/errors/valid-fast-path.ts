import { TransformationType, Type } from 'class-transformer';
// A static import, so that the bundled server (bundle-server.mjs) holds the very storage
// class-transformer's decorators write to; a run-time require from this file would load a second
// copy from node_modules there, and every class would silently take the full path.
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { getMetadataStorage, ValidationTypes, type ValidationArguments } from 'class-validator';

type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];
type Constructor = new () => object;

/** One rule of a property: class-validator's own constraint, called as its executor calls it. */
interface Rule {
  metadata: ValidationMetadata;
  validate: (value: unknown, args: ValidationArguments) => unknown;
}

interface PropertyRules {
  property: string;
  /** `@IsOptional()`, `@ValidateIf()`: every one must hold, or the property is not checked. */
  conditions: ((object: object, value: unknown) => boolean)[];
  /** `@IsDefined()` first, then the other constraints, in the executor's order. */
  rules: Rule[];
}

interface Plan {
  properties: Set<string>;
  checks: PropertyRules[];
}

/** The only kinds of rule the plan calls itself; anything else (nested, promises, `each`, groups) takes the full path. */
const PLAIN_TYPES = new Set<string>([ValidationTypes.CUSTOM_VALIDATION, ValidationTypes.IS_DEFINED, ValidationTypes.CONDITIONAL_VALIDATION]);

const plans = new WeakMap<object, Plan | null>();

/** The parts of class-transformer's metadata storage (not part of its public exports) the plan reads. */
interface TransformerStorage {
  getStrategy(target: Function): string;
  getExposedMetadatas(target: Function): unknown[];
  getExcludedMetadatas(target: Function): unknown[];
  findTypeMetadata(target: Function, property: string): unknown;
  findTransformMetadatas(target: Function, property: string, type: TransformationType): unknown[];
}

/**
 * class-transformer's storage, the one its decorators write to, or null when this copy of it is
 * not that one (e.g. two copies of the package): then every class takes the full path.
 */
const transformerStorage: TransformerStorage | null = (() => {
  try {
    const storage = defaultMetadataStorage as unknown as TransformerStorage;
    class Probe {
      value?: number;
    }
    Type(() => Number)(Probe.prototype, 'value');
    return storage.findTypeMetadata(Probe, 'value') === undefined ? null : storage;
  } catch {
    return null;
  }
})();

/**
 * The DTO instance for a body or query that passes its class's rules, or `undefined` when the
 * full path (class-transformer, then class-validator) must decide: for any value that is not a
 * flat object of known fields holding strings, numbers, booleans or null, for any class whose
 * rules or transformations are not all plain, and for every value that fails a rule, so each
 * error is still reported by class-validator itself, in the same shape and order.
 *
 * What it returns equals what the full path returns for the same value with the global pipe's
 * options (whitelist, no implicit conversion): a new instance of the class with the given fields
 * copied over its defaults. The rules are class-validator's own constraint objects, called with
 * the same arguments, so a value passes here exactly when class-validator finds no error; only
 * the executor's bookkeeping (an error object per property, the metadata look-ups, the copy by
 * class-transformer) is skipped. That bookkeeping was the largest part of a scan's CPU time.
 */
export function validInstance(metatype: unknown, value: unknown): object | undefined {
  if (typeof metatype !== 'function' || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  let plan = plans.get(metatype);
  if (plan === undefined) plans.set(metatype, (plan = compile(metatype as Constructor)));
  if (plan === null) return undefined;
  const given = value as Record<string, unknown>;
  const keys = Object.keys(given);
  for (const key of keys) {
    if (!plan.properties.has(key)) return undefined;
    const field = given[key];
    if (field !== null && typeof field === 'object') return undefined;
    if (typeof field === 'function' || typeof field === 'symbol' || typeof field === 'bigint') return undefined;
  }
  const entity = new (metatype as Constructor)() as Record<string, unknown>;
  for (const key of keys) entity[key] = given[key];
  return passes(plan, entity) ? entity : undefined;
}

function passes(plan: Plan, entity: Record<string, unknown>): boolean {
  const targetName = entity.constructor ? (entity.constructor as { name: string }).name : undefined;
  for (const { property, conditions, rules } of plan.checks) {
    const value = entity[property];
    if (!conditions.every((condition) => condition(entity, value))) continue;
    for (const { metadata, validate } of rules) {
      if (metadata.validateIf && !metadata.validateIf(entity, value)) continue;
      const args: ValidationArguments = { targetName: targetName as string, property: metadata.propertyName, object: entity, value, constraints: metadata.constraints };
      // An asynchronous answer (a promise) is left to the full path, as is any failure.
      if (validate(value, args) !== true) return false;
    }
  }
  return true;
}

/** The plan for a class, or null when the full path must always decide. */
function compile(metatype: Constructor): Plan | null {
  const storage = getMetadataStorage();
  // The look-up class-validator's executor makes with the pipe's options (no groups, not strict, not always).
  const metadatas = storage.getTargetValidationMetadatas(metatype, undefined as unknown as string, false, false, undefined);
  if (metadatas.length === 0 || transformerStorage === null) return null;
  if (!transformsNothing(transformerStorage, metatype)) return null;
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const metadata of metadatas) {
    if (!PLAIN_TYPES.has(metadata.type) || metadata.each) return null;
    const list = byProperty.get(metadata.propertyName) ?? [];
    list.push(metadata);
    byProperty.set(metadata.propertyName, list);
  }
  const checks: PropertyRules[] = [];
  for (const [property, list] of byProperty) {
    // class-transformer skips a field that is a getter or method of the class; the plan copies every field.
    if (property in metatype.prototype || property === '__proto__' || property === 'constructor' || property === 'prototype') return null;
    if (!transformsNothing(transformerStorage, metatype, property)) return null;
    const rules: Rule[] = [];
    for (const metadata of [...list.filter((m) => m.type === ValidationTypes.IS_DEFINED), ...list.filter((m) => m.type === ValidationTypes.CUSTOM_VALIDATION)]) {
      for (const constraint of storage.getTargetValidatorConstraints(metadata.constraintCls)) {
        if (constraint.async) return null;
        const instance = constraint.instance as { validate: Rule['validate'] };
        rules.push({ metadata, validate: instance.validate.bind(instance) });
      }
    }
    const conditions = list.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION).map((m) => m.constraints[0] as PropertyRules['conditions'][number]);
    checks.push({ property, conditions, rules });
  }
  // Whitelisting deletes instance fields without rules, so a default on such a field would differ.
  const defaults = new metatype() as Record<string, unknown>;
  for (const key of Object.keys(defaults)) {
    if (!byProperty.has(key) || typeof defaults[key] === 'function') return null;
  }
  return { properties: new Set(byProperty.keys()), checks };
}

/** True when class-transformer keeps the class's fields as they come (no @Type, @Transform, @Expose, @Exclude). */
function transformsNothing(storage: TransformerStorage, metatype: Constructor, property?: string): boolean {
  if (property === undefined) {
    return storage.getStrategy(metatype) === 'none' && storage.getExposedMetadatas(metatype).length === 0 && storage.getExcludedMetadatas(metatype).length === 0;
  }
  return storage.findTypeMetadata(metatype, property) === undefined && storage.findTransformMetadatas(metatype, property, TransformationType.PLAIN_TO_CLASS).length === 0;
}
