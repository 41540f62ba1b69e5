import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { paragraphs } from '~/domain/channel-text';
import { pageMeta } from '~/domain/page-meta';
import { requestContext } from '~/http/request-context.server';
import { useI18n } from '~/i18n/use-i18n';

export async function loader(args: LoaderFunctionArgs) {
  const boot = await requestContext(args).channel.bootstrap();
  const block = boot.static_blocks.find((b) => b.alias === 'about') ?? null;
  return json({ block, channelName: boot.settings.name });
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'About', 'About this channel.');

export default function About() {
  const { block, channelName } = useLoaderData<typeof loader>();
  const body = paragraphs(block?.body);
  const { t } = useI18n();
  return (
    <div className="page page--narrow prose">
      <h1>{t('static.about')}</h1>
      {block && block.title && block.title !== 'About' ? <p className="lead">{block.title}</p> : null}
      {body.length > 0 ? body.map((p, i) => <p key={i}>{p}</p>) : <p>{t('static.about.default', { channel: channelName })}</p>}
    </div>
  );
}
