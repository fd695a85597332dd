import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Sheet, Textarea } from '../../ui';
import type { ShoppingRowView } from './shopping-view';

interface NotesSheetProps {
  row: ShoppingRowView;
  onClose: () => void;
  onSave: (notes: string) => void;
}

/** An item's note ("the dark roast", "2 for 1 at the market"), behind a tap on the row. */
export function NotesSheet({ row, onClose, onSave }: NotesSheetProps) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState(row.item.notes);
  return (
    <Sheet
      open
      onClose={onClose}
      title={row.item.label}
      closeLabel={t('shopping.close')}
      footer={
        <div className="ui-cluster ui-cluster--end">
          <Button variant="secondary" onClick={onClose}>
            {t('shopping.cancel')}
          </Button>
          <Button onClick={() => onSave(notes.trim())} disabled={notes.trim() === row.item.notes}>
            {t('shopping.save')}
          </Button>
        </div>
      }
    >
      <Field label={t('shopping.note', { label: row.item.label })}>
        <Textarea name="notes" rows={4} maxLength={500} placeholder={t('shopping.notePlaceholder')} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} />
      </Field>
    </Sheet>
  );
}
