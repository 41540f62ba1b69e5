import type { RefusalCode } from '#contract';
import { ChannelError } from '~/channel/errors.server';
import { refusalOf } from '~/channel/refusal.server';

/** A channel refusal as a route reads it (refusalOf over the ChannelError the client throws). */
export const refused = (status: number, code: RefusalCode, message: string) => refusalOf(new ChannelError({ status, code, message, endpoint: 'test' }));
