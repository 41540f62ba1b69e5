import { Link, useFetcher } from '@remix-run/react';
import { CsrfField } from '~/components/form/CsrfField';
import { alertLabel } from '~/domain/alerts';
import { useI18n } from '~/i18n/use-i18n';

export interface AlertRow {
  followId: number;
  /** What is followed, for its group's legend. */
  name: string;
  /** What it is: 'School', 'Team', 'Sport', 'Division', 'Venue', 'Game'. */
  kind: string;
  /** Its page, when it has one. */
  href: string | null;
  goLive: boolean;
  reminder: boolean;
}

interface Props {
  rows: readonly AlertRow[];
  /** How long before a game the reminder goes (the channel's ALERT_LEAD_MINUTES). */
  leadMinutes: number;
}

/** Every followed thing's two alert e-mails and ONE Save: a plain form posting to /alerts
 *  (app/routes/alerts.tsx), which comes back to this page with a toast. With JavaScript a fetcher
 *  posts it: the boxes keep what the fan ticked (optimistic: they are the form's own state), the
 *  button says it is saving, and the page's data is loaded again once saved. */
export function AlertsForm({ rows, leadMinutes }: Props) {
  const fetcher = useFetcher({ key: 'alerts' });
  const saving = fetcher.state !== 'idle';
  const { t, sentence } = useI18n();
  const id = (followId: number, field: string) => `alerts-${followId}-${field}`;
  return (
    <fetcher.Form
      method="post"
      action="/alerts"
      className="alerts-form"
      preventScrollReset
      // Remix finds the /alerts route when the form renders (as its own <Form> does), not on the first save.
      data-discover="true"
      aria-busy={saving || undefined}
      onSubmit={(e) => saving && e.preventDefault()}
    >
      <CsrfField />
      <ul className="alerts-list">
        {rows.map((r) => (
          <li key={r.followId} className="alerts-list__item">
            <input type="hidden" name="follow_id" value={r.followId} />
            <fieldset>
              <legend>
                <span className="alerts-list__name">{r.href ? <Link to={r.href}>{r.name}</Link> : r.name}</span>{' '}
                <span className="following__kind">{sentence(r.kind)}</span>
              </legend>
              <div className="field field--checkbox">
                <input id={id(r.followId, 'go-live')} type="checkbox" name="go_live" value={r.followId} defaultChecked={r.goLive} />
                <label htmlFor={id(r.followId, 'go-live')}>{alertLabel('go-live', leadMinutes, t)}</label>
              </div>
              <div className="field field--checkbox">
                <input id={id(r.followId, 'reminder')} type="checkbox" name="reminder" value={r.followId} defaultChecked={r.reminder} />
                <label htmlFor={id(r.followId, 'reminder')}>{alertLabel('reminder', leadMinutes, t)}</label>
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button type="submit" className="button" aria-disabled={saving || undefined}>
          {saving ? t('profile.saving') : t('follow.alerts.save')}
        </button>
        <span role="status" className="sr-only">
          {saving ? t('profile.saving') : ''}
        </span>
      </div>
    </fetcher.Form>
  );
}
