import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ContactList } from '~/components/layout/ContactList';
import { paragraphs } from '~/domain/channel-text';
import { pageMeta } from '~/domain/page-meta';
import { requestContext } from '~/http/request-context.server';
import { useI18n } from '~/i18n/use-i18n';

export async function loader(args: LoaderFunctionArgs) {
  const boot = await requestContext(args).channel.bootstrap();
  const block = boot.static_blocks.find((b) => b.alias === 'contacts') ?? null;
  return json({ block, settings: boot.settings });
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Contacts', 'How to reach this channel: e-mail, phone and address.');

export default function Contacts() {
  const { block, settings } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="page page--narrow prose">
      <h1>{t('static.contacts')}</h1>
      {paragraphs(block?.body).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      <h2>{t('static.contacts.getInTouch')}</h2>
      <ContactList settings={settings} />
    </div>
  );
}
