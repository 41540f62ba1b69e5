import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, NavLink, Outlet, useLoaderData, useMatches, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';
import { api } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { FramedError } from '~/components/layout/FramedError';
import { FormAnswers } from '~/components/profile/FormAnswers';
import { capabilityWords, featureCountWords } from '~/domain/account-records';
import { pageMeta } from '~/domain/page-meta';
import { describeError } from '~/http/error-kind';
import { requestContext } from '~/http/request-context.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import { answeredForms, formAnswersOf } from '~/loaders/custom-forms.server';
import formsCss from '~/styles/forms.css';

/* /profile: the account summary and the tabs (active orders, transactions, clips, payment methods). /profile/edit
   is a child route too (the same loader gives it the profile) but shows only its own page. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction = ({ matches, error }) =>
  pageMeta(matches, error ? describeError(error).title : 'My profile', 'Your account, passes, payments and clips.');

export async function loader(args: LoaderFunctionArgs) {
  const snapshot = await requireUser(args);
  const { data: user } = await requestContext(args).channel.asUser(api.profile);
  // Keep the header's name and the temporary-password rule in step with the channel.
  if (user.first_name !== snapshot.first_name || user.email !== snapshot.email || user.temporary_password !== snapshot.temporary_password) {
    await requestContext(args).session.updateUser(user);
  }
  const { channel } = requestContext(args);
  const { t } = await i18nOf(args);
  return json({
    forms: formAnswersOf(await answeredForms(channel)),
    user: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      email_verified: user.email_verified,
      news_opt_in: user.news_opt_in,
      temporary_password: user.temporary_password,
      has_password: user.has_password,
      capabilities: capabilityWords(user.capabilities),
      used: featureCountWords(user.featureCount, t),
    },
  });
}

export type ProfileLoader = typeof loader;

const TABS = [
  { to: '/profile', label: 'profile.tab.active', end: true },
  { to: '/profile/transactions', label: 'profile.tab.transactions', end: false },
  { to: '/profile/clips', label: 'profile.tab.clips', end: false },
  { to: '/profile/payment-methods', label: 'profile.tab.cards', end: false },
] as const;

export default function ProfileLayout() {
  const { user, forms } = useLoaderData<typeof loader>();
  const editing = useMatches().some((m) => m.id === 'routes/profile.edit');
  const { t, sentence } = useI18n();
  if (editing)
    return (
      <div className="page page--narrow profile-page">
        <Outlet />
      </div>
    );
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const summary = (
    <section className="profile-summary" aria-labelledby="profile-account">
      <h2 id="profile-account" className="sr-only">
        {t('profile.account')}
      </h2>
      <dl>
        <div>
          <dt>{t('profile.name')}</dt>
          <dd>{fullName || t('profile.notGiven')}</dd>
        </div>
        <div>
          <dt>{t('account.email')}</dt>
          <dd>
            {user.email}
            {user.email_verified ? null : <span className="profile-summary__note"> {t('profile.notVerified')}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('profile.canDo')}</dt>
          <dd>
            {user.capabilities.length ? (
              <ul className="profile-summary__capabilities">
                {user.capabilities.map((c) => (
                  <li key={c}>{sentence(c)}</li>
                ))}
              </ul>
            ) : (
              <>
                {t('profile.browse')} <Link to="/packages">{t('profile.getPass')}</Link> {t('profile.toWatchMore')}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('profile.clipsDownloads')}</dt>
          <dd>{user.used}</dd>
        </div>
      </dl>
      <Link to="/profile/edit" className="button button--quiet">
        {t('profile.edit')}
      </Link>
    </section>
  );
  return (
    <ProfileFrame
      summary={
        <>
          {summary}
          <FormAnswers forms={forms} />
        </>
      }
    >
      <Outlet />
    </ProfileFrame>
  );
}

/** The heading and the tabs around every tab, kept when a tab fails (ErrorBoundary below). */
function ProfileFrame({ summary, children }: { summary?: ReactNode; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="page profile-page">
      <h1>{t('profile.title')}</h1>
      {summary}
      <nav aria-label={t('profile.nav')}>
        <ul className="tabs">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end={tab.end} prefetch="intent">
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

/** A failing tab (or the profile's own loader) keeps the site header, the heading and the tabs. */
export function ErrorBoundary() {
  return (
    <ProfileFrame>
      <FramedError error={useRouteError()} />
    </ProfileFrame>
  );
}
