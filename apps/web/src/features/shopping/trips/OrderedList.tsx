import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, List } from '../../../ui';
import { DragHandle } from './DragHandle';
import { positionBetween, sectionsOf, type Placed } from './store-order';

interface OrderedListProps<T> {
  placed: Placed<T>[];
  keyOf: (row: T) => string;
  labelOf: (row: T) => string;
  productOf: (row: T) => string | null;
  /** Draws one row; `handle` goes at its start. */
  renderRow: (row: T, handle: ReactNode) => ReactNode;
  canMove: boolean;
  onPlaceProduct: (productId: string, position: number) => Promise<unknown>;
  onPlaceGroup: (groupId: number, position: number) => Promise<unknown>;
  otherGroupLabel: string;
}


/**
 * The list in the store's walking order, as stretches of one product group each. A product or a
 * whole group can be moved (drag or arrow keys); the new place is saved for the store, halfway
 * between the new neighbours, and said aloud for screen readers.
 */
export function OrderedList<T>({ placed, keyOf, labelOf, productOf, renderRow, canMove, onPlaceProduct, onPlaceGroup, otherGroupLabel }: OrderedListProps<T>) {
  const { t } = useTranslation();
  const helpId = useId();
  const [said, setSaid] = useState('');
  const positions = placed.map((entry) => entry.position);
  // The grip that was used last: a moved row may land in another stretch (a new element), so focus
  // goes back to it once the list is drawn in its new order (the order differs from the one it was moved in).
  const signature = placed.map((entry) => `${keyOf(entry.row)}@${entry.position}`).join('|');
  const [refocus, setRefocus] = useState<{ key: string; from: string } | null>(null);
  useEffect(() => {
    if (refocus === null || refocus.from === signature) return;
    document.querySelector<HTMLElement>(`[data-handle-key="${CSS.escape(refocus.key)}"]`)?.focus();
    setRefocus(null);
  }, [refocus, signature]);
  const sections = sectionsOf(placed);

  const moveRow = async (from: number, to: number) => {
    const entry = placed[from];
    const drawn = signature;
    const productId = productOf(entry.row);
    if (!productId) return;
    await onPlaceProduct(productId, positionBetween(positions, from, to));
    setSaid(t('shopping.trip.moved', { label: labelOf(entry.row), position: to + 1, count: placed.length }));
    setRefocus({ key: `row:${keyOf(entry.row)}`, from: drawn });
  };
  const moveSection = async (from: number, to: number) => {
    const section = sections[from];
    if (section.groupId === null) return;
    const drawn = signature;
    const rest = sections.filter((_, index) => index !== from);
    const before = rest[to - 1];
    const after = rest[to];
    const low = before ? before.entries[before.entries.length - 1].position : undefined;
    const high = after ? after.entries[0].position : undefined;
    const position = low === undefined ? (high ?? 0.5) - 0.05 : high === undefined ? low + 0.05 : (low + high) / 2;
    await onPlaceGroup(section.groupId, position);
    setSaid(t('shopping.trip.moved', { label: section.groupName ?? otherGroupLabel, position: to + 1, count: sections.length }));
    setRefocus({ key: `group:${section.groupId}`, from: drawn });
  };

  return (
    <>
      <p id={helpId} className="ui-visually-hidden">
        {t('shopping.trip.moveHelp')}
      </p>
      <Card flush className="trip-list" data-testid="shopping-list">
      <div data-reorder-scope="">
        {sections.map((section) => (
          <div key={section.key} className="trip-section" data-reorder-section="" data-testid="trip-section">
            <div className="trip-section-head">
              {/* "Other" stays last and has no grip: its heading keeps the grip's room to line up with the others. */}
              {canMove && section.groupId === null && <span className="reorder-handle-space" aria-hidden="true" />}
              {canMove && section.groupId !== null && (
                <DragHandle
                  label={t('shopping.trip.moveGroup', { label: section.groupName ?? otherGroupLabel })}
                  describedBy={helpId}
                  handleKey={`group:${section.groupId}`}
                  scope="[data-reorder-scope]"
                  items="[data-reorder-section]"
                  onMove={(from, to) => void moveSection(from, to)}
                />
              )}
              <h3 className="trip-section-title">{section.groupName ?? otherGroupLabel}</h3>
            </div>
            <List>
              {section.entries.map((entry) =>
                renderRow(
                  entry.row,
                  canMove && productOf(entry.row) ? (
                    <DragHandle
                      label={t('shopping.trip.move', { label: labelOf(entry.row) })}
                      describedBy={helpId}
                      handleKey={`row:${keyOf(entry.row)}`}
                      scope="[data-reorder-scope]"
                      items=".trip-row"
                      onMove={(from, to) => void moveRow(from, to)}
                    />
                  ) : null,
                ),
              )}
            </List>
          </div>
        ))}
      </div>
      </Card>
      <p className="ui-visually-hidden" aria-live="polite">
        {said}
      </p>
    </>
  );
}
