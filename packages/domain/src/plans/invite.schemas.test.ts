import { describe, expect, it } from 'vitest';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import { CreateInviteRequestSchema, FindInvitesQuerySchema } from './invite.schemas.ts';

describe('invite schemas', () => {
  it('lower-cases the invited address', () => {
    expect(CreateInviteRequestSchema.parse({ email: ' Mona@Example.COM ', planId: 3 })).toEqual({
      email: 'mona@example.com',
      planId: 3,
    });
  });

  it.each([
    ['invalid-email', { email: 'mona', planId: 1 }],
    ['required', { planId: 1 }],
    ['bad-request', { email: 'a@b.co', planId: 0 }],
    ['invalid-type', { email: 'a@b.co', planId: '1' }],
  ])('answers %s', (code, input) => {
    expect(validationErrorCode(CreateInviteRequestSchema.safeParse(input).error!)).toBe(code);
  });

  it('coerces the plan filter of the list', () => {
    expect(FindInvitesQuerySchema.parse({ planId: '4' })).toMatchObject({ planId: 4, page: 1 });
  });
});
