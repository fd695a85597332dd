import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, type MouseEvent, type PointerEvent, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import { cx } from './class-names';
import { IconButton } from './IconButton';
import './Sheet.css';

export interface SheetProps {
  open: boolean;
  /** Asked to close: Escape, the close button or a tap on the backdrop. Set `open` to false. */
  onClose: () => void;
  title: ReactNode;
  /** The close button's label, e.g. "Close". */
  closeLabel: string;
  children: ReactNode;
  /** Actions kept in view at the bottom, e.g. Cancel and Save buttons. */
  footer?: ReactNode;
  /** Focused on opening instead of the first focusable element (usually the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * A modal sheet on the native <dialog>: showModal() gives the focus trap, the inert page behind,
 * Escape and the top layer, with no library. Controlled: the dialog only closes through `open`,
 * and focus goes back to whatever opened it.
 */
export function Sheet({ open, onClose, title, closeLabel, children, footer, initialFocus, className }: SheetProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const pressedBackdrop = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocus]);

  // Unmounting while open (a route change) must still hand focus back.
  useEffect(() => () => returnFocus(openerRef), []);

  // Escape: let the owner decide, so `open` stays the single source of truth.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  // Closed by the platform anyway (a second Escape, a form with method="dialog"): tell the owner.
  const onDialogClose = () => {
    returnFocus(openerRef);
    if (open) onClose();
  };

  // The panel fills the dialog, so a press whose target is the dialog itself is on the backdrop.
  // Both ends must be there: a text selection dragged out of the panel is not a dismissal.
  const onPointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressedBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedBackdrop.current && event.target === event.currentTarget) onClose();
    pressedBackdrop.current = false;
  };

  return (
    <dialog ref={dialogRef} className={cx('ui-sheet', className)} aria-labelledby={titleId} onCancel={onCancel} onClose={onDialogClose} onPointerDown={onPointerDown} onClick={onClick}>
      <div className="ui-sheet-header">
        <h2 id={titleId} className="ui-sheet-title">
          {title}
        </h2>
        <IconButton icon={X} label={closeLabel} onClick={() => onClose()} />
      </div>
      <div className="ui-sheet-body">{children}</div>
      {footer !== undefined && <div className="ui-sheet-footer">{footer}</div>}
    </dialog>
  );
}

function returnFocus(openerRef: RefObject<HTMLElement | null>): void {
  const opener = openerRef.current;
  openerRef.current = null;
  if (opener?.isConnected) opener.focus();
}
