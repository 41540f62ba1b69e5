import { useFetcher, useLocation } from '@remix-run/react';
import { CsrfField } from '~/components/form/CsrfField';
import { alertLabel } from '~/domain/alerts';

interface Props {
  followId: number;
  /** What is followed, for the fieldset's legend and the button's accessible name. */
  name: string;
  goLive: boolean;
  reminder: boolean;
  /** How long before a game the reminder goes (the channel's ALERT_LEAD_MINUTES). */
  leadMinutes: number;
}

/** A followed thing's two alert e-mails and their Save button: a plain form posting to /alerts
 *  (app/routes/alerts.tsx), which comes back to this page with a toast. With JavaScript a fetcher
 *  posts it (the button says it is saving) and follows the same way back, keeping the scroll. */
export function AlertsForm({ followId, name, goLive, reminder, leadMinutes }: Props) {
  const fetcher = useFetcher({ key: `alerts-${followId}` });
  const { pathname, search } = useLocation();
  const saving = fetcher.state !== 'idle';
  const id = (field: string) => `alerts-${followId}-${field}`;
  return (
    <fetcher.Form
      method="post"
      action="/alerts"
      className="alerts-form"
      preventScrollReset
      // Remix finds the /alerts route when the form renders (as its own <Form> does), not on the first save.
      data-discover="true"
      onSubmit={(e) => saving && e.preventDefault()}
    >
      <CsrfField />
      <input type="hidden" name="follow_id" value={followId} />
      <input type="hidden" name="back" value={`${pathname}${search}`} />
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
      <span role="status" className="sr-only">
        {saving ? 'Saving…' : ''}
      </span>
    </fetcher.Form>
  );
}
