import { NavPathLink } from '~/components/NavPathLink';
import type { MenuLinkData } from '~/domain/slide-link';
import { useI18n } from '~/i18n/use-i18n';
import { MenuLink } from './MenuLink';

/** A titled list of links in the main menu (the channel's schools, its divisions): a disclosure,
 *  so it opens without JavaScript; `name` lets one open at a time. */
export interface NavGroup {
  label: string;
  items: MenuLinkData[];
  /** The page that lists them all ('All schools'), last in the list. */
  all?: { name: string; href: `/${string}` };
}

export function MainNav({ items, groups = [] }: { items: readonly MenuLinkData[]; groups?: readonly NavGroup[] }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('layout.nav.main')} className="main-nav">
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
