import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { formatDate } from '#contract/dates';
import { requireUser } from '~/auth/sign-in.server';
import { refusalOf } from '~/channel/refusal.server';
import { CopyField } from '~/components/CopyField';
import { CsrfField } from '~/components/form/CsrfField';
import { SubmitButton } from '~/components/form/SubmitButton';
import { feedAddresses } from '~/domain/calendar-feed';
import { pageMeta } from '~/domain/page-meta';
import { intentOf } from '~/forms/intent';
import { refusalToast } from '~/forms/reply.server';
import { publicOrigin } from '~/http/public-url.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm, refused } from '~/http/security.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import calendarCss from '~/styles/calendar-feed.css';
import copyFieldCss from '~/styles/copy-field.css';
import formsCss from '~/styles/forms.css';

/* /my-games/calendar (issue 24, ADR 035, 045): the signed-in fan's private calendar feed of their
   games. The page shows the feed's current address on every visit (the channel keeps the token
   sealed and gives it back to its owner only), so a second device subscribes to the same address;
   "Get the link" makes one, "Reset the link" replaces it (the old address stops at once) and "Stop
   the feed" ends it, each coming back here with a toast. Private (no-store), signed-in only. */

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: formsCss },
  { rel: 'stylesheet', href: calendarCss },
  { rel: 'stylesheet', href: copyFieldCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'My games in your calendar', 'A private calendar feed of the games you follow.');

const INTENTS = ['make', 'stop'] as const;

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { channel, session } = requestContext(args);
  const { data } = await channel.asUser(api.calendarFeed, {});
  const { locale } = await i18nOf(args);
  return json({
    since: data.created_at ? formatDate(data.created_at, await channel.timeZone(), locale) : null,
    addresses: data.token ? feedAddresses(publicOrigin(), data.token) : null,
    csrfToken: await session.csrfToken(),
  });
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args);
  await requireUser(args);
  const intent = intentOf(formData, INTENTS);
  if (!intent) throw refused(400);
  const { channel, session } = requestContext(args);
  try {
    if (intent === 'stop') {
      await channel.asUser(api.deleteCalendarFeed, {});
      return seeOtherWithToast(session, '/my-games/calendar', { type: 'success', text: 'Your calendar feed is stopped: its address no longer works.' });
    }
    const had = (await channel.asUser(api.calendarFeed, {})).data.created_at !== null;
    await channel.asUser(api.makeCalendarFeed, {});
    const text = had
      ? 'Your calendar link is reset: the old address no longer works. Subscribe again with the new one below.'
      : 'Your calendar link is ready: subscribe to it below.';
    return seeOtherWithToast(session, '/my-games/calendar', { type: 'success', text });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.kind === 'signed-out') throw error;
    return refusalToast(session, '/my-games/calendar', refusal, { message: 'Your calendar link could not be changed. Please try again.' });
  }
}

export default function CalendarFeed() {
  const { since, addresses } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="page page--narrow calendar-feed">
      <h1>{t('follow.cal.title')}</h1>
      <p>{t('follow.cal.intro')}</p>
      <p className="notice">{t('follow.cal.private')}</p>
      {addresses ? (
        <section aria-labelledby="feed-link" className="card-form">
          <h2 id="feed-link">{t('follow.cal.yourLink')}</h2>
          <p>
            <a className="button" href={addresses.webcal}>
              {t('follow.cal.open')}
            </a>
          </p>
          <p className="calendar-feed__address">
            {t('follow.cal.orSubscribe')} <a href={addresses.web}>{addresses.web}</a>
          </p>
          <CopyField id="feed-address" label={t('follow.cal.address')} hint={t('follow.cal.googleHint')} value={addresses.web} />
          <CopyField id="feed-webcal" label={t('follow.cal.webcal')} value={addresses.webcal} />
          <p>{t('follow.cal.madeOn', { date: since })}</p>
          <FeedButtons />
        </section>
      ) : since ? (
        <section aria-labelledby="feed-have" className="card-form">
          <h2 id="feed-have">{t('follow.cal.have')}</h2>
          <p>{t('follow.cal.madeBefore', { date: since })}</p>
          <FeedButtons />
        </section>
      ) : (
        <Form method="post" className="card-form">
          <CsrfField />
          <h2>{t('follow.cal.get')}</h2>
          <div className="form-actions">
            <SubmitButton intent="make" pendingText={t('follow.cal.making')}>
              {t('follow.cal.getLink')}
            </SubmitButton>
          </div>
        </Form>
      )}
      <p>
        <Link to="/my-games">{t('follow.backToMyGames')}</Link>
      </p>
    </div>
  );
}

/** Reset (a new address, the old one stops) and Stop (no address). */
function FeedButtons() {
  const { t } = useI18n();
  return (
    <Form method="post" className="form-actions">
      <CsrfField />
      <SubmitButton intent="make" pendingText={t('follow.cal.resetting')} className="button button--secondary">
        {t('follow.cal.reset')}
      </SubmitButton>
      <SubmitButton intent="stop" pendingText={t('follow.cal.stopping')} className="button button--quiet">
        {t('follow.cal.stop')}
      </SubmitButton>
    </Form>
  );
}
