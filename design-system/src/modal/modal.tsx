import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../icon/icon';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** `wide` for reading much (up to 960 px); the default fits a form or a question. */
  size?: 'default' | 'wide';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/** Tab and Shift+Tab cycle inside the dialog, and bring focus back in from outside it. */
function keepTabInside(event: KeyboardEvent, dialog: HTMLElement) {
  const focusable = focusableIn(dialog);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const isOutside = !dialog.contains(active);
  if (event.shiftKey && (active === first || isOutside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || isOutside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * An aria-modal dialog portalled to <body> (rather than native <dialog>, whose showModal jsdom lacks):
 * focus moves in on open, Tab cycles inside, Escape and the backdrop close it, focus returns on close.
 */
export function Modal({ open, title, onClose, children, footer, size = 'default' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // An effect event always calls the latest onClose, so a new callback does not re-run the effect.
  const closeFromKeyboard = useEffectEvent(() => onClose());

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const body = dialog.querySelector<HTMLElement>('.ds-modal__body');
      const first = (body && focusableIn(body)[0]) ?? dialog;
      first.focus();
    }
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeFromKeyboard();
      } else if (event.key === 'Tab' && dialogRef.current) {
        keepTabInside(event, dialogRef.current);
      }
    }

    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus();
    };
  }, [open]);

  if (!open) return null;

  return createPortal(
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a pointer shortcut only: the keyboard closes with Escape or the Close button
    <div
      className="ds-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={size === 'wide' ? 'ds-modal ds-modal--wide' : 'ds-modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="ds-modal__header">
          <h2 id={titleId} className="ds-modal__title">
            {title}
          </h2>
          <button type="button" className="ds-modal__close" aria-label="Close" onClick={onClose}>
            <Icon name="close" size={18} strokeWidth={2.5} />
          </button>
        </div>
        <div className="ds-modal__body">{children}</div>
        {footer !== undefined && <div className="ds-modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
