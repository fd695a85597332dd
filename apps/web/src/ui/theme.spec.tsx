// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { button, click, render } from './render-for-test';
import { applyStoredTheme, readThemePreference, THEME_STORAGE_KEY, useTheme, type ThemePreference } from './theme';

function ThemeButtons() {
  const [preference, setPreference] = useTheme();
  return (
    <p>
      <output>{preference}</output>
      {(['system', 'light', 'dark'] as ThemePreference[]).map((option) => (
        <button key={option} type="button" onClick={() => setPreference(option)}>
          {option}
        </button>
      ))}
    </p>
  );
}

const meta = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

beforeEach(() => {
  // Stands in for tokens.css: the chrome colour of each theme.
  document.head.innerHTML = `<meta name="theme-color" content="#0f766e" />
    <style>:root { --color-chrome: #f7f9f8 } :root[data-theme='dark'] { --color-chrome: #101211 }</style>`;
});

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('theme preference', () => {
  it('is "system" unless light or dark was stored', () => {
    expect(readThemePreference()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readThemePreference()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(readThemePreference()).toBe('dark');
  });

  it('is applied at startup from storage, with the toolbar colour of that theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(applyStoredTheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(meta()).toBe('#101211');
  });

  it('is stored, applied and shown by every useTheme() when one of them changes it', () => {
    const page = render(
      <>
        <ThemeButtons />
        <ThemeButtons />
      </>,
    );
    click(button(page, 'dark'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect([...page.querySelectorAll('output')].map((o) => o.textContent)).toEqual(['dark', 'dark']);
    expect(meta()).toBe('#101211');

    click(button(page, 'system'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('system');
    expect(meta()).toBe('#f7f9f8');
  });

  it('follows a change made in another tab', () => {
    const page = render(<ThemeButtons />);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'light' }));
    });
    expect(page.querySelector('output')?.textContent).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
