import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'react-router';
import { useShell } from '../session/shell-context';
import { MenuLinks } from './menu-links';

interface Props {
  id: string;
  isOpen: boolean;
  onClose: () => void;
  balance: number | null;
}

/** The small-screen menu: the server's menu plus credits (non-learners), help and verify links. */
export function MobileMenu({ id, isOpen, onClose, balance }: Props) {
  const { user, menu, settings } = useShell();
  const location = useLocation();
  const isLearner = user.role === 'learner';

  // A navigation closes the menu: runs when the address changes, with the newest onClose.
  const closeOnNavigation = useEffectEvent(() => onClose());
  useEffect(() => closeOnNavigation(), [location.pathname, location.search]);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen, onClose]);

  return (
    <div id={id} className="shell-mobile-menu" hidden={!isOpen} data-testid="mobile-menu">
      <nav aria-label="Mobile" className="shell-container">
        {!isLearner ? (
          <div className="shell-mobile-menu__credits">
            <span>
              Credit balance: <strong data-testid="mobile-credit-balance">{balance ?? '–'}</strong>
            </span>
            <a className="ds-button ds-button--primary ds-button--sm" href={settings.credit_purchase_url}>
              Buy credit
            </a>
          </div>
        ) : null}
        <MenuLinks items={menu} user={user} onNavigate={onClose} />
        <ul className="shell-menu shell-menu--secondary">
          <li>
            <a className="shell-menu__link" href={settings.help_url}>
              Help
            </a>
          </li>
          <li>
            <a className="shell-menu__link" href="/verify">
              Verify a certificate
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
}
