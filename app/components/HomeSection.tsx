import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** One section of the home page: its heading, the link to the whole list, and its games. */
export function HomeSection({ id, title, more, children }: { id: string; title: string; more: { to: string; text: string }; children: ReactNode }) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        <Link to={more.to} className="section-head__more">
          {more.text}
        </Link>
      </div>
      {children}
    </section>
  );
}
