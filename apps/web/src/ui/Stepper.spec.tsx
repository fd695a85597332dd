// @vitest-environment jsdom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { button, click, get, press, render } from './render-for-test';
import { decimalsOf, parseTyped, stepValue } from './step-value';
import { Stepper, type StepperProps } from './Stepper';

type HarnessProps = Partial<Omit<StepperProps, 'value' | 'onChange'>> & { initial: number; changes?: number[] };

/** A controlled Stepper, as a screen would use it; records every value passed to onChange. */
function Harness({ initial, changes = [], ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <Stepper
      label="Amount"
      decreaseLabel="Decrease"
      increaseLabel="Increase"
      {...props}
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

const spinbutton = (page: HTMLElement) => get(page, '[role="spinbutton"]');

describe('Stepper', () => {
  it('exposes a labelled spinbutton with its value and bounds', () => {
    const page = render(<Harness initial={2} min={1} max={5} />);
    const display = spinbutton(page);
    expect(display.getAttribute('aria-label')).toBe('Amount');
    expect(display.getAttribute('aria-valuenow')).toBe('2');
    expect(display.getAttribute('aria-valuemin')).toBe('1');
    expect(display.getAttribute('aria-valuemax')).toBe('5');
    expect(display.tabIndex).toBe(0);
  });

  it('stops at the bounds and marks the button that cannot go further', () => {
    const changes: number[] = [];
    const page = render(<Harness initial={1} min={0} max={2} changes={changes} />);
    click(button(page, 'Increase'));
    expect(spinbutton(page).getAttribute('aria-valuenow')).toBe('2');
    expect(button(page, 'Increase').getAttribute('aria-disabled')).toBe('true');
    click(button(page, 'Increase'));
    expect(changes).toEqual([2]);

    click(button(page, 'Decrease'));
    click(button(page, 'Decrease'));
    expect(spinbutton(page).getAttribute('aria-valuenow')).toBe('0');
    expect(button(page, 'Decrease').getAttribute('aria-disabled')).toBe('true');
    expect(button(page, 'Increase').getAttribute('aria-disabled')).toBe('false');
    click(button(page, 'Decrease'));
    expect(changes).toEqual([2, 1, 0]);
  });

  it('steps from the last value asked while its owner has not shown it yet: two quick presses count twice', () => {
    const changes: number[] = [];
    let show: (value: number) => void = () => undefined;
    /** An owner that shows a change only later (it saves it first), as the shopping list does. */
    function Late() {
      const [value, setValue] = useState(1);
      show = setValue;
      return <Stepper label="Amount" decreaseLabel="Decrease" increaseLabel="Increase" value={value} onChange={(next) => changes.push(next)} />;
    }
    const page = render(<Late />);
    click(button(page, 'Increase'));
    click(button(page, 'Increase'));
    expect(changes).toEqual([2, 3]);
    // The owner shows the first change: the second is still on its way.
    act(() => show(2));
    click(button(page, 'Increase'));
    expect(changes).toEqual([2, 3, 4]);
    act(() => show(4));
    // Changed from elsewhere (another device): the value shown counts again.
    act(() => show(10));
    click(button(page, 'Decrease'));
    expect(changes).toEqual([2, 3, 4, 9]);
  });

  it('follows the spinbutton keys: arrows, page keys by ten steps, Home and End', () => {
    const page = render(<Harness initial={5} min={0} max={20} />);
    const value = () => spinbutton(page).getAttribute('aria-valuenow');
    press(spinbutton(page), 'ArrowUp');
    expect(value()).toBe('6');
    press(spinbutton(page), 'ArrowDown');
    press(spinbutton(page), 'ArrowDown');
    expect(value()).toBe('4');
    press(spinbutton(page), 'PageUp');
    expect(value()).toBe('14');
    press(spinbutton(page), 'PageUp');
    expect(value()).toBe('20');
    press(spinbutton(page), 'Home');
    expect(value()).toBe('0');
    press(spinbutton(page), 'End');
    expect(value()).toBe('20');
  });

  it('adds decimal steps without floating-point noise', () => {
    const changes: number[] = [];
    const page = render(<Harness initial={0} step={0.1} max={1} changes={changes} />);
    for (let i = 0; i < 3; i++) click(button(page, 'Increase'));
    expect(changes).toEqual([0.1, 0.2, 0.3]);
    expect(spinbutton(page).getAttribute('aria-valuenow')).toBe('0.3');
    expect(spinbutton(page).textContent).toBe('0.3');
  });

  it('shows the value through format, for sight and for screen readers', () => {
    const page = render(<Harness initial={0.5} step={0.25} format={(v) => `${v} kg`} />);
    press(spinbutton(page), 'ArrowUp');
    expect(spinbutton(page).textContent).toBe('0.75 kg');
    expect(spinbutton(page).getAttribute('aria-valuetext')).toBe('0.75 kg');
  });
});

describe('stepValue', () => {
  it('rounds to the decimals of the step and the value', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(stepValue(0.1, 2, { step: 0.1, min: 0, max: 10 })).toBe(0.3);
    expect(stepValue(1.05, 1, { step: 0.1, min: 0, max: 10 })).toBe(1.15);
    expect(stepValue(0.3, -3, { step: 0.1, min: 0, max: 10 })).toBe(0);
    expect(stepValue(9.9, 5, { step: 0.1, min: 0, max: 10 })).toBe(10);
  });

  it('counts decimals as written, including exponent notation', () => {
    expect([decimalsOf(3), decimalsOf(0.25), decimalsOf(1e-7), decimalsOf(1.5e-7), decimalsOf(2e21)]).toEqual([0, 2, 7, 8, 0]);
  });

  it('takes a typed amount when editable, and marks one it cannot use instead of replacing it', async () => {
    const changes: number[] = [];
    const validity: boolean[] = [];
    const page = render(<Harness initial={1} min={1} typedMin={0.001} max={100} editable changes={changes} onTypedValidity={(valid) => validity.push(valid)} />);
    const field = spinbutton(page) as HTMLInputElement;
    const type = (text: string) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    };
    await act(async () => {
      field.focus();
      type('0,5');
    });
    expect(changes).toEqual([0.5]);
    expect(field.getAttribute('aria-valuemin')).toBe('0.001');
    // Out of range or not a number: nothing changes, the text stays and is marked.
    for (const text of ['250', 'lots', '0']) {
      await act(async () => type(text));
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    await act(async () => field.blur());
    expect(field.value).toBe('0');
    expect(changes).toEqual([0.5]);
    expect(validity).toEqual([true, false, false, false]);
    // Below the buttons' minimum, a step down never raises the amount.
    await act(async () => {
      field.focus();
      type('0.5');
    });
    await act(async () => field.blur());
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await act(async () => press(field, 'ArrowDown'));
    await act(async () => press(field, 'Home'));
    expect(changes).toEqual([0.5]);
    await act(async () => press(field, 'ArrowUp'));
    expect(changes).toEqual([0.5, 1.5]);
  });

  it('reads typed numbers the way people write them', () => {
    expect(parseTyped('1,5')).toBe(1.5);
    expect(parseTyped(' 2.25 ')).toBe(2.25);
    expect(parseTyped('1.234,5')).toBe(1234.5);
    expect(parseTyped('1,234.5')).toBe(1234.5);
    expect(parseTyped('-3')).toBeNull();
    expect(parseTyped('')).toBeNull();
    expect(parseTyped('1e3')).toBeNull();
  });
});
