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

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Active orders', 'Your active passes and subscriptions.');

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { channel } = requestContext(args);
  const timeZone = await channel.timeZone();
  const { data } = await channel.asUser(api.orders, {
    activity_status: 'active',
    no_limit: '1',
  });
  const orders = data.map((o) => ({
    id: o.id,
    product: o.product.name,
    type: orderTypeWord(o.type),
    status: orderLabel(o),
    renewal: renewalLabel(o) ?? '—',
    since: formatDate(o.created_at, timeZone),
    sinceIso: o.created_at,
    price: formatMoney(o.amount, o.currency),
  }));
  return json({ orders });
}

export default function ActiveOrders() {
  const { orders } = useLoaderData<typeof loader>();
  return (
    <>
      <RecordsTab
        title="Active orders"
        caption="Your active passes, packages and subscriptions"
        columns={['Product', 'Type', 'Status', 'Renewal', 'Since', 'Price']}
        empty={
          <>
            <p>You have no active passes yet.</p>
            <p>
              <Link to="/packages">See passes and packages</Link>
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
          <a href="/billing">Manage billing</a>
        </p>
      ) : null}
    </>
  );
}
