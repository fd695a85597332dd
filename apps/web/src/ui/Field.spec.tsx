// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { Field } from './Field';
import { Input } from './Input';
import { get, render } from './render-for-test';
import { Select } from './Select';

const describedBy = (control: Element) => (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
const textOf = (ids: string[]) => ids.map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('labels its control', () => {
    const page = render(
      <Field label="Name">
        <Input name="name" />
      </Field>,
    );
    const input = get<HTMLInputElement>(page, 'input');
    expect(input.id).not.toBe('');
    expect(get(page, 'label').getAttribute('for')).toBe(input.id);
    expect(input.labels?.[0]?.textContent).toBe('Name');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('describes the control by its error first, then its hint, keeping its own description', () => {
    const page = render(
      <>
        <p id="own">Shared note</p>
        <Field label="Barcode" hint="8 or 13 digits" error="That is not a barcode">
          <Input id="barcode" aria-describedby="own" />
        </Field>
      </>,
    );
    const input = get(page, 'input');
    expect(input.id).toBe('barcode');
    expect(get(page, 'label').getAttribute('for')).toBe('barcode');
    expect(textOf(describedBy(input))).toEqual(['That is not a barcode', '8 or 13 digits', 'Shared note']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('wires a select the same way, and hands the props to a render function', () => {
    const page = render(
      <>
        <Field label="Unit" hint="How you count it">
          <Select>
            <option>piece</option>
          </Select>
        </Field>
        <Field label="Note" error="Too long">
          {(control) => <textarea {...control} />}
        </Field>
      </>,
    );
    const select = get<HTMLSelectElement>(page, 'select');
    expect(select.labels?.[0]?.textContent).toBe('Unit');
    expect(textOf(describedBy(select))).toEqual(['How you count it']);
    const textarea = get<HTMLTextAreaElement>(page, 'textarea');
    expect(textarea.labels?.[0]?.textContent).toBe('Note');
    expect(textOf(describedBy(textarea))).toEqual(['Too long']);
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
  });
});
