import { useState } from 'react';
import { Link } from 'react-router';
import { useShell } from '../session/shell-context';
import { useCreditBalance } from '../session/use-credit-balance';
import { MenuLinks } from './menu-links';
import { MobileMenu } from './mobile-menu';
import { RatingStrip } from './rating-strip';
import { BrandMark } from './brand-mark';

/** More menu items than this do not fit the 1200 px row beside the brand's name. */
const LONG_MENU = 8;

export function Header() {
  const { user, menu, settings } = useShell();
  const isLearner = user.role === 'learner';
  const balance = useCreditBalance(!isLearner);
  const [isMenuOpen, setMenuOpen] = useState(false);

  return (
    <header className="shell-header">
      <div className="shell-header__strip">
        <div className="shell-container shell-header__strip-inner">
          <RatingStrip rating={settings.rating_text} reviews={settings.reviews_text} />
        </div>
      </div>
      {/* An admin's menu (nine items) fills the desktop row: the brand then shows its mark only. */}
      <div className={`shell-container shell-header__bar${menu.length > LONG_MENU ? ' shell-header__bar--long' : ''}`}>
        <Link to="/" className="shell-brand" aria-label="Safety Training Portal, home">
          <BrandMark />
          <span className="shell-brand__name">Safety Training</span>
        </Link>
        <nav className="shell-header__nav" aria-label="Main">
          <MenuLinks items={menu} user={user} />
        </nav>
        {!isLearner ? (
          // The label stays visible at every width: a bare number in a pill said nothing (issue 13).
          <a className="shell-credits" href={settings.credit_purchase_url} data-testid="header-credits">
            <span className="shell-credits__label">Credits:</span>
            <span className="shell-credits__value">
              {balance ?? (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="ds-visually-hidden">loading</span>
                </>
              )}
            </span>
            <span className="ds-visually-hidden"> (buy more credits)</span>
          </a>
        ) : null}
        <button
          type="button"
          className="shell-hamburger"
          aria-expanded={isMenuOpen}
          aria-controls="mobile-menu"
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((value) => !value)}
        >
          <span aria-hidden="true" className="shell-hamburger__bars" />
        </button>
      </div>
      <MobileMenu id="mobile-menu" isOpen={isMenuOpen} onClose={() => setMenuOpen(false)} balance={balance} />
    </header>
  );
}
