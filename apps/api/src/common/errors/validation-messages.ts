import type { Locale } from '@hinv/shared';
import { getMetadataStorage, IS_DATE_STRING, IS_ISO8601, IS_UUID, type ValidationError } from 'class-validator';
import { CONNECTOR_URL_TEXTS } from '../http/connector-url.js';

/** One validation message in both interface languages; the error filter picks the caller's. */
export type LocalizedText = Record<Locale, string>;

type Template = (field: string, args: readonly unknown[], value: unknown) => LocalizedText;

const list = (values: unknown): string => (Array.isArray(values) ? values.map(String).join(', ') : String(values));

/**
 * The message of each class-validator constraint, written here instead of taken from the
 * library (whose defaults are English only). `args` are the constraint's own arguments (the 300
 * of `@MaxLength(300)`), read from the DTO's metadata.
 */
const TEMPLATES: Record<string, Template> = {
  isDefined: () => ({ en: 'Field required', de: 'Pflichtfeld' }),
  isNotEmpty: () => ({ en: 'Field required', de: 'Pflichtfeld' }),
  isString: (f) => ({ en: `${f} must be a string`, de: `${f} muss ein Text sein` }),
  isInt: (f) => ({ en: `${f} must be an integer number`, de: `${f} muss eine ganze Zahl sein` }),
  isNumber: (f) => ({ en: `${f} must be a number`, de: `${f} muss eine Zahl sein` }),
  maxDecimalPlaces: (f, [places]) => ({ en: `${f} must have at most ${String(places)} decimals`, de: `${f} darf höchstens ${String(places)} Nachkommastellen haben` }),
  isBoolean: (f) => ({ en: `${f} must be true or false`, de: `${f} muss true oder false sein` }),
  isIn: (f, [values]) => ({ en: `${f} must be one of: ${list(values)}`, de: `${f} muss einer dieser Werte sein: ${list(values)}` }),
  isEnum: (f, [, values]) => ({ en: `${f} must be one of: ${list(values)}`, de: `${f} muss einer dieser Werte sein: ${list(values)}` }),
  minLength: (f, [min]) => ({ en: `${f} must be at least ${min} characters long`, de: `${f} muss mindestens ${min} Zeichen lang sein` }),
  maxLength: (f, [max]) => ({ en: `${f} must be at most ${max} characters long`, de: `${f} darf höchstens ${max} Zeichen lang sein` }),
  isLength: (f, [min, max], value) =>
    typeof value === 'string' && typeof min === 'number' && value.length < min
      ? TEMPLATES.minLength(f, [min], value)
      : TEMPLATES.maxLength(f, [max], value),
  min: (f, [min]) => ({ en: `${f} must not be less than ${min}`, de: `${f} darf nicht kleiner als ${min} sein` }),
  max: (f, [max]) => ({ en: `${f} must not be greater than ${max}`, de: `${f} darf nicht größer als ${max} sein` }),
  isPositive: (f) => ({ en: `${f} must be greater than 0`, de: `${f} muss größer als 0 sein` }),
  arrayMinSize: (f, [min]) => ({ en: `${f} must contain at least ${min} entries`, de: `${f} muss mindestens ${min} Einträge enthalten` }),
  arrayMaxSize: (f, [max]) => ({ en: `${f} must contain at most ${max} entries`, de: `${f} darf höchstens ${max} Einträge enthalten` }),
  arrayUnique: (f) => ({ en: `${f} must not contain an entry twice`, de: `${f} darf keinen Eintrag doppelt enthalten` }),
  isArray: (f) => ({ en: `${f} must be a list`, de: `${f} muss eine Liste sein` }),
  isObject: (f) => ({ en: `${f} must be an object`, de: `${f} muss ein Objekt sein` }),
  nestedValidation: (f) => ({ en: `${f} must be an object or a list of objects`, de: `${f} muss ein Objekt oder eine Liste von Objekten sein` }),
  isUrl: (f) => ({ en: `${f} must be a URL`, de: `${f} muss eine URL sein` }),
  [IS_UUID]: (f) => ({ en: `${f} must be a UUID`, de: `${f} muss eine UUID sein` }),
  isEmail: (f) => ({ en: `${f} must be an e-mail address`, de: `${f} muss eine E-Mail-Adresse sein` }),
  [IS_ISO8601]: (f) => ({ en: `${f} must be a date YYYY-MM-DD`, de: `${f} muss ein Datum JJJJ-MM-TT sein` }),
  [IS_DATE_STRING]: (f) => ({ en: `${f} must be a date YYYY-MM-DD`, de: `${f} muss ein Datum JJJJ-MM-TT sein` }),
  matches: (f) => ({ en: `${f} has the wrong format`, de: `${f} hat das falsche Format` }),
  equals: (f, [expected]) => ({ en: `${f} must be exactly "${String(expected)}"`, de: `${f} muss genau „${String(expected)}“ lauten` }),
};

/**
 * German for the few messages a DTO words itself (`{ message: … }`), keyed by that English text
 * as declared (`$property` still in it). Missing here, the DTO's English text is kept.
 */
const CUSTOM_DE: Record<string, string> = {
  'email must be an e-mail address': 'email muss eine E-Mail-Adresse sein',
  'month must be YYYY-MM': 'month muss die Form JJJJ-MM haben',
  '$property must be a date YYYY-MM-DD': '$property muss ein Datum JJJJ-MM-TT sein',
  'confirmation must be exactly "HAUSHALT ENDGÜLTIG LÖSCHEN"': 'confirmation muss genau „HAUSHALT ENDGÜLTIG LÖSCHEN“ lauten',
};

/** The DTO metadata behind one failed constraint (its arguments and any message of its own). */
function metadataOf(error: ValidationError, constraint: string) {
  const target = error.target?.constructor;
  if (!target) return undefined;
  return getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .find((metadata) => metadata.propertyName === error.property && (metadata.name ?? metadata.type) === constraint);
}

/** The message of one failed constraint of `error`, in English and German. */
export function constraintText(error: ValidationError, constraint: string, englishDefault: string): LocalizedText {
  // The constraint's message is the English text of its problem (see IsConnectorUrl).
  if (constraint === 'connectorUrl') return Object.values(CONNECTOR_URL_TEXTS).find((text) => text.en === englishDefault) ?? { en: englishDefault, de: englishDefault };
  const metadata = metadataOf(error, constraint);
  if (typeof metadata?.message === 'string') {
    const german = CUSTOM_DE[metadata.message];
    return { en: englishDefault, de: german ? german.replace(/\$property/g, error.property) : englishDefault };
  }
  const template = TEMPLATES[constraint];
  return template ? template(error.property, metadata?.constraints ?? [], error.value) : { en: englishDefault, de: englishDefault };
}

/** Messages the pipe and the error filter write themselves. */
export const FIXED_TEXTS = {
  missing: { en: 'Field required', de: 'Pflichtfeld' },
  notAnObject: { en: 'Input should be a valid JSON object', de: 'Die Eingabe muss ein JSON-Objekt sein' },
  jsonInvalid: { en: 'JSON decode error', de: 'Kein gültiges JSON' },
} as const satisfies Record<string, LocalizedText>;

/** Messages of the checks services make beyond a DTO's decorators (still 422 `detail` items). */
export const ISSUE_TEXTS = {
  barcode_format: { en: 'A barcode has 4 to 18 digits', de: 'Ein Barcode hat 4 bis 18 Ziffern' },
  barcode_placeholder: { en: 'This barcode is a placeholder, not a real product code', de: 'Dieser Barcode ist ein Platzhalter, kein echter Produktcode' },
  barcode_checksum: { en: 'The check digit of this barcode is wrong', de: 'Die Prüfziffer dieses Barcodes ist falsch' },
  barcode_invalid: { en: 'Not a valid barcode', de: 'Kein gültiger Barcode' },
  refill_target: {
    en: 'The refill target must be greater than the minimum stock (or 0)',
    de: 'Die Auffüllmenge muss größer als der Mindestbestand sein (oder 0)',
  },
  quantity_positive: { en: 'Input should be at least 0.000001', de: 'Der Wert muss mindestens 0,000001 sein' },
  scan_needs_name: { en: 'Name the new product (the scan has no suggestion)', de: 'Gib dem neuen Produkt einen Namen (der Scan hat keinen Vorschlag)' },
  candidate_needs_name: { en: 'Name the new product (the candidate has no name)', de: 'Gib dem neuen Produkt einen Namen (der Vorschlag hat keinen Namen)' },
  needs_location: {
    en: 'A new product needs a location (location_id or new_location_name)',
    de: 'Ein neues Produkt braucht einen Lagerort (location_id oder new_location_name)',
  },
  needs_unit: {
    en: 'A new product needs a unit (quantity_unit_id or new_quantity_unit_name)',
    de: 'Ein neues Produkt braucht eine Einheit (quantity_unit_id oder new_quantity_unit_name)',
  },
  grocy_id_or_name: { en: 'Give a Grocy id or a new name', de: 'Gib eine Grocy-ID oder einen neuen Namen an' },
  needs_name: { en: 'Name the new product', de: 'Gib dem neuen Produkt einen Namen' },
  needs_location_and_unit: { en: 'A location and a unit are required', de: 'Ein Lagerort und eine Einheit sind nötig' },
  cursor_invalid: { en: 'Not a cursor from this endpoint', de: 'Kein Cursor dieses Endpunkts' },
  experience_flag: {
    en: 'Set complete_onboarding or acknowledge_current_version',
    de: 'Setze complete_onboarding oder acknowledge_current_version',
  },
  push_endpoint_url: { en: 'The push endpoint must be an absolute URL', de: 'Der Push-Endpunkt muss eine absolute URL sein' },
  push_endpoint_https_required: { en: 'The push endpoint must use https', de: 'Der Push-Endpunkt muss https verwenden' },
  push_endpoint_credentials: {
    en: 'The push endpoint must not contain a user name or password',
    de: 'Der Push-Endpunkt darf keinen Benutzernamen und kein Passwort enthalten',
  },
  push_endpoint_fragment: { en: 'The push endpoint must not contain a fragment (#…)', de: 'Der Push-Endpunkt darf kein Fragment (#…) enthalten' },
  push_endpoint_local_host: {
    en: 'The push endpoint must not be a local host name (localhost, *.localhost, *.local)',
    de: 'Der Push-Endpunkt darf kein lokaler Hostname sein (localhost, *.localhost, *.local)',
  },
  push_endpoint_address: { en: 'The push endpoint must point at a globally routable address', de: 'Der Push-Endpunkt muss auf eine global erreichbare Adresse zeigen' },
  push_endpoint_dns: { en: 'The push endpoint host name does not resolve', de: 'Der Hostname des Push-Endpunkts lässt sich nicht auflösen' },
} as const satisfies Record<string, LocalizedText>;
