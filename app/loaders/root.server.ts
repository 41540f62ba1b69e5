/* The root route's loader: bootstrap data shaped for the layout (header, footer, colours, toast).
 * It lives in a .server module that root.tsx re-exports, so the browser bundle keeps none of its
 * server imports (the compiler leaves a stub module behind for each one a route file keeps), and
 * the footer's texts and links are worked out here rather than in every visitor's browser. */
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { channelZone } from '#contract/dates';
import type { BootstrapData } from '~/channel/bootstrap.server';
import { publicEnv } from '~/config/env.server';
import { paragraphs } from '~/domain/channel-text';
import { colorCss } from '~/domain/colors';
import { followPath } from '~/domain/follow-pages';
import { googleTagId } from '~/domain/google-tag';
import { memoBySource } from '~/domain/memo';
import { guard } from '~/domain/navigation';
import { documentTitle } from '~/domain/page-meta';
import { menuLinks, safeLink } from '~/domain/slide-link';
import { consentState } from '~/http/consent';
import { dataSaverOn } from '~/http/data-saver';
import { rememberTracking } from '~/http/navigation.server';
import { requestContext } from '~/http/request-context.server';
import { HONEYPOT_FIELD } from '~/http/security.server';
import { alternatesOf } from '~/i18n/alternates';
import { i18nOf } from '~/i18n/locale.server';
import { gateDetourFor } from '~/loaders/custom-forms.server';

/** Static blocks meant for the footer ('footer', 'footer-…'); about/contacts have pages, and the
 *  policy blocks stay unshown (spec section 2: those routes are paths only). */
const isFooterBlock = (alias: string) => alias === 'footer' || alias.startsWith('footer-') || alias.startsWith('footer_');

/* What the layout shows of the channel, worked out once per bootstrap data (domain/memo): it
   is the same for every visitor until the bootstrap cache fetches it again. */
const layout = memoBySource((boot: BootstrapData) => {
  const { name, logo, language, contact_email, contact_phone, address, social } = boot.settings;
  return {
    // Route meta functions read settings.name through `matches` (domain/page-meta).
    // time_zone: the zone components write times in (http/use-channel-zone.ts, ADR 045).
    settings: { name, logo, contact_email, contact_phone, address, time_zone: channelZone(boot.settings) },
    lang: /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language) ? language : 'en',
    title: documentTitle(null, name),
    header: menuLinks(boot.menu.header),
    // The schools and divisions menus lead to their pages (ADR 033), and to the list of every school.
    // Labels are message ids: the loader writes them in the fan's language.
    headerGroups: [
      {
        label: 'layout.schools' as const,
        items: boot.menu.participant_menu.map((p) => ({ id: p.id, name: p.name, href: followPath('school', p.alias) })),
        all: { name: 'layout.allSchools' as const, href: '/schools' as const },
      },
      { label: 'layout.divisions' as const, items: boot.menu.group_menu.map((g) => ({ id: g.id, name: g.name, href: followPath('division', g.alias) })) },
    ],
    footer: {
      menu: menuLinks(boot.menu.footer),
      blocks: boot.static_blocks.filter((b) => isFooterBlock(b.alias)).map((b) => ({ id: b.id, title: b.title, paragraphs: paragraphs(b.body) })),
      social: social.flatMap((s) => {
        const href = safeLink(s.url);
        return href ? [{ name: s.name, href }] : [];
      }),
    },
    colorCss: colorCss(boot['color-settings']),
    // The Google tag and the cookie notice (ADR 051): the tag's id when the channel sets one.
    googleTagId: googleTagId(boot.settings['google-analytics']),
    cookieNoticeOn: boot.settings.cookie_notice,
  };
});

/** Only the named public values; '<' escaped so no tag can close early. */
const envScript = `window.ENV=${JSON.stringify(publicEnv).replace(/</g, '\\u003c')}`;

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const { channel, session } = requestContext(args);
  const boot = await channel.bootstrap();
  const user = await session.user();
  // Spec section 2: a temporary password forces /profile/edit; signed-in fans skip sign-in pages.
  const detour = guard(new URL(request.url).pathname, user);
  if (detour) throw redirect(detour);
  // The channel's gates (ADR 053): a required custom form, the basic pass.
  const gated = user ? await gateDetourFor(request, channel, boot) : null;
  if (gated) throw redirect(gated);
  const [toast, i18n] = await Promise.all([session.takeToast(), i18nOf(args)]);
  const { t, locale } = i18n;
  // Only a signed-in fan's pages hold a form in the header (Log out); a page with a form of its
  // own sends its token itself, so an anonymous visitor's public page starts no session.
  const csrfToken = user ? await session.csrfToken() : null;
  const headers = new Headers();
  const trackingCookie = await rememberTracking(request);
  if (trackingCookie) headers.append('Set-Cookie', trackingCookie);
  const { settings, lang: channelLang, title, header, headerGroups, footer, colorCss, googleTagId, cookieNoticeOn } = layout(boot);
  // The page varies on the choice (server/remix-handler.ts): no cookie is set by a page.
  const { notice, consent } = consentState({ noticeOn: cookieNoticeOn, cookieHeader: request.headers.get('Cookie') });
  return json(
    {
      settings,
      // With multilanguage on, the page's language is the fan's (issue 36); else the channel's setting.
      lang: boot.settings.multilanguage ? locale : channelLang,
      locale,
      multilanguage: boot.settings.multilanguage,
      // hreflang alternates: the page in each language by its address (`?lang=`), only when there are two.
      alternates: boot.settings.multilanguage ? alternatesOf(request.url) : [],
      title,
      header,
      headerGroups: headerGroups.map((g) => ({ ...g, label: t(g.label), all: g.all ? { ...g.all, name: t(g.all.name) } : undefined })),
      footer: { ...footer, year: new Date().getFullYear() },
      colorCss,
      googleTag: googleTagId ? { id: googleTagId, consent } : null,
      cookieNotice: notice,
      toast: toast ? { ...toast, text: i18n.sentence(toast.text) } : toast,
      user: user ? { firstName: user.first_name, email: user.email, operator: user.role === 'operator' } : null,
      csrfToken,
      // Lighter pages (http/data-saver.ts); cached pages are kept apart by it (server/microcache.ts).
      dataSaver: dataSaverOn({ saveData: request.headers.get('Save-Data'), cookie: request.headers.get('Cookie') }),
      // Every form's CSRF field and the public forms' honeypot read these (components/form/CsrfField, HoneypotField).
      honeypotField: HONEYPOT_FIELD,
      envScript,
    },
    { headers },
  );
}
