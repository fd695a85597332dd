import { useEffect, useRef } from 'react';
import { KeyboardWedge } from './keyboard-wedge';

/** One capture for the page: a burst started under one screen ends under the next. */
let shared: KeyboardWedge | null = null;

/**
 * Hands every code a keyboard-wedge scanner types to `onScan`, wherever the focus is, while the
 * calling component is mounted. The latest `onScan` is used, so re-renders change nothing.
 */
export function useKeyboardWedge(onScan: (code: string) => void): void {
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });
  useEffect(() => {
    shared ??= new KeyboardWedge(window);
    return shared.attach((code) => latest.current(code));
  }, []);
}
