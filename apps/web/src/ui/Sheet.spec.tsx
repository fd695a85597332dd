// @vitest-environment jsdom
import { act, useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { button, click, get, render } from './render-for-test';
import { Sheet } from './Sheet';

/*
 * jsdom has <dialog> but not showModal() or close(). These stand-ins do the part the Sheet relies
 * on: the open state, and the close event the platform fires.
 */
const showModal = vi.fn(function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
});
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = showModal;
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

function Screen() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title="Edit milk" closeLabel="Close">
        <input aria-label="Name" />
      </Sheet>
    </>
  );
}

/** Opens the sheet the way a person does: focus on the Edit button, then press it. */
function openSheet(): { page: HTMLElement; dialog: HTMLDialogElement; opener: HTMLButtonElement } {
  const page = render(<Screen />);
  const opener = button(page, 'Edit');
  act(() => opener.focus());
  click(opener);
  const dialog = get<HTMLDialogElement>(page, 'dialog');
  // What showModal() does in a browser: focus moves into the dialog.
  act(() => button(dialog, 'Close').focus());
  return { page, dialog, opener };
}

describe('Sheet', () => {
  it('opens as a modal dialog labelled by its title', () => {
    showModal.mockClear();
    const { dialog } = openSheet();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Edit milk');
  });

  it('closes on Escape and gives focus back to the button that opened it', () => {
    const { dialog, opener } = openSheet();
    act(() => {
      // The platform's Escape handling: a cancelable cancel event on the dialog.
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its close button and gives focus back', () => {
    const { dialog, opener } = openSheet();
    click(button(dialog, 'Close'));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a tap on the backdrop, not on a tap inside or a drag out of it', () => {
    const { dialog } = openSheet();
    const tap = (down: Element, up: Element) =>
      act(() => {
        down.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
        up.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      });
    const input = get(dialog, 'input');
    tap(input, input);
    expect(dialog.open).toBe(true);
    // Selecting text and releasing over the backdrop: the click lands on the dialog itself.
    tap(input, dialog);
    expect(dialog.open).toBe(true);
    tap(dialog, dialog);
    expect(dialog.open).toBe(false);
  });
});
