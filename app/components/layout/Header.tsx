import { Form, Link, useLocation } from '@remix-run/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { CsrfField } from '~/components/form/CsrfField';
import { NavPathLink } from '~/components/NavPathLink';
import type { MenuLinkData } from '~/domain/slide-link';
import type { MessageId } from '~/i18n/messages';
import { useI18n } from '~/i18n/use-i18n';
import { MainNav, type NavGroup } from './MainNav';
import { SignInLink } from './SignInLink';

interface Props {
  channelName: string;
  logo: string | null;
  menu: MenuLinkData[];
  /** The channel's schools and divisions menus (participant_menu, group_menu). */
  groups: NavGroup[];
  user: { firstName: string; email: string; operator?: boolean } | null;
}

/**
 * The channel's name, its menu and the account links. On a wide screen everything shows in one
 * row (at most 72 px tall at 1280 px: issue 34); on a phone the menu and account links fold behind
 * a "Menu" disclosure (<details>, so it opens without JavaScript and is announced as a button that
 * expands). A signed-in fan's links (profile, My games, clips, alerts, Log out) are one account
 * menu, a disclosure too. With JavaScript, a disclosure closes on Escape (the focus back on its
 * button), on a press elsewhere and after a navigation.
 */
export function Header({ channelName, logo, menu, groups, user }: Props) {
  const { t } = useI18n();
  const menuRef = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  const location = pathname + search;
  const shownAt = useRef(location);
  useEffect(() => {
    // After a navigation only: on a slow connection the fan may have opened the menu before the
    // page hydrated, and hydration must not shut it under them.
    if (shownAt.current === location) return;
    shownAt.current = location;
    if (menuRef.current) menuRef.current.open = false;
    menuRef.current?.querySelectorAll('details').forEach((d) => (d.open = false));
  }, [location]);
  useEffect(() => {
    // A schools or divisions list, or the account menu, drops over the page on a wide screen: a
    // press elsewhere shuts it.
    const closeOutside = (event: PointerEvent) => {
      for (const d of menuRef.current?.querySelectorAll<HTMLDetailsElement>('.nav-menu[open]') ?? []) if (!d.contains(event.target as Node)) d.open = false;
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, []);
  // Escape shuts the innermost open menu (a schools list inside the phone's menu first).
  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = event.key === 'Escape' ? (event.target as HTMLElement).closest<HTMLDetailsElement>('details[open]') : null;
    if (!details) return;
    event.stopPropagation();
    details.open = false;
    details.querySelector('summary')?.focus();
  };
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" prefetch="intent">
          {/* The name follows as text, so the logo is decorative. */}
          {logo ? <img src={logo} alt="" width={40} height={40} className="brand__logo" /> : null}
          <span className="brand__name">{channelName}</span>
        </Link>
        <details className="site-menu" ref={menuRef} onKeyDown={closeOnEscape}>
          <summary className="site-menu__button">{t('layout.menu')}</summary>
          <div className="site-menu__panel">
            <MainNav items={menu} groups={groups} />
            <AccountNav user={user} />
          </div>
        </details>
      </div>
    </header>
  );
}

/** Sign-in links, or the fan's account menu: a disclosure (it opens without JavaScript) whose
 *  last item is Log out, a POST form. It shares the main menu's `name`, so one opens at a time. */
function AccountNav({ user }: { user: Props['user'] }) {
  const { t } = useI18n();
  if (!user)
    return (
      <nav className="account-nav" aria-label={t('layout.nav.account')}>
        <SignInLink to="/login">{t('layout.logIn')}</SignInLink>
        <SignInLink to="/registration">{t('layout.register')}</SignInLink>
      </nav>
    );
  return (
    <nav className="account-nav" aria-label={t('layout.nav.account')}>
      <details className="nav-menu account-menu" name="nav-menu">
        <summary className="nav-menu__button account-menu__button">
          <span className="sr-only">{t('layout.accountMenu')}</span>
          <span className="account-menu__name">{user.firstName || t('layout.myAccount')}</span>
        </summary>
        <ul className="nav-menu__list account-menu__list">
          {[...ACCOUNT_LINKS, ...(user.operator ? OPERATOR_LINKS : [])].map(({ to, label }) => (
            <li key={to}>
              <NavPathLink to={to} end>
                {label === PROFILE ? (user.firstName ? t('layout.profileOf', { name: user.firstName }) : t('layout.myProfile')) : t(label)}
              </NavPathLink>
            </li>
          ))}
          <li className="account-menu__logout">
            <Form method="post" action="/logout">
              <CsrfField />
              <button type="submit">{t('layout.logOut')}</button>
            </Form>
          </li>
        </ul>
      </details>
    </nav>
  );
}

const PROFILE = 'layout.myProfile';

/** The account menu's pages, in its order (Log out follows them). */
const ACCOUNT_LINKS: ReadonlyArray<{ to: `/${string}`; label: MessageId }> = [
  { to: '/profile', label: PROFILE },
  { to: '/my-games', label: 'layout.myGames' },
  { to: '/profile/clips', label: 'layout.clips' },
  { to: '/alerts', label: 'layout.alerts' },
];

/** An operator's pages, after the fan's. */
const OPERATOR_LINKS: typeof ACCOUNT_LINKS = [{ to: '/operator/report', label: 'layout.report' }];
