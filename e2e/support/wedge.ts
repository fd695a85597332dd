import type { CDPSession, Page } from 'playwright-core';

/** How fast keys follow each other: a wedge scanner's few milliseconds, or a person's. */
export const WEDGE_GAP_MS = 4;
export const PERSON_GAP_MS = 180;

const KEYS: Record<string, { code: string; keyCode: number; text?: string }> = {
  Enter: { code: 'Enter', keyCode: 13, text: '\r' },
  Tab: { code: 'Tab', keyCode: 9 },
};

function keyOf(key: string): { code: string; keyCode: number; text?: string } {
  if (KEYS[key]) return KEYS[key];
  if (/^\d$/.test(key)) return { code: `Digit${key}`, keyCode: key.charCodeAt(0), text: key };
  if (/^[a-z]$/i.test(key)) return { code: `Key${key.toUpperCase()}`, keyCode: key.toUpperCase().charCodeAt(0), text: key };
  return { code: '', keyCode: key.charCodeAt(0), text: key };
}

/**
 * Types like a keyboard: real key events (trusted, with their default actions: text in a field,
 * Enter on a button) through the DevTools protocol, each stamped with the time a keyboard would
 * give it. The page judges speed by those stamps, as it judges a real scanner's by the hardware's,
 * so a busy test machine that delivers the events late does not turn a scanner into a person.
 * All events of one call are sent at once, in order; the call returns when the page has them.
 */
export class Keyboard {
  private clock = 0;
  private readonly cdp: CDPSession;

  // Plain fields, no parameter properties: the benchmarks load this file with Node's type stripping.
  private constructor(cdp: CDPSession) {
    this.cdp = cdp;
  }

  static async of(page: Page): Promise<Keyboard> {
    return new Keyboard(await page.context().newCDPSession(page));
  }

  /**
   * `keys` one after another, `gapMs` apart by their stamps, `pauseMs` after the last key of the
   * call before (or, with `pauseMs` null, going on with it as if no time had passed: the rest of a
   * scanner's burst that the page gets late).
   */
  async type(keys: string[], gapMs: number, pauseMs: number | null = 1000): Promise<void> {
    // Stamps only ever move forward; a new run of keys never starts behind the machine's clock.
    let at = pauseMs === null ? this.clock : Math.max(Date.now(), this.clock - gapMs + pauseMs);
    const sent: Promise<unknown>[] = [];
    for (const key of keys) {
      const { code, keyCode, text } = keyOf(key);
      const common = { key, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
      sent.push(this.cdp.send('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', ...common, ...(text ? { text, unmodifiedText: text } : {}), timestamp: at / 1000 }));
      sent.push(this.cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common, timestamp: (at + 1) / 1000 }));
      at += gapMs;
    }
    this.clock = at;
    await Promise.all(sent);
  }

  /** A scanner reading `code`: its digits a few milliseconds apart, then its suffix key. */
  scan(code: string, suffix: 'Enter' | 'Tab' = 'Enter'): Promise<void> {
    return this.type([...code, suffix], WEDGE_GAP_MS);
  }

  /** The first `count` keys of a scanner's burst; `finishScan` sends the rest. */
  startScan(code: string, count: number): Promise<void> {
    return this.type([...code.slice(0, count)], WEDGE_GAP_MS);
  }

  finishScan(code: string, from: number, suffix: 'Enter' | 'Tab' = 'Enter'): Promise<void> {
    return this.type([...code.slice(from), suffix], WEDGE_GAP_MS, null);
  }

  /** A person typing `text` (and pressing Enter when asked). */
  typeAsPerson(text: string, enter = false): Promise<void> {
    return this.type([...text, ...(enter ? ['Enter'] : [])], PERSON_GAP_MS, PERSON_GAP_MS);
  }
}
