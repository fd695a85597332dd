import type { LucideIcon } from 'lucide-react';
import { cx } from './class-names';
import { useRovingRadio } from './roving-radio';
import './SegmentedControl.css';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  icon?: LucideIcon;
}

export interface SegmentedControlProps<T extends string> {
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Names the group for screen readers, e.g. "Theme". */
  label: string;
  fullWidth?: boolean;
  className?: string;
}

/** Two to four short, mutually exclusive choices side by side (a radio group underneath). */
export function SegmentedControl<T extends string>({ options, value, onChange, label, fullWidth = false, className }: SegmentedControlProps<T>) {
  const radio = useRovingRadio(
    options.map((option) => option.value),
    value,
    onChange,
  );
  return (
    <div role="radiogroup" aria-label={label} className={cx('ui-segmented', fullWidth && 'ui-segmented--full', className)}>
      {options.map(({ value: optionValue, label: optionLabel, icon: Icon }, index) => (
        <button key={optionValue} type="button" className="ui-segmented-option" {...radio(index)}>
          {Icon && <Icon className="ui-segmented-icon" aria-hidden="true" />}
          {optionLabel}
        </button>
      ))}
    </div>
  );
}
