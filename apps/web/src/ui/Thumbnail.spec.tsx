// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { get, render } from './render-for-test';
import { Thumbnail } from './Thumbnail';
import { hueOf, initialsOf, PLACEHOLDER_HUES } from './thumbnail-placeholder';

describe('thumbnail placeholder', () => {
  it('takes up to two initials from the words that have letters or digits', () => {
    expect(initialsOf('Oat milk')).toBe('OM');
    expect(initialsOf('bananas')).toBe('B');
    expect(initialsOf('  Bio Vollmilch 3,5 %  ')).toBe('BV');
    expect(initialsOf('(organic) eggs')).toBe('OE');
    expect(initialsOf('äpfel')).toBe('Ä');
    expect(initialsOf('')).toBe('');
  });

  it('gives a name the same colour every time, whatever its case or spacing', () => {
    expect(hueOf('Oat milk')).toBe(hueOf('Oat milk'));
    expect(hueOf(' oat MILK ')).toBe(hueOf('Oat milk'));
  });

  it('spreads names over the hues', () => {
    const names = ['Oat milk', 'Bananas', 'Coffee', 'Rice', 'Pasta', 'Tomatoes', 'Flour', 'Sugar', 'Eggs', 'Butter', 'Salt', 'Tea'];
    const hues = new Set(names.map(hueOf));
    for (const hue of hues) expect(hue).toBeGreaterThanOrEqual(1);
    for (const hue of hues) expect(hue).toBeLessThanOrEqual(PLACEHOLDER_HUES);
    expect(hues.size).toBeGreaterThanOrEqual(5);
  });
});

describe('Thumbnail', () => {
  it('shows initials on the name colour, at a fixed size, silent next to the written name', () => {
    const page = render(
      <>
        <Thumbnail name="Oat milk" />
        <Thumbnail name="Oat milk" size="lg" />
      </>,
    );
    const [first, second] = page.querySelectorAll('.ui-thumb');
    expect(first.textContent).toBe('OM');
    expect(first.getAttribute('data-hue')).toBe(String(hueOf('Oat milk')));
    expect(second.getAttribute('data-hue')).toBe(first.getAttribute('data-hue'));
    expect(first.classList.contains('ui-thumb--md')).toBe(true);
    expect(first.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the photo with its size reserved, and falls back to initials when it fails to load', () => {
    const page = render(<Thumbnail name="Coffee" src="/photos/coffee.jpg" alt="Coffee beans" />);
    const image = get<HTMLImageElement>(page, 'img');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['48', '48']);
    expect(get(page, '.ui-thumb').getAttribute('aria-label')).toBe('Coffee beans');
    act(() => {
      image.dispatchEvent(new Event('error'));
    });
    expect(page.querySelector('img')).toBeNull();
    expect(get(page, '.ui-thumb').textContent).toBe('C');
  });
});
