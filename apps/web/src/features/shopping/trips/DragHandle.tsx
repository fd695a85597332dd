import GripVertical from 'lucide-react/icons/grip-vertical';
import type { KeyboardEvent, PointerEvent } from 'react';

interface DragHandleProps {
  /** Accessible name, e.g. "Move Milk". */
  label: string;
  /** The id of the text that says how to move (drag or arrow keys). */
  describedBy: string;
  /** Identifies the handle, so focus can return to it after the list re-orders. */
  handleKey: string;
  /** The CSS selector of the element holding every entry that can trade places. */
  scope: string;
  /** The CSS selector of the things that move (rows or sections) inside `scope`. */
  items: string;
  /** Moves the entry from its index to the index among the others (keyboard: one step). */
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
}

/**
 * The grip at the start of a row or a group heading: drag it with a finger or a mouse, or focus it
 * and press the arrow keys. While dragging, the entry follows the pointer; where it is let go,
 * counted against the middles of the other entries, is its new place.
 */
export function DragHandle({ label, describedBy, handleKey, scope: scopeSelector, items, onMove, disabled }: DragHandleProps) {
  const entries = (handle: HTMLElement) => {
    const scope = handle.closest(scopeSelector);
    const item = handle.closest<HTMLElement>(items);
    const all = scope ? [...scope.querySelectorAll<HTMLElement>(items)] : [];
    return { item, all, index: item ? all.indexOf(item) : -1 };
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const { all, index } = entries(event.currentTarget);
    const to = index + step;
    if (index < 0 || to < 0 || to > all.length - 1) return;
    onMove(index, to);
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    const handle = event.currentTarget;
    const { item, all, index } = entries(handle);
    if (!item || index < 0) return;
    event.preventDefault();
    handle.setPointerCapture(event.pointerId);
    const middles = all.map((entry) => {
      const rect = entry.getBoundingClientRect();
      return rect.top + rect.height / 2;
    });
    const startY = event.clientY;
    let offset = 0;
    item.classList.add('reorder-dragging');
    const move = (moved: globalThis.PointerEvent) => {
      offset = moved.clientY - startY;
      item.style.transform = `translateY(${offset}px)`;
    };
    const finish = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', finish);
      handle.removeEventListener('pointercancel', finish);
      item.classList.remove('reorder-dragging');
      item.style.transform = '';
      const at = middles[index] + offset;
      const to = middles.filter((middle, other) => other !== index && middle < at).length;
      if (to !== index) onMove(index, to);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', finish);
    handle.addEventListener('pointercancel', finish);
  };

  return (
    <button
      type="button"
      className="reorder-handle"
      aria-label={label}
      title={label}
      aria-describedby={describedBy}
      data-handle-key={handleKey}
      disabled={disabled}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
    >
      <GripVertical aria-hidden="true" />
    </button>
  );
}
