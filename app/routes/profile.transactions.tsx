import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { formatDateTime } from '#contract/dates';
import { formatMoney } from '#contract/money';
import { requireUser } from '~/auth/sign-in.server';
import { RecordsTab } from '~/components/profile/RecordsTab';
import { transactionStatusWord } from '~/domain/account-records';
import { giftState } from '~/domain/orders';
import { pageMeta } from '~/domain/page-meta';
import { requestContext } from '~/http/request-context.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Transactions', 'Your payments, newest first.');

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { channel } = requestContext(args);
  const timeZone = await channel.timeZone();
  const i18n = await i18nOf(args);
  const { sentence, locale } = i18n;
  const { data } = await channel.asUser(api.orders, {
    no_limit: '1',
  });
  // Every payment of every order, newest first.
  const transactions = data
    .flatMap((order) => order.transactions.map((t) => ({ ...t, product: order.product.name, gift: giftState(order) })))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)
    .map((t) => ({
      id: t.id,
      dateIso: t.created_at,
      date: formatDateTime(t.created_at, timeZone, locale),
      product: t.product,
      // A pass given to someone else: to whom, and whether they redeemed it.
      gift: t.gift ? i18n.t('profile.giftTo', { to: t.gift.to, state: sentence(t.gift.state) }) : null,
      kind: sentence(t.label),
      status: sentence(transactionStatusWord(t.status)),
      amount: formatMoney(t.amount, t.currency, locale),
    }));
  return json({ transactions });
}

export default function Transactions() {
  const { transactions } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <RecordsTab
      title={t('profile.tab.transactions')}
      caption={t('profile.tx.caption')}
      columns={[t('commerce.order.date'), t('commerce.order.product'), t('profile.col.kind'), t('commerce.order.status'), t('commerce.order.amount')]}
      empty={
        <>
          <p>{t('profile.tx.none')}</p>
          <p>
            {t('profile.tx.when')} <Link to="/packages">{t('commerce.seePackages')}</Link>
          </p>
        </>
      }
      rows={transactions.map((t) => (
        <tr key={t.id}>
          <td>
            <time dateTime={t.dateIso}>{t.date}</time>
          </td>
          <th scope="row">
            {t.product}
            {t.gift ? (
              <>
                <br />
                <span>{t.gift}</span>
              </>
            ) : null}
          </th>
          <td>{t.kind}</td>
          <td>{t.status}</td>
          <td>{t.amount}</td>
        </tr>
      ))}
    />
  );
}
