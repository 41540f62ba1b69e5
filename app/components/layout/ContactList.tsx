import type { Settings } from '#contract';

/** The channel's contact details, in the footer and on /contacts. */
export function ContactList({ settings }: { settings: Pick<Settings, 'contact_email' | 'contact_phone' | 'address'> }) {
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
