// The shipping full name split for the registration form at the checkout's Register stage: on the
// last space (SPEC §5 FullName is two words or more; FirstName and LastName are fields of their own).
import { describe, expect, it } from 'vitest';
import { splitFullName } from './splitFullName';

describe('splitFullName', () => {
  it.each<[string | null | undefined, ReturnType<typeof splitFullName>]>([
    ['Jamie Rivera', { firstName: 'Jamie', lastName: 'Rivera' }],
    ['Mary Ann Smith', { firstName: 'Mary Ann', lastName: 'Smith' }],
    ['  Jo   van  Dyke ', { firstName: 'Jo van', lastName: 'Dyke' }],
    ['Cher', { firstName: 'Cher', lastName: '' }],
    ['   ', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j', (input, expected) => {
    expect(splitFullName(input)).toEqual(expected);
  });
});
