// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyboardWedge, SETTLE_AFTER_MS } from './keyboard-wedge';

/**
 * Key events as a keyboard sends them: stamped with the keyboard's time, and (unless the wedge
 * keeps them from the page) doing what a key does: a character into the focused field, Enter
 * noted as reaching the page.
 */
function keyboard(target: () => Element) {
  const reached: string[] = [];
  const press = (key: string, at: number) => {
    const element = target();
    const event = new KeyboardEvent('keydown', { key, code: key.length === 1 ? `Key${key}` : key, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'timeStamp', { value: at });
    element.dispatchEvent(event);
    if (event.defaultPrevented) return;
    reached.push(key);
    if (key.length === 1 && element instanceof HTMLInputElement) {
      element.value += key;
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const up = new KeyboardEvent('keyup', { key, code: event.code, bubbles: true, cancelable: true });
    element.dispatchEvent(up);
  };
  /** Keys `gap` ms apart from `start`. */
  const type = (keys: string[], start: number, gap: number) => keys.forEach((key, index) => press(key, start + index * gap));
  return { press, type, reached };
}

describe('KeyboardWedge', () => {
  let wedge: KeyboardWedge;
  let detach: () => void;
  let scans: string[];
  let field: HTMLInputElement;
  let button: HTMLButtonElement;
  let focused: Element;

  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<input name="code" maxlength="40"><button type="button">Close</button>';
    field = document.querySelector('input')!;
    button = document.querySelector('button')!;
    focused = field;
    scans = [];
    wedge = new KeyboardWedge(window);
    detach = wedge.attach((code) => scans.push(code));
  });
  afterEach(() => {
    detach();
    vi.useRealTimers();
  });

  it('takes a burst ending in Enter as a scan and leaves nothing in the focused field', () => {
    const keys = keyboard(() => focused);
    field.value = '12';
    keys.type([...'4008400402222', 'Enter'], 1000, 5);
    expect(scans).toEqual(['4008400402222']);
    expect(field.value).toBe('12');
    // Only the first key reached the page (and was taken back); Enter never did.
    expect(keys.reached).toEqual(['4']);
  });

  it('keeps a burst from a focused button, Tab as the suffix too', () => {
    focused = button;
    const keys = keyboard(() => focused);
    keys.type([...'96385074', 'Tab'], 1000, 3);
    expect(scans).toEqual(['96385074']);
    expect(keys.reached).toEqual(['9']);
  });

  it('lets a person type and press Enter in the field', () => {
    const keys = keyboard(() => focused);
    keys.type([...'4008400402222', 'Enter'], 1000, 120);
    expect(scans).toEqual([]);
    expect(field.value).toBe('4008400402222');
    expect(keys.reached.at(-1)).toBe('Enter');
  });

  it('puts two keys a fast person pressed at once back in order, before the next key acts', () => {
    const keys = keyboard(() => focused);
    keys.press('1', 1000);
    keys.press('2', 1010);
    expect(field.value).toBe('');
    keys.press('3', 1200);
    expect(field.value).toBe('123');
    keys.press('Enter', 1400);
    expect(keys.reached.at(-1)).toBe('Enter');
    expect(scans).toEqual([]);
  });

  it('shows a burst without a suffix in its field after a quiet moment', () => {
    const keys = keyboard(() => focused);
    keys.type([...'4711'], 1000, 5);
    expect(field.value).toBe('');
    vi.advanceTimersByTime(SETTLE_AFTER_MS);
    expect(field.value).toBe('4711');
    expect(scans).toEqual([]);
  });

  it('goes on with a burst whose keys came late to a busy page, by their time stamps', () => {
    const keys = keyboard(() => focused);
    keys.type([...'400840'], 1000, 5);
    vi.advanceTimersByTime(SETTLE_AFTER_MS * 3);
    // Meanwhile a sheet opened and took the focus.
    focused = button;
    keys.type([...'0402222', 'Enter'], 1030, 5);
    expect(scans).toEqual(['4008400402222']);
    expect(field.value).toBe('');
  });

  it('is not split by a screen that detaches and a new one that attaches mid-burst', () => {
    const keys = keyboard(() => focused);
    keys.type([...'40084'], 1000, 5);
    detach();
    const next: string[] = [];
    detach = wedge.attach((code) => next.push(code));
    keys.type([...'00402222', 'Enter'], 1025, 5);
    expect(next).toEqual(['4008400402222']);
    expect(scans).toEqual([]);
  });

  it('treats a short burst with Enter as typing', () => {
    const keys = keyboard(() => focused);
    keys.type(['1', '2', 'Enter'], 1000, 5);
    expect(scans).toEqual([]);
    expect(field.value).toBe('12');
    expect(keys.reached.at(-1)).toBe('Enter');
  });

  it('ignores Shift inside a burst and keeps capitals', () => {
    const keys = keyboard(() => focused);
    keys.type(['H', 'Shift', 'I', 'N', 'V', '-', '7', 'Enter'], 1000, 4);
    expect(scans).toEqual(['HINV-7']);
  });
});
