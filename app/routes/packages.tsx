import { json, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { loadBootstrapOrWhoops } from '~/channel/bootstrap.server';
import { pageMeta } from '~/components/layout/meta';
import { priceTitle } from '~/domain/price-title';

/* Read-only for now: buying arrives with the commerce issue. Single-event packages (type 'event')
   are sold from their event, so the list shows subscriptions and season passes. */
export async function loader() {
  const boot = await loadBootstrapOrWhoops();
  const currency = boot.settings.currency;
  const byWeight = <T extends { weight: number; id: number }>(a: T, b: T) => a.weight - b.weight || a.id - b.id;
  const categoryName = new Map(boot['events-categories'].map((c) => [c.id, c.name]));
  const subscriptions = [...boot.subscriptions].sort(byWeight).map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    image: s.image,
    priceTitle: priceTitle(s, currency),
    trialDays: s.trial_period,
  }));
  const passes = boot.packages
    .filter((p) => p.type === 'package')
    .sort(byWeight)
    .map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      image: p.image,
      priceTitle: p.pass_type === 'free' ? 'Free' : priceTitle(p, currency),
      addOn: p.kind === 'additional',
      categories: p.event_categories.map((id) => categoryName.get(id)).filter((n): n is string => Boolean(n)),
    }));
  return json({ subscriptions, passes });
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Packages', 'Passes and subscriptions for watching games.');

export default function Packages() {
  const { subscriptions, passes } = useLoaderData<typeof loader>();
  return (
    <div className="page page--packages">
      <h1>Packages</h1>
      <p className="notice" role="note">
        Online purchase opens soon. Free events already play for everyone — see the <Link to="/schedule">schedule</Link>.
      </p>

      <ProductSection id="subscriptions" title="Subscriptions" empty="No subscriptions are on offer right now." products={subscriptions}>
        {(s) => (s.trialDays ? <p className="product__trial">{s.trialDays}-day free trial</p> : null)}
      </ProductSection>

      <ProductSection
        id="passes"
        title="Passes"
        empty="No passes are on offer right now."
        products={passes}
        after={(p) => (p.categories.length > 0 ? <p className="product__meta">Covers: {p.categories.join(', ')}</p> : null)}
      >
        {(p) => (p.addOn ? <p className="product__tag">Add-on pass</p> : null)}
      </ProductSection>
    </div>
  );
}

interface Product {
  id: number;
  name: string;
  description: string | null;
  priceTitle: string;
}

/** One kind of product as a titled grid; what a kind says beyond name, price and description
 *  goes before the description (`children`) or after it (`after`). */
function ProductSection<P extends Product>(props: {
  id: string;
  title: string;
  empty: string;
  products: P[];
  children: (product: P) => ReactNode;
  after?: (product: P) => ReactNode;
}) {
  const headingId = `${props.id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      {props.products.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <ul className="product-grid">
          {props.products.map((product) => (
            <li key={product.id} className="product">
              <h3>{product.name}</h3>
              <p className="product__price">{product.priceTitle}</p>
              {props.children(product)}
              {product.description ? <p>{product.description}</p> : null}
              {props.after?.(product)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
