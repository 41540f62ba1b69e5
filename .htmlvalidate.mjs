/* html-validate's rules for the pages the markup test checks (tests/e2e/markup/valid-html.spec.ts):
   its recommended set, with the style rules set to how React writes HTML and two rules off. A
   JavaScript file rather than .htmlvalidate.json so that each change carries its reason. */
import { defineConfig } from 'html-validate';

export default defineConfig({
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    // React writes some attribute names in camelCase (charSet, dateTime, fetchPriority, srcLang);
    // HTML attribute names are case-insensitive, and the page's source is React's, not ours.
    'attr-case': 'off',
    // React's forms: a boolean attribute as `required=""`, a void element as `<img/>` (both valid
    // HTML). Checked for consistency rather than turned off.
    'attribute-boolean-style': ['error', { style: 'empty' }],
    'attribute-empty-style': ['error', { style: 'empty' }],
    'void-style': ['error', { style: 'selfclosing' }],
    // A name where ARIA allows one but html-validate would rather not see it: the lists a card or
    // the footer labels ("Schools", "Social media") and the clip cards named by their heading.
    // A name where ARIA prohibits one (a plain div or span) is still an error.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    // Off: a name repeated in a form is valid HTML and one multi-valued field here (a clip's tags,
    // the follows /alerts saves at once: one hidden `follow_id` per row), which the rule's `shared`
    // list cannot say for hidden inputs. The W3C validator still checks every form.
    'form-dup-name': 'off',
    // A page's title is '<page> | <channel>' (domain/page-meta.ts): a game's name beside a long
    // channel name runs past 70 characters. Search results shorten it; nothing breaks.
    'long-title': 'off',
  },
});
