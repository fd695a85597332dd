// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, render } from './render-for-test';
import { ToastProvider, useToast, type ToastOptions } from './Toast';

/** A screen that shows `toast` when its button is pressed. */
function Screen({ toast }: { toast: ToastOptions }) {
  const { show } = useToast();
  return (
    <button type="button" onClick={() => show(toast)}>
      Go
    </button>
  );
}

function renderWith(toast: ToastOptions): HTMLElement {
  const page = render(
    <ToastProvider dismissLabel="Dismiss">
      <Screen toast={toast} />
    </ToastProvider>,
  );
  click(button(page, 'Go'));
  return page;
}

const message = (page: HTMLElement) => page.querySelector('.ui-toast-message')?.textContent ?? null;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announces politely, and leaves after five seconds', () => {
    const page = renderWith({ message: 'Milk added' });
    expect(page.querySelector('.ui-toast')?.closest('[role]')?.getAttribute('role')).toBe('status');
    wait(4999);
    expect(message(page)).toBe('Milk added');
    wait(1);
    expect(message(page)).toBeNull();
  });

  it('runs the action once and goes away when Undo is pressed', () => {
    const onAction = vi.fn();
    const page = renderWith({ message: 'Milk used up', action: { label: 'Undo', onAction } });
    click(button(page, 'Undo'));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(message(page)).toBeNull();
  });

  it('waits while focus is inside, then takes the time that was left', () => {
    const onAction = vi.fn();
    const page = renderWith({ message: 'Milk used up', action: { label: 'Undo', onAction } });
    wait(3000);
    act(() => button(page, 'Undo').focus());
    wait(60_000);
    expect(message(page)).toBe('Milk used up');
    act(() => button(page, 'Undo').blur());
    wait(1999);
    expect(message(page)).toBe('Milk used up');
    wait(1);
    expect(message(page)).toBeNull();
    expect(onAction).not.toHaveBeenCalled();
  });

  it('waits while the pointer rests on it', () => {
    const page = renderWith({ message: 'Saved' });
    const toast = page.querySelector('.ui-toast') as HTMLElement;
    // React derives pointerenter/leave from pointerover/out, as browsers send them.
    act(() => {
      toast.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
    });
    wait(10_000);
    expect(message(page)).toBe('Saved');
    act(() => {
      toast.dispatchEvent(new MouseEvent('pointerout', { bubbles: true, relatedTarget: document.body }));
    });
    wait(5000);
    expect(message(page)).toBeNull();
  });

  it('interrupts for errors, and can be dismissed by hand', () => {
    const page = renderWith({ message: 'Could not save', variant: 'error' });
    expect(page.querySelector('.ui-toast')?.closest('[role]')?.getAttribute('role')).toBe('alert');
    click(button(page, 'Dismiss'));
    expect(message(page)).toBeNull();
  });
});
