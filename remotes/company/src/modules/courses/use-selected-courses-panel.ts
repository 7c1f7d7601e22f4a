import { useEffect, useRef, useState } from 'react';

/**
 * The Selected Courses panel's open state. Focus goes into the panel when it opens (on a phone it
 * covers the page) and back to its opener when it closes, by its Close button or Escape.
 */
export function useSelectedCoursesPanel() {
  const [isOpen, setIsOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const close = () => {
    setIsOpen(false);
    openerRef.current?.focus();
  };
  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.focus();
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      openerRef.current?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isOpen]);
  const toggle = () => (isOpen ? close() : setIsOpen(true));
  return { isOpen, close, toggle, openerRef, panelRef };
}
