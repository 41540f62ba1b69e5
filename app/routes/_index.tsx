import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { EventTiles } from '~/components/EventTiles';
import { HomeSection } from '~/components/HomeSection';
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
        <HomeSection id="live-now" title="Live now" more={{ to: '/live', text: 'All live games' }}>
          <EventTiles cards={live.cards} eagerCount={3} empty={null} />
        </HomeSection>
      )}

      <HomeSection id="upcoming" title="Upcoming" more={{ to: '/schedule', text: 'Full schedule' }}>
        {nothingLive ? <p className="home-section__note">Nothing is live right now. These games are next.</p> : null}
        <EventTiles cards={upcoming.cards} eagerCount={nothingLive ? 3 : 0} empty={<p>No upcoming games are scheduled yet.</p>} />
      </HomeSection>

      <HomeSection id="on-demand" title="On demand" more={{ to: '/vod', text: 'All past games' }}>
        <EventTiles cards={finished.cards} empty={<p>Replays of finished games will appear here.</p>} />
      </HomeSection>

      {rails.map((rail) => (
        <StaticRail key={rail.id} rail={rail} />
      ))}
    </div>
  );
}
