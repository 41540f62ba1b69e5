import { schools } from './schools.ts';
import type { ChannelDescriptionInput } from '../description.ts';

/* The demo's one custom form (ADR 053): a few questions for the fans, not required, so the gate is
 * off; a fan finds it on their profile. A description with `"required": true` turns the gate on. */
export const customForms: Required<ChannelDescriptionInput>['custom_forms'] = [
  {
    alias: 'passes',
    title: 'Tell us about you',
    required: false,
    fields: [
      { name: 'school', label: 'Which school do you follow most?', type: 'select', required: true, options: schools.map((s) => s.name) },
      { name: 'role', label: 'You are', type: 'select', required: false, options: ['A student', 'A parent', 'A graduate', 'A fan'] },
      { name: 'first_game', label: 'When did you first see one of our games?', type: 'date', required: false },
      { name: 'newsletter', label: 'Send me the conference newsletter', type: 'checkbox', required: false },
    ],
  },
];
