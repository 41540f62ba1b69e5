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
  return json({
    since: data.created_at ? formatDate(data.created_at, await channel.timeZone()) : null,
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
  return (
    <div className="page page--narrow calendar-feed">
      <h1>My games in your calendar</h1>
      <p>
        Subscribe once and the games you follow show up in your calendar app (Apple Calendar, Google Calendar, Outlook), each with a link to watch it. Games you
        follow later, and changed start times, come along by themselves; calendar apps look for changes every few hours.
      </p>
      <p className="notice">
        The link is private: anyone who has it can see the games you follow (not your name or email). If you shared it by mistake, reset it and the old one
        stops working at once.
      </p>
      {addresses ? (
        <section aria-labelledby="feed-link" className="card-form">
          <h2 id="feed-link">Your calendar link</h2>
          <p>
            <a className="button" href={addresses.webcal}>
              Open in my calendar app
            </a>
          </p>
          <p className="calendar-feed__address">
            Or subscribe to <a href={addresses.web}>{addresses.web}</a>
          </p>
          <CopyField
            id="feed-address"
            label="Calendar address"
            hint="For Google Calendar: Other calendars, From URL, then paste this address."
            value={addresses.web}
          />
          <CopyField id="feed-webcal" label="Subscription address (webcal)" value={addresses.webcal} />
          <p>Made on {since}. Use the same address on each of your devices; it works until you reset or stop it.</p>
          <FeedButtons />
        </section>
      ) : since ? (
        <section aria-labelledby="feed-have" className="card-form">
          <h2 id="feed-have">You have a calendar link</h2>
          <p>Made on {since}, before we kept links to show again: reset it to see its address here (your calendar app then needs the new one).</p>
          <FeedButtons />
        </section>
      ) : (
        <Form method="post" className="card-form">
          <CsrfField />
          <h2>Get your calendar link</h2>
          <div className="form-actions">
            <SubmitButton intent="make" pendingText="Making your link…">
              Get the link
            </SubmitButton>
          </div>
        </Form>
      )}
      <p>
        <Link to="/my-games">Back to My games</Link>
      </p>
    </div>
  );
}

/** Reset (a new address, the old one stops) and Stop (no address). */
function FeedButtons() {
  return (
    <Form method="post" className="form-actions">
      <CsrfField />
      <SubmitButton intent="make" pendingText="Resetting…" className="button button--secondary">
        Reset the link
      </SubmitButton>
      <SubmitButton intent="stop" pendingText="Stopping…" className="button button--quiet">
        Stop the feed
      </SubmitButton>
    </Form>
  );
}
