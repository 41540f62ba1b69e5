import type { MenuLinkData } from '~/domain/slide-link';
import { MenuLink } from './MenuLink';

/** A menu's items as a list (the footer's menu). */
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
