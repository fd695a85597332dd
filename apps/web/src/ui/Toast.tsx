import X from 'lucide-react/icons/x';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cx } from './class-names';
import './Toast.css';

export interface ToastOptions {
  message: string;
  /** 'error' interrupts (role="alert"); everything else waits for a pause (role="status"). */
  variant?: 'info' | 'error';
  /** One follow-up, typically "Undo". Pressing it runs onAction and dismisses the toast. */
  action?: { label: string; onAction: () => void };
  /** Milliseconds on screen; Infinity keeps it until dismissed. Defaults to the provider's. */
  duration?: number;
}

interface ToastEntry extends ToastOptions {
  id: number;
}

export interface ToastApi {
  /** Shows a toast and returns its id, for dismiss(). */
  show: (toast: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** More than this and the oldest leave: toasts confirm things, they are not a log. */
const MAX_VISIBLE = 3;

export interface ToastProviderProps {
  children: ReactNode;
  /** How long a toast stays, in milliseconds. */
  duration?: number;
  /** Label of a close button on each toast; without it toasts have none and simply time out. */
  dismissLabel?: string;
}

/**
 * Hosts the toasts of the whole app. The two live regions are always in the page, so screen
 * readers are already listening when a message arrives (a region added with its message is often
 * not read).
 */
export function ToastProvider({ children, duration = 5000, dismissLabel }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback((toast: ToastOptions) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...toast, id }].slice(-MAX_VISIBLE));
    return id;
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  const render = (toast: ToastEntry) => (
    <ToastItem key={toast.id} toast={toast} duration={toast.duration ?? duration} dismissLabel={dismissLabel} onDismiss={dismiss} />
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="ui-toasts">
        <div role="status">{toasts.filter((toast) => toast.variant !== 'error').map(render)}</div>
        <div role="alert">{toasts.filter((toast) => toast.variant === 'error').map(render)}</div>
      </div>
    </ToastContext.Provider>
  );
}

/** show() and dismiss() for toasts; needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it');
  return api;
}

interface ToastItemProps {
  toast: ToastEntry;
  duration: number;
  dismissLabel?: string;
  onDismiss: (id: number) => void;
}

/**
 * One toast. Its timer pauses while a pointer rests on it or focus is inside it, so nobody loses
 * an "Undo" while reaching for it (WCAG 2.2.1).
 */
function ToastItem({ toast, duration, dismissLabel, onDismiss }: ToastItemProps) {
  const { id, message, variant = 'info', action } = toast;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(duration);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, id, onDismiss]);

  return (
    <div
      className={cx('ui-toast', `ui-toast--${variant}`)}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <span className="ui-toast-message">{message}</span>
      {action && (
        <button
          type="button"
          className="ui-toast-action"
          onClick={() => {
            action.onAction();
            onDismiss(id);
          }}
        >
          {action.label}
        </button>
      )}
      {dismissLabel && (
        <button type="button" className="ui-toast-close" aria-label={dismissLabel} title={dismissLabel} onClick={() => onDismiss(id)}>
          <X aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
