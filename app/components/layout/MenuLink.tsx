import { NavPathLink } from '~/components/NavPathLink';
import type { MenuLinkData } from '~/domain/slide-link';

/** A menu item (sorted and made safe by the loader, domain/slide-link `menuLinks`): same-site
 *  paths use client navigation, intent prefetch and aria-current (components/NavPathLink); others
 *  are plain links. */
export function MenuLink({ item }: { item: MenuLinkData }) {
  const { href } = item;
  return href.startsWith('/') ? (
    <NavPathLink to={href as `/${string}`} end={href === '/'}>
      {item.name}
    </NavPathLink>
  ) : (
    <a href={href} rel="noopener noreferrer">
      {item.name}
    </a>
  );
}
