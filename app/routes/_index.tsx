import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { EventTiles } from '~/components/EventTiles';
import { HomeSection } from '~/components/HomeSection';
import { Slides } from '~/components/Slides';
import { StaticRail } from '~/components/StaticRail';
import { useI18n } from '~/i18n/use-i18n';
import type { loader } from '~/loaders/home.server';

export { loader } from '~/loaders/home.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }, { name: 'description', content: data.description }] : []);

/* The first games (live now, else the next ones) come right after the slides' one row, so on a
   phone they start on the first screen (issue 34). */
export default function Home() {
  const { channelName, slides, live, upcoming, finished, rails } = useLoaderData<typeof loader>();
  const nothingLive = live.cards.length === 0;
  const { t } = useI18n();
  return (
    <div className="page page--home">
      <div className="hero">
        <h1>{channelName}</h1>
        <p className="hero__lead">{t('lists.home.lead')}</p>
      </div>
      <Slides slides={slides} />

      {nothingLive ? null : (
        <HomeSection id="live-now" title={t('lists.home.live')} more={{ to: '/live', text: t('lists.home.allLive') }}>
          <EventTiles cards={live.cards} eagerCount={3} empty={null} />
        </HomeSection>
      )}

      <HomeSection id="upcoming" title={t('lists.home.upcoming')} more={{ to: '/schedule', text: t('lists.home.schedule') }}>
        {nothingLive ? <p className="home-section__note">{t('lists.home.nothingLive')}</p> : null}
        <EventTiles cards={upcoming.cards} eagerCount={nothingLive ? 3 : 0} empty={<p>{t('lists.home.noUpcoming')}</p>} />
      </HomeSection>

      <HomeSection id="on-demand" title={t('lists.home.onDemand')} more={{ to: '/vod', text: t('lists.home.allPast') }}>
        <EventTiles cards={finished.cards} empty={<p>{t('lists.home.noReplays')}</p>} />
      </HomeSection>

      {rails.map((rail) => (
        <StaticRail key={rail.id} rail={rail} />
      ))}
    </div>
  );
}
