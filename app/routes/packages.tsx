import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { api } from '#contract';
import { formatMoney } from '#contract/money';
import { ownershipOf } from '~/domain/orders';
import { pageMeta } from '~/domain/page-meta';
import { priceTitle } from '~/domain/price-title';
import { requestContext } from '~/http/request-context.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';

/* /packages: every subscription and pass with its price title, service fee, trial, what it covers
   and, for a signed-in fan, what they already have. Single-event packages (type 'event') are sold
   from their event's page. An offer here is a link (/buy, /select-package): the page an anonymous
   visitor gets is the same for everyone and may be cached; a signed-in fan's reads their orders. */
export async function loader(args: LoaderFunctionArgs) {
  const { channel, session } = requestContext(args);
  const boot = await channel.bootstrap();
  const currency = boot.settings.currency;
  const i18n = await i18nOf(args);
  const { t, locale } = i18n;
  const signedIn = (await session.user()) !== null;
  const [active, access] = signedIn
    ? await Promise.all([channel.asUser(api.orders, { activity_status: 'active', no_limit: '1' }), channel.asUser(api.userAccess)])
    : [null, null];
  const owned = active ? ownershipOf(active.data) : null;
  // Spec: a trial is offered only while trial_period_used is false (an anonymous visitor may still have one).
  const trialUsed = access?.data.trial_period_used ?? false;
  const byWeight = <T extends { weight: number; id: number }>(a: T, b: T) => a.weight - b.weight || a.id - b.id;
  const categoryName = new Map(boot['events-categories'].flatMap((c) => [c, ...(c.children ?? [])]).map((c) => [c.id, c.name]));
  const fee = (amount: number) => (amount > 0 ? formatMoney(amount, currency, locale) : null);
  const subscriptions = [...boot.subscriptions].sort(byWeight).map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    priceTitle: priceTitle(s, currency, i18n),
    serviceFee: fee(s.service_fee),
    trialDays: s.trial_period,
    trialUsed,
    owned: owned?.subscriptions.has(s.id) ?? false,
  }));
  const passes = boot.packages
    .filter((p) => p.type === 'package')
    .sort(byWeight)
    .map((p) => {
      const choices = p.is_team_pass ? p.participants : p.event_categories;
      const have = owned?.choices.get(p.id)?.size ?? 0;
      return {
        id: p.id,
        name: p.name,
        description: p.description,
        priceTitle: p.pass_type === 'free' ? t('commerce.free') : priceTitle(p, currency, i18n),
        serviceFee: fee(p.service_fee),
        /** An add-on: the regular pass it comes with (bought with it or after it). */
        addOnOf: p.kind === 'additional' ? (boot.packages.find((r) => r.id === p.parent_pass_id)?.name ?? t('commerce.itsRegularPass')) : null,
        covers: p.is_team_pass
          ? t('commerce.chooseFromTeams', { n: choices.length })
          : t('commerce.covers', {
              list: choices
                .map((id) => categoryName.get(id))
                .filter(Boolean)
                .join(', '),
            }),
        owned: have === 0 ? null : have >= choices.length ? ('all' as const) : t('commerce.haveOf', { have, n: choices.length }),
      };
    });
  return json({ subscriptions, passes });
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Packages', 'Passes and subscriptions for watching games.');

export default function Packages() {
  const { subscriptions, passes } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <div className="page page--packages">
      <h1>{t('commerce.packages')}</h1>
      <p className="notice" role="note">
        {t('commerce.freeEvents')} <Link to="/schedule">{t('commerce.freeEvents.schedule')}</Link>
        {t('commerce.freeEvents.after')} {t('commerce.allSalesFinal')}
      </p>

      <ProductSection id="subscriptions" title={t('commerce.subscriptions')} empty={t('commerce.noSubscriptions')} products={subscriptions}>
        {(s) => ({
          before: s.trialDays ? <p className="product__trial">{t('commerce.trialDays', { n: s.trialDays })}</p> : null,
          action: s.owned ? (
            <p className="product__owned">{t('commerce.haveSubscription')}</p>
          ) : (
            <>
              {s.trialDays && !s.trialUsed ? (
                <p>
                  <Link className="button" to={`/buy?subscription=${s.id}&trial=1`}>
                    {t('commerce.startTrial')}
                    <span className="sr-only"> {t('commerce.startTrial.of', { name: s.name })}</span>
                  </Link>
                </p>
              ) : null}
              <Link className={s.trialDays && !s.trialUsed ? 'button button--quiet' : 'button'} to={`/buy?subscription=${s.id}`}>
                {t('commerce.subscribe')}
                <span className="sr-only"> {t('commerce.subscribe.to', { name: s.name })}</span>
              </Link>
            </>
          ),
        })}
      </ProductSection>

      <ProductSection id="passes" title={t('commerce.passes')} empty={t('commerce.noPasses')} products={passes}>
        {(p) => ({
          before: p.addOnOf ? <p className="product__tag">{t('commerce.addOnPass')}</p> : null,
          after: (
            <>
              <p className="product__meta">{p.covers}</p>
              {p.addOnOf ? <p className="product__meta">{t('commerce.comesWith', { pass: p.addOnOf })}</p> : null}
            </>
          ),
          action:
            p.owned === 'all' ? (
              <p className="product__owned">{t('commerce.haveAll')}</p>
            ) : (
              <>
                {p.owned ? <p className="product__owned">{p.owned}</p> : null}
                <Link className="button" to={`/select-package/${p.id}`}>
                  {t('commerce.choose')}
                  <span className="sr-only"> {p.name}</span>
                </Link>
              </>
            ),
        })}
      </ProductSection>
    </div>
  );
}

interface Product {
  id: number;
  name: string;
  description: string | null;
  priceTitle: string;
  serviceFee: string | null;
}

/** One kind of product as a titled grid; what a kind says beyond name, price and description
 *  goes before the description (`before`), after it (`after`), and its way to buy (`action`). */
function ProductSection<P extends Product>(props: {
  id: string;
  title: string;
  empty: string;
  products: P[];
  children: (product: P) => { before?: ReactNode; after?: ReactNode; action: ReactNode };
}) {
  const { t } = useI18n();
  const headingId = `${props.id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      {props.products.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <ul className="product-grid">
          {props.products.map((product) => {
            const parts = props.children(product);
            return (
              <li key={product.id} className="product">
                <h3>{product.name}</h3>
                <p className="product__price">{product.priceTitle}</p>
                {product.serviceFee ? <p className="product__meta">{t('commerce.plusServiceFee', { fee: product.serviceFee })}</p> : null}
                {parts.before}
                {product.description ? <p>{product.description}</p> : null}
                {parts.after}
                <div className="product__actions">{parts.action}</div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
