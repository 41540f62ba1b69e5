import type { Settings } from '#contract';
import type { MenuLinkData } from '~/domain/slide-link';
import { useI18n } from '~/i18n/use-i18n';
import { ContactList } from './ContactList';
import { DataSaverSwitch } from './DataSaverSwitch';
import { LanguageForm } from './LanguageForm';
import { MenuList } from './MenuList';

export interface FooterData {
  menu: MenuLinkData[];
  /** Blocks meant for the footer (the about/contacts blocks have pages of their own). */
  blocks: Array<{ id: number; title: string; paragraphs: string[] }>;
  /** The channel's social links, only safe ones. */
  social: Array<{ name: string; href: string }>;
  /** The server's year, so the page hydrates with the same text on New Year's Eve. */
  year: number;
}

type Contact = Pick<Settings, 'name' | 'contact_email' | 'contact_phone' | 'address'>;

/** The accessibility statement, after the channel's own footer links (unless it links it itself). */
const ACCESSIBILITY_HREF = '/accessibility';

export function Footer({ settings, footer, multilanguage = false }: { settings: Contact; footer: FooterData; multilanguage?: boolean }) {
  const { t } = useI18n();
  const accessibility: MenuLinkData = { id: -1, name: t('layout.accessibility'), href: ACCESSIBILITY_HREF };
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {footer.blocks.map((b) => (
          // Titles are not headings: the page outline stays the page's own content.
          <div key={b.id} className="footer-block">
            <p className="footer-block__title">{b.title}</p>
            {b.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        ))}
        <div className="footer-block">
          <p className="footer-block__title">{t('layout.contact')}</p>
          <ContactList settings={settings} />
          {footer.social.length > 0 ? (
            <ul className="social" aria-label={t('layout.social')}>
              {footer.social.map((s) => (
                <li key={s.name}>
                  <a href={s.href} rel="noopener noreferrer">
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <nav aria-label={t('layout.nav.footer')} className="footer-nav">
        <MenuList items={footer.menu.some((item) => item.href === ACCESSIBILITY_HREF) ? footer.menu : [...footer.menu, accessibility]} />
      </nav>
      <DataSaverSwitch />
      {multilanguage ? <LanguageForm /> : null}
      <p className="copyright">
        © {footer.year} {settings.name}
      </p>
    </footer>
  );
}
