import { useRef, type KeyboardEvent } from 'react';

/** Arrow keys move within a radio group, wrapping around; Home and End jump to the ends. */
function targetIndex(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * The ARIA radio group pattern for a row of buttons: one tab stop (the checked option, or the
 * first when none is), and arrow keys that select and focus the next option, like native radios.
 */
export function useRovingRadio<T>(values: readonly T[], selected: T, onSelect: (value: T) => void) {
  const elements = useRef<(HTMLElement | null)[]>([]);
  const tabStop = Math.max(0, values.indexOf(selected));

  return (index: number) => ({
    ref: (element: HTMLElement | null) => {
      elements.current[index] = element;
    },
    role: 'radio' as const,
    'aria-checked': values[index] === selected,
    tabIndex: index === tabStop ? 0 : -1,
    onClick: () => onSelect(values[index]),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const next = targetIndex(event.key, index, values.length);
      if (next === undefined) return;
      event.preventDefault();
      onSelect(values[next]);
      elements.current[next]?.focus();
    },
  });
}
