import type { Settings } from '#contract';
import { useI18n } from '~/i18n/use-i18n';

/** A phone number that never wraps: its spaces and hyphens made non-breaking. */
const unbroken = (phone: string) => phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');

/** The channel's contact details, in the footer, on /contacts and on /accessibility. */
export function ContactList({ settings }: { settings: Pick<Settings, 'contact_email' | 'contact_phone' | 'address'> }) {
  const { t } = useI18n();
  return (
    <address className="contact-list">
      <ul>
        {settings.contact_email ? (
          <li>
            {t('static.contact.email')} <a href={`mailto:${settings.contact_email}`}>{settings.contact_email}</a>
          </li>
        ) : null}
        {settings.contact_phone ? (
          <li>
            {t('static.contact.phone')} <a href={`tel:${settings.contact_phone.replace(/[^\d+]/g, '')}`}>{unbroken(settings.contact_phone)}</a>
          </li>
        ) : null}
        {settings.address ? <li>{settings.address}</li> : null}
      </ul>
    </address>
  );
}
