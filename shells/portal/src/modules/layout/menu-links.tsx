import { readXsrfToken, type MenuItem, type SessionUser } from '@portal/contracts';
import { NavLink } from 'react-router';
import { AdminIcon } from '@portal/design-system';
import { clearDeviceStore } from '@portal/frontend-kit';
import { isFullNavigation } from '../navigation/full-navigation';

interface Props {
  items: MenuItem[];
  user: SessionUser;
  onNavigate?: () => void;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The token may have been rotated since the menu was drawn: read it as the form leaves. */
function fillToken(form: HTMLFormElement) {
  const input = form.elements.namedItem('_token');
  if (input instanceof HTMLInputElement) input.value = readXsrfToken() ?? '';
  // Progress kept on this device for the course player goes with the session.
  clearDeviceStore();
}

/** The server's menu. `/logout` is a full navigation; `/account` shows the user's name; `admin` draws an icon. */
export function MenuLinks({ items, user, onNavigate }: Props) {
  return (
    <ul className="shell-menu">
      {items.map((item) => {
        if (item.href === '/logout') {
          return (
            <li key={item.href}>
              {/* Signing out posts the session's XSRF token: a link elsewhere cannot sign anyone out. */}
              <form method="post" action="/logout" className="shell-menu__logout-form" onSubmit={(event) => fillToken(event.currentTarget)}>
                <input type="hidden" name="_token" defaultValue={readXsrfToken() ?? ''} />
                <button type="submit" className="shell-menu__link shell-menu__link--logout" data-testid="menu-logout">
                  {item.label}
                </button>
              </form>
            </li>
          );
        }
        if (item.href === '/account') {
          return (
            <li key={item.href}>
              <NavLink className="shell-menu__link shell-menu__account" to="/account" onClick={onNavigate} data-testid="menu-account">
                <span className="shell-menu__avatar" aria-hidden="true">
                  {initials(user.name)}
                </span>
                <span className="shell-menu__account-name">{user.name}</span>
                <span className="ds-visually-hidden"> ({item.label})</span>
              </NavLink>
            </li>
          );
        }
        const content = (
          <>
            {item.icon === 'admin' ? <AdminIcon /> : null}
            <span>{item.label}</span>
          </>
        );
        return (
          <li key={item.href}>
            {isFullNavigation(item.href) ? (
              <a className="shell-menu__link" href={item.href}>
                {content}
              </a>
            ) : (
              <NavLink className="shell-menu__link" to={item.href} end={item.href === '/'} onClick={onNavigate}>
                {content}
              </NavLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}
