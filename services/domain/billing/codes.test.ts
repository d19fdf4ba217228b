import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { EnrollmentMessages } from '../../../contracts/enrollment';
import { deciderSpec } from '../shared/spec';
import {
  CODE_ALPHABET,
  decideCreateRedemptionSet,
  decideRedeemCode,
  displayCodeValue,
  evolveCode,
  initialCode,
  randomCode,
  type CodeEvent,
} from './codes';

const spec = deciderSpec(evolveCode, initialCode);
const issued: CodeEvent = {
  type: 'RedemptionCodeIssued',
  data: { redemptionCodeId: 'rc1', value: 'v1ABCDEFGHJK', valueVersion: 'v1', redemptionSetId: 's1', minuteQuantity: 30 },
};

describe('redemption codes', () => {
  it('are ten letters from an alphabet without I, L and O', () => {
    for (let i = 0; i < 200; i++) {
      const code = randomCode();
      assert.match(code, /^[A-Z]{10}$/);
      assert.ok([...code].every((c) => CODE_ALPHABET.includes(c)));
      assert.doesNotMatch(code, /[ILO]/);
    }
  });
  it('make a set of distinct codes worth duration × quantity minutes, shown without the v1 prefix', () => {
    let n = 0;
    const values = ['AAAAAAAAAA', 'AAAAAAAAAA', 'BBBBBBBBBB', 'CCCCCCCCCC'];
    const { set, codes } = decideCreateRedemptionSet({
      redemptionSetId: 's1',
      name: 'Spring',
      fillLimit: 3,
      duration: 30,
      quantity: 2,
      createdBy: 'admin',
      newId: () => `id${++n}`,
      newCode: () => values.shift()!,
    });
    assert.equal(set.data.minuteQuantity, 60);
    assert.deepEqual(
      codes.map((c) => c.data.value),
      ['v1AAAAAAAAAA', 'v1BBBBBBBBBB', 'v1CCCCCCCCCC'],
    );
    assert.deepEqual(
      codes.map((c) => displayCodeValue(c.data.value)),
      ['AAAAAAAAAA', 'BBBBBBBBBB', 'CCCCCCCCCC'],
    );
  });
  it('default to 15 minutes and one conversation; the form rules hold', () => {
    const { set } = decideCreateRedemptionSet({
      redemptionSetId: 's',
      name: 'Fall',
      fillLimit: 1,
      createdBy: null,
      newId: () => 'x',
      newCode: randomCode,
    });
    assert.equal(set.data.minuteQuantity, 15);
    assert.throws(
      () =>
        decideCreateRedemptionSet({
          redemptionSetId: 's',
          name: 'ab',
          fillLimit: 0,
          createdBy: null,
          newId: () => 'x',
          newCode: randomCode,
        }),
      /./,
    );
  });
  it('is redeemed once', () => {
    const redeem = (s: any) => decideRedeemCode(s, { accountId: 'a1', courseId: 'c1', enrollmentId: 'e1' });
    spec
      .given([issued])
      .when(redeem)
      .then([{ type: 'RedemptionCodeRedeemed', data: { redemptionCodeId: 'rc1', accountId: 'a1', courseId: 'c1', enrollmentId: 'e1' } }]);
    spec
      .given([issued, ...redeem(evolveCode(initialCode(), issued))])
      .when(redeem)
      .thenThrows('CONFLICT', EnrollmentMessages.codeAlreadyRedeemed);
    spec.given([]).when(redeem).thenThrows('BAD_USER_INPUT', EnrollmentMessages.codeNotFound);
  });
});
