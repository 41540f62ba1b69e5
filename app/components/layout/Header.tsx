import { Form, Link, useLocation } from '@remix-run/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { CsrfField } from '~/components/form/CsrfField';
import type { MenuLinkData } from '~/domain/slide-link';
import { MainNav, type NavGroup } from './MainNav';
import { SignInLink } from './SignInLink';

interface Props {
  channelName: string;
  logo: string | null;
  menu: MenuLinkData[];
  /** The channel's schools and divisions menus (participant_menu, group_menu). */
  groups: NavGroup[];
  user: { firstName: string; email: string } | null;
}

/**
 * The channel's name, its menu and the account links. On a wide screen everything shows in one
 * row; on a phone the menu and account links fold behind a "Menu" disclosure (<details>, so it
 * opens without JavaScript and is announced as a button that expands). With JavaScript, it
 * closes on Escape and after a navigation.
 */
export function Header({ channelName, logo, menu, groups, user }: Props) {
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
    // A schools or divisions list drops over the page on a wide screen: a press elsewhere shuts it.
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
          <summary className="site-menu__button">Menu</summary>
          <div className="site-menu__panel">
            <MainNav items={menu} groups={groups} />
            <AccountNav user={user} />
          </div>
        </details>
      </div>
    </header>
  );
}

/** Sign-in links, or the fan's profile link and a logout button (logout is a POST). */
function AccountNav({ user }: { user: Props['user'] }) {
  if (!user)
    return (
      <nav className="account-nav" aria-label="Account">
        <SignInLink to="/login">Log in</SignInLink>
        <SignInLink to="/registration">Register</SignInLink>
      </nav>
    );
  return (
    <nav className="account-nav" aria-label="Account">
      <Link to="/my-games">My games</Link>
      <Link to="/profile">{user.firstName ? `${user.firstName}'s profile` : 'My profile'}</Link>
      <Form method="post" action="/logout" className="account-nav__logout">
        <CsrfField />
        <button type="submit">Log out</button>
      </Form>
    </nav>
  );
}
