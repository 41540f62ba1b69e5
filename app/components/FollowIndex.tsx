import { FollowButton } from '~/components/FollowButton';
import { PathLink } from '~/components/PathLink';
import type { FollowIndexData, IndexEntry } from '~/domain/follow-index';
import { useI18n } from '~/i18n/use-i18n';

/** /schools and /sports (app/loaders/follow-index.server.ts): each school or sport with its page,
 *  its Follow toggle and what it holds; schools under their divisions. */
export function FollowIndex({ data }: { data: FollowIndexData }) {
  const { t, sentence } = useI18n();
  return (
    <div className="page page--follow-index">
      <h1>{sentence(data.title)}</h1>
      <p className="follow-index__intro">{sentence(data.intro)}</p>
      {data.groups.length === 0 ? (
        <div className="empty">
          <p>{t('follow.nothingYet')}</p>
        </div>
      ) : null}
      {data.groups.map((group, i) =>
        group.title ? (
          <section key={group.title} className="follow-index__group" aria-labelledby={`follow-index-${i}`}>
            <h2 id={`follow-index-${i}`}>{group.href ? <PathLink to={group.href}>{group.title}</PathLink> : sentence(group.title)}</h2>
            <Entries entries={group.entries} follows={data.follows} headingLevel={3} />
          </section>
        ) : (
          <Entries key={i} entries={group.entries} follows={data.follows} headingLevel={2} />
        ),
      )}
    </div>
  );
}

function Entries({ entries, follows, headingLevel }: { entries: IndexEntry[]; follows: FollowIndexData['follows']; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useI18n();
  return (
    <ul className="follow-index__list">
      {entries.map((entry) => (
        <li key={entry.href} className="follow-index__entry">
          <div className="follow-index__head">
            {entry.logo ? <img src={entry.logo} alt="" width={40} height={40} loading="lazy" /> : null}
            <Heading className="follow-index__name">
              <PathLink to={entry.href}>{entry.name}</PathLink>
            </Heading>
            <FollowButton type={entry.follow.type} id={entry.follow.id} name={entry.name} follows={follows} />
          </div>
          {entry.links.length > 0 ? (
            <ul className="follow-links follow-index__links" aria-label={t('follow.in', { name: entry.name })}>
              {entry.links.map((link) => (
                <li key={link.href}>
                  <PathLink to={link.href} className="follow-link">
                    {link.name}
                  </PathLink>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
