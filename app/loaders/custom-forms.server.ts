import { answerText, api, type CustomFormView } from '#contract';
import type { BootstrapData } from '~/channel/bootstrap.server';
import { refusalOf } from '~/channel/refusal.server';
import { gateDetour, gatesAt, gateSettingsOf } from '~/domain/gates';
import type { RequestContext } from '~/http/request-context.server';

/* The channel's custom forms as the signed-in fan's pages read them (ADR 053): a form with the fan's
   answers, and the gates the root loader applies. Spec section 8: the form's call may answer 404
   (no such form: nothing to ask, no gate); a 5xx is the 'Whoops!' reload screen, as for any page. */

type Channel = RequestContext['channel'];

/** The form with the signed-in fan's answers, or null when the channel has no such form. */
export async function fanForm(channel: Channel, alias: string): Promise<CustomFormView | null> {
  try {
    return (await channel.asUser(api.customForm, { alias }, { handles4xx: true })).data;
  } catch (error) {
    if (refusalOf(error).kind === 'not-found') return null;
    throw error;
  }
}

/** Where the signed-in fan's GET of `request` must go instead (the form they have not answered,
 *  or /packages), or null; asks the channel only what the page's gates need. */
export async function gateDetourFor(request: Request, channel: Channel, boot: BootstrapData): Promise<string | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const url = new URL(request.url);
  const settings = gateSettingsOf(boot.settings);
  const due = gatesAt(url.pathname, settings);
  if (due.forms.length === 0 && !due.basicPass) return null;
  const [forms, hasBasicPass] = await Promise.all([
    Promise.all(due.forms.map((alias) => fanForm(channel, alias))),
    due.basicPass ? channel.asUser(api.userAccess).then(({ data }) => data.has_basic_pass) : true,
  ]);
  const unansweredForms = forms.flatMap((form) => (form && form.required && form.answers === null ? [form.alias] : []));
  return gateDetour(url, settings, { unansweredForms, hasBasicPass });
}

/** Every form of the channel with the fan's answers (for their profile), in the channel's order. */
export async function answeredForms(channel: Channel): Promise<CustomFormView[]> {
  const { settings } = await channel.bootstrap();
  const forms = await Promise.all(settings.custom_forms.map((f) => fanForm(channel, f.alias)));
  return forms.filter((form) => form !== null);
}

/** What the profile shows of each form: its title, each answered field's label and answer. */
export const formAnswersOf = (forms: readonly CustomFormView[]) =>
  forms.map((form) => ({
    alias: form.alias,
    title: form.title,
    answers: (form.answers ?? []).flatMap((a) => {
      const field = form.fields.find((f) => f.name === a.name);
      return field ? [{ name: a.name, label: field.label, text: answerText(a.value) }] : [];
    }),
    answered: form.answers !== null,
  }));
