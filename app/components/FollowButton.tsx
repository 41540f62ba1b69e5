import { useFetcher, useLocation } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { FavoritableType } from '#contract';
import { CsrfField } from '~/components/form/CsrfField';
import { followIdOf, type Follow } from '~/domain/follows';
import { useI18n } from '~/i18n/use-i18n';
import type { action as followAction } from '~/routes/follow';

interface Props {
  type: FavoritableType;
  id: number;
  /** What is followed, for assistive technology ("Follow Lakeview Eagles"). */
  name: string;
  /** The signed-in fan's follows (app/loaders/follows.server.ts); null for a visitor. */
  follows: readonly Follow[] | null;
}

/** Follow / Following: a plain form posting to /follow (app/routes/follow.tsx). Without
 *  JavaScript the fan comes back to this page with a toast (a visitor by way of Log in); with it
 *  the button turns at once and the page's data is loaded again. */
export function FollowButton({ type, id, name, follows }: Props) {
  const fetcher = useFetcher<typeof followAction>();
  const hydrated = useHydrated();
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const followId = followIdOf(follows, type, id);
  // Optimistic: while the post is on its way, the button already shows what it asked for.
  const asked = fetcher.formData?.get('intent');
  const following = asked ? asked === 'follow' : followId !== null;
  return (
    <fetcher.Form
      method="post"
      action="/follow"
      className="follow"
      // One change at a time: the next click waits for the page's data to say what is true now.
      onSubmit={(e) => fetcher.state !== 'idle' && e.preventDefault()}
    >
      <CsrfField />
      <input type="hidden" name="back" value={`${pathname}${search}`} />
      {/* With JavaScript the action answers here instead of sending the page back. */}
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      {following && followId !== null ? (
        <input type="hidden" name="follow_id" value={followId} />
      ) : (
        <>
          <input type="hidden" name="type" value={type} />
          <input type="hidden" name="id" value={id} />
        </>
      )}
      <button
        type="submit"
        name="intent"
        value={following ? 'unfollow' : 'follow'}
        aria-pressed={following}
        className={`button follow__button${following ? ' follow__button--on' : ' button--quiet'}`}
      >
        <span aria-hidden="true">{following ? '✓ ' : '+ '}</span>
        {following ? t('watch.follow.on') : t('watch.follow')}
        <span className="sr-only"> {name}</span>
      </button>
      <span role="status" className="sr-only">
        {fetcher.data?.text ?? ''}
      </span>
    </fetcher.Form>
  );
}
