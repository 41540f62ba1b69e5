import { getCollectionProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { api, ORDER_MSG } from '#contract';
import { formatMoney } from '#contract/money';
import { requireUser } from '~/auth/sign-in.server';
import { AppForm } from '~/components/form/AppForm';
import { FieldErrors } from '~/components/form/FieldErrors';
import { SubmitButton } from '~/components/form/SubmitButton';
import { pageMeta } from '~/domain/page-meta';
import { priceTitle } from '~/domain/price-title';
import { useIsFirstInvalid } from '~/forms/kit';
import { useAppForm } from '~/forms/kit';
import { buyHref, selectPackageSchema } from '~/forms/purchase';
import { idParamOr404 } from '~/http/not-found.server';
import { seeOther } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { readForm } from '~/http/security.server';
import { i18nOf } from '~/i18n/locale.server';
import { useI18n } from '~/i18n/use-i18n';
import formsCss from '~/styles/forms.css';

/* /select-package/{id} (spec section 2): a package's categories — or a team pass's teams — as
   choices, each sold at the package's price; what the fan already owns is shown ticked and cannot
   be chosen again (spec: disabledCategories, disabledParticipants). Choosing leads to /buy's
   summary. Signed-in and private: the choices depend on what the fan owns. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formsCss }];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data ? `Choose: ${data.name}` : 'Choose a package',
    data ? `Choose what ${data.name} covers for you.` : 'Choose what a package covers for you.',
  );

export async function loader(args: LoaderFunctionArgs) {
  const id = idParamOr404(args.params.id);
  await requireUser(args);
  const { data: pkg } = await requestContext(args).channel.asUser(api.packageDetail, { id });
  const { settings } = await requestContext(args).channel.bootstrap();
  // ?choose= preselects the choice an offer was about (the event's category or team).
  const chosen = new URL(args.request.url).searchParams.getAll('choose').map(Number);
  const i18n = await i18nOf(args);
  return json({
    id: pkg.id,
    name: pkg.name,
    description: pkg.description,
    price: priceTitle(pkg, settings.currency, i18n),
    serviceFee: pkg.service_fee > 0 ? formatMoney(pkg.service_fee, settings.currency, i18n.locale) : null,
    kind: pkg.is_team_pass ? ('team' as const) : ('category' as const),
    singleEvent: pkg.type === 'event',
    purchased: pkg.purchased,
    needsRegularPass: pkg.needs_regular_pass ? pkg.parent_pass_id : null,
    choices: pkg.choices.map((c) => ({ ...c, preselected: !c.owned && chosen.includes(c.id) })),
    addOns: pkg.add_ons.map((a) => ({ id: a.id, name: a.name, description: a.description, price: formatMoney(a.base_price, settings.currency, i18n.locale) })),
    csrfToken: await requestContext(args).session.csrfToken(),
  });
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args);
  const id = idParamOr404(args.params.id);
  await requireUser(args);
  const submission = parseWithZod(formData, { schema: selectPackageSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  const { data: pkg } = await requestContext(args).channel.asUser(api.packageDetail, { id });
  const offered = new Set(pkg.choices.filter((c) => !c.owned).map((c) => c.id));
  const choice = submission.value.choice.filter((c) => offered.has(c));
  if (choice.length === 0) return json({ result: submission.reply({ fieldErrors: { choice: [ORDER_MSG.idNotSelected] } }) }, { status: 400 });
  // An add-on bought with the pass covers the chosen choices it offers (the channel checks again).
  const addOnId = submission.value.add_on?.[0];
  const addOn = addOnId === undefined ? undefined : pkg.add_ons.find((a) => a.id === addOnId);
  if (addOnId !== undefined && !addOn?.choices.some((c) => choice.includes(c)))
    return json({ result: submission.reply({ fieldErrors: { add_on: [addOn ? ORDER_MSG.addOnCoversNone : ORDER_MSG.notAnAddOn] } }) }, { status: 400 });
  const addon = addOn?.id;
  return seeOther(buyHref(pkg.is_team_pass ? { package: pkg.id, team: choice, addon } : { package: pkg.id, category: choice, addon }));
}

export default function SelectPackage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const kit = useAppForm({
    id: 'select-package',
    schema: selectPackageSchema,
    lastResult,
    defaultValue: { choice: data.choices.filter((c) => c.preselected).map((c) => String(c.id)) },
  });
  const { fields } = kit;
  const { t, sentence } = useI18n();
  const team = data.kind === 'team';
  return (
    <div className="page page--narrow page--select">
      <h1>{data.name}</h1>
      {data.description ? <p>{data.description}</p> : null}
      <p className="product__price">
        {t(team ? 'commerce.select.eachTeam' : 'commerce.select.eachChoice', { price: data.price })}
        {data.serviceFee ? t('commerce.select.plusFee', { fee: data.serviceFee }) : ''}
      </p>
      {data.singleEvent ? (
        <p className="notice">
          {t('commerce.select.ticket')} <Link to="/schedule">{t('commerce.freeEvents.schedule')}</Link>
          {t('commerce.freeEvents.after')}
        </p>
      ) : data.needsRegularPass ? (
        <p className="notice" role="note">
          {sentence(ORDER_MSG.needsRegularPass)} <Link to={`/select-package/${data.needsRegularPass}`}>{t('commerce.select.seeRegular')}</Link>
        </p>
      ) : data.purchased ? (
        <p className="notice" role="note">
          {sentence(ORDER_MSG.alreadyBought('package'))} <Link to="/schedule">{t('commerce.findGame')}</Link>
        </p>
      ) : (
        <AppForm kit={kit}>
          <ChoiceList field={fields.choice} choices={data.choices} legend={t(team ? 'commerce.select.legendTeams' : 'commerce.select.legendCategories')} />
          {data.addOns.length ? <AddOnList field={fields.add_on} addOns={data.addOns} team={team} /> : null}
          <div className="form-actions">
            <SubmitButton pendingText={t('commerce.select.continuing')}>{t('commerce.select.continue')}</SubmitButton>
            <Link to="/packages">{t('commerce.select.back')}</Link>
          </div>
        </AppForm>
      )}
    </div>
  );
}

type ChoiceField = ReturnType<typeof useAppForm<typeof selectPackageSchema>>['fields']['choice'];

/** The choices as checkboxes in a fieldset; owned ones ticked, disabled and said to be owned. */
function ChoiceList({ field, choices, legend }: { field: ChoiceField; choices: { id: number; name: string; owned: boolean }[]; legend: string }) {
  const autoFocus = useIsFirstInvalid(field.name);
  const { t } = useI18n();
  const open = choices.filter((c) => !c.owned);
  const boxes = getCollectionProps(field, { type: 'checkbox', options: open.map((c) => String(c.id)) });
  const byValue = new Map(boxes.map((b) => [b.value, b]));
  return (
    <fieldset className="field choice-list" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend>{legend}</legend>
      <ul>
        {choices.map((c, i) => {
          if (c.owned)
            return (
              <li key={c.id}>
                <input type="checkbox" id={`owned-${c.id}`} checked disabled readOnly />
                <label htmlFor={`owned-${c.id}`}>
                  {c.name} <span className="choice-list__owned">{t('commerce.select.owned')}</span>
                </label>
              </li>
            );
          const { key, ...box } = byValue.get(String(c.id))!;
          return (
            <li key={key}>
              <input {...box} autoFocus={autoFocus && i === choices.findIndex((x) => !x.owned)} />
              <label htmlFor={box.id}>{c.name}</label>
            </li>
          );
        })}
      </ul>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

type AddOnField = ReturnType<typeof useAppForm<typeof selectPackageSchema>>['fields']['add_on'];

/** The pass's add-ons, to buy with it: each at its price for every chosen choice it covers. */
function AddOnList({ field, addOns, team }: { field: AddOnField; addOns: { id: number; name: string; description: string; price: string }[]; team: boolean }) {
  const { t } = useI18n();
  const boxes = getCollectionProps(field, { type: 'checkbox', options: addOns.map((a) => String(a.id)) });
  return (
    <fieldset className="field choice-list" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend>{t('commerce.select.addOns')}</legend>
      <ul>
        {boxes.map(({ key, ...box }) => {
          const addOn = addOns.find((a) => String(a.id) === box.value)!;
          return (
            <li key={key}>
              <input {...box} aria-describedby={`${box.id}-about`} />
              <label htmlFor={box.id}>
                {t(team ? 'commerce.select.addOnTeams' : 'commerce.select.addOnCategories', { name: addOn.name, price: addOn.price })}
              </label>
              <p className="field__hint" id={`${box.id}-about`}>
                {addOn.description}
              </p>
            </li>
          );
        })}
      </ul>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
