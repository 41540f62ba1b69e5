import { NavPathLink } from '~/components/PathLink';
import type { MenuLinkData } from '~/domain/slide-link';

/** A menu item (sorted and made safe by the loader, domain/slide-link `menuLinks`): same-site
 *  paths use client navigation, intent prefetch and aria-current (components/PathLink); others
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

export function MenuList({ items }: { items: readonly MenuLinkData[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>
          <MenuLink item={item} />
        </li>
      ))}
    </ul>
  );
}

/** A titled list of links in the main menu (the channel's schools, its divisions): a disclosure,
 *  so it opens without JavaScript; `name` lets one open at a time. */
export interface NavGroup {
  label: string;
  items: MenuLinkData[];
  /** The page that lists them all ('All schools'), last in the list. */
  all?: { name: string; href: `/${string}` };
}

export function MainNav({ items, groups = [] }: { items: readonly MenuLinkData[]; groups?: readonly NavGroup[] }) {
  return (
    <nav aria-label="Main" className="main-nav">
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <MenuLink item={item} />
          </li>
        ))}
        {groups
          .filter((group) => group.items.length > 0)
          .map((group) => (
            <li key={group.label}>
              <details className="nav-menu" name="nav-menu">
                <summary className="nav-menu__button">{group.label}</summary>
                <ul className="nav-menu__list">
                  {group.items.map((item) => (
                    <li key={item.id}>
                      <MenuLink item={item} />
                    </li>
                  ))}
                  {group.all ? (
                    <li className="nav-menu__all">
                      <NavPathLink to={group.all.href}>{group.all.name}</NavPathLink>
                    </li>
                  ) : null}
                </ul>
              </details>
            </li>
          ))}
      </ul>
    </nav>
  );
}
