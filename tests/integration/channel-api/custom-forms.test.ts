import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, FORM_MSG, SERVER_MSG } from '#contract';
import { customFormAnswers } from '../../../channel-api/db/schema.ts';
import { demoChannel } from '../../../channel-api/seed/demo-channel.ts';
import { loadChannel } from '../../../channel-api/seed/load.ts';
import { userRow } from '../support/accounts.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* The channel's custom forms (spec sections 3, 7, 8; ADR 053): GET /custom-forms/{alias} with the
   fan's answers, POST /custom-forms/{alias} checked against the form's fields (required, a
   select's options, a date), refused whole with a reason per field, never half written. The demo
   has one form, `passes`, not required. */

let visitorKey: string;
const { server, http, acc } = apiForThisFile({}, async ({ http }) => {
  visitorKey = await http.apiKey();
});

const read = (key: string, alias = 'passes') => http.request('GET', `/custom-forms/${alias}`, { query: { api_key: key } });
const answer = (key: string, fields: unknown, alias = 'passes') => http.request('POST', `/custom-forms/${alias}`, { body: { fields, api_key: key } });
const storedOf = async (email: string) => {
  const user = await userRow(server.db, email);
  return server.db.select().from(customFormAnswers).where(eq(customFormAnswers.userId, user.id));
};

describe(`custom forms (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('lists the forms in the settings and shows a form with its fields; a visitor has no answers; an unknown alias is 404', async () => {
    const settings = api.settings.response.parse((await http.request('GET', '/settings')).json).data;
    expect(settings.custom_forms).toEqual([{ alias: 'passes', title: 'Tell us about you', required: false }]);

    const res = await read(visitorKey);
    expect(res.status, res.text).toBe(200);
    const form = api.customForm.response.parse(res.json).data;
    expect(form).toMatchObject({ alias: 'passes', required: false, answers: null, answered_at: null });
    expect(form.fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['school', 'select', true],
      ['role', 'select', false],
      ['first_game', 'date', false],
      ['newsletter', 'checkbox', false],
    ]);
    expect(form.fields[0].options).toContain('Lakeview Lions');

    const missing = await read(visitorKey, 'nope');
    expect([missing.status, missing.json]).toEqual([404, { code: 'not_found', message: FORM_MSG.notFound }]);
  });

  it("stores a fan's answers (trimmed, in the form's order, empty ones left out) and replaces them on a second answer", async () => {
    const fan = await acc.signUp();
    expect(api.customForm.response.parse((await read(fan.key)).json).data.answers).toBeNull();

    const first = await answer(fan.key, [
      { name: 'newsletter', value: true },
      { name: 'first_game', value: '2019-09-14' },
      { name: 'role', value: '' },
      { name: 'school', value: '  Lakeview Lions ' },
    ]);
    expect(first.status, first.text).toBe(200);
    const answered = [
      { name: 'school', value: 'Lakeview Lions' },
      { name: 'first_game', value: '2019-09-14' },
      { name: 'newsletter', value: true },
    ];
    expect(api.answerCustomForm.response.parse(first.json).data).toMatchObject({ answers: answered, answered_at: expect.any(String) });
    expect(api.customForm.response.parse((await read(fan.key)).json).data.answers).toEqual(answered);

    const second = await answer(fan.key, [
      { name: 'school', value: 'Bayside Mariners' },
      { name: 'role', value: 'A parent' },
    ]);
    expect(second.status, second.text).toBe(200);
    expect((await storedOf(fan.email)).map((r) => r.answers)).toEqual([
      [
        { name: 'school', value: 'Bayside Mariners' },
        { name: 'role', value: 'A parent' },
        { name: 'newsletter', value: false },
      ],
    ]);
  });

  it('refuses a bad answer whole, with a stable code and a reason per field, and keeps the answers before', async () => {
    const fan = await acc.signUp();
    expect((await answer(fan.key, [{ name: 'school', value: 'Northfield Falcons' }])).status).toBe(200);
    const before = await storedOf(fan.email);

    const cases: [unknown, Record<string, string[]>][] = [
      [[], { school: [FORM_MSG.required] }],
      [[{ name: 'school', value: '   ' }], { school: [FORM_MSG.required] }],
      [[{ name: 'school', value: 'Nowhere High' }], { school: [FORM_MSG.notAnOption] }],
      [
        [
          { name: 'school', value: 'Lakeview Lions' },
          { name: 'first_game', value: '2026-02-30' },
        ],
        { first_game: [FORM_MSG.date] },
      ],
      [
        [
          { name: 'school', value: 'Lakeview Lions' },
          { name: 'newsletter', value: 'yes' },
        ],
        { newsletter: [FORM_MSG.checkbox] },
      ],
      [
        [
          { name: 'school', value: 'Lakeview Lions' },
          { name: 'school', value: 'Bayside Mariners' },
        ],
        { school: [FORM_MSG.twice] },
      ],
      [
        [
          { name: 'school', value: 'Lakeview Lions' },
          { name: '__proto__', value: 'x' },
        ],
        JSON.parse(`{"__proto__":[${JSON.stringify(FORM_MSG.unknownField)}]}`),
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await answer(fan.key, fields);
      expect(res.status, res.text).toBe(400);
      expect(res.json.code).toBe('invalid_params');
      expect(res.json.errors).toEqual(JSON.parse(JSON.stringify(errors)));
    }
    // A value the wire refuses before the form's own checks (not text, true or false).
    const odd = await answer(fan.key, [{ name: 'school', value: { text: 'Lakeview Lions' } }]);
    expect([odd.status, odd.json.code]).toEqual([400, 'invalid_params']);
    expect(await storedOf(fan.email)).toEqual(before);
  });

  it("answers a visitor's answer 401 and an unknown form's 404, and writes nothing", async () => {
    const before = await server.db.select().from(customFormAnswers);
    const visitor = await answer(visitorKey, [{ name: 'school', value: 'Lakeview Lions' }]);
    expect([visitor.status, visitor.json]).toEqual([401, { code: 'unauthenticated', message: SERVER_MSG.unauthenticated }]);
    const fan = await acc.signUp();
    const unknown = await answer(fan.key, [{ name: 'school', value: 'Lakeview Lions' }], 'nope');
    expect([unknown.status, unknown.json.code]).toEqual([404, 'not_found']);
    expect(await server.db.select().from(customFormAnswers)).toEqual(before);
  });

  // Last: the import replaces the channel (and its fans).
  it('takes a required form from a channel description: the settings and the form say so', async () => {
    const description = demoChannel();
    description.custom_forms = [
      {
        alias: 'season-survey',
        title: 'Before you watch',
        required: true,
        fields: [{ name: 'agree', label: 'I will cheer politely', type: 'checkbox', required: true }],
      },
    ];
    await loadChannel(server.db, description);
    const settings = api.settings.response.parse((await http.request('GET', '/settings')).json).data;
    expect(settings.custom_forms).toEqual([{ alias: 'season-survey', title: 'Before you watch', required: true }]);
    const fan = await acc.signUp();
    expect(api.customForm.response.parse((await read(fan.key, 'season-survey')).json).data).toMatchObject({ required: true, answers: null });
    const unticked = await answer(fan.key, [{ name: 'agree', value: false }], 'season-survey');
    expect([unticked.status, unticked.json.errors]).toEqual([400, { agree: [FORM_MSG.required] }]);
    expect((await answer(fan.key, [{ name: 'agree', value: true }], 'season-survey')).status).toBe(200);
    expect((await read(fan.key, 'passes')).status).toBe(404);
  });
});
