import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { EventTiles } from '~/components/EventTiles';
import { Slides } from '~/components/Slides';
import { StaticRail } from '~/components/StaticRail';
import type { loader } from '~/loaders/home.server';

export { loader } from '~/loaders/home.server';

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: 'description', content: `Watch ${data.channelName}: live games, what is coming up, and replays on demand.` }] : [];

/* The first games (live now, else the next ones) come right after the slides' one row, so on a
   phone they start on the first screen (issue 34). */
export default function Home() {
  const { channelName, slides, live, upcoming, finished, rails } = useLoaderData<typeof loader>();
  const nothingLive = live.cards.length === 0;
  return (
    <div className="page page--home">
      <div className="hero">
        <h1>{channelName}</h1>
        <p className="hero__lead">Live games, what's coming up and every replay in one place.</p>
      </div>
      <Slides slides={slides} />

      {nothingLive ? null : (
        <section className="home-section" aria-labelledby="live-now">
          <div className="section-head">
            <h2 id="live-now">Live now</h2>
            <Link to="/live" className="section-head__more">
              All live games
            </Link>
          </div>
          <EventTiles cards={live.cards} eagerCount={3} empty={null} />
        </section>
      )}

      <section className="home-section" aria-labelledby="upcoming">
        <div className="section-head">
          <h2 id="upcoming">Upcoming</h2>
          <Link to="/schedule" className="section-head__more">
            Full schedule
          </Link>
        </div>
        {nothingLive ? <p className="home-section__note">Nothing is live right now. These games are next.</p> : null}
        <EventTiles cards={upcoming.cards} eagerCount={nothingLive ? 3 : 0} empty={<p>No upcoming games are scheduled yet.</p>} />
      </section>

      <section className="home-section" aria-labelledby="on-demand">
        <div className="section-head">
          <h2 id="on-demand">On demand</h2>
          <Link to="/vod" className="section-head__more">
            All past games
          </Link>
        </div>
        <EventTiles cards={finished.cards} empty={<p>Replays of finished games will appear here.</p>} />
      </section>

      {rails.map((rail) => (
        <StaticRail key={rail.id} rail={rail} />
      ))}
    </div>
  );
}
