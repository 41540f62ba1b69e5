import { json, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
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

      <section aria-labelledby="subscriptions-heading">
        <h2 id="subscriptions-heading">Subscriptions</h2>
        {subscriptions.length === 0 ? (
          <p>No subscriptions are on offer right now.</p>
        ) : (
          <ul className="product-grid">
            {subscriptions.map((s) => (
              <li key={s.id} className="product">
                <h3>{s.name}</h3>
                <p className="product__price">{s.priceTitle}</p>
                {s.trialDays ? <p className="product__trial">{s.trialDays}-day free trial</p> : null}
                {s.description ? <p>{s.description}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="passes-heading">
        <h2 id="passes-heading">Passes</h2>
        {passes.length === 0 ? (
          <p>No passes are on offer right now.</p>
        ) : (
          <ul className="product-grid">
            {passes.map((p) => (
              <li key={p.id} className="product">
                <h3>{p.name}</h3>
                <p className="product__price">{p.priceTitle}</p>
                {p.addOn ? <p className="product__tag">Add-on pass</p> : null}
                {p.description ? <p>{p.description}</p> : null}
                {p.categories.length > 0 ? <p className="product__meta">Covers: {p.categories.join(', ')}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
