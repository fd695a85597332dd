import type { Locale } from '@hinv/shared';

/**
 * The human text of every error code, in English and German. `detail` follows the caller's
 * language where the user is known (English otherwise); `code` stays the same for clients.
 * `{name}` marks a value filled in at the throw site.
 */
export const ERROR_MESSAGES = {
  not_found: { en: 'Not Found', de: 'Nicht gefunden' },
  bad_request: { en: 'Bad request', de: 'Ungültige Anfrage' },
  unsupported_media_type: { en: 'Unsupported content type', de: 'Nicht unterstützter Inhaltstyp' },
  internal_error: { en: 'Internal server error', de: 'Interner Serverfehler' },
  not_authenticated: { en: 'Please sign in', de: 'Bitte melde dich an' },
  token_not_allowed: { en: 'API tokens may not use this endpoint', de: 'API-Tokens dürfen diesen Endpunkt nicht verwenden' },
  missing_scope: { en: 'This API token lacks the scope {scope}', de: 'Diesem API-Token fehlt der Bereich {scope}' },
  role_not_allowed: { en: 'Your role does not allow this action', de: 'Deine Rolle erlaubt diese Aktion nicht' },
  recent_authentication_required: { en: 'Please confirm your identity again', de: 'Bitte bestätige erneut, dass du es bist' },
  invalid_credentials: { en: 'Sign-in failed: check the e-mail address and password', de: 'Anmeldung fehlgeschlagen: Prüfe E-Mail-Adresse und Passwort' },
  invalid_reauthentication: { en: 'The password or code is not correct', de: 'Passwort oder Code ist nicht korrekt' },
  too_many_attempts: { en: 'Too many failed attempts; try again later', de: 'Zu viele Fehlversuche; versuche es später erneut' },
  current_password_wrong: { en: 'The current password is not correct', de: 'Das aktuelle Passwort ist nicht korrekt' },
  setup_already_done: { en: 'This installation is already set up', de: 'Diese Installation ist bereits eingerichtet' },
  email_in_use: { en: 'This e-mail address already belongs to a member', de: 'Diese E-Mail-Adresse gehört bereits einem Mitglied' },
  password_managed_by_environment: { en: 'The owner password is set by APP_PASSWORD', de: 'Das Passwort des Inhabers wird über APP_PASSWORD festgelegt' },
  session_not_found: { en: 'Session not found', de: 'Sitzung nicht gefunden' },
  token_not_found: { en: 'Token not found', de: 'Token nicht gefunden' },
  totp_already_enabled: { en: 'Two-factor authentication is already on', de: 'Die Zwei-Faktor-Anmeldung ist bereits aktiv' },
  totp_setup_missing: { en: 'Start the two-factor setup first', de: 'Starte zuerst die Einrichtung der Zwei-Faktor-Anmeldung' },
  totp_code_invalid: { en: 'The code is not correct', de: 'Der Code ist nicht korrekt' },
  totp_not_enabled: { en: 'Two-factor authentication is not on', de: 'Die Zwei-Faktor-Anmeldung ist nicht aktiv' },
  passkey_origin_mismatch: { en: 'The origin does not match the request', de: 'Die Herkunft passt nicht zur Anfrage' },
  passkey_origin_not_allowed: { en: 'Passkeys are not allowed for this origin', de: 'Passkeys sind für diese Herkunft nicht erlaubt' },
  passkey_https_required: { en: 'Passkeys need https', de: 'Passkeys benötigen https' },
  passkey_registration_failed: { en: 'The passkey could not be registered', de: 'Der Passkey konnte nicht registriert werden' },
  passkey_exists: { en: 'This passkey is already registered', de: 'Dieser Passkey ist bereits registriert' },
  passkey_not_found: { en: 'Passkey not found', de: 'Passkey nicht gefunden' },
  passkey_sign_in_failed: { en: 'Sign-in with this passkey failed', de: 'Die Anmeldung mit diesem Passkey ist fehlgeschlagen' },
  member_not_found: { en: 'Member not found', de: 'Mitglied nicht gefunden' },
  cannot_change_self: { en: 'You cannot change your own membership', de: 'Du kannst deine eigene Mitgliedschaft nicht ändern' },
  admin_limit: { en: 'Admins cannot invite, change or appoint admins', de: 'Admins können keine Admins einladen, ändern oder ernennen' },
  inviter_without_email: { en: 'Add your own e-mail address before inviting others', de: 'Hinterlege zuerst deine eigene E-Mail-Adresse, bevor du andere einlädst' },
  invitation_exists: { en: 'An open invitation for this e-mail address exists', de: 'Für diese E-Mail-Adresse gibt es bereits eine offene Einladung' },
  invitation_not_found: { en: 'Invitation not found', de: 'Einladung nicht gefunden' },
  invitation_gone: { en: 'This invitation is no longer valid', de: 'Diese Einladung ist nicht mehr gültig' },
  public_exposure_blocked: {
    en: 'This public instance is not safely configured; see /api/readiness',
    de: 'Diese öffentliche Instanz ist nicht sicher konfiguriert; siehe /api/readiness',
  },
  ocr_busy: { en: 'Too many receipts are being read right now; try again shortly', de: 'Gerade werden zu viele Belege gelesen; versuche es gleich noch einmal' },
  ocr_interrupted: {
    en: 'Reading the receipt was interrupted and nothing was stored; try again shortly',
    de: 'Das Lesen des Belegs wurde unterbrochen, nichts wurde gespeichert; versuche es gleich noch einmal',
  },
  frontend_not_built: { en: 'The web app has not been built; run the build first', de: 'Die Web-App wurde noch nicht gebaut; führe zuerst den Build aus' },
  invalid_host: { en: 'Invalid host header', de: 'Ungültiger Host-Header' },
  cross_site_request: { en: 'Cross-site request refused', de: 'Seitenübergreifende Anfrage abgelehnt' },
  origin_required: { en: 'Requests with a session cookie must send an Origin header', de: 'Anfragen mit Sitzungs-Cookie müssen einen Origin-Header senden' },
  invalid_content_length: { en: 'Invalid Content-Length header', de: 'Ungültiger Content-Length-Header' },
  payload_too_large: { en: 'Request body too large', de: 'Anfrage zu groß' },
  body_too_deep: {
    en: 'The request body is nested too deeply (at most {max} levels)',
    de: 'Die Anfrage ist zu tief verschachtelt (höchstens {max} Ebenen)',
  },
  body_too_wide: {
    en: 'The request body has too many fields (at most {keys} in one object, {members} in all)',
    de: 'Die Anfrage hat zu viele Felder (höchstens {keys} in einem Objekt, {members} insgesamt)',
  },
  duplicate_name: { en: 'An entry with this name already exists', de: 'Ein Eintrag mit diesem Namen existiert bereits' },
  stale_update: {
    en: 'Someone else changed this in the meantime; reload and try again',
    de: 'Jemand anderes hat dies inzwischen geändert; lade neu und versuche es erneut',
  },
  in_use: { en: 'This entry is still used by active products', de: 'Dieser Eintrag wird noch von aktiven Produkten verwendet' },
  master_data_not_found: { en: 'Location, unit or group not found', de: 'Lagerort, Einheit oder Gruppe nicht gefunden' },
  product_not_found: { en: 'Product not found', de: 'Produkt nicht gefunden' },
  variant_not_found: { en: 'Variant not found', de: 'Variante nicht gefunden' },
  barcode_not_found: { en: 'Barcode not found on this variant', de: 'Barcode an dieser Variante nicht gefunden' },
  barcode_taken: { en: 'This barcode already belongs to another product variant', de: 'Dieser Barcode gehört bereits zu einer anderen Produktvariante' },
  variant_in_use: { en: 'This variant still has stock or scans, or is the last one of its product', de: 'Diese Variante hat noch Bestand oder Scans oder ist die letzte ihres Produkts' },
  insufficient_stock: { en: 'Not enough in stock: only {available} left', de: 'Nicht genug auf Lager: nur noch {available} vorhanden' },
  no_unopened_lot: { en: 'There is no unopened package of this product in stock', de: 'Von diesem Produkt ist keine ungeöffnete Packung auf Lager' },
  duplicate_product_in_count: { en: 'A product appears twice in this count', de: 'Ein Produkt kommt in dieser Inventur doppelt vor' },
  variant_mismatch: { en: 'This variant belongs to another product', de: 'Diese Variante gehört zu einem anderen Produkt' },
  location_inactive: { en: 'This location is archived', de: 'Dieser Lagerort ist archiviert' },
  action_key_used: {
    en: 'This key was already used for another stock action',
    de: 'Dieser Schlüssel wurde schon für eine andere Bestandsaktion verwendet',
  },
  duplicate_product_in_generation: { en: 'A product appears twice in this selection', de: 'Ein Produkt kommt in dieser Auswahl doppelt vor' },
  trip_not_found: { en: 'Shopping trip not found', de: 'Einkauf nicht gefunden' },
  store_not_found: { en: 'Store not found', de: 'Geschäft nicht gefunden' },
  store_name_blank: { en: 'Please name the store', de: 'Bitte gib das Geschäft an' },
  product_group_not_found: { en: 'Product group not found', de: 'Produktgruppe nicht gefunden' },
  shopping_item_not_found: { en: 'Shopping list item not found', de: 'Eintrag der Einkaufsliste nicht gefunden' },
  shopping_key_used: {
    en: 'This key was already used for another shopping list change',
    de: 'Dieser Schlüssel wurde schon für eine andere Änderung der Einkaufsliste verwendet',
  },
  image_missing: { en: 'Send the photo in the form field "image"', de: 'Sende das Foto im Formularfeld „image“' },
  image_type_unsupported: { en: 'Only JPEG, PNG and WebP photos are accepted', de: 'Nur JPEG-, PNG- und WebP-Fotos werden angenommen' },
  image_unreadable: { en: 'This file is not a readable image', de: 'Diese Datei ist kein lesbares Bild' },
  image_too_many_pixels: { en: 'This image has too many pixels', de: 'Dieses Bild hat zu viele Pixel' },
  image_not_found: { en: 'This product has no photo', de: 'Dieses Produkt hat kein Foto' },
  receipt_not_found: { en: 'Receipt not found', de: 'Kassenbon nicht gefunden' },
  receipt_item_not_found: { en: 'Receipt line not found', de: 'Position des Kassenbons nicht gefunden' },
  receipt_item_imported: {
    en: 'This receipt line is already in stock and can no longer be mapped or corrected',
    de: 'Diese Position ist bereits im Vorrat und kann nicht mehr zugeordnet oder korrigiert werden',
  },
  receipt_imported: {
    en: 'Lines of this receipt are already in stock: budget and prices depend on it, so it can no longer be corrected or deleted',
    de: 'Positionen dieses Kassenbons sind bereits im Vorrat: Budget und Preise hängen daran, deshalb kann er nicht mehr korrigiert oder gelöscht werden',
  },
  receipt_file_not_found: { en: 'No file is kept for this receipt', de: 'Für diesen Kassenbon ist keine Datei aufbewahrt' },
  receipt_items_limit: { en: 'A receipt may have at most {max} lines', de: 'Ein Kassenbon darf höchstens {max} Positionen haben' },
  candidate_not_cached: {
    en: 'This product candidate is no longer known; search the candidates again',
    de: 'Dieser Produktvorschlag ist nicht mehr bekannt; suche die Vorschläge erneut',
  },
  receipt_file_missing: { en: 'Send the receipt in the form field "image"', de: 'Sende den Kassenbon im Formularfeld „image“' },
  receipt_file_too_small: { en: 'This file is too small to be a receipt', de: 'Diese Datei ist zu klein für einen Kassenbon' },
  receipt_type_unsupported: {
    en: 'Receipts are accepted as PDF (or as a JPEG, PNG, WebP or HEIC photo); this file is none of them or its declared type does not match its content',
    de: 'Kassenbons werden als PDF (oder als JPEG-, PNG-, WebP- oder HEIC-Foto) angenommen; diese Datei ist nichts davon oder ihr angegebener Typ passt nicht zum Inhalt',
  },
  receipt_image_unreadable: { en: 'This image cannot be read', de: 'Dieses Bild kann nicht gelesen werden' },
  receipt_image_too_many_pixels: {
    en: 'This image (or PDF page) has more pixels than a receipt needs (at most {max} megapixels)',
    de: 'Dieses Bild (oder diese PDF-Seite) hat mehr Pixel, als ein Kassenbon braucht (höchstens {max} Megapixel)',
  },
  receipt_pdf_unreadable: { en: 'This PDF cannot be read', de: 'Dieses PDF kann nicht gelesen werden' },
  receipt_pdf_too_many_pages: { en: 'A receipt PDF may have at most {max} pages', de: 'Ein Kassenbon-PDF darf höchstens {max} Seiten haben' },
  receipt_pdf_too_much_text: { en: 'This PDF holds too much text for a receipt', de: 'Dieses PDF enthält zu viel Text für einen Kassenbon' },
  receipt_pdf_too_complex: {
    en: 'This PDF is too large or complex for a receipt (its text unpacks to more than {max} MB, or reading it takes too long)',
    de: 'Dieses PDF ist zu groß oder zu aufwendig für einen Kassenbon (sein Text entpackt sich zu mehr als {max} MB, oder das Lesen dauert zu lange)',
  },
  receipt_no_items: { en: 'No receipt lines were recognised', de: 'Es wurden keine Positionen erkannt' },
  receipt_nothing_to_import: {
    en: 'Nothing to import: no line of this receipt (in the selection) is mapped to a product and not imported yet',
    de: 'Nichts zu übernehmen: keine Position dieses Kassenbons (in der Auswahl) ist einem Produkt zugeordnet und noch nicht übernommen',
  },
  scan_not_found: { en: 'Scan not found', de: 'Scan nicht gefunden' },
  push_subscription_not_found: { en: 'Device not found', de: 'Gerät nicht gefunden' },
  push_endpoint_taken: {
    en: 'This push subscription belongs to another member',
    de: 'Dieses Push-Abonnement gehört einem anderen Mitglied',
  },
  scan_not_changeable: { en: 'This scan is already confirmed or discarded', de: 'Dieser Scan ist bereits bestätigt oder verworfen' },
  scan_already_confirmed: { en: 'This scan was already confirmed', de: 'Dieser Scan wurde bereits bestätigt' },
  scan_discarded: { en: 'This scan was discarded', de: 'Dieser Scan wurde verworfen' },
  confirm_key_used: { en: 'This confirmation key was already used for another scan', de: 'Dieser Bestätigungsschlüssel wurde schon für einen anderen Scan verwendet' },
  receipt_provider_failed: {
    en: 'The receipt provider did not work: {reason}',
    de: 'Der Anbieter für Kassenbons hat nicht funktioniert: {reason}',
  },
  receipt_provider_not_configured: {
    en: 'No receipt provider is configured (a model, and a key unless it is Ollama); receipts are read on this box',
    de: 'Es ist kein Anbieter für Kassenbons eingerichtet (ein Modell und, außer bei Ollama, ein Schlüssel); Kassenbons werden auf diesem Server gelesen',
  },
  grocy_failed: { en: 'Grocy did not work: {reason}', de: 'Grocy hat nicht funktioniert: {reason}' },
  grocy_not_connected: {
    en: 'Grocy is not connected: save its address and an API key in the settings first',
    de: 'Grocy ist nicht verbunden: Hinterlege zuerst Adresse und API-Schlüssel in den Einstellungen',
  },
  grocy_disabled: { en: 'The Grocy connector is switched off in the settings', de: 'Die Grocy-Anbindung ist in den Einstellungen ausgeschaltet' },
  grocy_master_data_not_found: { en: 'Grocy has no {kind} with the id {id}', de: 'Grocy hat keinen Eintrag {kind} mit der ID {id}' },
  upstream_unavailable: { en: 'Open Food Facts could not be asked: {reason}', de: 'Open Food Facts konnte nicht gefragt werden: {reason}' },
} as const satisfies Record<string, Record<Locale, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** A value filled into a message: the same in every language, or worded per language. */
export type MessageParam = string | Record<Locale, string>;

export function errorText(code: ErrorCode, locale: Locale, params: Record<string, MessageParam> = {}): string {
  return ERROR_MESSAGES[code][locale].replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    return value === undefined ? `{${name}}` : typeof value === 'string' ? value : value[locale];
  });
}
