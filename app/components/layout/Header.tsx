import { Link } from '@remix-run/react';
import type { MenuLinkData } from '~/domain/slide-link';
import { MainNav } from './MainNav';

interface Props {
  channelName: string;
  logo: string | null;
  menu: MenuLinkData[];
}

export function Header({ channelName, logo, menu }: Props) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" prefetch="intent">
          {/* The name follows as text, so the logo is decorative. */}
          {logo ? <img src={logo} alt="" width={40} height={40} className="brand__logo" /> : null}
          <span className="brand__name">{channelName}</span>
        </Link>
        <MainNav items={menu} />
      </div>
    </header>
  );
}
