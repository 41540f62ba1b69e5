import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { formatDate } from '#contract/dates';
import { formatMoney } from '#contract/money';
import { requireUser } from '~/auth/sign-in.server';
import { RecordsTab } from '~/components/profile/RecordsTab';
import { orderTypeWord } from '~/domain/account-records';
import { orderLabel, renewalLabel } from '~/domain/orders';
import { pageMeta } from '~/domain/page-meta';
import { requestContext } from '~/http/request-context.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Active orders', 'Your active passes and subscriptions.');

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { channel } = requestContext(args);
  const timeZone = await channel.timeZone();
  const { sentence, locale } = await i18nOf(args);
  const { data } = await channel.asUser(api.orders, {
    activity_status: 'active',
    no_limit: '1',
  });
  const orders = data.map((o) => ({
    id: o.id,
    product: o.product.name,
    type: sentence(orderTypeWord(o.type)),
    status: sentence(orderLabel(o)),
    renewal: sentence(renewalLabel(o) ?? '—'),
    since: formatDate(o.created_at, timeZone, locale),
    sinceIso: o.created_at,
    price: formatMoney(o.amount, o.currency, locale),
  }));
  return json({ orders });
}

export default function ActiveOrders() {
  const { orders } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <>
      <RecordsTab
        title={t('profile.tab.active')}
        caption={t('profile.active.caption')}
        columns={[
          t('commerce.order.product'),
          t('profile.col.type'),
          t('commerce.order.status'),
          t('profile.col.renewal'),
          t('profile.col.since'),
          t('commerce.buy.price'),
        ]}
        empty={
          <>
            <p>{t('profile.active.none')}</p>
            <p>
              <Link to="/packages">{t('commerce.seePackages')}</Link>
            </p>
          </>
        }
        rows={orders.map((o) => (
          <tr key={o.id}>
            <th scope="row">
              <Link to={`/orders/${o.id}`}>{o.product}</Link>
            </th>
            <td>{o.type}</td>
            <td>{o.status}</td>
            <td>{o.renewal}</td>
            <td>
              <time dateTime={o.sinceIso}>{o.since}</time>
            </td>
            <td>{o.price}</td>
          </tr>
        ))}
      />
      {orders.length > 0 ? (
        <p>
          {/* A document navigation: the billing portal is the payment provider's page. */}
          <a href="/billing">{t('commerce.order.manageBilling')}</a>
        </p>
      ) : null}
    </>
  );
}
