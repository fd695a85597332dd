import { fieldState, restoreField, typeInto, type FieldState } from './field-edit';

/** A wedge scanner types each key within this time of the previous one; a person never does for long. */
export const WEDGE_GAP_MS = 35;
/** The shortest code a burst can be: a shorter one ending in Enter is someone's typing. */
export const MIN_SCAN_LENGTH = 4;
/** A burst that stops without its Enter goes back into the field it was typed in after this long. */
export const SETTLE_AFTER_MS = 100;

/** Pressed alone they type nothing: a scanner sends Shift before a capital letter. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

interface Burst {
  text: string;
  /** The keyboard's own time of the last key (`event.timeStamp`), not when the page got to it. */
  lastStamp: number;
  /** The control the first key went to, as it was before that key. */
  field: FieldState | null;
  /** Whether the burst's text is in that control: the first key's own effect, or put back as typing. */
  shown: boolean;
}

type Listen = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * Tells a keyboard-wedge scanner from a person, wherever the focus is. Listens on the window in
 * the capture phase, before any field, button or dialog sees a key.
 *
 * The first key of a burst cannot be told from a person's: it does what a key does (a digit in
 * the focused field, nothing on a button). When the next key follows within WEDGE_GAP_MS by the
 * keyboard's time stamps it is a burst: that key and the rest are kept from the page and the first
 * key's effect is taken back. A burst of MIN_SCAN_LENGTH or more that ends in Enter or Tab is a
 * scan; its Enter or Tab never reaches a button or a form. A burst that ends otherwise (a fast
 * person's two keys at once, a scanner without a suffix) goes into the field it was typed in, as
 * typed, before the next key acts, or after SETTLE_AFTER_MS of quiet. The state lives here, not in
 * a component, so a re-render, a sheet opening or a focus move halfway through never splits a burst.
 */
export class KeyboardWedge {
  private burst: Burst | null = null;
  /** Keys whose keydown was kept from the page: their keyup is too. */
  private readonly swallowed = new Set<string>();
  private readonly handlers: ((code: string) => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly keyDown = (event: KeyboardEvent) => this.onKeyDown(event);
  private readonly keyUp = (event: KeyboardEvent) => this.onKeyUp(event);

  constructor(private readonly target: Listen) {}

  /**
   * Scans go to the handler attached last (the screen on top) while any is attached. Detaching
   * keeps a burst under way, so a screen mounted in the same moment goes on with it.
   */
  attach(handler: (code: string) => void): () => void {
    this.handlers.push(handler);
    if (this.handlers.length === 1) {
      this.target.addEventListener('keydown', this.keyDown, true);
      this.target.addEventListener('keyup', this.keyUp, true);
    }
    return () => {
      const index = this.handlers.lastIndexOf(handler);
      if (index >= 0) this.handlers.splice(index, 1);
      if (this.handlers.length > 0) return;
      this.target.removeEventListener('keydown', this.keyDown, true);
      this.target.removeEventListener('keyup', this.keyUp, true);
    };
  }

  onKeyDown(event: KeyboardEvent): void {
    if (MODIFIERS.has(event.key)) return;
    const burst = this.burst;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.isComposing && !event.repeat;
    const continues = burst !== null && event.timeStamp - burst.lastStamp < WEDGE_GAP_MS;
    if (plain && event.key.length === 1) {
      if (burst && continues) {
        this.swallow(event);
        this.hide(burst);
        burst.text += event.key;
        burst.lastStamp = event.timeStamp;
        this.settleLater();
        return;
      }
      this.settle();
      this.burst = { text: event.key, lastStamp: event.timeStamp, field: fieldState(event.target), shown: true };
      return;
    }
    if (plain && burst && continues && (event.key === 'Enter' || event.key === 'Tab') && burst.text.length >= MIN_SCAN_LENGTH) {
      this.swallow(event);
      this.hide(burst);
      this.clearTimer();
      this.burst = null;
      this.handlers.at(-1)?.(burst.text);
      return;
    }
    // Any other key ends a burst: its text goes where it was typed before this key acts.
    this.settle();
  }

  onKeyUp(event: KeyboardEvent): void {
    if (!this.swallowed.delete(event.code || event.key)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  private swallow(event: KeyboardEvent): void {
    event.preventDefault();
    event.stopImmediatePropagation();
    this.swallowed.add(event.code || event.key);
  }

  private hide(burst: Burst): void {
    if (!burst.shown) return;
    if (burst.field) restoreField(burst.field);
    burst.shown = false;
  }

  private show(burst: Burst): void {
    if (burst.shown) return;
    if (burst.field) typeInto(burst.field, burst.text);
    burst.shown = true;
  }

  /** The burst was typing after all: its text goes into its field and the next key starts afresh. */
  private settle(): void {
    this.clearTimer();
    if (this.burst) this.show(this.burst);
    this.burst = null;
  }

  /**
   * Quiet for a while: the text shows in its field, but the burst stays open. Should its next key
   * still come within the gap by its time stamp (the page was busy, not the scanner), it takes
   * the text back and goes on.
   */
  private settleLater(): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.burst) this.show(this.burst);
    }, SETTLE_AFTER_MS);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
