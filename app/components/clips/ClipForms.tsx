import type { SubmissionResult } from '@conform-to/react';
import { Form, useActionData } from '@remix-run/react';
import { useRef } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { formatDuration } from '#contract/durations';
import { AppForm } from '~/components/form/AppForm';
import { CsrfField } from '~/components/form/CsrfField';
import { Field } from '~/components/form/Field';
import { FieldErrors } from '~/components/form/FieldErrors';
import { SubmitButton } from '~/components/form/SubmitButton';
import { LAST_CLIP_SECONDS } from '~/domain/clip-times';
import { clipFields, clipSchema } from '~/forms/clip';
import { useAppForm } from '~/forms/kit';
import { useI18n } from '~/i18n/use-i18n';
import type { ClipPanelData } from './ClipPanel';

/** The Clip form's two times, each with its button that reads the player's position. */
const TIMES = [
  { name: 'start', label: 'clips.form.start', set: 'clips.form.setStart' },
  { name: 'end', label: 'clips.form.end', set: 'clips.form.setEnd' },
] as const;

/** The player's <video> on this page: where "Set start", "Set end" and "Clip the last 30 s" read
 *  the fan's position. */
function playerPosition(): number | null {
  const video = document.querySelector<HTMLVideoElement>('.watch-stage video');
  return video && Number.isFinite(video.currentTime) ? video.currentTime : null;
}

/** The clip forms under the watch page's player, for a fan who may clip the game (their action:
 *  app/loaders/clip.server.ts). On a live game first "Clip the last 30 s", one button (a plain form;
 *  its clip gets a default name and tag, renamed on its page); then the Clip form: times typed as
 *  m:ss, with JavaScript "Set start" and "Set end" fill them from the player. Its code (conform and
 *  zod) is loaded apart from the page's (ClipPanel, http/hydrate-later.ts). */
export function ClipForms({ data }: { data: Pick<ClipPanelData, 'live' | 'tags'> }) {
  const answer = useActionData<{ result?: SubmissionResult<string[]>; lastClipError?: string }>();
  const lastResult = answer?.result ?? null;
  const kit = useAppForm({ id: 'clip-form', schema: clipSchema, fieldsSchema: clipFields, lastResult });
  const { form, fields } = kit;
  const hydrated = useHydrated();
  const positionRef = useRef<HTMLInputElement>(null);
  const { t, sentence } = useI18n();
  /** With JavaScript: fills a time from the player's position. */
  const setButton = (text: string, name: string) => (
    <button
      type="button"
      className="button button--quiet"
      onClick={() => {
        const at = playerPosition();
        if (at !== null) form.update({ name, value: formatDuration(at, { hours: false }) });
      }}
    >
      {text}
    </button>
  );
  const tagsError = fields.tags.errors?.length ? fields.tags.errorId : undefined;
  return (
    <>
      {data.live ? (
        <Form method="post" className="clip-last" aria-describedby="clip-last-hint">
          <CsrfField />
          <input ref={positionRef} type="hidden" name="position" />
          <span
            // Before the form is sent: the player's position, when there is a player.
            onClickCapture={() => {
              const at = playerPosition();
              if (positionRef.current) positionRef.current.value = at !== null && at > 0 ? String(Math.floor(at)) : '';
            }}
          >
            <SubmitButton intent="last30" pendingText={t('clips.form.clipping')}>
              {t('clips.form.last', { n: LAST_CLIP_SECONDS })}
            </SubmitButton>
          </span>
          <p id="clip-last-hint" className="field__hint">
            {t('clips.form.lastHint')}
          </p>
          {answer?.lastClipError ? (
            <p className="form-errors" role="alert">
              {sentence(answer.lastClipError)}
            </p>
          ) : null}
        </Form>
      ) : null}
      <p>{t('clips.form.intro')}</p>
      <AppForm kit={kit} className="card-form clip-form">
        <Field meta={fields.name} label={t('clips.form.name')} autoComplete="off" />
        <fieldset className="clip-form__tags" aria-describedby={tagsError}>
          <legend>{t('clips.form.tags')}</legend>
          {data.tags.map((tag, i) => (
            <div className="field field--checkbox" key={tag}>
              <input
                id={`clip-tag-${i}`}
                type="checkbox"
                name={fields.tags.name}
                value={tag}
                defaultChecked={(fields.tags.initialValue as string[] | undefined)?.includes(tag)}
                aria-invalid={tagsError ? true : undefined}
                autoFocus={kit.firstInvalid === 'tags' && i === 0}
              />
              <label htmlFor={`clip-tag-${i}`}>{tag}</label>
            </div>
          ))}
          <FieldErrors id={fields.tags.errorId} errors={fields.tags.errors} />
        </fieldset>
        <div className="clip-form__times">
          {TIMES.map(({ name, label, set }) => (
            <Field
              key={name}
              meta={fields[name]}
              label={t(label)}
              hint={t('clips.form.timeHint')}
              autoComplete="off"
              action={hydrated ? setButton(t(set), fields[name].name) : null}
            />
          ))}
        </div>
        <SubmitButton intent="clip" pendingText={t('clips.form.making')} className="button clip-form__submit">
          {t('clips.form.make')}
        </SubmitButton>
      </AppForm>
    </>
  );
}
