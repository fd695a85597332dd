// @vitest-environment jsdom
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ModeTiles } from './ModeTiles';
import { click, get, press, render } from './render-for-test';
import { SegmentedControl } from './SegmentedControl';

type Theme = 'system' | 'light' | 'dark';

function ThemeChooser({ initial = 'system' }: { initial?: Theme }) {
  const [value, setValue] = useState<Theme>(initial);
  return (
    <SegmentedControl
      label="Theme"
      value={value}
      onChange={setValue}
      options={[
        { value: 'system', label: 'System' },
        { value: 'light', label: 'Light' },
        { value: 'dark', label: 'Dark' },
      ]}
    />
  );
}

const radios = (page: HTMLElement) => [...page.querySelectorAll<HTMLElement>('[role="radio"]')];
const checked = (page: HTMLElement) => radios(page).find((radio) => radio.getAttribute('aria-checked') === 'true')?.textContent;
const tabStops = (page: HTMLElement) => radios(page).filter((radio) => radio.tabIndex === 0).map((radio) => radio.textContent);

describe('SegmentedControl', () => {
  it('is a labelled radio group with one tab stop, on the selected option', () => {
    const page = render(<ThemeChooser initial="light" />);
    expect(get(page, '[role="radiogroup"]').getAttribute('aria-label')).toBe('Theme');
    expect(checked(page)).toBe('Light');
    expect(tabStops(page)).toEqual(['Light']);
  });

  it('moves selection and focus with the arrow keys, wrapping at the ends', () => {
    const page = render(<ThemeChooser />);
    act(() => radios(page)[0].focus());

    press(document.activeElement as Element, 'ArrowRight');
    expect(checked(page)).toBe('Light');
    expect(document.activeElement?.textContent).toBe('Light');
    expect(tabStops(page)).toEqual(['Light']);

    press(document.activeElement as Element, 'ArrowDown');
    press(document.activeElement as Element, 'ArrowRight');
    expect(checked(page)).toBe('System');
    expect(document.activeElement?.textContent).toBe('System');

    press(document.activeElement as Element, 'ArrowLeft');
    expect(checked(page)).toBe('Dark');
    expect(document.activeElement?.textContent).toBe('Dark');

    press(document.activeElement as Element, 'Home');
    expect(document.activeElement?.textContent).toBe('System');
    press(document.activeElement as Element, 'End');
    expect(checked(page)).toBe('Dark');
  });

  it('selects on a tap', () => {
    const page = render(<ThemeChooser />);
    click(radios(page)[2]);
    expect(checked(page)).toBe('Dark');
  });
});

describe('ModeTiles', () => {
  function ModeChooser() {
    const [mode, setMode] = useState<'add' | 'consume'>('add');
    return (
      <ModeTiles
        label="Scan mode"
        value={mode}
        onChange={setMode}
        options={[
          { value: 'add', title: 'Add', description: 'Each scan adds one to stock.', icon: Plus },
          { value: 'consume', title: 'Use up', description: 'Each scan takes one out.', icon: Minus },
        ]}
      />
    );
  }

  it('describes only the selected tile, and follows the arrow keys', () => {
    const page = render(<ModeChooser />);
    const description = get(page, '.ui-mode-tiles-description');
    expect(description.textContent).toBe('Each scan adds one to stock.');
    expect(radios(page).map((radio) => radio.getAttribute('aria-describedby'))).toEqual([description.id, null]);

    act(() => radios(page)[0].focus());
    press(radios(page)[0], 'ArrowRight');
    expect(checked(page)).toBe('Use up');
    expect(document.activeElement).toBe(radios(page)[1]);
    expect(description.textContent).toBe('Each scan takes one out.');
    expect(radios(page)[1].getAttribute('aria-describedby')).toBe(description.id);
  });
});
