import { Form, Link } from '@remix-run/react';
import { CsrfField } from '~/components/form/FormGuards';
import type { MenuLinkData } from '~/domain/slide-link';
import { MainNav } from './MainNav';
import { SignInLink } from './SignInLink';

interface Props {
  channelName: string;
  logo: string | null;
  menu: MenuLinkData[];
  user: { firstName: string; email: string } | null;
}

export function Header({ channelName, logo, menu, user }: Props) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" prefetch="intent">
          {/* The name follows as text, so the logo is decorative. */}
          {logo ? <img src={logo} alt="" width={40} height={40} className="brand__logo" /> : null}
          <span className="brand__name">{channelName}</span>
        </Link>
        <MainNav items={menu} />
        <AccountNav user={user} />
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
      <Link to="/profile">{user.firstName ? `${user.firstName}'s profile` : 'My profile'}</Link>
      <Form method="post" action="/logout" className="account-nav__logout">
        <CsrfField />
        <button type="submit">Log out</button>
      </Form>
    </nav>
  );
}
