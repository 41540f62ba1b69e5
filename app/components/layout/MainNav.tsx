import { NavLink } from '@remix-run/react';
import type { Menu } from '#contract';
import { safeLink } from '~/domain/slide-link';

type Item = Menu['header'][number];

/** A menu item: same-site paths use client navigation and aria-current; others are plain links. */
export function MenuLink({ item }: { item: Item }) {
  const href = safeLink(item.url);
  if (!href) return null;
  if (href.startsWith('/')) {
    return (
      <NavLink to={href} end={href === '/'} prefetch="intent">
        {item.name}
      </NavLink>
    );
  }
  return (
    <a href={href} rel="noopener noreferrer">
      {item.name}
    </a>
  );
}

export function sortMenu(items: readonly Item[]): Item[] {
  return [...items].sort((a, b) => a.weight - b.weight || a.id - b.id);
}

export function MainNav({ items }: { items: readonly Item[] }) {
  return (
    <nav aria-label="Main" className="main-nav">
      <ul>
        {sortMenu(items).map((item) => (
          <li key={item.id}>
            <MenuLink item={item} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
