import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { paragraphs } from '~/domain/channel-text';
import { pageMeta } from '~/domain/page-meta';
import { requestContext } from '~/http/request-context.server';
import { useI18n } from '~/i18n/use-i18n';

export async function loader(args: LoaderFunctionArgs) {
  const boot = await requestContext(args).channel.bootstrap();
  const faq = [...boot.faq].sort((a, b) => a.weight - b.weight || a.id - b.id);
  return json({ faq });
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'FAQ', 'Answers to common questions about watching and passes.');

export default function Faq() {
  const { faq } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="page page--narrow">
      <h1>{t('static.faq')}</h1>
      {faq.length === 0 ? (
        <p>
          {t('static.faq.none')} <Link to="/contacts">{t('static.faq.contactUs')}</Link> {t('static.faq.ifHelp')}
        </p>
      ) : (
        <div className="faq">
          {faq.map((item) => (
            <details key={item.id} className="faq__item">
              <summary>{item.question}</summary>
              <div className="faq__answer">
                {paragraphs(item.answer).map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
