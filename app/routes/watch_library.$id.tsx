import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { ClipView } from '~/components/clips/ClipView';
import { CopyField } from '~/components/CopyField';
import { AppForm } from '~/components/form/AppForm';
import { Field } from '~/components/form/Field';
import { SubmitButton } from '~/components/form/SubmitButton';
import { clipViewData } from '~/domain/clip-view';
import { clipRefusalText } from '~/domain/clips';
import { pageMeta } from '~/domain/page-meta';
import { renameClipSchema } from '~/forms/clip';
import { useAppForm } from '~/forms/kit';
import { channelErrorReply } from '~/forms/reply.server';
import { publicUrl } from '~/http/public-url.server';
import { seeOtherWithToast } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import { canDownloadClips, ownClip } from '~/loaders/own-clip.server';
import clipsCss from '~/styles/clips.css';
import copyFieldCss from '~/styles/copy-field.css';
import formsCss from '~/styles/forms.css';

/* /watch_library/{id}: the fan's own clip in the player, with its share link, its download (with
   download_clip), Rename (a "Clip the last 30 s" clip comes with a default name) and Delete.
   Private: another fan's clip is the not-found page. */

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: formsCss },
  { rel: 'stylesheet', href: copyFieldCss },
  { rel: 'stylesheet', href: clipsCss },
];

export async function loader(args: LoaderFunctionArgs) {
  const [clip, canDownload] = await Promise.all([ownClip(args), canDownloadClips(args)]);
  return json({
    clip: clipViewData(clip),
    ready: clip.status === 'processed',
    shareUrl: publicUrl(`/share/${clip.id}/${clip.uuid}`),
    canDownload,
  });
}

/** Rename: the spec's messages on the field; done, back here with a toast. */
export async function action(args: ActionFunctionArgs) {
  const clip = await ownClip(args);
  const formData = await readForm(args);
  const submission = parseWithZod(formData, { schema: renameClipSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  const { channel, session } = requestContext(args);
  try {
    const { data } = await channel.asUser(api.renameClip, { id: clip.id, name: submission.value.name }, { handles4xx: true });
    const { t } = await i18nOf(args);
    return seeOtherWithToast(session, `/watch_library/${clip.id}`, { text: t('clips.toast.renamed', { name: data.name }), type: 'success' });
  } catch (error) {
    return channelErrorReply(submission, error, { fields: ['name'], message: clipRefusalText });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.clip.name ?? 'Clip', data ? `Your clip of ${data.clip.eventName}.` : 'Your clip.');

export default function ClipRoute() {
  const { clip, ready, shareUrl, canDownload } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <ClipView clip={clip}>
      <RenameForm name={clip.name} />
      <section className="clip-share" aria-labelledby="clip-share-title">
        <h2 id="clip-share-title">{t('clips.page.share')}</h2>
        {ready ? <CopyField id="clip-share" label={t('clips.page.shareLink')} hint={t('clips.page.shareHint')} value={shareUrl} /> : null}
        <p className="clip-card__actions">
          {ready && canDownload ? (
            <a className="button" href={`/watch_library/${clip.id}/download`}>
              {t('clips.download')}
            </a>
          ) : null}
          <Link className="button button--quiet" to={`/watch_library/${clip.id}/delete`}>
            {t('clips.delete')}
          </Link>
          <Link to="/profile/clips">{t('clips.page.all')}</Link>
        </p>
      </section>
    </ClipView>
  );
}

function RenameForm({ name }: { name: string }) {
  const lastResult = useActionData<{ result?: SubmissionResult<string[]> }>()?.result ?? null;
  const kit = useAppForm({ id: 'rename-clip', schema: renameClipSchema, lastResult, defaultValue: { name } });
  const { t } = useI18n();
  return (
    <section className="clip-rename" aria-labelledby="clip-rename-title">
      <h2 id="clip-rename-title">{t('clips.page.rename')}</h2>
      <AppForm kit={kit} className="card-form clip-rename__form">
        <Field meta={kit.fields.name} label={t('clips.form.name')} autoComplete="off" />
        <SubmitButton pendingText={t('profile.saving')}>{t('clips.page.saveName')}</SubmitButton>
      </AppForm>
    </section>
  );
}
