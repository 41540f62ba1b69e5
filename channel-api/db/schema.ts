/* Every table of the reference channel API, by area. Dependencies point one way:
 * channel ← catalogue, content, vod ← accounts ← commerce ← sandbox; channel ← sign-in; accounts ← follows, prerolls, custom forms; channel ← analytics (drizzle-kit reads this index). */

export * from './schema/channel.ts';
export * from './schema/catalogue.ts';
export * from './schema/content.ts';
export * from './schema/vod.ts';
export * from './schema/accounts.ts';
export * from './schema/commerce.ts';
export * from './schema/sandbox.ts';
export * from './schema/sign-in.ts';
export * from './schema/follows.ts';
export * from './schema/prerolls.ts';
export * from './schema/analytics.ts';
export * from './schema/custom-forms.ts';
