/* The accessibility statement (issue 34): the standard the site meets, how that is checked, what
   is known not to meet it, and whom to tell about a barrier — the channel, by its own contacts. In
   French on a French page (issue 36: app/i18n/messages/accessibility.ts); the channel's name and
   contact details are its own. */
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { formatLongDate } from '#contract/dates';
import { ContactList } from '~/components/layout/ContactList';
import { pageMeta } from '~/domain/page-meta';
import { requestContext } from '~/http/request-context.server';
import type { MessageId } from '~/i18n/messages';
import { useI18n, type AppTranslator } from '~/i18n/use-i18n';

/** When this statement was last checked against the site (ISO date, and as an English reader reads it). */
const STATEMENT_DATE = { iso: '2026-11-28', text: '28 November 2026' };

export async function loader(args: LoaderFunctionArgs) {
  const { settings } = await requestContext(args).channel.bootstrap();
  return json({
    contact: { name: settings.name, contact_email: settings.contact_email, contact_phone: settings.contact_phone, address: settings.address },
  });
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Accessibility', 'How this site meets WCAG 2.2 level AA, how that is tested, its known limits and how to report a barrier.');

/** Where a message's element goes while it is written (a private-use character no message has). */
const SLOT = '\uE000';

/** A message with one element in it: the text before and after the `{name}` the element takes. */
function around(t: AppTranslator['t'], id: MessageId, values: Record<string, string>, name: string): [string, string] {
  const [before = '', after = ''] = t(id, { ...values, [name]: SLOT }).split(SLOT);
  return [before, after];
}
export default function Accessibility() {
  const { contact } = useLoaderData<typeof loader>();
  const { t, locale } = useI18n();
  const channel = contact.name;
  const reachable = Boolean(contact.contact_email || contact.contact_phone || contact.address);
  const [beforeContacts, afterContacts] = around(t, 'accessibility.report.other', { channel }, 'contacts');
  const [beforeDate, afterDate] = around(t, 'accessibility.statement.reviewed', {}, 'date');
  // The English date as the statement has always written it; another language's by its own format.
  const reviewed = locale === 'en' ? STATEMENT_DATE.text : formatLongDate(STATEMENT_DATE.iso, 'UTC', locale);
  return (
    <div className="page page--narrow prose">
      <h1>{t('accessibility.title')}</h1>
      <p className="lead">{t('accessibility.lead', { channel })}</p>

      <h2>{t('accessibility.standard')}</h2>
      <p>{t('accessibility.standard.text')}</p>

      <h2>{t('accessibility.tested')}</h2>
      <p>{t('accessibility.tested.intro')}</p>
      <ul>
        <li>{t('accessibility.tested.axe')}</li>
        <li>{t('accessibility.tested.html')}</li>
        <li>{t('accessibility.tested.keyboard')}</li>
        <li>{t('accessibility.tested.widths')}</li>
      </ul>

      <h2>{t('accessibility.limits')}</h2>
      <ul>
        <li>{t('accessibility.limits.captions')}</li>
        <li>{t('accessibility.limits.together')}</li>
        <li>{t('accessibility.limits.clips')}</li>
        <li>{t('accessibility.limits.description')}</li>
        <li>{t('accessibility.limits.artwork')}</li>
        <li>{t('accessibility.limits.others')}</li>
      </ul>

      <h2>{t('accessibility.report')}</h2>
      <p>{t('accessibility.report.text', { channel })}</p>
      {reachable ? <ContactList settings={contact} /> : null}
      <p>
        {beforeContacts}
        <Link to="/contacts">{t('static.contacts')}</Link>
        {afterContacts}
      </p>

      <h2>{t('accessibility.statement')}</h2>
      <p>
        {beforeDate}
        <time dateTime={STATEMENT_DATE.iso}>{reviewed}</time>
        {afterDate}
      </p>
    </div>
  );
}
