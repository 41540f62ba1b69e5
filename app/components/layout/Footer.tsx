import type { Menu, Settings, StaticBlock } from '#contract';
import { paragraphs } from '~/domain/page-text';
import { safeLink } from '~/domain/slide-link';
import { MenuLink, sortMenu } from './MainNav';

interface Props {
  settings: Settings;
  menu: Menu['footer'];
  /** Blocks meant for the footer (the about/contacts blocks have pages of their own). */
  blocks: StaticBlock[];
}

export function Footer({ settings, menu, blocks }: Props) {
  const social = settings.social.map((s) => ({ ...s, href: safeLink(s.url) })).filter((s) => s.href);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {blocks.map((b) => (
          // Titles are not headings: the page outline stays the page's own content.
          <div key={b.id} className="footer-block">
            <p className="footer-block__title">{b.title}</p>
            {paragraphs(b.body).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        ))}
        <div className="footer-block">
          <p className="footer-block__title">Contact</p>
          <ContactList settings={settings} />
          {social.length > 0 ? (
            <ul className="social" aria-label="Social media">
              {social.map((s) => (
                <li key={s.name}>
                  <a href={s.href!} rel="noopener noreferrer">
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <nav aria-label="Footer" className="footer-nav">
        <ul>
          {sortMenu(menu).map((item) => (
            <li key={item.id}>
              <MenuLink item={item} />
            </li>
          ))}
        </ul>
      </nav>
      <p className="copyright">
        © {new Date().getFullYear()} {settings.name}
      </p>
    </footer>
  );
}

/** The channel's contact details; also used on /contacts. */
export function ContactList({ settings }: { settings: Settings }) {
  return (
    <address className="contact-list">
      <ul>
        {settings.contact_email ? (
          <li>
            Email: <a href={`mailto:${settings.contact_email}`}>{settings.contact_email}</a>
          </li>
        ) : null}
        {settings.contact_phone ? (
          <li>
            Phone: <a href={`tel:${settings.contact_phone.replace(/[^\d+]/g, '')}`}>{settings.contact_phone}</a>
          </li>
        ) : null}
        {settings.address ? <li>{settings.address}</li> : null}
      </ul>
    </address>
  );
}
