import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { refusalOf } from '~/channel/refusal.server';
import { CsrfField } from '~/components/form/CsrfField';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/domain/page-meta';
import { refusalToast } from '~/forms/reply.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import { ownClip } from '~/loaders/own-clip.server';
import clipsCss from '~/styles/clips.css';
import formsCss from '~/styles/forms.css';

/* /watch_library/{id}/delete: "Delete this clip?" — the confirmation step, a page of its own so it
   works without JavaScript; its POST deletes the clip (DELETE /clip/{id}: its files go too). */

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: formsCss },
  { rel: 'stylesheet', href: clipsCss },
];

export async function loader(args: LoaderFunctionArgs) {
  const clip = await ownClip(args);
  return json({ id: clip.id, name: clip.name, eventName: clip.event_name, csrfToken: await requestContext(args).session.csrfToken() });
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Delete clip', 'Delete one of your clips.');

export async function action(args: ActionFunctionArgs) {
  const clip = await ownClip(args);
  await readForm(args);
  const { channel, session } = requestContext(args);
  try {
    await channel.asUser(api.deleteClip, { id: clip.id }, { handles4xx: true });
    const { t } = await i18nOf(args);
    return seeOtherWithToast(session, '/profile/clips', { text: t('clips.toast.deleted', { name: clip.name }), type: 'success' });
  } catch (error) {
    return refusalToast(session, '/profile/clips', refusalOf(error), { message: 'The clip could not be deleted. Please try again.' });
  }
}

export default function DeleteClip() {
  const clip = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="page page--narrow">
      <h1>{t('clips.del.title')}</h1>
      <p>{t('clips.del.text', { name: clip.name, game: clip.eventName })}</p>
      <Form method="post" className="card-form">
        <CsrfField />
        <p className="clip-card__actions">
          <SubmitButton pendingText={t('clips.del.deleting')}>{t('clips.del.delete')}</SubmitButton>
          <Link className="button button--quiet" to="/profile/clips">
            {t('clips.del.keep')}
          </Link>
        </p>
      </Form>
    </div>
  );
}
