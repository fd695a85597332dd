import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { cx } from './class-names';
import { useRovingRadio } from './roving-radio';
import './ModeTiles.css';

export interface ModeTile<T extends string> {
  value: T;
  title: string;
  /** One line saying what the mode does; shown under the tiles while it is selected. */
  description: string;
  icon: LucideIcon;
}

export interface ModeTilesProps<T extends string> {
  options: readonly ModeTile<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Names the group for screen readers, e.g. "Scan mode". */
  label: string;
  className?: string;
}

/**
 * Big tiles for choosing a mode (add, use up, open…): icons recognisable at arm's length, and a
 * single line below that explains the selected one. A radio group for assistive technology; the
 * selected tile is described by that line.
 */
export function ModeTiles<T extends string>({ options, value, onChange, label, className }: ModeTilesProps<T>) {
  const descriptionId = useId();
  const radio = useRovingRadio(
    options.map((option) => option.value),
    value,
    onChange,
  );
  const selected = options.find((option) => option.value === value);
  return (
    <div className={cx('ui-mode-tiles', className)}>
      <div role="radiogroup" aria-label={label} className="ui-mode-tiles-grid">
        {options.map(({ value: optionValue, title, icon: Icon }, index) => (
          <button
            key={optionValue}
            type="button"
            className="ui-mode-tile"
            aria-describedby={optionValue === value ? descriptionId : undefined}
            {...radio(index)}
          >
            <Icon className="ui-mode-tile-icon" aria-hidden="true" />
            {title}
          </button>
        ))}
      </div>
      <p id={descriptionId} className="ui-mode-tiles-description">
        {selected?.description}
      </p>
    </div>
  );
}
