/* The accessibility statement (issue 34): the standard the site meets, how that is checked, what
   is known not to meet it, and whom to tell about a barrier — the channel, by its own contacts. */
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ContactList } from '~/components/layout/ContactList';
import { pageMeta } from '~/domain/page-meta';
import { requestContext } from '~/http/request-context.server';

/** When this statement was last checked against the site (ISO date, and as a fan reads it). */
const STATEMENT_DATE = { iso: '2026-11-28', text: '28 November 2026' };

export async function loader(args: LoaderFunctionArgs) {
  const { settings } = await requestContext(args).channel.bootstrap();
  return json({
    contact: { name: settings.name, contact_email: settings.contact_email, contact_phone: settings.contact_phone, address: settings.address },
  });
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Accessibility', 'How this site meets WCAG 2.2 level AA, how that is tested, its known limits and how to report a barrier.');

export default function Accessibility() {
  const { contact } = useLoaderData<typeof loader>();
  const channel = contact.name;
  const reachable = Boolean(contact.contact_email || contact.contact_phone || contact.address);
  return (
    <div className="page page--narrow prose">
      <h1>Accessibility</h1>
      <p className="lead">
        {channel} wants every fan to be able to watch, follow and buy its games, whatever device, browser or assistive technology they use.
      </p>

      <h2>The standard</h2>
      <p>
        This site is built to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. Every page works with JavaScript turned off: links, forms
        and the video player are plain HTML, and JavaScript only adds to them. Text follows the size you set in your browser, pages fit a phone as well as a
        desktop screen, and nothing moves when your device asks for reduced motion.
      </p>

      <h2>How it is tested</h2>
      <p>The site’s automated tests, run on every change, include:</p>
      <ul>
        <li>Every page the automated tests visit is checked with axe against the WCAG 2.2 A and AA rules, once with JavaScript on and once with it off.</li>
        <li>Every kind of page is checked with the W3C Nu HTML validator and with html-validate: the pages are valid HTML.</li>
        <li>
          The video player is used with the keyboard alone: Play is reached with Tab and starts the video with Enter. The tests find the player’s controls by
          the names a screen reader announces.
        </li>
        <li>Pages are tried at phone and desktop widths, and with reduced motion: nothing moves on its own then.</li>
      </ul>

      <h2>Known limits</h2>
      <ul>
        <li>
          Games on demand show the captions the channel provides with them. A live game shows captions only when its live stream carries them, and without
          JavaScript a live game plays only in browsers that play live streams themselves (such as Safari).
        </li>
        <li>
          Watching several live games on one screen (Watch together) starts every game muted and gives one game its sound at a time; each game has its own Sound
          and Enlarge buttons named after it. Without JavaScript, those games play in browsers that play live streams themselves.
        </li>
        <li>Clips that fans make are cut from the picture and sound alone: they have no captions.</li>
        <li>Games have no audio description and no transcript.</li>
        <li>
          The artwork of games and teams is drawn from the teams’ colours and names; it is decoration. The teams, the sport and the time are always written
          beside it.
        </li>
        <li>
          Paying on the payment provider’s page, signing in with Google or Facebook and the “I’m not a robot” check (where the channel uses one) are other
          companies’ pages and tools, whose accessibility is their own.
        </li>
      </ul>

      <h2>Report a barrier</h2>
      <p>
        If something on this site keeps you from watching, following or buying, tell {channel}. Say which page it was, what you tried to do and which device,
        browser or assistive technology you use.
      </p>
      {reachable ? <ContactList settings={contact} /> : null}
      <p>
        Other ways to reach {channel} are on the <Link to="/contacts">Contacts</Link> page.
      </p>

      <h2>This statement</h2>
      <p>
        This statement was last reviewed on <time dateTime={STATEMENT_DATE.iso}>{STATEMENT_DATE.text}</time>.
      </p>
    </div>
  );
}
