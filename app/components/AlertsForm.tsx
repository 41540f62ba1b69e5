import { useFetcher } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { CsrfField } from '~/components/form/FormGuards';
import { alertLabel } from '~/domain/alerts';
import type { action as alertsAction } from '~/routes/alerts';

interface Props {
  favoriteId: number;
  /** What is followed, for the fieldset's legend and the button's accessible name. */
  name: string;
  goLive: boolean;
  reminder: boolean;
  /** How long before a game the reminder goes (the channel's ALERT_LEAD_MINUTES). */
  leadMinutes: number;
}

/** A followed thing's two alert e-mails and their Save button: a plain form posting to /alerts
 *  (app/routes/alerts.tsx), back to My games with a toast; with JavaScript a fetcher that says
 *  it is saving, then what it saved. */
export function AlertsForm({ favoriteId, name, goLive, reminder, leadMinutes }: Props) {
  // Keyed: the answer stays shown if the list is drawn again when the page's data reloads.
  const fetcher = useFetcher<typeof alertsAction>({ key: `alerts-${favoriteId}` });
  const hydrated = useHydrated();
  const saving = fetcher.state !== 'idle';
  const id = (field: string) => `alerts-${favoriteId}-${field}`;
  return (
    <fetcher.Form method="post" action="/alerts" className="alerts-form" onSubmit={(e) => saving && e.preventDefault()}>
      <CsrfField />
      <input type="hidden" name="favorite_id" value={favoriteId} />
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      <fieldset>
        <legend className="sr-only">Alert e-mails for {name}</legend>
        <div className="field field--checkbox">
          <input id={id('go-live')} type="checkbox" name="go_live" defaultChecked={goLive} />
          <label htmlFor={id('go-live')}>{alertLabel('go-live', leadMinutes)}</label>
        </div>
        <div className="field field--checkbox">
          <input id={id('reminder')} type="checkbox" name="reminder" defaultChecked={reminder} />
          <label htmlFor={id('reminder')}>{alertLabel('reminder', leadMinutes)}</label>
        </div>
      </fieldset>
      <button type="submit" className="button button--quiet" aria-disabled={saving || undefined}>
        {saving ? 'Saving…' : 'Save'}
        <span className="sr-only"> alerts for {name}</span>
      </button>
      <span role="status" className={fetcher.data && !saving ? `alerts-form__status${fetcher.data.ok ? '' : ' alerts-form__status--error'}` : 'sr-only'}>
        {saving ? 'Saving…' : (fetcher.data?.text ?? '')}
      </span>
    </fetcher.Form>
  );
}
