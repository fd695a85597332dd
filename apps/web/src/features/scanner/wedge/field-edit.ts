/**
 * What a key typed into a form control did, and how to take it back or put text in as typing
 * would. The values go in through the element's own `value` setter followed by an `input` event,
 * so React's controlled fields see them as the person's typing.
 */
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Input types that keep a caret: text can be put back where it was typed. */
const TEXT_TYPES = new Set(['text', 'search', 'tel', 'url', 'email', 'password', '']);

export interface FieldState {
  control: Control;
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

function asControl(target: EventTarget | null): Control | null {
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return target;
  return null;
}

type CaretControl = HTMLInputElement | HTMLTextAreaElement;
const caretOf = (control: Control): CaretControl | null =>
  control instanceof HTMLTextAreaElement || (control instanceof HTMLInputElement && TEXT_TYPES.has(control.type)) ? control : null;

/** The control's value and caret before a key's default action; null where a key changes nothing. */
export function fieldState(target: EventTarget | null): FieldState | null {
  const control = asControl(target);
  if (!control || control.disabled || ('readOnly' in control && control.readOnly)) return null;
  const caret = caretOf(control);
  return { control, value: control.value, selectionStart: caret?.selectionStart ?? null, selectionEnd: caret?.selectionEnd ?? null };
}

function setValue(control: Control, value: string): void {
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
  if (control instanceof HTMLSelectElement) control.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Puts the control back as it was (a date field's half-typed part too). */
export function restoreField(state: FieldState): void {
  const { control } = state;
  const caret = caretOf(control);
  if (control.value !== state.value) setValue(control, state.value);
  // A date field keeps a half-typed part out of its value: setting the value clears it.
  else if (control instanceof HTMLInputElement && !caret) control.value = state.value;
  if (caret && state.selectionStart !== null && control.ownerDocument.activeElement === control) {
    caret.setSelectionRange(state.selectionStart, state.selectionEnd ?? state.selectionStart);
  }
}

/**
 * The control as if `text` had been typed into it from `state`: in place of the selection, within
 * `maxLength`. Controls without a caret (number) get it at the end; a date or a list cannot take
 * typed text back, and keeps its value.
 */
export function typeInto(state: FieldState, text: string): void {
  const { control } = state;
  const caret = caretOf(control);
  if (control instanceof HTMLSelectElement) return;
  if (!caret && control.type !== 'number') return;
  const start = state.selectionStart ?? state.value.length;
  const end = state.selectionEnd ?? start;
  const room = control.maxLength >= 0 ? Math.max(0, control.maxLength - (state.value.length - (end - start))) : text.length;
  const inserted = text.slice(0, room);
  setValue(control, state.value.slice(0, start) + inserted + state.value.slice(end));
  if (caret && control.ownerDocument.activeElement === control) caret.setSelectionRange(start + inserted.length, start + inserted.length);
}
